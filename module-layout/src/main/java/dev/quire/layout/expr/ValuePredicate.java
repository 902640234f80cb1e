package dev.quire.layout.expr;

import dev.quire.layout.array.Array;
import java.util.Optional;

/**
 * A bound predicate on the values of one column ({@code x = 5}, {@code s like 'a%'}, {@code x in (1, 2)},
 * {@code x between 1 and 9}), as an encoded array's {@link dev.quire.layout.expr.FilterKernel} sees it: something it
 * can evaluate over any canonical array of the column's values, such as a dictionary's distinct values, and then
 * map to its rows. Instances are the leaves of a {@link BoundExpr}: immutable, thread-safe, and the same object for
 * the whole life of the bound expression, so a kernel may cache results per predicate (by identity).
 */
public interface ValuePredicate {
    /**
     * The same predicate seen one string value at a time, by its length and leading bytes, for encodings that can
     * produce a value's first bytes without decoding it whole; empty for predicates on other types and for string
     * comparisons it does not describe (orderings).
     */
    default Optional<BytesPredicate> bytesPredicate() {
        return Optional.empty();
    }

    /**
     * The values of {@code values} that satisfy the predicate, as {@code long[]} words of bits (bit {@code i} is bit
     * {@code i & 63} of word {@code i >>> 6}), one bit per value, {@code ceil(length / 64)} words. Null values and
     * bits past the length are zero.
     *
     * @param values a canonical array ({@link Array#isCanonical()}) of the column's dtype (extensions unwrapped to
     *     their storage), of at most {@link Integer#MAX_VALUE} values
     */
    long[] matches(Array values);

    /**
     * The predicate as one range of integer keys, when it is one and the column's values have integer keys (see
     * {@link KeyRange}): an encoded array of integers may then compare its own codes with the range's ends instead of
     * calling {@link #matches}. Empty for every other predicate (the default); both ways must select the same rows.
     */
    default Optional<KeyRange> keyRange() {
        return Optional.empty();
    }
}
