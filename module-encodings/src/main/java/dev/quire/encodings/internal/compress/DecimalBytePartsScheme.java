package dev.quire.encodings.internal.compress;

import dev.quire.encodings.internal.logical.DecimalBytePartsEncoder;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.DecimalArray;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Decimals as {@code vortex.decimal_byte_parts}: the unscaled values narrowed to the smallest signed integer type
 * that holds them, then compressed as integers. Decimals that need more than 64 bits are left as they are.
 */
public final class DecimalBytePartsScheme implements Scheme {
    public static final String ID = "decimal.byte_parts";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Set<ValueClass> valueClasses() {
        return Set.of(ValueClass.DECIMAL);
    }

    /** The values are the integers themselves. */
    @Override
    public int decodeCost() {
        return 0;
    }

    @Override
    public boolean applies(Array canonical, CompressionContext ctx) {
        return canonical instanceof DecimalArray;
    }

    @Override
    public Optional<Array> compress(Array canonical, CompressionContext ctx) {
        if (!(canonical instanceof DecimalArray decimal)) {
            return Optional.empty();
        }
        return DecimalBytePartsEncoder.encode(decimal)
                .map(parts -> parts.withChildren(List.of(ctx.compress(parts.children().get(0)))));
    }
}
