package dev.quire.encodings.internal.runs;

import dev.quire.encodings.internal.Buffers;
import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.WritesEncodedArrays;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code vortex.zigzag}: signed integers mapped to unsigned ones ({@code 0, -1, 1, -2, ...} to {@code 0, 1, 2, 3,
 * ...}); empty metadata, one child of the unsigned type of the same width and nullability, whose validity is kept.
 */
public final class ZigZagEncoding implements WritesEncodedArrays {
    public static final String ID = "vortex.zigzag";

    @Override
    public String id() {
        return ID;
    }


    @Override
    public Array decode(ArrayParts parts) {
        DType.Primitive dtype = EncodingParts.integerDType(parts);
        if (!dtype.ptype().isSigned()) {
            throw parts.malformed("zigzag decodes to signed integers, not " + dtype.ptype().displayName());
        }
        if (parts.metadata().hasRemaining()) {
            throw parts.malformed("expected empty metadata, got " + parts.metadata().remaining() + " bytes");
        }
        EncodingParts.requireBuffers(parts, 0);
        EncodingParts.requireChildren(parts, 1, 1);
        PType unsigned = switch (dtype.ptype()) {
            case I8 -> PType.U8;
            case I16 -> PType.U16;
            case I32 -> PType.U32;
            default -> PType.U64;
        };
        PrimitiveArray encoded = EncodingParts.primitiveChild(parts, 0,
                new DType.Primitive(unsigned, dtype.nullable()), parts.length());
        int n = Buffers.checkedLength(parts, parts.length(), "a zigzag array");
        return new PrimitiveArray(dtype, decode(encoded.values(), dtype.ptype().byteWidth(), n), encoded.validity());
    }

    private static MemorySegment decode(MemorySegment src, int width, int n) {
        switch (width) {
            case 1 -> {
                byte[] out = new byte[n];
                for (int i = 0; i < n; i++) {
                    int v = src.get(ValueLayout.JAVA_BYTE, i) & 0xFF;
                    out[i] = (byte) ((v >>> 1) ^ -(v & 1));
                }
                return MemorySegment.ofArray(out);
            }
            case 2 -> {
                short[] out = new short[n];
                for (int i = 0; i < n; i++) {
                    int v = src.get(LittleEndian.SHORT, (long) i << 1) & 0xFFFF;
                    out[i] = (short) ((v >>> 1) ^ -(v & 1));
                }
                return MemorySegment.ofArray(out);
            }
            case 4 -> {
                int[] out = new int[n];
                for (int i = 0; i < n; i++) {
                    int v = src.get(LittleEndian.INT, (long) i << 2);
                    out[i] = (v >>> 1) ^ -(v & 1);
                }
                return MemorySegment.ofArray(out);
            }
            default -> {
                long[] out = new long[n];
                for (int i = 0; i < n; i++) {
                    long v = src.get(LittleEndian.LONG, (long) i << 3);
                    out[i] = (v >>> 1) ^ -(v & 1);
                }
                return MemorySegment.ofArray(out);
            }
        }
    }
}
