package dev.quire.encodings.internal;

import dev.quire.layout.array.Array;
import dev.quire.layout.expr.KeyRange;
import dev.quire.layout.expr.ValuePredicate;
import dev.quire.layout.expr.FilterKernel;
import java.util.function.UnaryOperator;

/**
 * A filter kernel over integer codes that evaluates a predicate once per distinct value a code can stand for, or,
 * for a predicate that is one range of integer keys, compares the codes with the range's ends directly. Wrapper
 * encodings whose values are a function of their integer child's (decimal byte parts: the same integers read as
 * unscaled decimals) answer predicates through their child by saying how to present the child's values to the
 * predicate, or by handing it the key range when their keys are the child's.
 */
public interface CodeTableKernel extends FilterKernel {

    /**
     * Like {@link #match(ValuePredicate, long[])}, but the predicate sees {@code asValues} applied to the (canonical,
     * non-nullable) integers this array's codes stand for.
     */
    boolean match(ValuePredicate predicate, UnaryOperator<Array> asValues, long[] out);

    /** Whether this array answers predicates without decoding (it declines once it has been decoded). */
    boolean answersEncoded();

    /**
     * Writes into {@code out} the rows whose value's key (the value itself for a signed integer type, its unsigned
     * value for an unsigned one; see {@link KeyRange}) the range accepts, or returns false, writing nothing, when
     * this array cannot compare its codes with the range (it has been decoded, or its codes do not map to keys in
     * order). Only rows set in {@code within} (null: all rows) need a correct bit, as in
     * {@link dev.quire.layout.expr.FilterKernel#match(dev.quire.layout.expr.ValuePredicate, long[], long[])}; bits
     * of null rows may be anything.
     */
    boolean matchKeys(KeyRange range, long[] within, long[] out);
}
