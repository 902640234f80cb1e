package dev.quire.encodings.internal.runs;

import dev.quire.encodings.internal.IntegerStats;
import dev.quire.encodings.internal.Ints;
import dev.quire.encodings.internal.SourceBackedArray;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.EncodedArray;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Writes {@code vortex.zigzag}: signed integers mapped to unsigned ones of the same width ({@code 0, -1, 1, -2, ...}
 * to {@code 0, 1, 2, 3, ...}), so values near zero of either sign bit-pack narrowly.
 */
public final class ZigZagEncoder {
    private ZigZagEncoder() {}

    /** The zigzag-encoded values of a signed array (nulls zero), unsigned of the same width, same validity. */
    public static PrimitiveArray encoded(IntegerStats stats) {
        long[] v = stats.values();
        int bits = stats.ptype().byteWidth() * 8;
        long mask = bits == 64 ? -1L : (1L << bits) - 1;
        long[] out = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = stats.isValid(i) ? ((v[i] << 1) ^ (v[i] >> 63)) & mask : 0;
        }
        PrimitiveArray a = stats.array();
        return Ints.array(new DType.Primitive(Ints.unsignedOf(a.ptype()), a.dtype().nullable()), out, out.length,
                a.validity());
    }

    /** The array zigzag-encoded, the unsigned values encoded further by {@code child}. */
    public static ZigZagArray encode(IntegerStats stats, UnaryOperator<Array> child) {
        return new ZigZagArray(stats.array(), child.apply(encoded(stats)));
    }

    /** A {@code vortex.zigzag} array. */
    public static final class ZigZagArray extends SourceBackedArray {
        private final Array encoded;

        ZigZagArray(Array source, Array encoded) {
            super(source);
            this.encoded = encoded;
        }

        public Array encoded() {
            return encoded;
        }

        @Override
        public String encodingId() {
            return ZigZagEncoding.ID;
        }

        @Override
        public EncodedArray serialize(ArrayEncoder encoder) {
            return new EncodedArray(encodingId(), new byte[0], List.of(), List.of(encoder.encode(encoded)));
        }
    }
}
