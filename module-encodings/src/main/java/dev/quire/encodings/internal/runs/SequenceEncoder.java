package dev.quire.encodings.internal.runs;

import dev.quire.encodings.internal.IntegerStats;
import dev.quire.encodings.internal.SourceBackedArray;
import dev.quire.encodings.internal.proto.SequenceMetadata;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.ScalarValues;
import com.google.protobuf.ByteString;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;

/**
 * Writes {@code vortex.sequence}: integers that are exactly {@code base + i * multiplier}, with no nulls and no
 * overflow of the value type, as the two numbers alone.
 */
public final class SequenceEncoder {
    private SequenceEncoder() {}

    /** The array as a sequence, or empty when it is not one (or has nulls, or fewer than two values). */
    public static Optional<SequenceArray> encode(IntegerStats stats) {
        int n = stats.length();
        if (n < 2 || stats.hasNulls()) {
            return Optional.empty();
        }
        long[] v = stats.values();
        PType ptype = stats.ptype();
        long base = v[0];
        long step = v[1] - v[0];
        long expected = base;
        for (int i = 0; i < n; i++) {
            if (v[i] != expected) {
                return Optional.empty();
            }
            expected += step;
        }
        // The decoder insists that the step, (n - 1) * step and the last value all fit the type.
        BigInteger bigStep = big(v[1], ptype).subtract(big(v[0], ptype));
        BigInteger product = bigStep.multiply(BigInteger.valueOf(n - 1L));
        if (!fits(bigStep, ptype) || !fits(product, ptype) || !fits(product.add(big(base, ptype)), ptype)) {
            return Optional.empty();
        }
        return Optional.of(new SequenceArray(stats.array(), base, step));
    }

    private static BigInteger big(long v, PType ptype) {
        return ptype == PType.U64 ? new BigInteger(Long.toUnsignedString(v)) : BigInteger.valueOf(v);
    }

    private static boolean fits(BigInteger v, PType ptype) {
        int bits = ptype.byteWidth() * 8;
        if (ptype.isUnsigned()) {
            return v.signum() >= 0 && v.bitLength() <= bits;
        }
        return v.bitLength() <= bits - 1;
    }

    /** A {@code vortex.sequence} array. */
    public static final class SequenceArray extends SourceBackedArray {
        private final long base;
        private final long multiplier;

        SequenceArray(PrimitiveArray source, long base, long multiplier) {
            super(source);
            this.base = base;
            this.multiplier = multiplier;
        }

        public long base() {
            return base;
        }

        public long multiplier() {
            return multiplier;
        }

        @Override
        public String encodingId() {
            return SequenceEncoding.ID;
        }

        @Override
        public EncodedArray serialize(ArrayEncoder encoder) {
            DType.Primitive valueType = new DType.Primitive(((DType.Primitive) dtype()).ptype(), false);
            byte[] meta = SequenceMetadata.newBuilder()
                    .setBase(ByteString.copyFrom(ScalarValues.encode(new Scalar(valueType, base))))
                    .setMultiplier(ByteString.copyFrom(ScalarValues.encode(new Scalar(valueType, multiplier))))
                    .build().toByteArray();
            return new EncodedArray(encodingId(), meta, List.of(), List.of());
        }
    }
}
