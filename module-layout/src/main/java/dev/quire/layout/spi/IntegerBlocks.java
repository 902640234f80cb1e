package dev.quire.layout.spi;

import java.util.Optional;

/**
 * What an array of non-negative integers stored in blocks (bit-packed dictionary codes, say) may offer a reader that
 * consumes them in order: each block decoded into the reader's small {@code int[]} while it is in cache, instead of
 * the whole array decoded into a canonical buffer first and read back. A dictionary gathers its values block by
 * block this way, and knows from {@link Cursor#bound()} whether its codes can point past its values at all.
 *
 * <p>Values read through a cursor must equal the array's canonical values, zero-extended, null rows included (a
 * null row's value is whatever its canonical slot holds). An array offers a cursor only where that holds without
 * sign extension (no value is negative), and may decline for any other reason: already decoded, patched, or too
 * wide.
 */
public interface IntegerBlocks {
    /** The most rows {@link Cursor#next} returns at once. */
    int MAX_BLOCK_ROWS = 1024;

    /** A cursor over this array's values from row 0, or empty when this array would rather be decoded whole. */
    Optional<Cursor> intBlocks();

    /** Reads an array's values in order, one block (or the part of it that belongs to the array) per call. */
    interface Cursor {
        /** A bound every value is below (for {@code w}-bit codes, {@code 2^w}). */
        long bound();

        /**
         * Writes the values of the next rows, at most {@link #MAX_BLOCK_ROWS} of them, to {@code out} from index 0
         * and returns how many; 0 once every row has been read.
         */
        int next(int[] out);
    }
}
