package dev.quire.io.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quire.errors.InvalidArgumentException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class LatencyHistogramTest {
    private static List<Long> counts(long... leading) {
        List<Long> out = new ArrayList<>(Collections.nCopies(LatencyHistogram.BUCKETS, 0L));
        for (int i = 0; i < leading.length; i++) {
            out.set(i, leading[i]);
        }
        return out;
    }

    @Test
    void bucketsArePowersOfTwoOfMicroseconds() {
        assertEquals(0, LatencyHistogram.bucketOf(0));
        assertEquals(0, LatencyHistogram.bucketOf(999));
        assertEquals(1, LatencyHistogram.bucketOf(1_000));
        assertEquals(1, LatencyHistogram.bucketOf(1_999));
        assertEquals(2, LatencyHistogram.bucketOf(2_000));
        assertEquals(2, LatencyHistogram.bucketOf(3_999));
        assertEquals(3, LatencyHistogram.bucketOf(4_000));
        assertEquals(11, LatencyHistogram.bucketOf(1_024_000));
        assertEquals(LatencyHistogram.BUCKETS - 1, LatencyHistogram.bucketOf(Long.MAX_VALUE));
        assertEquals(0, LatencyHistogram.bucketOf(-5), "a clock that went backwards counts as zero");
        assertEquals(1, LatencyHistogram.upperBoundMicros(0));
        assertEquals(8, LatencyHistogram.upperBoundMicros(3));
        assertEquals(Long.MAX_VALUE, LatencyHistogram.upperBoundMicros(LatencyHistogram.BUCKETS - 1));
    }

    @Test
    void percentilesAreTheUpperBoundOfTheirBucket() {
        // 50 reads under 1 us, 40 of 2..4 us, 10 of 512..1024 us.
        List<Long> c = counts(50, 0, 40);
        c.set(10, 10L);
        LatencyHistogram h = new LatencyHistogram(c, 100_000_000L, 900_000);
        assertEquals(100, h.count());
        assertEquals(1_000_000, h.meanNanos());
        assertEquals(1, h.percentileMicros(0.5));
        assertEquals(4, h.percentileMicros(0.51));
        assertEquals(4, h.percentileMicros(0.9));
        assertEquals(1024, h.percentileMicros(0.99));
        assertEquals(1024, h.percentileMicros(1));
        assertEquals(1, h.percentileMicros(0));
    }

    @Test
    void theLastBucketReportsTheMaximum() {
        List<Long> c = counts();
        c.set(LatencyHistogram.BUCKETS - 1, 1L);
        LatencyHistogram h = new LatencyHistogram(c, 5_000_000_000_000L, 5_000_000_000_001L);
        assertEquals(5_000_000_001L, h.percentileMicros(0.5));
    }

    @Test
    void anEmptyHistogramReportsZeros() {
        LatencyHistogram h = LatencyHistogram.empty();
        assertEquals(0, h.count());
        assertEquals(0, h.meanNanos());
        assertEquals(0, h.percentileMicros(0.99));
        assertEquals(LatencyHistogram.BUCKETS, h.counts().size());
    }

    @Test
    void histogramsAddUp() {
        LatencyHistogram a = new LatencyHistogram(counts(1, 2), 10, 7);
        LatencyHistogram b = new LatencyHistogram(counts(0, 3, 4), 20, 5);
        assertEquals(new LatencyHistogram(counts(1, 5, 4), 30, 7), a.plus(b));
    }

    @Test
    void badHistogramsAndQuantilesAreRefused() {
        assertThrows(InvalidArgumentException.class, () -> new LatencyHistogram(List.of(1L), 0, 0));
        assertThrows(InvalidArgumentException.class, () -> new LatencyHistogram(counts(-1), 0, 0));
        assertThrows(InvalidArgumentException.class, () -> new LatencyHistogram(counts(), -1, 0));
        assertThrows(InvalidArgumentException.class, () -> LatencyHistogram.empty().percentileMicros(1.5));
        assertThrows(InvalidArgumentException.class, () -> LatencyHistogram.empty().percentileMicros(Double.NaN));
    }
}
