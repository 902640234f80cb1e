package dev.quire.bench.runner.protocol;

import dev.quire.bench.runner.spi.ReadLog;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/** A {@link ReadLog} that keeps one run's totals: requests, bytes and the slowest request. Thread-safe. */
final class ReadStats implements ReadLog {
    private final LongAdder requests = new LongAdder();
    private final AtomicLong bytes = new AtomicLong();
    private final LongAccumulator slowestNanos = new LongAccumulator(Math::max, 0);

    @Override
    public void read(long offset, long length, long nanos) {
        requests.increment();
        bytes.addAndGet(length);
        slowestNanos.accumulate(nanos);
    }

    Summary summary() {
        return new Summary(requests.sum(), bytes.get(), slowestNanos.get() / 1e6);
    }

    /**
     * A run's reads.
     *
     * @param requests how many read requests the engine reported
     * @param bytes their bytes
     * @param slowestMillis the longest request, issue to completion
     */
    public record Summary(long requests, long bytes, double slowestMillis) {}
}
