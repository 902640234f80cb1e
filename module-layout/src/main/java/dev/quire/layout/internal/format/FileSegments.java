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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.LongAdder;

/**
 * The segments of one file: read at once ({@link #read}), or registered in a {@link Batch} that hands them all to
 * {@link ReadAt#readRanges} in one call when it closes, so the provider can merge neighbours, and completes each
 * read's future on the batch's executor, so the decoding chained to it runs there and not on the thread that set
 * tasks up.
 *
 * <p>Reads in flight are shared: a segment asked for while a read of it is queued in a batch or has not completed
 * (two tasks, or two scans of the file, needing the same column chunk) waits on that read instead of issuing its own.
 * Nothing is kept once a read completes; a reader that finishes at once (a mapping) is never tracked.
 */
final class FileSegments implements SegmentSource {
    private final ReadAt in;
    private final List<SegmentSpec> specs;
    private final long alignment;
    private final ConcurrentHashMap<ByteRange, CompletableFuture<MemorySegment>> inFlight = new ConcurrentHashMap<>();
    private final LongAdder shared = new LongAdder();

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
        CompletableFuture<MemorySegment> running = inFlight.get(range);
        if (running != null) {
            return share(running);
        }
        CompletableFuture<MemorySegment> read = in.read(range.offset(), range.length(), alignment);
        if (!read.isDone()) {
            // Another thread may have started the same read meanwhile: both then run, and only this one is shared.
            inFlight.putIfAbsent(range, read);
            read.whenComplete((segment, failure) -> inFlight.remove(range, read));
        }
        return read;
    }

    /**
     * A future of its own for a read another caller started, so that this caller's stages (or its cancellation) never
     * act on the future of the caller that started the read.
     */
    private CompletableFuture<MemorySegment> share(CompletableFuture<MemorySegment> running) {
        shared.increment();
        return running.copy();
    }

    /** How many reads waited on a read of the same segment already in flight instead of issuing their own. */
    long sharedReads() {
        return shared.sum();
    }

    /** How many reads are in flight (or queued in an open batch) and could be shared now. */
    int readsInFlight() {
        return inFlight.size();
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
            CompletableFuture<MemorySegment> queued = pending.get(range);
            if (queued != null) {
                return queued;
            }
            CompletableFuture<MemorySegment> running = inFlight.get(range);
            if (running != null) {
                return share(running);
            }
            CompletableFuture<MemorySegment> target = new CompletableFuture<>();
            pending.put(range, target);
            // Shared from now on: a reader on another thread waits for this batch to issue it.
            if (inFlight.putIfAbsent(range, target) == null) {
                target.whenComplete((segment, failure) -> inFlight.remove(range, target));
            }
            return target;
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
