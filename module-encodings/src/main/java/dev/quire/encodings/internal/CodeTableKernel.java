package dev.quire.encodings.internal;

import dev.quire.layout.array.Array;
import dev.quire.layout.expr.ValuePredicate;
import dev.quire.layout.spi.FilterKernel;
import java.util.function.UnaryOperator;

/**
 * A filter kernel over integer codes that evaluates a predicate once per distinct value a code can stand for. Wrapper
 * encodings whose values are a function of their integer child's (decimal byte parts: the same integers read as
 * unscaled decimals) answer predicates through their child by saying how to present the child's values to the
 * predicate.
 */
public interface CodeTableKernel extends FilterKernel {

    /**
     * Like {@link #match(ValuePredicate, long[])}, but the predicate sees {@code asValues} applied to the (canonical,
     * non-nullable) integers this array's codes stand for.
     */
    boolean match(ValuePredicate predicate, UnaryOperator<Array> asValues, long[] out);

    /** Whether this array answers predicates without decoding (it declines once it has been decoded). */
    boolean answersEncoded();
}
