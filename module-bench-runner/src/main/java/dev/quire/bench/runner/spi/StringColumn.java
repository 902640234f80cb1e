package dev.quire.bench.runner.spi;

/** A utf8 column; see {@link Batch}. Byte-level accessors let queries compare without decoding strings. */
public interface StringColumn {
    /** The length of the value in bytes. */
    int length(int row);

    /** The byte at {@code index} of the value. */
    byte byteAt(int row, int index);

    /**
     * Copies the value's bytes to {@code out[0, length(row))} and returns their number. The default reads them one
     * {@link #byteAt} at a time; engines override it with a copy out of their own memory, so that queries that fold
     * every byte of a column read a plain array.
     *
     * @throws IndexOutOfBoundsException when {@code out} is shorter than the value
     */
    default int read(int row, byte[] out) {
        int n = length(row);
        for (int i = 0; i < n; i++) {
            out[i] = byteAt(row, i);
        }
        return n;
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
