package dev.quire.encodings.internal.compress;

import dev.quire.encodings.internal.IntegerStats;
import dev.quire.encodings.internal.Ints;
import dev.quire.encodings.internal.logical.MaskedEncoder;
import dev.quire.encodings.internal.runs.RunEndEncoder;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import java.util.Optional;
import java.util.Set;

/**
 * {@code vortex.runend} for integers in runs: run ends and run values, each compressed again. Tried only when
 * the chunk's runs average at least {@value #MIN_AVERAGE_RUN} values; the run ends, being increasing and distinct,
 * are not tried with run-end or sparse again. Nulls would cut runs, so an array with nulls is written as
 * {@code vortex.masked} over the runs of its values with each null taking the value before it.
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
    boolean applies(IntegerStats stats, CompressionContext ctx) {
        // Judged on the whole array, as the reference does: a sample's runs are cut at its own edges.
        IntegerStats runs = stats.hasNulls() ? IntegerStats.of(filled(stats)) : stats;
        return runs.averageRunLength() >= MIN_AVERAGE_RUN;
    }

    @Override
    Optional<Array> compress(IntegerStats stats, CompressionContext ctx) {
        if (!stats.hasNulls()) {
            return runs(stats, ctx).map(a -> a);
        }
        PrimitiveArray source = stats.array();
        return runs(IntegerStats.of(filled(stats)), ctx)
                .map(values -> MaskedEncoder.wrap(source, values, source.validity()));
    }

    private static Optional<RunEndEncoder.RunEndArray> runs(IntegerStats stats, CompressionContext ctx) {
        if (stats.runs() * 2L > stats.length()) {
            return Optional.empty();
        }
        return Optional.of(RunEndEncoder.encode(stats, e -> ctx.compress(e, NOT_FOR_ENDS), ctx::compress));
    }

    /**
     * The values of {@code stats}' array as a non-nullable array in which each null takes the value before it (the
     * first valid value for leading nulls), so nulls do not cut runs. The array itself when it has no nulls.
     */
    static PrimitiveArray filled(IntegerStats stats) {
        PrimitiveArray a = stats.array();
        if (!stats.hasNulls()) {
            return a;
        }
        long[] v = stats.values();
        long[] out = new long[v.length];
        long last = 0;
        boolean seen = false;
        for (int i = 0; i < v.length; i++) {
            if (stats.isValid(i)) {
                last = v[i];
                if (!seen) {
                    java.util.Arrays.fill(out, 0, i, last);
                    seen = true;
                }
            }
            out[i] = last;
        }
        return Ints.array(new DType.Primitive(a.ptype(), false), out, out.length, Validity.NON_NULLABLE);
    }
}
