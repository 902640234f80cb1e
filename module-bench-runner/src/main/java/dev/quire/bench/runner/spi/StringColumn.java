package dev.quire.bench.runner.spi;

/** A utf8 column; see {@link Batch}. Byte-level accessors let queries compare without decoding strings. */
public interface StringColumn {
    /** The length of the value in bytes. */
    int length(int row);

    /** The byte at {@code index} of the value. */
    byte byteAt(int row, int index);

    /**
     * Puts the values of rows {@code [from, from + n)} in {@code block} (see {@link StringBlock}): value
     * {@code from + i} as its {@code i}-th. The default copies them end to end into the block's own array, one
     * {@link #byteAt} at a time; engines override it with copies out of their own memory, or with references to the
     * heap arrays that hold the values, so that queries that fold every byte of a column read plain arrays and make
     * one call per block.
     *
     * @throws IndexOutOfBoundsException when the rows are not in the batch or {@code n} exceeds the block's capacity
     */
    default void read(int from, int n, StringBlock block) {
        block.checkCount(n);
        long size = 0;
        for (int i = 0; i < n; i++) {
            size += length(from + i);
        }
        byte[] out = block.reserve(size);
        int[] source = block.source();
        int[] start = block.start();
        int[] lengths = block.length();
        int pos = 0;
        for (int i = 0; i < n; i++) {
            int row = from + i;
            int length = length(row);
            for (int k = 0; k < length; k++) {
                out[pos + k] = byteAt(row, k);
            }
            source[i] = 0;
            start[i] = pos;
            lengths[i] = length;
            pos += length;
        }
    }

    /** The value, decoded. */
    String get(int row);

    /** Whether the value's bytes equal {@code utf8}. */
    default boolean equalsBytes(int row, byte[] utf8) {
        if (length(row) != utf8.length) {
            return false;
        }
        for (int i = 0; i < utf8.length; i++) {
            if (byteAt(row, i) != utf8[i]) {
                return false;
            }
        }
        return true;
    }
}
