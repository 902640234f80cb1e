package dev.quire.layout.internal.format;

import dev.quire.errors.MalformedFileException;
import dev.quire.io.spi.ByteRange;
import dev.quire.io.spi.ReadAt;
import dev.quire.layout.format.SegmentSpec;
import dev.quire.layout.spi.SegmentBatch;
import dev.quire.layout.spi.SegmentSource;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The segments of one file: read at once ({@link #read}), or registered in a {@link Batch} that hands them all to
 * {@link ReadAt#readRanges} in one call when it closes, so the provider can merge neighbours, and completes each
 * read's future on the batch's executor, so the decoding chained to it runs there and not on the thread that set
 * tasks up.
 */
final class FileSegments implements SegmentSource {
    private final ReadAt in;
    private final List<SegmentSpec> specs;
    private final long alignment;

    FileSegments(ReadAt in, List<SegmentSpec> specs, long alignment) {
        this.in = in;
        this.specs = specs;
        this.alignment = alignment;
    }

    /** The byte range of segment {@code id}, checked against the footer. */
    ByteRange range(int id) {
        if (id < 0 || id >= specs.size()) {
            throw new MalformedFileException("segment " + Integer.toUnsignedString(id)
                    + " does not exist (the footer lists " + specs.size() + ")");
        }
        SegmentSpec spec = specs.get(id);
        return new ByteRange(spec.offset(), spec.length());
    }

    @Override
    public CompletableFuture<MemorySegment> read(int segmentId) {
        ByteRange range;
        try {
            range = range(segmentId);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return in.read(range.offset(), range.length(), alignment);
    }

    /** A batch of this file's reads, completed on {@code completeOn}. */
    Batch batch(Executor completeOn) {
        return new Batch(completeOn);
    }

    /** Reads registered while it was open; {@link #close()} issues them. */
    final class Batch implements SegmentBatch {
        private final Executor completeOn;
        private final Thread owner = Thread.currentThread();
        private final Map<ByteRange, CompletableFuture<MemorySegment>> pending = new LinkedHashMap<>();
        private volatile boolean closed;

        private Batch(Executor completeOn) {
            this.completeOn = completeOn;
        }

        @Override
        public CompletableFuture<MemorySegment> read(int segmentId) {
            if (closed || Thread.currentThread() != owner) {
                // A stage that runs later, on another thread, reads at once: nothing would issue a read registered
                // after the batch closed, and the batch is not shared between threads.
                return FileSegments.this.read(segmentId);
            }
            ByteRange range;
            try {
                range = range(segmentId);
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
            return pending.computeIfAbsent(range, r -> new CompletableFuture<>());
        }

        @Override
        public int size() {
            return pending.size();
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            if (pending.isEmpty()) {
                return;
            }
            List<ByteRange> ranges = new ArrayList<>(pending.keySet());
            List<CompletableFuture<MemorySegment>> results;
            try {
                results = in.readRanges(ranges, alignment);
            } catch (RuntimeException e) {
                for (CompletableFuture<MemorySegment> f : pending.values()) {
                    f.completeExceptionally(e);
                }
                return;
            }
            for (int i = 0; i < ranges.size(); i++) {
                CompletableFuture<MemorySegment> target = pending.get(ranges.get(i));
                results.get(i).whenComplete((segment, failure) -> completeOn.execute(() -> {
                    if (failure != null) {
                        target.completeExceptionally(failure);
                    } else {
                        target.complete(segment);
                    }
                }));
            }
        }
    }
}
