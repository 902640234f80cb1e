package dev.quire.io.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/** Thread-safe counters behind a {@link LatencyHistogram}: recording is a few uncontended atomic additions. */
public final class LatencyRecorder {
    private final AtomicLongArray buckets = new AtomicLongArray(LatencyHistogram.BUCKETS);
    private final LongAdder totalNanos = new LongAdder();
    private final LongAccumulator maxNanos = new LongAccumulator(Math::max, 0);

    /** Counts one latency of {@code nanos} (a negative one, from a clock step, as zero). */
    public void record(long nanos) {
        long latency = Math.max(0, nanos);
        buckets.incrementAndGet(LatencyHistogram.bucketOf(latency));
        totalNanos.add(latency);
        maxNanos.accumulate(latency);
    }

    /** The histogram now; taken while others record, it may be a moment out of step between counters. */
    public LatencyHistogram snapshot() {
        List<Long> counts = new ArrayList<>(LatencyHistogram.BUCKETS);
        for (int i = 0; i < LatencyHistogram.BUCKETS; i++) {
            counts.add(buckets.get(i));
        }
        return new LatencyHistogram(counts, totalNanos.sum(), maxNanos.get());
    }
}
