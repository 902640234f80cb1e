package dev.quire.encodings.internal.compress;

import dev.quire.encodings.internal.runs.RunEndEncoder;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * {@code vortex.runend} for integers in runs: run ends and run values, each compressed again. Estimated only when
 * the sample's runs average at least {@value #MIN_AVERAGE_RUN} values; the run ends, being increasing and distinct,
 * are not tried with run-end or sparse again.
 */
public final class RunEndScheme extends IntegerScheme {
    public static final String ID = "int.runend";
    static final int MIN_AVERAGE_RUN = 4;
    private static final Set<String> NOT_FOR_ENDS = Set.of(ID, SparseScheme.ID);

    @Override
    public String id() {
        return ID;
    }

    @Override
    public int decodeCost() {
        return 2;
    }

    @Override
    public OptionalLong estimate(Array sample, CompressionContext ctx) {
        if (!applies(sample, ctx) || IntegerStats.of((PrimitiveArray) sample)
                .averageRunLength() < MIN_AVERAGE_RUN) {
            return OptionalLong.empty();
        }
        return super.estimate(sample, ctx);
    }

    @Override
    Optional<Array> compress(IntegerStats stats, CompressionContext ctx) {
        if (stats.runs() * 2L > stats.length()) {
            return Optional.empty();
        }
        return Optional.of(RunEndEncoder.encode(stats, e -> ctx.compress(e, NOT_FOR_ENDS), ctx::compress));
    }
}
