package dev.quire.layout.internal.format;

import dev.quire.io.spi.ByteRange;
import dev.quire.io.spi.ReadAt;
import dev.quire.layout.spi.Layout;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Issues segment reads for one file. Outside a batch, a read is issued at once. Inside a batch (opened on the
 * current thread by a scan while it sets up tasks) reads are only registered; closing the batch hands them all to
 * {@link ReadAt#readRanges} in one call, so the provider can merge neighbours, and each read's future is completed
 * on the batch's executor, so the decoding chained to it runs there and not on the thread that set tasks up.
 */
public final class SegmentScheduler {
    private static final ThreadLocal<Batch> CURRENT = new ThreadLocal<>();

    private final ReadAt in;
    private final long alignment;

    SegmentScheduler(ReadAt in, long alignment) {
        this.in = in;
        this.alignment = alignment;
    }

    CompletableFuture<MemorySegment> read(ByteRange range) {
        Batch batch = CURRENT.get();
        if (batch == null || batch.in != in) {
            return in.read(range.offset(), range.length(), alignment);
        }
        return batch.pending.computeIfAbsent(range, r -> new CompletableFuture<>());
    }

    /**
     * Opens a batch on the current thread: reads of any file (served by {@code in}) are registered until the batch
     * is closed. Batches do not nest.
     */
    public static Batch batch(ReadAt in, long alignment, Executor completeOn) {
        if (CURRENT.get() != null) {
            throw new IllegalStateException("a segment batch is already open on this thread");
        }
        Batch batch = new Batch(in, alignment, completeOn);
        CURRENT.set(batch);
        return batch;
    }

    /** Reads registered while it was open; {@link #close()} issues them. */
    public static final class Batch implements Layout.ReadBatch {
        private final ReadAt in;
        private final long alignment;
        private final Executor completeOn;
        private final Map<ByteRange, CompletableFuture<MemorySegment>> pending = new LinkedHashMap<>();

        private Batch(ReadAt in, long alignment, Executor completeOn) {
            this.in = in;
            this.alignment = alignment;
            this.completeOn = completeOn;
        }

        /** The number of distinct reads registered. */
        public int size() {
            return pending.size();
        }

        @Override
        public void close() {
            CURRENT.remove();
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
