package dev.quire.encodings.internal;

import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Allocation of decoded primitive values. Decoded buffers live in Java arrays of the value width (so the JIT sees
 * plain array loops), viewed as heap segments, which the canonical arrays read as they read file bytes.
 */
public final class Buffers {
    private Buffers() {}

    /** Checks that {@code length} values fit in one Java array before anything is allocated. */
    public static int checkedLength(ArrayParts parts, long length, String what) {
        if (length < 0 || length > EncodingParts.MAX_ARRAY_LENGTH) {
            throw new UnsupportedFeatureException(parts.location() + ": " + what + " of " + length
                    + " values is longer than the " + EncodingParts.MAX_ARRAY_LENGTH + " one array can hold");
        }
        return (int) length;
    }

    /** A zeroed segment of {@code length} values of {@code ptype}, over a Java array of its width. */
    public static MemorySegment allocate(PType ptype, int length) {
        return switch (ptype.byteWidth()) {
            case 1 -> MemorySegment.ofArray(new byte[length]);
            case 2 -> MemorySegment.ofArray(new short[length]);
            case 4 -> MemorySegment.ofArray(new int[length]);
            default -> MemorySegment.ofArray(new long[length]);
        };
    }

    /*
     * Reading decoded values as Java arrays. A child decoded a moment ago (run ends, run values, codes) is usually a
     * segment over a whole Java array of its width; its array is then read in place instead of copied out. The
     * returned array may be the segment's own: callers read it and never write to it.
     */

    /** The first {@code n} 1-byte values of {@code s} as a {@code byte[]} of at least {@code n} (read only). */
    public static byte[] bytes(MemorySegment s, int n) {
        if (s.address() == 0 && s.heapBase().orElse(null) instanceof byte[] a && a.length >= n) {
            return a;
        }
        byte[] out = new byte[n];
        MemorySegment.copy(s, ValueLayout.JAVA_BYTE, 0, out, 0, n);
        return out;
    }

    /** The first {@code n} 2-byte values of {@code s} as a {@code short[]} of at least {@code n} (read only). */
    public static short[] shorts(MemorySegment s, int n) {
        if (s.address() == 0 && s.heapBase().orElse(null) instanceof short[] a && a.length >= n) {
            return a;
        }
        short[] out = new short[n];
        MemorySegment.copy(s, LittleEndian.SHORT, 0, out, 0, n);
        return out;
    }

    /** The first {@code n} 4-byte values of {@code s} as an {@code int[]} of at least {@code n} (read only). */
    public static int[] ints(MemorySegment s, int n) {
        if (s.address() == 0 && s.heapBase().orElse(null) instanceof int[] a && a.length >= n) {
            return a;
        }
        int[] out = new int[n];
        MemorySegment.copy(s, LittleEndian.INT, 0, out, 0, n);
        return out;
    }

    /** The first {@code n} 8-byte values of {@code s} as a {@code long[]} of at least {@code n} (read only). */
    public static long[] longs(MemorySegment s, int n) {
        if (s.address() == 0 && s.heapBase().orElse(null) instanceof long[] a && a.length >= n) {
            return a;
        }
        long[] out = new long[n];
        MemorySegment.copy(s, LittleEndian.LONG, 0, out, 0, n);
        return out;
    }
}
