package dev.quire.bench.runner.queries;

import dev.quire.bench.runner.spi.LongColumn;
import dev.quire.bench.runner.spi.StringColumn;

/**
 * An order-independent fingerprint of a column's values: their count, their (wrapping) sum and the (wrapping) sum of
 * a 64-bit hash of each value, so that batches may arrive in any order and still give the same text. Strings are
 * hashed over their bytes (FNV-1a, then mixed), and their total byte length stands in for the sum.
 */
final class Checksum {
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private long count;
    private long sum;
    private long hash;

    /** Adds the first {@code n} values of a long column. */
    void addLongs(LongColumn values, int n) {
        long s = 0;
        long h = 0;
        for (int i = 0; i < n; i++) {
            long v = values.get(i);
            s += v;
            h += mix(v);
        }
        count += n;
        sum += s;
        hash += h;
    }

    /** Adds the first {@code n} values of a string column. */
    void addStrings(StringColumn values, int n) {
        long bytes = 0;
        long h = 0;
        for (int i = 0; i < n; i++) {
            int length = values.length(i);
            long fnv = FNV_OFFSET;
            for (int k = 0; k < length; k++) {
                fnv = (fnv ^ (values.byteAt(i, k) & 0xFF)) * FNV_PRIME;
            }
            bytes += length;
            h += mix(fnv ^ length);
        }
        count += n;
        sum += bytes;
        hash += h;
    }

    /** Combines another checksum of the same column into this one. */
    void add(Checksum other) {
        count += other.count;
        sum += other.sum;
        hash += other.hash;
    }

    long count() {
        return count;
    }

    /** A 64-bit finaliser (the one of SplitMix64), so that sums of hashes catch swapped or altered values. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /** {@code count=N sum=S hash=H}; for strings the sum is of byte lengths. */
    @Override
    public String toString() {
        return "count=" + count + " sum=" + sum + " hash=" + Long.toHexString(hash);
    }
}
