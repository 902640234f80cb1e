package dev.quire.encodings.internal.compress;

import dev.quire.encodings.internal.IntegerStats;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import java.util.Optional;
import java.util.Set;

/** A scheme for integer arrays, which works on their {@link IntegerStats}. */
abstract class IntegerScheme implements Scheme {

    @Override
    public Set<ValueClass> valueClasses() {
        return Set.of(ValueClass.INTEGER);
    }

    @Override
    public final boolean applies(Array canonical, CompressionContext ctx) {
        return canonical instanceof PrimitiveArray p && p.ptype().isInteger() && applies(ctx.integerStats(p), ctx);
    }

    @Override
    public final Optional<Array> compress(Array canonical, CompressionContext ctx) {
        if (!(canonical instanceof PrimitiveArray p) || !p.ptype().isInteger()) {
            return Optional.empty();
        }
        return compress(ctx.integerStats(p), ctx);
    }

    /** Whether the scheme can apply to the whole array these statistics describe. */
    boolean applies(IntegerStats stats, CompressionContext ctx) {
        return true;
    }

    abstract Optional<Array> compress(IntegerStats stats, CompressionContext ctx);
}
