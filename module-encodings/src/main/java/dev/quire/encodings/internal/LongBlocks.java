package dev.quire.encodings.internal;

import java.util.Optional;

/**
 * What an encoded array of 8-byte integers may offer a decoder that uses each value once (ALP turning its integers
 * into floats): its values a block at a time, written into the decoder's small {@code long[]} while they are in
 * cache, instead of decoded whole into an array of the column's size first and read back. The values read through a
 * cursor equal the array's canonical values, null rows included.
 */
public interface LongBlocks {
    /** The most rows {@link Cursor#next} returns at once, and the least room its {@code out} must have. */
    int BLOCK_ROWS = 1024;

    /** A cursor over the values from row 0, or empty when this array would rather be decoded whole. */
    Optional<Cursor> longBlocks();

    /** Reads the values in order, a block (or the part of it the array holds) per call. */
    interface Cursor {
        /**
         * Writes the values of the next rows, at most {@link #BLOCK_ROWS}, to {@code out} from index 0 and returns
         * how many; 0 once every row has been read. {@code out} needs {@link #BLOCK_ROWS} values of room (it may be
         * written past the rows returned).
         */
        int next(long[] out);
    }
}
