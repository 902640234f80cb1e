package dev.quire.encodings.internal.compress;

import dev.quire.encodings.internal.IntegerStats;
import dev.quire.encodings.internal.fastlanes.BitPackedEncoder;
import dev.quire.layout.array.Array;
import java.util.Optional;

/**
 * {@code fastlanes.bitpacked} for non-negative integers: each value in the bit width that makes the array smallest,
 * the few values that need more as patches.
 */
public final class BitPackingScheme extends IntegerScheme {
    public static final String ID = "int.bitpacked";

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
        return !stats.hasNegatives();
    }

    @Override
    Optional<Array> compress(IntegerStats stats, CompressionContext ctx) {
        return BitPackedEncoder.encode(stats).map(a -> a);
    }
}
