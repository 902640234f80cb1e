package dev.quire.layout.expr;

import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.Validity;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/** Bit sets as {@code long[]} words, LSB-first: bit {@code i} is bit {@code i & 63} of word {@code i >>> 6}. */
final class Bits {
    private Bits() {}

    static final ValueLayout.OfLong LONG_LE = LittleEndian.LONG;

    static int words(long bits) {
        return (int) ((bits + 63) >>> 6);
    }

    /** The bits of the last word that hold rows, for {@code n} rows. */
    static long lastWordMask(long n) {
        int rem = (int) (n & 63);
        return rem == 0 ? -1L : (1L << rem) - 1;
    }

    static long[] ones(long n) {
        long[] w = new long[words(n)];
        Arrays.fill(w, -1L);
        if (w.length > 0) {
            w[w.length - 1] &= lastWordMask(n);
        }
        return w;
    }

    /** The bits of a buffer at any bit offset, as words; bits past its length are zero. */
    static long[] of(BitBuffer bits) {
        long n = bits.length();
        long[] out = new long[words(n)];
        MemorySegment seg = bits.bytes();
        long size = seg.byteSize();
        long offset = bits.bitOffset();
        for (int w = 0; w < out.length; w++) {
            long pos = offset + ((long) w << 6);
            long byteIndex = pos >>> 3;
            int shift = (int) (pos & 7);
            long v = readLong(seg, byteIndex, size);
            if (shift != 0) {
                long next = byteIndex + 8 < size ? seg.get(ValueLayout.JAVA_BYTE, byteIndex + 8) & 0xFFL : 0;
                v = v >>> shift | next << (64 - shift);
            }
            out[w] = v;
        }
        if (out.length > 0) {
            out[out.length - 1] &= lastWordMask(n);
        }
        return out;
    }

    /** Eight little-endian bytes at {@code index}, zero-padded past the end of the segment. */
    private static long readLong(MemorySegment seg, long index, long size) {
        if (index + 8 <= size) {
            return seg.get(LONG_LE, index);
        }
        long v = 0;
        for (long i = index; i < size; i++) {
            v |= (seg.get(ValueLayout.JAVA_BYTE, i) & 0xFFL) << ((i - index) << 3);
        }
        return v;
    }

    /** The valid rows of a validity, for {@code n} rows. */
    static long[] valid(Validity validity, long n) {
        return switch (validity) {
            case Validity.NonNullable v -> ones(n);
            case Validity.AllValid v -> ones(n);
            case Validity.AllInvalid v -> new long[words(n)];
            case Validity.Mask m -> of(m.bits());
        };
    }

    /**
     * Clears in {@code target} the rows {@code validity} marks null, for an array of {@code n} rows: nothing to do (and
     * nothing built) when every row is valid.
     */
    static void andValidity(long[] target, Validity validity, long n) {
        if (!(validity instanceof Validity.NonNullable || validity instanceof Validity.AllValid)) {
            andInto(target, valid(validity, n));
        }
    }

    static void andInto(long[] target, long[] other) {
        for (int i = 0; i < target.length; i++) {
            target[i] &= other[i];
        }
    }

    static boolean allOnes(long[] words, long n) {
        for (int i = 0; i < words.length - 1; i++) {
            if (words[i] != -1L) {
                return false;
            }
        }
        return words.length == 0 || words[words.length - 1] == lastWordMask(n);
    }

    /** The packed little-endian bytes of {@code n} bits. */
    static byte[] toBytes(long[] words, long n) {
        byte[] out = new byte[(int) ((n + 7) >>> 3)];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) (words[i >>> 3] >>> ((i & 7) << 3));
        }
        return out;
    }
}
