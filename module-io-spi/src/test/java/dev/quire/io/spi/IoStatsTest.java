package dev.quire.io.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quire.errors.InvalidArgumentException;
import org.junit.jupiter.api.Test;

class IoStatsTest {
    private static IoStats sample() {
        IoStatsRecorder r = new IoStatsRecorder("dir/\"odd\" name");
        r.recordRequests(5, 500);
        r.recordMerged(1, 4);
        r.recordRead(410, 1_500, false);
        r.recordRead(100, 3_000, false);
        r.recordRead(100, 70_000, true);
        return r.snapshot();
    }

    @Test
    void aRecorderCountsWhatItIsTold() {
        IoStats s = sample();
        assertEquals(5, s.requests());
        assertEquals(500, s.requestedBytes());
        assertEquals(3, s.reads());
        assertEquals(610, s.bytesRead());
        assertEquals(1, s.mergedReads());
        assertEquals(4, s.requestsMerged());
        assertEquals(3, s.readsSaved());
        assertEquals(1, s.errors());
        assertEquals(3, s.latency().count());
        assertEquals(74_500, s.latency().totalNanos());
        assertEquals(70_000, s.latency().maxNanos());
        assertEquals(1, s.latency().counts().get(1));
        assertEquals(1, s.latency().counts().get(2));
        assertEquals(1, s.latency().counts().get(7));
    }

    @Test
    void theJsonRenderingHasEveryCounter() {
        assertEquals("{\"name\":\"dir/\\\"odd\\\" name\",\"requests\":5,\"requestedBytes\":500,\"reads\":3,"
                + "\"bytesRead\":610,\"mergedReads\":1,\"requestsMerged\":4,\"readsSaved\":3,\"errors\":1,"
                + "\"latency\":{\"count\":3,\"totalNanos\":74500,\"meanNanos\":24833,\"maxNanos\":70000,"
                + "\"p50Micros\":4,\"p90Micros\":128,\"p99Micros\":128,\"log2MicrosBuckets\":[0,1,1,0,0,0,0,1]}}",
                sample().toJson());
    }

    @Test
    void emptyStatisticsRenderEmptyBuckets() {
        assertEquals("{\"name\":\"posix\",\"requests\":0,\"requestedBytes\":0,\"reads\":0,\"bytesRead\":0,"
                + "\"mergedReads\":0,\"requestsMerged\":0,\"readsSaved\":0,\"errors\":0,\"latency\":{\"count\":0,"
                + "\"totalNanos\":0,\"meanNanos\":0,\"maxNanos\":0,\"p50Micros\":0,\"p90Micros\":0,\"p99Micros\":0,"
                + "\"log2MicrosBuckets\":[]}}", IoStats.empty("posix").toJson());
    }

    @Test
    void statisticsAddUp() {
        IoStats twice = sample().plus(sample(), "both");
        assertEquals("both", twice.name());
        assertEquals(10, twice.requests());
        assertEquals(6, twice.reads());
        assertEquals(2, twice.errors());
        assertEquals(6, twice.readsSaved());
        assertEquals(6, twice.latency().count());
    }

    @Test
    void negativeCountersAreRefused() {
        assertThrows(InvalidArgumentException.class,
                () -> new IoStats("x", -1, 0, 0, 0, 0, 0, 0, LatencyHistogram.empty()));
        assertThrows(NullPointerException.class, () -> IoStats.empty(null));
    }
}
