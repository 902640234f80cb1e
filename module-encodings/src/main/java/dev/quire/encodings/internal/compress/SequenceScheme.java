package dev.quire.encodings.internal.compress;

import dev.quire.encodings.internal.IntegerStats;
import dev.quire.encodings.internal.runs.SequenceEncoder;
import dev.quire.layout.array.Array;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code vortex.sequence} for integers that are exactly {@code base + i * step}: two numbers for the whole array.
 * Tested on the whole array, never on a sample (a sample of a sequence is not one), so it is not tried inside
 * estimates.
 */
public final class SequenceScheme extends IntegerScheme {
    public static final String ID = "int.sequence";
    /** What a sequence costs to store: its two scalars. */
    private static final long SIZE = 16;

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
        return !ctx.sampling() && SequenceEncoder.encode(stats).isPresent();
    }

    @Override
    public OptionalLong estimate(Array sample, CompressionContext ctx) {
        // applies() has checked the whole array.
        return OptionalLong.of(SIZE);
    }

    @Override
    Optional<Array> compress(IntegerStats stats, CompressionContext ctx) {
        return SequenceEncoder.encode(stats).map(a -> a);
    }
}
