package dev.quire.bench.runner.spi;

import java.util.Objects;

/**
 * A block of a string column's values laid end to end, as Arrow lays out utf8: value {@code i} of the block is
 * {@code bytes()[offsets()[i], offsets()[i + 1])}. An engine fills it in {@link StringColumn#read(int, int,
 * StringBlock)}; a query then folds the block with plain array reads, one call per block rather than per value.
 *
 * <p>{@link #SLACK} bytes of room follow the last value, so that both sides may move whole 8-byte words: an engine
 * may write up to {@code SLACK} bytes past a value's end while it fills the block (the next value overwrites them),
 * and a query may read a whole word at any value's start. A block is reused from call to call and is not
 * thread-safe.
 */
public final class StringBlock {
    /** Bytes of room past the last value. */
    public static final int SLACK = 16;

    private final int[] offsets;
    private byte[] bytes = new byte[4096];

    /** A block of at most {@code capacity} values. */
    public StringBlock(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("a block's capacity must not be negative: " + capacity);
        }
        this.offsets = new int[capacity + 1];
    }

    /** The most values one {@link StringColumn#read(int, int, StringBlock)} may put in this block. */
    public int capacity() {
        return offsets.length - 1;
    }

    /** Where each value starts: {@code offsets()[i]} for value {@code i}, and {@code offsets()[n]} after the last. */
    public int[] offsets() {
        return offsets;
    }

    /** The values' bytes, as the last fill left them. */
    public byte[] bytes() {
        return bytes;
    }

    /**
     * The array an engine fills with {@code size} bytes of values: at least {@code size + }{@link #SLACK} long.
     * Its contents are not kept when it grows.
     *
     * @throws IllegalArgumentException when {@code size} is negative or too large for one array
     */
    public byte[] reserve(long size) {
        if (size < 0 || size > Integer.MAX_VALUE - SLACK - 8) {
            throw new IllegalArgumentException("a block of " + size + " bytes of strings does not fit one array");
        }
        int need = (int) size + SLACK;
        if (bytes.length < need) {
            bytes = new byte[(int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * bytes.length))];
        }
        return bytes;
    }

    /**
     * Checks that {@code n} values fit this block, for {@link StringColumn#read(int, int, StringBlock)}.
     *
     * @throws IndexOutOfBoundsException when they do not
     */
    public void checkCount(int n) {
        Objects.checkIndex(n, offsets.length);
    }
}
