package dev.quire.io.store;

import dev.quire.io.spi.LatencyRecorder;
import dev.quire.io.spi.StoreStats;
import java.util.concurrent.atomic.LongAdder;

/** Thread-safe counters behind one reader's {@link StoreStats}. */
final class StoreStatsRecorder {
    private final String name;
    private final LongAdder requests = new LongAdder();
    private final LongAdder requestedBytes = new LongAdder();
    private final LongAdder gets = new LongAdder();
    private final LongAdder fetchedBytes = new LongAdder();
    private final LongAdder retries = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final LatencyRecorder firstByte = new LatencyRecorder();
    private final LatencyRecorder lastByte = new LatencyRecorder();

    StoreStatsRecorder(String name) {
        this.name = name;
    }

    void requested(long count, long bytes) {
        requests.add(count);
        requestedBytes.add(bytes);
    }

    void sent() {
        gets.increment();
    }

    void fetched(long bytes, long firstByteNanos, long lastByteNanos) {
        fetchedBytes.add(bytes);
        firstByte.record(firstByteNanos);
        lastByte.record(lastByteNanos);
    }

    void retried() {
        retries.increment();
    }

    void failed() {
        failures.increment();
    }

    StoreStats snapshot() {
        return new StoreStats(name, requests.sum(), requestedBytes.sum(), gets.sum(), fetchedBytes.sum(),
                retries.sum(), failures.sum(), firstByte.snapshot(), lastByte.snapshot());
    }
}
