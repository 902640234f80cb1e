package dev.quire.encodings.internal.fastlanes;

import dev.quire.encodings.internal.Buffers;
import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.WritesEncodedArrays;
import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.spi.ScalarValues;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code fastlanes.for}: integers stored as their difference from a reference (the metadata, a raw ScalarValue); one
 * child of the same dtype, whose validity is the array's. Values are {@code encoded + reference}, wrapping.
 */
public final class FrameOfReferenceEncoding implements WritesEncodedArrays {
    public static final String ID = "fastlanes.for";

    @Override
    public String id() {
        return ID;
    }


    @Override
    public Array decode(ArrayParts parts) {
        DType.Primitive dtype = EncodingParts.integerDType(parts);
        EncodingParts.requireBuffers(parts, 0);
        EncodingParts.requireChildren(parts, 1, 1);
        Scalar reference;
        try {
            reference = ScalarValues.decode(parts.metadata(), dtype);
        } catch (MalformedFileException e) {
            throw parts.malformed("invalid frame-of-reference reference: " + e.getMessage());
        }
        if (reference.isNull()) {
            throw parts.malformed("frame-of-reference reference is null");
        }
        long ref = (Long) reference.value();
        Array child = parts.child(0, dtype, parts.length());
        if (child instanceof PackedArray packed && packed.reference() == 0 && packed.dtype().equals(dtype)
                && packed.length() == parts.length()) {
            // Bit-packed codes: the reference is added while unpacking, or filters compare codes.
            return ref == 0 ? packed : packed.withReference(ref);
        }
        PrimitiveArray encoded = EncodingParts.primitiveChild(parts, 0, dtype, parts.length());
        if (ref == 0) {
            return encoded;
        }
        int n = Buffers.checkedLength(parts, parts.length(), "a frame-of-reference array");
        return new PrimitiveArray(dtype, addReference(encoded.values(), dtype.ptype().byteWidth(), n, ref),
                encoded.validity());
    }

    /** {@code n} values of {@code width} bytes from {@code src}, each plus {@code ref}, wrapping; one loop per width. */
    static MemorySegment addReference(MemorySegment src, int width, int n, long ref) {
        switch (width) {
            case 1 -> {
                byte[] out = new byte[n];
                MemorySegment.copy(src, ValueLayout.JAVA_BYTE, 0, out, 0, n);
                byte r = (byte) ref;
                for (int i = 0; i < n; i++) {
                    out[i] += r;
                }
                return MemorySegment.ofArray(out);
            }
            case 2 -> {
                short[] out = new short[n];
                MemorySegment.copy(src, LittleEndian.SHORT, 0, out, 0, n);
                short r = (short) ref;
                for (int i = 0; i < n; i++) {
                    out[i] += r;
                }
                return MemorySegment.ofArray(out);
            }
            case 4 -> {
                int[] out = new int[n];
                MemorySegment.copy(src, LittleEndian.INT, 0, out, 0, n);
                int r = (int) ref;
                for (int i = 0; i < n; i++) {
                    out[i] += r;
                }
                return MemorySegment.ofArray(out);
            }
            default -> {
                long[] out = new long[n];
                MemorySegment.copy(src, LittleEndian.LONG, 0, out, 0, n);
                for (int i = 0; i < n; i++) {
                    out[i] += ref;
                }
                return MemorySegment.ofArray(out);
            }
        }
    }
}
