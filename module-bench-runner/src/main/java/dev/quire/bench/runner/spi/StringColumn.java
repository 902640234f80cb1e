package dev.quire.bench.runner.spi;

/** A utf8 column; see {@link Batch}. Byte-level accessors let queries compare without decoding strings. */
public interface StringColumn {
    /** The length of the value in bytes. */
    int length(int row);

    /** The byte at {@code index} of the value. */
    byte byteAt(int row, int index);

    /**
     * Copies the values of rows {@code [from, from + n)} end to end into {@code block} (see {@link StringBlock}):
     * value {@code from + i} at {@code block.bytes()[offsets[i], offsets[i + 1])}, {@code offsets[0] == 0}. The
     * default reads them one {@link #byteAt} at a time; engines override it with copies out of their own memory, so
     * that queries that fold every byte of a column read a plain array and make one call per block.
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
        int[] offsets = block.offsets();
        int pos = 0;
        for (int i = 0; i < n; i++) {
            int row = from + i;
            int length = length(row);
            offsets[i] = pos;
            for (int k = 0; k < length; k++) {
                out[pos + k] = byteAt(row, k);
            }
            pos += length;
        }
        offsets[n] = pos;
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
