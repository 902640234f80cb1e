package dev.quire.encodings.internal.logical;

import dev.quire.encodings.internal.Ints;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Optional;

/**
 * Encodes decimals as {@code vortex.decimal_byte_parts}: the unscaled values narrowed to the smallest signed integer
 * type (i8 to i64) that holds every valid value, as the reference narrows them; null positions hold 0. Decimals whose
 * values need more than 64 bits are not encoded (the reference writes no lower parts either).
 */
public final class DecimalBytePartsEncoder {
    private DecimalBytePartsEncoder() {}

    /** The encoded array, or empty when some valid value does not fit in 64 bits. */
    public static Optional<DecimalBytePartsArray> encode(DecimalArray values) {
        if (values.length() > Integer.MAX_VALUE - 8) {
            throw new InvalidArgumentException("decimal byte parts encode at most " + (Integer.MAX_VALUE - 8)
                    + " values at once");
        }
        int n = (int) values.length();
        Validity validity = values.validity();
        boolean allValid = values.nullCount() == 0;
        long[] unscaled = new long[n];
        MemorySegment s = values.values();
        int w = values.valueWidth();
        if (w == 16) {
            // The low and high words of every value in one bulk copy; the high word must be the low one's sign.
            long[] words = new long[2 * n];
            MemorySegment.copy(s, LittleEndian.LONG, 0, words, 0, 2 * n);
            for (int i = 0; i < n; i++) {
                if ((allValid || validity.isValid(i)) && words[2 * i + 1] != words[2 * i] >> 63) {
                    return Optional.empty();
                }
                unscaled[i] = words[2 * i];
            }
        } else if (w == 8) {
            MemorySegment.copy(s, LittleEndian.LONG, 0, unscaled, 0, n);
        } else {
            for (int i = 0; i < n; i++) {
                long base = (long) i * w;
                if (w > 8 && (allValid || validity.isValid(i)) && !fits64(s, base, w)) {
                    return Optional.empty();
                }
                unscaled[i] = switch (w) {
                    case 1 -> s.get(ValueLayout.JAVA_BYTE, base);
                    case 2 -> s.get(LittleEndian.SHORT, base);
                    case 4 -> s.get(LittleEndian.INT, base);
                    default -> s.get(LittleEndian.LONG, base);
                };
            }
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            if (!allValid && !validity.isValid(i)) {
                unscaled[i] = 0; // null slots are written as zero
                continue;
            }
            min = Math.min(min, unscaled[i]);
            max = Math.max(max, unscaled[i]);
        }
        PType ptype = min > max ? PType.I8 : signedFor(min, max);
        MemorySegment out = Ints.narrow(ptype, unscaled, n);
        PrimitiveArray msp = new PrimitiveArray(new DType.Primitive(ptype, values.dtype().nullable()), out, validity);
        return Optional.of(new DecimalBytePartsArray(values, msp));
    }

    /** Whether the {@code w}-byte value at {@code base} ({@code w > 8}) is its low 64 bits sign-extended. */
    private static boolean fits64(MemorySegment s, long base, int w) {
        long sign = s.get(LittleEndian.LONG, base) >> 63;
        for (long at = base + 8; at < base + w; at += 8) {
            if (s.get(LittleEndian.LONG, at) != sign) {
                return false;
            }
        }
        return true;
    }

    private static PType signedFor(long min, long max) {
        if (min >= Byte.MIN_VALUE && max <= Byte.MAX_VALUE) {
            return PType.I8;
        }
        if (min >= Short.MIN_VALUE && max <= Short.MAX_VALUE) {
            return PType.I16;
        }
        if (min >= Integer.MIN_VALUE && max <= Integer.MAX_VALUE) {
            return PType.I32;
        }
        return PType.I64;
    }
}
