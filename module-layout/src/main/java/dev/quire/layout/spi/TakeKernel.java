package dev.quire.layout.spi;

import dev.quire.layout.array.Array;
import java.util.Optional;

/**
 * What an array in a non-canonical encoding may offer a scan that keeps few of its rows: the canonical values of just
 * those rows, read from the encoded form, instead of decoding every row and then picking some. A scan whose filter
 * leaves a sparse set of rows in a split offers the rows to each projected column that implements this interface, and
 * decodes and gathers the column only if it declines.
 *
 * <p>Bit-packed and frame-of-reference integers, for example, compute each kept row's value from its own packed bits.
 * Results must equal gathering the same rows from {@link Array#toCanonical()}, validity included.
 */
public interface TakeKernel {

    /**
     * The values at {@code rows} as a canonical array of this array's dtype, or empty when this array would rather be
     * decoded whole (too many rows for the shortcut to pay, or no shortcut for its shape).
     *
     * @param rows row indices, ascending, distinct and below the array's length
     */
    Optional<Array> take(long[] rows);

    /**
     * The values at {@code rows} in whatever encoding is cheapest to hand on, for a scan that hands out encoded
     * batches ({@code Scan.canonical(false)}): a dictionary, say, picks only its codes and keeps sharing its values.
     * Decoded, the result must equal {@link #take}'s, validity included. By default, {@link #take}'s canonical array.
     *
     * @param rows row indices, ascending, distinct and below the array's length
     */
    default Optional<Array> takeEncoded(long[] rows) {
        return take(rows);
    }
}
