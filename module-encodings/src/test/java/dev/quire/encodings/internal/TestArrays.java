package dev.quire.encodings.internal;

import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Builders of canonical arrays from plain Java values, for hand-built test nodes. */
public final class TestArrays {
    private TestArrays() {}

    /** Raw little-endian bytes of {@code values} truncated to {@code ptype}'s width. */
    public static MemorySegment bytes(PType ptype, long... values) {
        int w = ptype.byteWidth();
        MemorySegment s = MemorySegment.ofArray(new byte[values.length * w]);
        for (int i = 0; i < values.length; i++) {
            put(s, w, i, values[i]);
        }
        return s;
    }

    static void put(MemorySegment s, int width, long i, long v) {
        switch (width) {
            case 1 -> s.set(ValueLayout.JAVA_BYTE, i, (byte) v);
            case 2 -> s.set(LittleEndian.SHORT, i * 2, (short) v);
            case 4 -> s.set(LittleEndian.INT, i * 4, (int) v);
            default -> s.set(LittleEndian.LONG, i * 8, v);
        }
    }

    /** A non-nullable array of {@code ptype} holding the low bits of {@code values}. */
    public static PrimitiveArray primitive(PType ptype, long... values) {
        return new PrimitiveArray(new DType.Primitive(ptype, false), bytes(ptype, values), Validity.NON_NULLABLE);
    }

    /** A nullable array of {@code ptype}; {@code valid[i]} false makes value {@code i} null. */
    public static PrimitiveArray nullable(PType ptype, long[] values, boolean[] valid) {
        return new PrimitiveArray(new DType.Primitive(ptype, true), bytes(ptype, values), mask(valid));
    }

    public static Validity.Mask mask(boolean... valid) {
        byte[] bits = new byte[(valid.length + 7) / 8];
        for (int i = 0; i < valid.length; i++) {
            if (valid[i]) {
                bits[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        return new Validity.Mask(BitBuffer.ofBytes(bits, valid.length));
    }

    /** The raw bits of value {@code i} of {@code a}, zero-extended for unsigned types, sign-extended otherwise. */
    public static long raw(PrimitiveArray a, long i) {
        return switch (a.ptype().byteWidth()) {
            case 1 -> a.ptype().isUnsigned() ? a.getByte(i) & 0xFFL : a.getByte(i);
            case 2 -> a.ptype().isUnsigned() ? a.getShort(i) & 0xFFFFL : a.getShort(i);
            case 4 -> a.ptype().isUnsigned() ? a.getInt(i) & 0xFFFFFFFFL : a.getInt(i);
            default -> a.getLong(i);
        };
    }
}
