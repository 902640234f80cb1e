package dev.quire.io.spi;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A {@link ReadAt} that counts what passes through it into {@link IoStats}, so any provider's reads can be counted:
 * requests and their bytes, the reads issued to the wrapped reader after merging, merged reads, failures and latency.
 * {@link #readRanges} merges neighbours itself through the {@link Coalescer}, with the wrapped reader's own
 * {@link ReadAt#coalescing()}, and hands the merged reads to the wrapped reader's {@link ReadAt#readRanges} (which then
 * has nothing left to merge, so a batch path of its own is kept); that is how it knows what merging saved. Each count
 * is recorded before the future the caller holds completes, so statistics read after waiting for a read include it.
 *
 * <p>Besides its own counters it can add to others, such as the provider's ({@link IoProviders#openCounted}).
 */
public final class CountingReadAt implements ReadAt {
    private final ReadAt in;
    private final IoStatsRecorder own;
    private final List<IoStatsRecorder> recorders;

    private CountingReadAt(ReadAt in, List<IoStatsRecorder> also) {
        this.in = Objects.requireNonNull(in, "in is null");
        this.own = new IoStatsRecorder(in.name());
        List<IoStatsRecorder> all = new ArrayList<>(also.size() + 1);
        all.add(own);
        for (IoStatsRecorder r : also) {
            all.add(Objects.requireNonNull(r, "recorder is null"));
        }
        this.recorders = List.copyOf(all);
    }

    /** Counts the reads of {@code in} in counters of its own. */
    public static CountingReadAt wrap(ReadAt in) {
        return new CountingReadAt(in, List.of());
    }

    /** Counts the reads of {@code in} in counters of its own and adds them to {@code also} too. */
    public static CountingReadAt wrap(ReadAt in, IoStatsRecorder... also) {
        return new CountingReadAt(in, List.of(also));
    }

    /** What this reader has counted so far, named after the file. */
    public IoStats stats() {
        return own.snapshot();
    }

    /** The reader whose reads are counted. */
    public ReadAt delegate() {
        return in;
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
        requests(1, Math.max(0, length));
        long started = System.nanoTime();
        CompletableFuture<MemorySegment> read;
        try {
            read = in.read(offset, length, alignment);
        } catch (RuntimeException e) {
            read(length, started, true);
            throw e;
        }
        return read.whenComplete((segment, failure) -> read(length, started, failure != null));
    }

    @Override
    public MemorySegment readFully(long offset, long length, long alignment) {
        requests(1, Math.max(0, length));
        long started = System.nanoTime();
        boolean failed = true;
        try {
            MemorySegment segment = in.readFully(offset, length, alignment);
            failed = false;
            return segment;
        } finally {
            read(length, started, failed);
        }
    }

    @Override
    public List<CompletableFuture<MemorySegment>> readRanges(List<ByteRange> ranges, long alignment) {
        List<Coalescer.Request> requests = Coalescer.requestsFor(ranges);
        requests(ranges.size(), ByteRange.totalLength(ranges));
        Coalescer.Outcome outcome = new Coalescer(in.coalescing()).issue(requests, alignment, in.size(), this::issue);
        for (IoStatsRecorder r : recorders) {
            r.recordMerged(outcome.mergedReads(), outcome.requestsMerged());
        }
        return Coalescer.results(requests);
    }

    /** Hands merged reads to the wrapped reader, timing each. */
    private List<CompletableFuture<MemorySegment>> issue(List<ByteRange> ranges, long alignment) {
        long started = System.nanoTime();
        List<CompletableFuture<MemorySegment>> reads;
        try {
            reads = in.readRanges(ranges, alignment);
        } catch (RuntimeException e) {
            for (ByteRange range : ranges) {
                read(range.length(), started, true);
            }
            throw e;
        }
        List<CompletableFuture<MemorySegment>> counted = new ArrayList<>(reads.size());
        for (int i = 0; i < reads.size(); i++) {
            long length = i < ranges.size() ? ranges.get(i).length() : 0;
            counted.add(reads.get(i).whenComplete((segment, failure) -> read(length, started, failure != null)));
        }
        return counted;
    }

    @Override
    public Coalescing coalescing() {
        return in.coalescing();
    }

    @Override
    public Optional<StoreStats> storeStats() {
        return in.storeStats();
    }

    @Override
    public int preferredConcurrency() {
        return in.preferredConcurrency();
    }

    @Override
    public void close() {
        in.close();
    }

    private void requests(long count, long bytes) {
        for (IoStatsRecorder r : recorders) {
            r.recordRequests(count, bytes);
        }
    }

    private void read(long length, long started, boolean failed) {
        long nanos = System.nanoTime() - started;
        for (IoStatsRecorder r : recorders) {
            r.recordRead(Math.max(0, length), nanos, failed);
        }
    }
}
