package dev.quire.encodings.internal;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Integer children (offsets, lengths, date-time parts) widened to {@code long[]}, whatever their width and whether
 * they arrive canonical or constant. One loop per primitive type keeps each call site monotonic.
 */
public final class IntegerChildren {
    private IntegerChildren() {}

    /**
     * Decodes child {@code index} as {@code length} integers of {@code ptype} (non-nullable) and widens them: signed
     * types sign-extend, unsigned ones zero-extend (a {@code u64} above {@link Long#MAX_VALUE} comes out negative,
     * which callers reject as they would any negative count).
     */
    public static long[] widened(ArrayParts parts, int index, PType ptype, long length, String what) {
        if (!ptype.isInteger()) {
            throw parts.malformed(what + " must have an integer type, got " + ptype.displayName());
        }
        checkLength(parts, length, what);
        Array child = parts.child(index, new DType.Primitive(ptype, false), length);
        return widened(child, ptype);
    }

    /** Fails unless {@code length} values fit in one Java array. */
    public static void checkLength(ArrayParts parts, long length, String what) {
        if (length < 0 || length > EncodingParts.MAX_ARRAY_LENGTH) {
            throw parts.malformed(what + ": " + length + " values do not fit in one decoded buffer");
        }
    }

    /** Widens an integer array that was checked to be {@code ptype}, without looking at its validity. */
    public static long[] widened(Array array, PType ptype) {
        int n = Math.toIntExact(array.length());
        long[] out = new long[n];
        if (array instanceof ConstantArray c) {
            long v = c.scalar().isNull() ? 0 : c.scalar().asLong();
            java.util.Arrays.fill(out, v);
            return out;
        }
        MemorySegment values = ((PrimitiveArray) array.toCanonical()).values();
        switch (ptype) {
            case I8 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = values.get(ValueLayout.JAVA_BYTE, i);
                }
            }
            case U8 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = values.get(ValueLayout.JAVA_BYTE, i) & 0xFFL;
                }
            }
            case I16 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = values.get(LittleEndian.SHORT, (long) i << 1);
                }
            }
            case U16 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = values.get(LittleEndian.SHORT, (long) i << 1) & 0xFFFFL;
                }
            }
            case I32 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = values.get(LittleEndian.INT, (long) i << 2);
                }
            }
            case U32 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = values.get(LittleEndian.INT, (long) i << 2) & 0xFFFF_FFFFL;
                }
            }
            case I64, U64 -> MemorySegment.copy(values, LittleEndian.LONG, 0, out, 0, n);
            default -> throw new IllegalArgumentException("not an integer type: " + ptype);
        }
        return out;
    }
}
