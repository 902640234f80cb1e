package dev.quire.layout.expr;

import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The tight loops of evaluation. Each loop reads one value type straight from a values segment and builds 64-bit
 * result words; there is one method per value type so that every loop stays monomorphic. Results are written for
 * every row, valid or not; callers mask them with validity.
 *
 * <p>Range tests use one branch-free comparison: {@code lo <= x <= hi} is {@code x - lo <= hi - lo} as unsigned
 * 64-bit numbers, which holds for signed and unsigned keys alike.
 */
final class Kernels {
    private Kernels() {}

    static final ValueLayout.OfShort SHORT = LittleEndian.SHORT;
    static final ValueLayout.OfInt INT = LittleEndian.INT;
    static final ValueLayout.OfLong LONG = LittleEndian.LONG;
    static final ValueLayout.OfByte BYTE = ValueLayout.JAVA_BYTE;

    private static final long F64_INF = 0x7FF0_0000_0000_0000L;
    /** Eight bytes of a {@code byte[]} as a little-endian long, without allocating. */
    private static final VarHandle BYTES_AS_LONG = MethodHandles.byteArrayViewVarHandle(long[].class,
            ByteOrder.LITTLE_ENDIAN);

    // ---------------------------------------------------------------- key ranges

    static void rangeI8(MemorySegment v, int n, long lo, long hi, long[] out) {
        long base = lo ^ Long.MIN_VALUE;
        long span = (hi - lo) ^ Long.MIN_VALUE;
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int end = Math.min(64, n - row);
            long bits = 0;
            for (int j = 0; j < end; j++) {
                long x = v.get(BYTE, row + j);
                bits |= (x - base <= span ? 1L : 0L) << j;
            }
            out[w] = bits;
        }
    }

    static void rangeU8(MemorySegment v, int n, long lo, long hi, long[] out) {
        long base = lo ^ Long.MIN_VALUE;
        long span = (hi - lo) ^ Long.MIN_VALUE;
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int end = Math.min(64, n - row);
            long bits = 0;
            for (int j = 0; j < end; j++) {
                long x = v.get(BYTE, row + j) & 0xFFL;
                bits |= (x - base <= span ? 1L : 0L) << j;
            }
            out[w] = bits;
        }
    }

    static void rangeI16(MemorySegment v, int n, long lo, long hi, long[] out) {
        long base = lo ^ Long.MIN_VALUE;
        long span = (hi - lo) ^ Long.MIN_VALUE;
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int end = Math.min(64, n - row);
            long bits = 0;
            for (int j = 0; j < end; j++) {
                long x = v.get(SHORT, (long) (row + j) << 1);
                bits |= (x - base <= span ? 1L : 0L) << j;
            }
            out[w] = bits;
        }
    }

    static void rangeU16(MemorySegment v, int n, long lo, long hi, long[] out) {
        long base = lo ^ Long.MIN_VALUE;
        long span = (hi - lo) ^ Long.MIN_VALUE;
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int end = Math.min(64, n - row);
            long bits = 0;
            for (int j = 0; j < end; j++) {
                long x = v.get(SHORT, (long) (row + j) << 1) & 0xFFFFL;
                bits |= (x - base <= span ? 1L : 0L) << j;
            }
            out[w] = bits;
        }
    }

    static void rangeI32(MemorySegment v, int n, long lo, long hi, long[] out) {
        long base = lo ^ Long.MIN_VALUE;
        long span = (hi - lo) ^ Long.MIN_VALUE;
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int end = Math.min(64, n - row);
            long bits = 0;
            for (int j = 0; j < end; j++) {
                long x = v.get(INT, (long) (row + j) << 2);
                bits |= (x - base <= span ? 1L : 0L) << j;
            }
            out[w] = bits;
        }
    }

    static void rangeU32(MemorySegment v, int n, long lo, long hi, long[] out) {
        long base = lo ^ Long.MIN_VALUE;
        long span = (hi - lo) ^ Long.MIN_VALUE;
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int end = Math.min(64, n - row);
            long bits = 0;
            for (int j = 0; j < end; j++) {
                long x = v.get(INT, (long) (row + j) << 2) & 0xFFFF_FFFFL;
                bits |= (x - base <= span ? 1L : 0L) << j;
            }
            out[w] = bits;
        }
    }

    /** i64 and u64 alike: the unsigned-span test needs no sign handling. */
    static void range64(MemorySegment v, int n, long lo, long hi, long[] out) {
        long base = lo ^ Long.MIN_VALUE;
        long span = (hi - lo) ^ Long.MIN_VALUE;
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int end = Math.min(64, n - row);
            long bits = 0;
            for (int j = 0; j < end; j++) {
                long x = v.get(LONG, (long) (row + j) << 3);
                bits |= (x - base <= span ? 1L : 0L) << j;
            }
            out[w] = bits;
        }
    }

    /** Keys of f16 values (see {@link Coercion#keyF16}), read as bits. */
    static void rangeF16(MemorySegment v, int n, long lo, long hi, long[] out) {
        long base = lo ^ Long.MIN_VALUE;
        long span = (hi - lo) ^ Long.MIN_VALUE;
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int end = Math.min(64, n - row);
            long bits = 0;
            for (int j = 0; j < end; j++) {
                int b = v.get(SHORT, (long) (row + j) << 1);
                long mag = b & 0x7FFF;
                long key = b < 0 ? -mag : mag;
                key = mag > 0x7C00 ? Coercion.NAN16 : key;
                bits |= (key - base <= span ? 1L : 0L) << j;
            }
            out[w] = bits;
        }
    }

    static void rangeF32(MemorySegment v, int n, long lo, long hi, long[] out) {
        long base = lo ^ Long.MIN_VALUE;
        long span = (hi - lo) ^ Long.MIN_VALUE;
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int end = Math.min(64, n - row);
            long bits = 0;
            for (int j = 0; j < end; j++) {
                int b = v.get(INT, (long) (row + j) << 2);
                long mag = b & 0x7FFF_FFFFL;
                long key = b < 0 ? -mag : mag;
                key = mag > 0x7F80_0000L ? Coercion.NAN32 : key;
                bits |= (key - base <= span ? 1L : 0L) << j;
            }
            out[w] = bits;
        }
    }

    static void rangeF64(MemorySegment v, int n, long lo, long hi, long[] out) {
        long base = lo ^ Long.MIN_VALUE;
        long span = (hi - lo) ^ Long.MIN_VALUE;
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int end = Math.min(64, n - row);
            long bits = 0;
            for (int j = 0; j < end; j++) {
                long b = v.get(LONG, (long) (row + j) << 3);
                long mag = b & Long.MAX_VALUE;
                long key = b < 0 ? -mag : mag;
                key = mag > F64_INF ? Coercion.NAN64 : key;
                bits |= (key - base <= span ? 1L : 0L) << j;
            }
            out[w] = bits;
        }
    }

    /** 128-bit two's complement values (low limb first) in {@code [lo, hi]}, each bound given as (high, low). */
    static void rangeI128(MemorySegment v, int n, long loHigh, long loLow, long hiHigh, long hiLow, long[] out) {
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int end = Math.min(64, n - row);
            long bits = 0;
            for (int j = 0; j < end; j++) {
                long off = (long) (row + j) << 4;
                long xl = v.get(LONG, off);
                long xh = v.get(LONG, off + 8);
                boolean ge = xh > loHigh || xh == loHigh && Long.compareUnsigned(xl, loLow) >= 0;
                boolean le = xh < hiHigh || xh == hiHigh && Long.compareUnsigned(xl, hiLow) <= 0;
                bits |= (ge & le ? 1L : 0L) << j;
            }
            out[w] = bits;
        }
    }

    /** 256-bit values in {@code [lo, hi]}; bounds are four limbs, most significant first. */
    static void rangeI256(MemorySegment v, int n, long[] lo, long[] hi, long[] out) {
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int end = Math.min(64, n - row);
            long bits = 0;
            for (int j = 0; j < end; j++) {
                long off = (long) (row + j) << 5;
                boolean in = compare256(v, off, lo) >= 0 && compare256(v, off, hi) <= 0;
                bits |= (in ? 1L : 0L) << j;
            }
            out[w] = bits;
        }
    }

    /** Compares the 256-bit value at {@code off} (low limb first) with four limbs, most significant first. */
    static int compare256(MemorySegment v, long off, long[] limbs) {
        long x3 = v.get(LONG, off + 24);
        if (x3 != limbs[0]) {
            return Long.compare(x3, limbs[0]);
        }
        for (int k = 1; k < 4; k++) {
            long x = v.get(LONG, off + 24 - 8L * k);
            if (x != limbs[k]) {
                return Long.compareUnsigned(x, limbs[k]);
            }
        }
        return 0;
    }

    // ---------------------------------------------------------------- loading keys

    /**
     * Reads {@code count} values from row {@code from} as keys: integers sign- or zero-extended ({@code u64} keeps
     * its bits), floats as {@link Coercion} keys of their own type, decimals of width 1 to 8 sign-extended.
     */
    static void loadKeys(MemorySegment v, KeyKind kind, int from, int count, long[] dst) {
        switch (kind) {
            case I8 -> {
                for (int j = 0; j < count; j++) {
                    dst[j] = v.get(BYTE, from + j);
                }
            }
            case U8 -> {
                for (int j = 0; j < count; j++) {
                    dst[j] = v.get(BYTE, from + j) & 0xFFL;
                }
            }
            case I16 -> {
                for (int j = 0; j < count; j++) {
                    dst[j] = v.get(SHORT, (long) (from + j) << 1);
                }
            }
            case U16 -> {
                for (int j = 0; j < count; j++) {
                    dst[j] = v.get(SHORT, (long) (from + j) << 1) & 0xFFFFL;
                }
            }
            case I32 -> {
                for (int j = 0; j < count; j++) {
                    dst[j] = v.get(INT, (long) (from + j) << 2);
                }
            }
            case U32 -> {
                for (int j = 0; j < count; j++) {
                    dst[j] = v.get(INT, (long) (from + j) << 2) & 0xFFFF_FFFFL;
                }
            }
            case I64, U64 -> {
                for (int j = 0; j < count; j++) {
                    dst[j] = v.get(LONG, (long) (from + j) << 3);
                }
            }
            case F16 -> {
                for (int j = 0; j < count; j++) {
                    dst[j] = Coercion.keyF16(v.get(SHORT, (long) (from + j) << 1));
                }
            }
            case F32 -> {
                for (int j = 0; j < count; j++) {
                    int b = v.get(INT, (long) (from + j) << 2);
                    dst[j] = Coercion.keyF32(Float.intBitsToFloat(b));
                }
            }
            case F64 -> {
                for (int j = 0; j < count; j++) {
                    dst[j] = Coercion.keyF64(Double.longBitsToDouble(v.get(LONG, (long) (from + j) << 3)));
                }
            }
        }
    }

    /** Reads float values (f16 and f32 widened exactly) as {@link Coercion#keyF64} keys, so types mix. */
    static void loadF64Keys(MemorySegment v, KeyKind kind, int from, int count, long[] dst) {
        switch (kind) {
            case F16 -> {
                for (int j = 0; j < count; j++) {
                    dst[j] = Coercion.keyF64(Float.float16ToFloat(v.get(SHORT, (long) (from + j) << 1)));
                }
            }
            case F32 -> {
                for (int j = 0; j < count; j++) {
                    dst[j] = Coercion.keyF64(Float.intBitsToFloat(v.get(INT, (long) (from + j) << 2)));
                }
            }
            default -> {
                for (int j = 0; j < count; j++) {
                    dst[j] = Coercion.keyF64(Double.longBitsToDouble(v.get(LONG, (long) (from + j) << 3)));
                }
            }
        }
    }

    /** Reads float values as doubles (exactly). */
    static void loadDoubles(MemorySegment v, KeyKind kind, int from, int count, double[] dst) {
        switch (kind) {
            case F16 -> {
                for (int j = 0; j < count; j++) {
                    dst[j] = Float.float16ToFloat(v.get(SHORT, (long) (from + j) << 1));
                }
            }
            case F32 -> {
                for (int j = 0; j < count; j++) {
                    dst[j] = Float.intBitsToFloat(v.get(INT, (long) (from + j) << 2));
                }
            }
            default -> {
                for (int j = 0; j < count; j++) {
                    dst[j] = Double.longBitsToDouble(v.get(LONG, (long) (from + j) << 3));
                }
            }
        }
    }

    /** Reads decimals of any width as four sign-extended limbs, most significant first: {@code dst[4 * j + k]}. */
    static void loadLimbs(MemorySegment v, int width, int from, int count, long[] dst) {
        for (int j = 0; j < count; j++) {
            long off = (long) (from + j) * width;
            long l0;
            long l1;
            long l2;
            long l3;
            switch (width) {
                case 1 -> l0 = v.get(BYTE, off);
                case 2 -> l0 = v.get(SHORT, off);
                case 4 -> l0 = v.get(INT, off);
                default -> l0 = v.get(LONG, off);
            }
            if (width <= 8) {
                l1 = l0 >> 63;
                l2 = l1;
                l3 = l1;
            } else if (width == 16) {
                l1 = v.get(LONG, off + 8);
                l2 = l1 >> 63;
                l3 = l2;
            } else {
                l1 = v.get(LONG, off + 8);
                l2 = v.get(LONG, off + 16);
                l3 = v.get(LONG, off + 24);
            }
            dst[4 * j] = l3;
            dst[4 * j + 1] = l2;
            dst[4 * j + 2] = l1;
            dst[4 * j + 3] = l0;
        }
    }

    static int compareLimbs(long[] a, int ai, long[] b, int bi) {
        if (a[ai] != b[bi]) {
            return Long.compare(a[ai], b[bi]);
        }
        for (int k = 1; k < 4; k++) {
            if (a[ai + k] != b[bi + k]) {
                return Long.compareUnsigned(a[ai + k], b[bi + k]);
            }
        }
        return 0;
    }

    /** Compares two integers read as longs; {@code u64} ones are unsigned, every other type fits a signed long. */
    static int compareInts(long a, boolean aUnsigned, long b, boolean bUnsigned) {
        if (aUnsigned == bUnsigned) {
            return aUnsigned ? Long.compareUnsigned(a, b) : Long.compare(a, b);
        }
        if (aUnsigned) {
            return b < 0 ? 1 : Long.compareUnsigned(a, b);
        }
        return a < 0 ? -1 : Long.compareUnsigned(a, b);
    }

    /** Compares an integer (unsigned when {@code u64}) with a double exactly; NaN is above every number. */
    static int compareIntDouble(long x, boolean u64, double d) {
        if (d != d) {
            return -1;
        }
        if (!u64 || x >= 0) {
            if (d >= 0x1p63) {
                return -1;
            }
            if (d < -0x1p63) {
                return 1;
            }
            long t = (long) d;
            if (x != t) {
                return Long.compare(x, t);
            }
            double frac = d - (double) t;
            return frac > 0 ? -1 : frac < 0 ? 1 : 0;
        }
        if (d < 0x1p63) {
            return 1;
        }
        if (d >= 0x1p64) {
            return -1;
        }
        long t = (long) (d - 0x1p63) ^ Long.MIN_VALUE;
        return Long.compareUnsigned(x, t);
    }

    // ---------------------------------------------------------------- sets

    /** Whether {@code key} is in {@code sorted}: a linear scan for short sets, a binary search otherwise. */
    static boolean contains(long[] sorted, long key) {
        if (sorted.length <= 16) {
            boolean hit = false;
            for (long s : sorted) {
                hit |= s == key;
            }
            return hit;
        }
        return java.util.Arrays.binarySearch(sorted, key) >= 0;
    }

    // ---------------------------------------------------------------- bytes

    /** Whether {@code len} bytes at {@code off} equal {@code lit[litOff, litOff + len)}; eight bytes at a time. */
    static boolean equalBytes(MemorySegment seg, long off, byte[] lit, int litOff, int len) {
        int k = 0;
        for (; k + 8 <= len; k += 8) {
            if (seg.get(LONG, off + k) != (long) BYTES_AS_LONG.get(lit, litOff + k)) {
                return false;
            }
        }
        for (; k < len; k++) {
            if (seg.get(BYTE, off + k) != lit[litOff + k]) {
                return false;
            }
        }
        return true;
    }

    /** The first index of {@code lit} in the {@code len} bytes at {@code off}, or -1. */
    static int indexOf(MemorySegment seg, long off, int len, byte[] lit) {
        int m = lit.length;
        if (m == 0) {
            return 0;
        }
        byte first = lit[0];
        for (int s = 0; s + m <= len; s++) {
            if (seg.get(BYTE, off + s) == first && equalBytes(seg, off + s + 1, lit, 1, m - 1)) {
                return s;
            }
        }
        return -1;
    }

    /**
     * Unsigned lexicographic comparison of two byte ranges (UTF-8 byte order is code point order), eight bytes at a
     * time: the first differing byte of two little-endian longs is the lowest set byte of their xor.
     */
    static int compareBytes(MemorySegment a, long aOff, int aLen, MemorySegment b, long bOff, int bLen) {
        int min = Math.min(aLen, bLen);
        int k = 0;
        for (; k + 8 <= min; k += 8) {
            long x = a.get(LONG, aOff + k);
            long y = b.get(LONG, bOff + k);
            if (x != y) {
                int shift = Long.numberOfTrailingZeros(x ^ y) & ~7;
                return Integer.compare((int) (x >>> shift) & 0xFF, (int) (y >>> shift) & 0xFF);
            }
        }
        for (; k < min; k++) {
            int x = a.get(BYTE, aOff + k) & 0xFF;
            int y = b.get(BYTE, bOff + k) & 0xFF;
            if (x != y) {
                return Integer.compare(x, y);
            }
        }
        return Integer.compare(aLen, bLen);
    }

    /**
     * Direct access to the values of a varbinview array: {@link #segment} and {@link #offset} of value {@code i}
     * without allocating a slice. Only valid values have views that are known to be in bounds.
     */
    static final class Views {
        final MemorySegment views;
        final MemorySegment[] buffers;

        Views(VarBinViewArray a) {
            this.views = a.views();
            this.buffers = a.buffers().toArray(MemorySegment[]::new);
        }

        int length(int i) {
            return views.get(INT, (long) i << 4);
        }

        MemorySegment segment(int i, int len) {
            return len <= VarBinViewArray.MAX_INLINED ? views : buffers[views.get(INT, ((long) i << 4) + 8)];
        }

        long offset(int i, int len) {
            return len <= VarBinViewArray.MAX_INLINED ? ((long) i << 4) + 4
                    : Integer.toUnsignedLong(views.get(INT, ((long) i << 4) + 12));
        }
    }

    /** Bits of the valid values equal to {@code lit}. */
    static void equalsBytes(Views v, int n, long[] valid, byte[] lit, long[] out) {
        int litLen = lit.length;
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int end = Math.min(64, n - row);
            long bits = 0;
            long ok = valid[w];
            for (int j = 0; j < end; j++) {
                int i = row + j;
                if ((ok >>> j & 1) == 0) {
                    continue;
                }
                int len = v.length(i);
                if (len == litLen && equalBytes(v.segment(i, len), v.offset(i, len), lit, 0, len)) {
                    bits |= 1L << j;
                }
            }
            out[w] = bits;
        }
    }

    /** Bits of the valid values whose comparison with {@code lit} satisfies {@code opMask} (see CompareOp#mask). */
    static void compareBytes(Views v, int n, long[] valid, byte[] lit, int opMask, long[] out) {
        MemorySegment litSeg = MemorySegment.ofArray(lit);
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int end = Math.min(64, n - row);
            long bits = 0;
            long ok = valid[w];
            for (int j = 0; j < end; j++) {
                int i = row + j;
                if ((ok >>> j & 1) == 0) {
                    continue;
                }
                int len = v.length(i);
                int c = compareBytes(v.segment(i, len), v.offset(i, len), len, litSeg, 0, lit.length);
                bits |= (long) (opMask >>> (Integer.signum(c) + 1) & 1) << j;
            }
            out[w] = bits;
        }
    }

    static void like(Views v, int n, long[] valid, LikePattern p, long[] out) {
        switch (p.shape) {
            case EXACT -> equalsBytes(v, n, valid, p.literal, out);
            case PREFIX -> prefix(v, n, valid, p.literal, out);
            case ANY -> System.arraycopy(valid, 0, out, 0, out.length);
            default -> likeRows(v, n, valid, p, out);
        }
    }

    static void prefix(Views v, int n, long[] valid, byte[] lit, long[] out) {
        int litLen = lit.length;
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int end = Math.min(64, n - row);
            long bits = 0;
            long ok = valid[w];
            for (int j = 0; j < end; j++) {
                int i = row + j;
                if ((ok >>> j & 1) == 0) {
                    continue;
                }
                int len = v.length(i);
                if (len >= litLen && equalBytes(v.segment(i, len), v.offset(i, len), lit, 0, litLen)) {
                    bits |= 1L << j;
                }
            }
            out[w] = bits;
        }
    }

    /** Suffix, infix and general patterns: one {@link LikePattern#matches} call per valid row. */
    private static void likeRows(Views v, int n, long[] valid, LikePattern p, long[] out) {
        for (int w = 0, row = 0; row < n; w++, row += 64) {
            int end = Math.min(64, n - row);
            long bits = 0;
            long ok = valid[w];
            for (int j = 0; j < end; j++) {
                int i = row + j;
                if ((ok >>> j & 1) == 0) {
                    continue;
                }
                int len = v.length(i);
                if (p.matches(v.segment(i, len), v.offset(i, len), len)) {
                    bits |= 1L << j;
                }
            }
            out[w] = bits;
        }
    }

    /** The key kinds of the long-keyed kernels. */
    enum KeyKind {
        I8, U8, I16, U16, I32, U32, I64, U64, F16, F32, F64;

        static KeyKind of(PType p) {
            return valueOf(p.name());
        }

        boolean isFloat() {
            return this == F16 || this == F32 || this == F64;
        }
    }
}
