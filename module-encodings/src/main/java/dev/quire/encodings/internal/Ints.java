package dev.quire.encodings.internal;

import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Integer helpers for the encoders: values widened to {@code long} (sign-extended for signed types, zero-extended
 * for unsigned ones, a {@code u64} keeping its bits) and back to the bytes of a ptype.
 */
public final class Ints {
    private Ints() {}

    /** Every value of {@code a}, widened; nulls keep whatever bits they hold. */
    public static long[] widen(PrimitiveArray a) {
        int n = Math.toIntExact(a.length());
        long[] out = new long[n];
        MemorySegment s = a.values();
        // One bulk copy into a Java array, then a plain widening loop: far cheaper than a checked segment read per
        // value.
        switch (a.ptype()) {
            case I8, U8 -> {
                byte[] v = new byte[n];
                MemorySegment.copy(s, ValueLayout.JAVA_BYTE, 0, v, 0, n);
                long m = a.ptype() == PType.U8 ? 0xFFL : -1L;
                for (int i = 0; i < n; i++) {
                    out[i] = v[i] & m;
                }
            }
            case I16, U16 -> {
                short[] v = new short[n];
                MemorySegment.copy(s, LittleEndian.SHORT, 0, v, 0, n);
                long m = a.ptype() == PType.U16 ? 0xFFFFL : -1L;
                for (int i = 0; i < n; i++) {
                    out[i] = v[i] & m;
                }
            }
            case I32, U32 -> {
                int[] v = new int[n];
                MemorySegment.copy(s, LittleEndian.INT, 0, v, 0, n);
                long m = a.ptype() == PType.U32 ? 0xFFFF_FFFFL : -1L;
                for (int i = 0; i < n; i++) {
                    out[i] = v[i] & m;
                }
            }
            default -> MemorySegment.copy(s, LittleEndian.LONG, 0, out, 0, n);
        }
        return out;
    }

    /** The low bits of {@code values[0, n)} as a little-endian buffer of {@code ptype}. */
    public static MemorySegment narrow(PType ptype, long[] values, int n) {
        switch (ptype.byteWidth()) {
            case 1 -> {
                byte[] out = new byte[n];
                for (int i = 0; i < n; i++) {
                    out[i] = (byte) values[i];
                }
                return MemorySegment.ofArray(out);
            }
            case 2 -> {
                short[] out = new short[n];
                for (int i = 0; i < n; i++) {
                    out[i] = (short) values[i];
                }
                return MemorySegment.ofArray(out);
            }
            case 4 -> {
                int[] out = new int[n];
                for (int i = 0; i < n; i++) {
                    out[i] = (int) values[i];
                }
                return MemorySegment.ofArray(out);
            }
            default -> {
                long[] out = new long[n];
                System.arraycopy(values, 0, out, 0, n);
                return MemorySegment.ofArray(out);
            }
        }
    }

    /** A primitive array of {@code dtype} holding the low bits of {@code values[0, n)}. */
    public static PrimitiveArray array(DType.Primitive dtype, long[] values, int n, Validity validity) {
        return new PrimitiveArray(dtype, narrow(dtype.ptype(), values, n), validity);
    }

    /** The narrowest unsigned type holding every value in {@code [0, max]}. */
    public static PType unsignedFor(long max) {
        if (max < 0) {
            return PType.U64;
        }
        if (max <= 0xFFL) {
            return PType.U8;
        }
        if (max <= 0xFFFFL) {
            return PType.U16;
        }
        return max <= 0xFFFF_FFFFL ? PType.U32 : PType.U64;
    }

    /** The number of bits {@code v}, read as unsigned, needs: 0 for 0, 64 for a negative long. */
    public static int bitWidth(long v) {
        return 64 - Long.numberOfLeadingZeros(v);
    }

    /** The unsigned type of the same width as {@code ptype}. */
    public static PType unsignedOf(PType ptype) {
        return switch (ptype.byteWidth()) {
            case 1 -> PType.U8;
            case 2 -> PType.U16;
            case 4 -> PType.U32;
            default -> PType.U64;
        };
    }

    /** Whether {@code v} (widened) fits {@code ptype}. */
    public static boolean fits(long v, PType ptype) {
        int bits = ptype.byteWidth() * 8;
        if (bits == 64) {
            return true;
        }
        if (ptype.isUnsigned()) {
            return v >= 0 && v < (1L << bits);
        }
        return v >= -(1L << (bits - 1)) && v < (1L << (bits - 1));
    }
}
