package dev.quire.encodings.internal;

import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Stores integers in the narrowest type that holds every valid value, as the reference narrows the parts it splits
 * off (lengths, offsets, days, seconds): unsigned u8/u16/u32 when no value is negative, signed i8/i16/i32 otherwise,
 * and {@code wide} when nothing narrower fits. Null positions are written as 0.
 */
public final class NarrowIntegers {
    private NarrowIntegers() {}

    /** The narrowest type for values in {@code [min, max]}, or {@code wide}. */
    public static PType narrowest(long min, long max, PType wide) {
        if (min < 0) {
            if (min >= Byte.MIN_VALUE && max <= Byte.MAX_VALUE) {
                return PType.I8;
            }
            if (min >= Short.MIN_VALUE && max <= Short.MAX_VALUE) {
                return PType.I16;
            }
            if (min >= Integer.MIN_VALUE && max <= Integer.MAX_VALUE) {
                return PType.I32;
            }
            return wide;
        }
        if (max <= 0xFF) {
            return PType.U8;
        }
        if (max <= 0xFFFF) {
            return PType.U16;
        }
        if (max <= 0xFFFF_FFFFL) {
            return PType.U32;
        }
        return wide;
    }

    /**
     * {@code values} in the narrowest type (see the class comment), with {@code validity}; {@code nullable} is the
     * nullability of the result's dtype.
     */
    public static PrimitiveArray narrow(long[] values, Validity validity, boolean nullable, PType wide) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        boolean allValid = validity.nullCount(values.length) == 0;
        for (int i = 0; i < values.length; i++) {
            if (allValid || validity.isValid(i)) {
                min = Math.min(min, values[i]);
                max = Math.max(max, values[i]);
            }
        }
        PType ptype = min > max ? PType.U8 : narrowest(min, max, wide);
        return of(values, validity, nullable, ptype, allValid);
    }

    /** {@code values} written as {@code ptype}, truncating; nulls become 0. */
    public static PrimitiveArray of(long[] values, Validity validity, boolean nullable, PType ptype,
            boolean allValid) {
        int n = values.length;
        MemorySegment out = HeapBytes.zeroed(n, ptype.byteWidth());
        switch (ptype.byteWidth()) {
            case 1 -> {
                for (int i = 0; i < n; i++) {
                    out.set(ValueLayout.JAVA_BYTE, i, (byte) valueAt(values, validity, allValid, i));
                }
            }
            case 2 -> {
                for (int i = 0; i < n; i++) {
                    out.set(LittleEndian.SHORT, (long) i << 1, (short) valueAt(values, validity, allValid, i));
                }
            }
            case 4 -> {
                for (int i = 0; i < n; i++) {
                    out.set(LittleEndian.INT, (long) i << 2, (int) valueAt(values, validity, allValid, i));
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    out.set(LittleEndian.LONG, (long) i << 3, valueAt(values, validity, allValid, i));
                }
            }
        }
        return new PrimitiveArray(new DType.Primitive(ptype, nullable), out, validity);
    }

    private static long valueAt(long[] values, Validity validity, boolean allValid, int i) {
        return allValid || validity.isValid(i) ? values[i] : 0;
    }
}
