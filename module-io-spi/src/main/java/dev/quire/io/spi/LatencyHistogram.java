package dev.quire.io.spi;

import dev.quire.errors.InvalidArgumentException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Read latencies in powers of two of microseconds: bucket 0 counts reads under 1 us, bucket {@code i > 0} those of
 * {@code [2^(i-1), 2^i)} us, and the last bucket everything longer. Percentiles are the upper bound of the bucket they
 * fall in: within a factor of two, which is what comparing providers and spotting outliers needs.
 *
 * @param counts reads per bucket, {@value #BUCKETS} of them
 * @param totalNanos the sum of all latencies, for the mean
 * @param maxNanos the longest latency
 */
public record LatencyHistogram(List<Long> counts, long totalNanos, long maxNanos) {
    /** Buckets: the last starts at 2^30 us (about 18 minutes). */
    public static final int BUCKETS = 32;

    private static final LatencyHistogram EMPTY = new LatencyHistogram(zeros(), 0, 0);

    public LatencyHistogram {
        counts = List.copyOf(counts);
        if (counts.size() != BUCKETS) {
            throw new InvalidArgumentException("a latency histogram has " + BUCKETS + " buckets, got " + counts.size());
        }
        for (Long c : counts) {
            if (c < 0) {
                throw new InvalidArgumentException("negative count in a latency histogram: " + counts);
            }
        }
        if (totalNanos < 0 || maxNanos < 0) {
            throw new InvalidArgumentException("negative latency total " + totalNanos + " or maximum " + maxNanos);
        }
    }

    private static List<Long> zeros() {
        Long[] z = new Long[BUCKETS];
        Arrays.fill(z, 0L);
        return List.of(z);
    }

    /** No reads. */
    public static LatencyHistogram empty() {
        return EMPTY;
    }

    /** The bucket a latency of {@code nanos} falls in. */
    public static int bucketOf(long nanos) {
        long micros = Math.max(0, nanos) / 1000;
        return Math.min(BUCKETS - 1, 64 - Long.numberOfLeadingZeros(micros));
    }

    /** The exclusive upper bound of bucket {@code i} in microseconds; the last bucket has none. */
    public static long upperBoundMicros(int bucket) {
        Objects.checkIndex(bucket, BUCKETS);
        return bucket == BUCKETS - 1 ? Long.MAX_VALUE : 1L << bucket;
    }

    /** The number of reads. */
    public long count() {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        return n;
    }

    /** The mean latency in nanoseconds; 0 without reads. */
    public long meanNanos() {
        long n = count();
        return n == 0 ? 0 : totalNanos / n;
    }

    /**
     * The upper bound in microseconds of the bucket the {@code q}-quantile falls in (p50 is {@code 0.5}); 0 without
     * reads. For the last bucket, which has no bound, the maximum latency.
     */
    public long percentileMicros(double q) {
        if (!(q >= 0 && q <= 1)) {
            throw new InvalidArgumentException("a quantile is between 0 and 1, got " + q);
        }
        long n = count();
        if (n == 0) {
            return 0;
        }
        long rank = Math.max(1, (long) Math.ceil(q * n));
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += counts.get(i);
            if (seen >= rank) {
                return i == BUCKETS - 1 ? Math.ceilDiv(maxNanos, 1000) : upperBoundMicros(i);
            }
        }
        throw new IllegalStateException("unreachable: rank " + rank + " of " + n);
    }

    /** This histogram and {@code other} together. */
    public LatencyHistogram plus(LatencyHistogram other) {
        Long[] sum = new Long[BUCKETS];
        for (int i = 0; i < BUCKETS; i++) {
            sum[i] = counts.get(i) + other.counts.get(i);
        }
        return new LatencyHistogram(List.of(sum), totalNanos + other.totalNanos, Math.max(maxNanos, other.maxNanos));
    }

    /**
     * Appends this histogram as one JSON object: the count, total, mean and maximum in nanoseconds, p50/p90/p99 in
     * microseconds (bucket upper bounds) and the {@code log2MicrosBuckets} counts, trailing empty buckets left out.
     */
    void appendJson(StringBuilder out) {
        out.append("{\"count\":").append(count())
                .append(",\"totalNanos\":").append(totalNanos)
                .append(",\"meanNanos\":").append(meanNanos())
                .append(",\"maxNanos\":").append(maxNanos)
                .append(",\"p50Micros\":").append(percentileMicros(0.5))
                .append(",\"p90Micros\":").append(percentileMicros(0.9))
                .append(",\"p99Micros\":").append(percentileMicros(0.99))
                .append(",\"log2MicrosBuckets\":[");
        int last = BUCKETS - 1;
        while (last >= 0 && counts.get(last) == 0) {
            last--;
        }
        for (int i = 0; i <= last; i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(counts.get(i));
        }
        out.append("]}");
    }
}
