package dev.quire.encodings.internal.runs;

import com.google.protobuf.ByteString;
import dev.quire.encodings.internal.Buffers;
import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.WritesEncodedArrays;
import dev.quire.encodings.internal.proto.SequenceMetadata;
import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.spi.ScalarValues;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;

/**
 * {@code vortex.sequence}: the integers {@code base + i * multiplier}, no buffers and no children; never null. The
 * last value must be representable in the dtype (so no value overflows), as the reference checks.
 */
public final class SequenceEncoding implements WritesEncodedArrays {
    public static final String ID = "vortex.sequence";

    @Override
    public String id() {
        return ID;
    }


    @Override
    public Array decode(ArrayParts parts) {
        DType.Primitive dtype = EncodingParts.integerDType(parts);
        SequenceMetadata meta = EncodingParts.parse(parts, SequenceMetadata.parser(), "sequence");
        EncodingParts.requireBuffers(parts, 0);
        EncodingParts.requireChildren(parts, 0, 0);
        long length = parts.length();
        if (length <= 0) {
            throw parts.malformed("a sequence must have at least one value");
        }
        PType ptype = dtype.ptype();
        long base = scalar(parts, meta.hasBase(), meta.getBase(), ptype, "base");
        long multiplier = scalar(parts, meta.hasMultiplier(), meta.getMultiplier(), ptype, "multiplier");
        BigInteger steps = BigInteger.valueOf(length - 1);
        BigInteger product = steps.multiply(big(multiplier, ptype));
        BigInteger last = product.add(big(base, ptype));
        if (!fits(steps, ptype) || !fits(product, ptype) || !fits(last, ptype)) {
            throw parts.malformed("sequence " + big(base, ptype) + " + i * " + big(multiplier, ptype) + " over "
                    + length + " values overflows " + ptype.displayName());
        }
        int n = Buffers.checkedLength(parts, length, "a sequence");
        // kept as a sequence: a consumer reads blocks, takes rows or filters without the values being written
        return new SequenceArray(dtype, base, multiplier, n);
    }

    private static long scalar(ArrayParts parts, boolean present, ByteString bytes, PType ptype, String what) {
        if (!present) {
            throw parts.malformed("sequence " + what + " is missing");
        }
        Scalar s;
        try {
            s = ScalarValues.decode(bytes.asReadOnlyByteBuffer(), new DType.Primitive(ptype, false));
        } catch (MalformedFileException e) {
            throw parts.malformed("invalid sequence " + what + ": " + e.getMessage());
        }
        return (Long) s.value();
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

    /** The values, computed by repeated addition in the value width (exact, as nothing overflows). */
    static MemorySegment generate(PType ptype, int n, long base, long multiplier) {
        switch (ptype.byteWidth()) {
            case 1 -> {
                byte[] out = new byte[n];
                byte v = (byte) base;
                byte m = (byte) multiplier;
                for (int i = 0; i < n; i++) {
                    out[i] = v;
                    v += m;
                }
                return MemorySegment.ofArray(out);
            }
            case 2 -> {
                short[] out = new short[n];
                short v = (short) base;
                short m = (short) multiplier;
                for (int i = 0; i < n; i++) {
                    out[i] = v;
                    v += m;
                }
                return MemorySegment.ofArray(out);
            }
            case 4 -> {
                int[] out = new int[n];
                int v = (int) base;
                int m = (int) multiplier;
                for (int i = 0; i < n; i++) {
                    out[i] = v;
                    v += m;
                }
                return MemorySegment.ofArray(out);
            }
            default -> {
                long[] out = new long[n];
                for (int i = 0; i < n; i++) {
                    out[i] = base + i * multiplier;
                }
                return MemorySegment.ofArray(out);
            }
        }
    }
}
