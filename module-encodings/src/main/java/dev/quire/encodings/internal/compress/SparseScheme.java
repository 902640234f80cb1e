package dev.quire.encodings.internal.compress;

import dev.quire.encodings.internal.IntegerStats;
import dev.quire.encodings.internal.runs.SparseEncoder;
import dev.quire.layout.array.Array;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * {@code vortex.sparse} for integers dominated by one value or by nulls: when more than
 * {@value #DOMINANT_PERCENT}% of the values are null the fill is null, else when one value makes up more than that
 * share of the valid values it is the fill; the other positions are patches, whose values are compressed again.
 */
public final class SparseScheme extends IntegerScheme {
    public static final String ID = "int.sparse";
    static final int DOMINANT_PERCENT = 90;
    private static final Set<String> NOT_FOR_INDICES = Set.of(ID, RunEndScheme.ID);

    @Override
    public String id() {
        return ID;
    }

    @Override
    public int decodeCost() {
        return 2;
    }

    @Override
    Optional<Array> compress(IntegerStats stats, CompressionContext ctx) {
        Optional<OptionalLong> fill = fill(stats);
        if (fill.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(SparseEncoder.encode(stats, fill.get(), i -> ctx.compress(i, NOT_FOR_INDICES),
                ctx::compress));
    }

    /**
     * The fill value: an empty {@code OptionalLong} for null, the dominant value otherwise; empty when no value
     * dominates or nothing would be left to patch.
     */
    static Optional<OptionalLong> fill(IntegerStats stats) {
        int n = stats.length();
        int valid = stats.validCount();
        if (valid == 0 || n == 0) {
            return Optional.empty();
        }
        if ((long) (n - valid) * 100 > (long) n * DOMINANT_PERCENT) {
            return Optional.of(OptionalLong.empty());
        }
        // A value held by more than 90% of the valid values is the majority: one Boyer-Moore pass finds it.
        long[] v = stats.values();
        long candidate = 0;
        int votes = 0;
        for (int i = 0; i < n; i++) {
            if (!stats.isValid(i)) {
                continue;
            }
            if (votes == 0) {
                candidate = v[i];
                votes = 1;
            } else if (v[i] == candidate) {
                votes++;
            } else {
                votes--;
            }
        }
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (stats.isValid(i) && v[i] == candidate) {
                count++;
            }
        }
        if ((long) count * 100 <= (long) valid * DOMINANT_PERCENT || count == n) {
            return Optional.empty();
        }
        return Optional.of(OptionalLong.of(candidate));
    }
}
