package dev.quire.encodings.internal.compress;

import dev.quire.encodings.internal.IntegerStats;
import dev.quire.encodings.internal.runs.ZigZagEncoder;
import dev.quire.layout.array.Array;
import java.util.Optional;
import java.util.Set;

/**
 * {@code vortex.zigzag} for signed integers with negative values: mapped to unsigned ones so that small magnitudes of
 * either sign bit-pack narrowly. Zigzag keeps runs and value frequencies, so run-end and sparse, which lost on the
 * original values, are not tried on the mapped ones.
 */
public final class ZigZagScheme extends IntegerScheme {
    public static final String ID = "int.zigzag";
    private static final Set<String> NOT_BELOW = Set.of(RunEndScheme.ID, SparseScheme.ID);

    @Override
    public String id() {
        return ID;
    }

    @Override
    public int decodeCost() {
        return 1;
    }

    @Override
    boolean applies(IntegerStats stats, CompressionContext ctx) {
        return stats.hasNegatives();
    }

    @Override
    Optional<Array> compress(IntegerStats stats, CompressionContext ctx) {
        if (!stats.hasNegatives()) {
            return Optional.empty();
        }
        return Optional.of(ZigZagEncoder.encode(stats, z -> ctx.compress(z, NOT_BELOW)));
    }
}
