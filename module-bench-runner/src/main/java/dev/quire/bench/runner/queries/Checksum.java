package dev.quire.bench.runner.queries;

import dev.quire.bench.runner.spi.LongColumn;
import dev.quire.bench.runner.spi.StringBlock;
import dev.quire.bench.runner.spi.StringColumn;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * An order-independent fingerprint of a column's values: their count, their (wrapping) sum and the (wrapping) sum of
 * a 64-bit hash of each value, so that batches may arrive in any order and still give the same text. Strings are
 * hashed over their bytes (eight at a time, then mixed), and their total byte length stands in for the sum.
 */
final class Checksum {
    /** The string hash's seed (FNV-1a's offset basis) and multiplier (2^64 over the golden ratio, odd). */
    private static final long SEED = 0xcbf29ce484222325L;
    private static final long MULTIPLIER = 0x9e3779b97f4a7c15L;

    private long count;
    private long sum;
    private long hash;

    /** Rows read per {@link LongColumn#read} call: a block that stays in the first-level cache. */
    static final int BLOCK = 1024;

    /** Where {@link #addLongs} reads each block of values; one per checksum, so per column and thread. */
    private final long[] block = new long[BLOCK];

    /**
     * Adds the first {@code n} values of a long column, read a block at a time ({@link LongColumn#read}), so that the
     * loop that folds them reads a plain array whatever the engine's column type.
     */
    void addLongs(LongColumn values, int n) {
        long s = 0;
        long h = 0;
        long[] b = block;
        for (int from = 0; from < n; from += BLOCK) {
            int k = Math.min(BLOCK, n - from);
            values.read(from, b, k);
            for (int i = 0; i < k; i++) {
                long v = b[i];
                s += v;
                h += mix(v);
            }
        }
        count += n;
        sum += s;
        hash += h;
    }

    /** Where {@link #addStrings} reads each block of values; one per checksum, like {@link #block}. */
    private final StringBlock strings = new StringBlock(BLOCK);

    private static final VarHandle WORD = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /**
     * Adds the first {@code n} values of a string column, read a block at a time ({@link StringColumn#read(int, int,
     * StringBlock)}): each value's bytes are hashed eight at a time ({@link #hashBytes}) where the block says they
     * are.
     *
     * @throws IndexOutOfBoundsException when the engine placed a value outside its array
     * @throws IllegalStateException when the engine gave a value a negative length
     */
    void addStrings(StringColumn values, int n) {
        long total = 0;
        long h = 0;
        StringBlock block = strings;
        int[] source = block.source();
        int[] start = block.start();
        int[] length = block.length();
        for (int from = 0; from < n; from += BLOCK) {
            int k = Math.min(BLOCK, n - from);
            values.read(from, k, block);
            byte[] own = block.array(0);
            for (int i = 0; i < k; i++) {
                int s = source[i];
                byte[] b = s == 0 ? own : block.array(s);
                int at = start[i];
                int len = length[i];
                if (len < 0) {
                    throw new IllegalStateException("string " + (from + i) + " has a negative length: " + len);
                }
                Objects.checkFromIndexSize(at, len + StringBlock.WORD, b.length);
                total += len;
                h += mix(hashBytes(b, at, len) ^ len);
            }
        }
        count += n;
        sum += total;
        hash += h;
    }

    /**
     * A hash of {@code b[start, start + length)}, over little-endian words: each full word is folded in with a
     * multiply and a shift, and the last partial word is masked to the value's bytes (what follows them is another
     * value or slack), so every byte of the value, and only those, counts. {@code b} has {@link Long#BYTES} bytes
     * past the value.
     */
    static long hashBytes(byte[] b, int start, int length) {
        long h = SEED;
        int i = start;
        int end = start + length;
        for (; i + Long.BYTES <= end; i += Long.BYTES) {
            h = (h ^ (long) WORD.get(b, i)) * MULTIPLIER;
            h ^= h >>> 29;
        }
        int rest = end - i;
        if (rest > 0) {
            long w = (long) WORD.get(b, i) & (-1L >>> (64 - 8 * rest));
            h = (h ^ w) * MULTIPLIER;
            h ^= h >>> 29;
        }
        return h;
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
