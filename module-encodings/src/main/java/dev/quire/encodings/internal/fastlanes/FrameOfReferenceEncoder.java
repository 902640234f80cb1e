package dev.quire.encodings.internal.fastlanes;

import dev.quire.encodings.internal.IntegerStats;
import dev.quire.encodings.internal.Ints;
import dev.quire.encodings.internal.SourceBackedArray;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.ScalarValues;
import java.util.List;

/**
 * Writes {@code fastlanes.for}: integers as their (wrapping) difference from the smallest valid value, so the
 * residuals start at zero and bit-pack narrowly.
 */
public final class FrameOfReferenceEncoder {
    private FrameOfReferenceEncoder() {}

    /** The residuals {@code value - min} of {@code stats}' array (nulls zero), same dtype and validity. */
    public static PrimitiveArray residuals(IntegerStats stats) {
        long[] v = stats.values();
        long min = stats.min();
        long[] out = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = stats.isValid(i) ? v[i] - min : 0;
        }
        PrimitiveArray a = stats.array();
        return Ints.array(a.dtype(), out, out.length, a.validity());
    }

    /**
     * The array as a frame of reference around its minimum, with its {@link #residuals} already encoded (same dtype,
     * length and validity).
     */
    public static ForArray of(IntegerStats stats, Array encodedResiduals) {
        return new ForArray(stats.array(), stats.min(), encodedResiduals);
    }

    /** A {@code fastlanes.for} array: a reference and the encoded residuals. */
    public static final class ForArray extends SourceBackedArray {
        private final long reference;
        private final Array encoded;

        ForArray(PrimitiveArray source, long reference, Array encoded) {
            super(source);
            this.reference = reference;
            this.encoded = encoded;
        }

        public long reference() {
            return reference;
        }

        public Array encoded() {
            return encoded;
        }

        @Override
        public String encodingId() {
            return FrameOfReferenceEncoding.ID;
        }

        @Override
        public EncodedArray serialize(ArrayEncoder encoder) {
            DType.Primitive dtype = (DType.Primitive) dtype();
            byte[] meta = ScalarValues.encode(new Scalar(new DType.Primitive(dtype.ptype(), false), reference));
            return new EncodedArray(encodingId(), meta, List.of(), List.of(encoder.encode(encoded)));
        }
    }
}
