package dev.quire.io.spi;

import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;

/**
 * Thread-safe counters behind {@link IoStats}: one per counted reader, and one per provider that every counted
 * reader it opened adds to as well ({@link IoProviders#stats(String)}). Recording costs a few uncontended atomic
 * additions; {@link #snapshot()} reads the counters without stopping recorders, so a snapshot taken while reads
 * complete may be a moment out of step between counters.
 */
public final class IoStatsRecorder {
    private final String name;
    private final LongAdder requests = new LongAdder();
    private final LongAdder requestedBytes = new LongAdder();
    private final LongAdder reads = new LongAdder();
    private final LongAdder bytesRead = new LongAdder();
    private final LongAdder mergedReads = new LongAdder();
    private final LongAdder requestsMerged = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LatencyRecorder latency = new LatencyRecorder();

    public IoStatsRecorder(String name) {
        this.name = Objects.requireNonNull(name, "name is null");
    }

    public String name() {
        return name;
    }

    /** Callers asked for {@code count} ranges of {@code bytes} bytes in all. */
    public void recordRequests(long count, long bytes) {
        requests.add(count);
        requestedBytes.add(bytes);
    }

    /** {@code reads} issued reads served {@code requests} requests between them (merged reads only). */
    public void recordMerged(long reads, long requests) {
        mergedReads.add(reads);
        requestsMerged.add(requests);
    }

    /** One issued read of {@code bytes} bytes completed after {@code nanos}, successfully or not. */
    public void recordRead(long bytes, long nanos, boolean failed) {
        reads.increment();
        bytesRead.add(bytes);
        if (failed) {
            errors.increment();
        }
        latency.record(nanos);
    }

    /** The counters now. */
    public IoStats snapshot() {
        return new IoStats(name, requests.sum(), requestedBytes.sum(), reads.sum(), bytesRead.sum(),
                mergedReads.sum(), requestsMerged.sum(), errors.sum(), latency.snapshot());
    }
}
