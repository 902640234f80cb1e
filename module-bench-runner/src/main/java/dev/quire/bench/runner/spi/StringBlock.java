package dev.quire.bench.runner.spi;

import java.util.Objects;

/**
 * A block of a string column's values as a query reads them, one call per block rather than per value: value
 * {@code i} of the block is {@code array(source()[i])[start()[i], start()[i] + length()[i])}. An engine fills it in
 * {@link StringColumn#read(int, int, StringBlock)}; a query then folds the block with plain array reads.
 *
 * <p>Source 0 is the block's own array ({@link #reserve}), where an engine copies values (end to end, say, as Arrow
 * lays out utf8). An engine whose values already live in heap arrays may instead name those arrays as further
 * sources ({@link #source(int, byte[])}) and point into them, copying nothing. Either way, every value has at least
 * {@link #WORD} readable bytes after its end in its array, so that a query may read whole 8-byte words from a
 * value's start; the block's own array has {@link #SLACK} bytes of room past what was reserved, so an engine may also
 * write whole words when it copies. A block is reused from call to call and is not thread-safe.
 */
public final class StringBlock {
    /** Bytes of room past the reserved size of the block's own array. */
    public static final int SLACK = 16;
    /** Bytes every value has readable after its end, in its array. */
    public static final int WORD = Long.BYTES;
    /** The most sources a block names, its own array included. */
    public static final int MAX_SOURCES = 64;

    private final int[] source;
    private final int[] start;
    private final int[] length;
    private final byte[][] arrays = new byte[MAX_SOURCES][];

    /** A block of at most {@code capacity} values. */
    public StringBlock(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("a block's capacity must not be negative: " + capacity);
        }
        this.source = new int[capacity];
        this.start = new int[capacity];
        this.length = new int[capacity];
        arrays[0] = new byte[4096];
    }

    /** The most values one {@link StringColumn#read(int, int, StringBlock)} may put in this block. */
    public int capacity() {
        return source.length;
    }

    /** Per value, the index of the array that holds it: 0 for the block's own. */
    public int[] source() {
        return source;
    }

    /** Per value, where it starts in its array. */
    public int[] start() {
        return start;
    }

    /** Per value, its length in bytes. */
    public int[] length() {
        return length;
    }

    /** Source {@code index}'s array: the block's own for 0. */
    public byte[] array(int index) {
        return arrays[index];
    }

    /**
     * Names {@code array} as source {@code index} (1 to {@link #MAX_SOURCES} - 1) for the values of this fill.
     *
     * @throws IndexOutOfBoundsException when {@code index} is 0 or past the last source
     */
    public void source(int index, byte[] array) {
        Objects.checkIndex(index - 1, MAX_SOURCES - 1);
        arrays[index] = Objects.requireNonNull(array, "array");
    }

    /**
     * The block's own array, with room for at least {@code size + }{@link #SLACK} bytes. Its contents are not kept
     * when it grows.
     *
     * @throws IllegalArgumentException when {@code size} is negative or too large for one array
     */
    public byte[] reserve(long size) {
        if (size < 0 || size > Integer.MAX_VALUE - SLACK - 8) {
            throw new IllegalArgumentException("a block of " + size + " bytes of strings does not fit one array");
        }
        int need = (int) size + SLACK;
        if (arrays[0].length < need) {
            arrays[0] = new byte[(int) Math.min(Integer.MAX_VALUE - 8, Math.max(need, 2L * arrays[0].length))];
        }
        return arrays[0];
    }

    /**
     * Checks that {@code n} values fit this block, for {@link StringColumn#read(int, int, StringBlock)}.
     *
     * @throws IndexOutOfBoundsException when they do not
     */
    public void checkCount(int n) {
        Objects.checkIndex(n, source.length + 1);
    }
}
