package dev.quire.bench.runner.engines;

import dev.quire.bench.runner.spi.ReadLog;
import dev.quire.io.spi.ByteRange;
import dev.quire.io.spi.Coalescing;
import dev.quire.io.spi.ReadAt;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * A {@link ReadAt} that reports every read it passes on to a {@link ReadLog}: offset, length and the time from issue
 * to completion. Batched reads go to the underlying reader as a batch, so its coalescing is kept; each range is
 * reported on its own. Reads that fail are not reported (the run fails with them).
 */
final class LoggingReadAt implements ReadAt {
    private final ReadAt in;
    private final ReadLog log;

    LoggingReadAt(ReadAt in, ReadLog log) {
        this.in = Objects.requireNonNull(in, "in is null");
        this.log = Objects.requireNonNull(log, "log is null");
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
        long issued = System.nanoTime();
        return logged(in.read(offset, length, alignment), offset, length, issued);
    }

    @Override
    public List<CompletableFuture<MemorySegment>> readRanges(List<ByteRange> ranges, long alignment) {
        long issued = System.nanoTime();
        List<CompletableFuture<MemorySegment>> reads = in.readRanges(ranges, alignment);
        List<CompletableFuture<MemorySegment>> out = new ArrayList<>(reads.size());
        for (int i = 0; i < reads.size(); i++) {
            ByteRange range = ranges.get(i);
            out.add(logged(reads.get(i), range.offset(), range.length(), issued));
        }
        return out;
    }

    @Override
    public Coalescing coalescing() {
        return in.coalescing();
    }

    @Override
    public int preferredConcurrency() {
        return in.preferredConcurrency();
    }

    private CompletableFuture<MemorySegment> logged(CompletableFuture<MemorySegment> read, long offset, long length,
            long issued) {
        return read.whenComplete((segment, failure) -> {
            if (failure == null) {
                log.read(offset, length, System.nanoTime() - issued);
            }
        });
    }

    @Override
    public void close() {
        in.close();
    }
}
