package dev.quire.testplugin.internal;

import dev.quire.io.spi.ByteRange;
import dev.quire.io.spi.Coalescing;
import dev.quire.io.spi.ReadAt;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link ReadAt} that records how reads reach it: single reads, and each {@link #readRanges} call with the number of
 * ranges it carried (before any merging), which is what tells a batch of segment reads from reads made one by one.
 */
final class RecordingReadAt implements ReadAt {
    private final ReadAt in;
    private final AtomicInteger singleReads = new AtomicInteger();
    private final List<Integer> batches = new CopyOnWriteArrayList<>();

    RecordingReadAt(ReadAt in) {
        this.in = in;
    }

    /** Forgets what was recorded, so that what follows (a scan) is counted without the footer's reads. */
    void reset() {
        singleReads.set(0);
        batches.clear();
    }

    int singleReads() {
        return singleReads.get();
    }

    /** The number of ranges of each {@link #readRanges} call, in order. */
    List<Integer> batches() {
        return List.copyOf(batches);
    }

    /** Every range requested, singly or in batches. */
    int rangesRequested() {
        return singleReads() + batches.stream().mapToInt(Integer::intValue).sum();
    }

    @Override
    public String name() {
        return in.name();
    }

    @Override
    public long size() {
        return in.size();
    }

    @Override
    public CompletableFuture<MemorySegment> read(long offset, long length, long alignment) {
        singleReads.incrementAndGet();
        return in.read(offset, length, alignment);
    }

    @Override
    public List<CompletableFuture<MemorySegment>> readRanges(List<ByteRange> ranges, long alignment) {
        batches.add(ranges.size());
        // The wrapped reader's own merging issues its merged reads to itself, not through read() above.
        return in.readRanges(ranges, alignment);
    }

    @Override
    public Coalescing coalescing() {
        return in.coalescing();
    }

    @Override
    public void close() {
        in.close();
    }
}
