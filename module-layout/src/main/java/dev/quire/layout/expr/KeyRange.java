package dev.quire.layout.expr;

/**
 * What a {@link ValuePredicate} on an integer-keyed column accepts, as one range of 64-bit keys: a valid value
 * satisfies the predicate exactly when its key {@code k} has {@code lo <= k <= hi}, or, when {@code negated}, exactly
 * when it does not. {@code lo > hi} is the empty range (so the predicate holds for no valid value, or for every one
 * when negated).
 *
 * <p>The key of a value is the integer itself for a signed integer column, the unsigned value for an unsigned one
 * ({@code u8}, {@code u16}, {@code u32}), the unscaled integer for a decimal and the storage integer for a temporal
 * extension. The range is exact for every key that fits a {@code long}: an encoded array whose values are 64-bit or
 * narrower integers can answer the predicate by comparing keys, without evaluating it on candidate values.
 *
 * @param lo the smallest key in the range
 * @param hi the largest key in the range
 * @param negated whether the predicate holds outside the range instead of inside it
 */
public record KeyRange(long lo, long hi, boolean negated) {

    /** Whether the range holds no key. */
    public boolean isEmpty() {
        return lo > hi;
    }

    /** Whether a valid value with key {@code key} satisfies the predicate. */
    public boolean accepts(long key) {
        return (lo <= key && key <= hi) != negated;
    }
}
