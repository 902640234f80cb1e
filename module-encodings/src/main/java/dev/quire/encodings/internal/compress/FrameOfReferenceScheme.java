package dev.quire.encodings.internal.compress;

import dev.quire.encodings.internal.IntegerStats;
import dev.quire.encodings.internal.Ints;
import dev.quire.encodings.internal.fastlanes.BitPackedEncoder;
import dev.quire.encodings.internal.fastlanes.FrameOfReferenceEncoder;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import java.util.Optional;

/**
 * {@code fastlanes.for} over {@code fastlanes.bitpacked}: integers minus their minimum, bit-packed at once. Tried only
 * when it narrows the values: the minimum is not zero, and the range needs fewer bits than the largest value.
 */
public final class FrameOfReferenceScheme extends IntegerScheme {
    public static final String ID = "int.for";

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
        return narrows(stats);
    }

    private static boolean narrows(IntegerStats stats) {
        if (stats.validCount() == 0 || stats.min() == 0) {
            return false;
        }
        int rangeBits = Ints.bitWidth(stats.max() - stats.min());
        if (rangeBits == 0) {
            return false; // constant
        }
        return stats.hasNegatives() || rangeBits < Ints.bitWidth(stats.max());
    }

    @Override
    Optional<Array> compress(IntegerStats stats, CompressionContext ctx) {
        if (!narrows(stats)) {
            return Optional.empty();
        }
        PrimitiveArray residuals = FrameOfReferenceEncoder.residuals(stats);
        Optional<BitPackedEncoder.PackedArray> packed = BitPackedEncoder.encode(IntegerStats.of(residuals));
        if (packed.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(FrameOfReferenceEncoder.of(stats, packed.get()));
    }
}
