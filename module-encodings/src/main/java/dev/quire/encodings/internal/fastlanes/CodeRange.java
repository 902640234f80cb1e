package dev.quire.encodings.internal.fastlanes;

import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Range tests on FastLanes-packed codes, without a lookup table: the rows whose code {@code c} has
 * {@code lo <= c <= lo + span} (unsigned, {@code lo + span} not wrapping) get their bit set. A block of 1024 rows
 * is unpacked and tested as a whole when many of its rows are asked for; when few are (a later conjunct of a filter,
 * after an earlier one left a small share of the rows), the block's packed words are copied to the heap and each
 * asked row's code is read from the one or two words holding its bits; a block with no row asked for is not touched.
 *
 * <p>A whole block's answers are built as 16 words of bits and then written at the rows' place. Byte codes of up to
 * seven bits are compared eight at a time within a long (each byte's top bit, clear in every code, catches the borrow
 * of its subtraction), and the eight answers are gathered with one multiplication; wider codes are compared one at a
 * time into 0/1 ints, which {@link #foldFlags} turns into bits.
 */
final class CodeRange {
    /** Eight bytes of a {@code byte[]} as one little-endian long. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** The top bit of each byte of a long. */
    private static final long TOP_BITS = 0x8080_8080_8080_8080L;

    /** One in each byte of a long: times a byte value, that value in every byte. */
    private static final long EVERY_BYTE = 0x0101_0101_0101_0101L;

    /**
     * Multiplying a long whose eight bytes are each 0 or 1 by this puts byte {@code k} at bit {@code 56 + k}: byte
     * {@code k} times bit {@code 56 - 7k} of the constant lands there, and every other product lands below bit 56 or
     * above bit 63, each on a bit of its own, so nothing carries into the top byte.
     */
    private static final long GATHER_BYTES = 0x0102_0408_1020_4080L;

    private CodeRange() {}

    /**
     * Sets bit {@code i} of {@code out} for each row {@code i} in {@code [0, length)} whose code (the
     * {@code width}-bit value at block position {@code offset + i}, zero-extended) is at least {@code lo} and at most
     * {@code lo + span}, all as unsigned numbers ({@code lo + span} past {@code 2^64 - 1} counts as that: the range
     * does not wrap around to small codes). Bits are written for the rows set in {@code within} ({@code null}: all
     * rows); other bits of {@code out} may be anything. {@code out} has at least {@code ceil(length / 64)} words.
     */
    static void match(PType ptype, int width, MemorySegment packed, int offset, long length, long lo, long span,
            long[] within, long[] out) {
        // Codes are at most maxCode: clamp the range to [0, maxCode], so the tests below can use signed arithmetic.
        long maxCode = width == 64 ? -1L : (1L << width) - 1;
        long hi = lo + span;
        if (Long.compareUnsigned(hi, lo) < 0 || Long.compareUnsigned(hi, maxCode) > 0) {
            hi = maxCode;
        }
        if (Long.compareUnsigned(lo, maxCode) > 0 || width == 0) {
            // No code can be in the range, or every code is 0, which is in it (lo <= maxCode = 0).
            fill(out, length, width == 0 && Long.compareUnsigned(lo, maxCode) <= 0);
            return;
        }
        int blocks = (int) FastLanes.blocks(offset, length);
        long end = offset + length;
        Scratch scratch = new Scratch(ptype, width);
        for (int b = 0; b < blocks; b++) {
            long base = (long) b * FastLanes.BLOCK;
            int from = (int) Math.max(0, offset - base);
            int to = (int) Math.min(FastLanes.BLOCK, end - base);
            long firstRow = base + from - offset;
            int asked = within == null ? to - from : count(within, firstRow, firstRow + (to - from));
            if (asked == 0) {
                clear(out, firstRow, firstRow + (to - from));
            } else if (within == null || (long) asked * FastLanes.UNPACK_ONE_IN > FastLanes.BLOCK) {
                scratch.unpackAndTest(packed, b, from, to, firstRow, lo, hi, out);
            } else {
                clear(out, firstRow, firstRow + (to - from));
                scratch.testRows(packed, b, within, from, to, firstRow, lo, hi, out);
            }
        }
    }

    /** Rows {@code [0, length)} of {@code out} all set or all clear. */
    private static void fill(long[] out, long length, boolean set) {
        int words = (int) ((length + 63) >>> 6);
        java.util.Arrays.fill(out, 0, words, set ? -1L : 0L);
        if (set && (length & 63) != 0) {
            out[words - 1] = (1L << length) - 1;
        }
    }

    /** The number of bits set in rows {@code [from, to)} of {@code words}. */
    static int count(long[] words, long from, long to) {
        int n = 0;
        for (long i = from; i < to; ) {
            int word = (int) (i >>> 6);
            int bit = (int) (i & 63);
            int k = (int) Math.min(64 - bit, to - i);
            long mask = (k == 64 ? -1L : (1L << k) - 1) << bit;
            n += Long.bitCount(words[word] & mask);
            i += k;
        }
        return n;
    }

    /** Clears rows {@code [from, to)} of {@code words}. */
    private static void clear(long[] words, long from, long to) {
        for (long i = from; i < to; ) {
            int word = (int) (i >>> 6);
            int bit = (int) (i & 63);
            int k = (int) Math.min(64 - bit, to - i);
            long mask = (k == 64 ? -1L : (1L << k) - 1) << bit;
            words[word] &= ~mask;
            i += k;
        }
    }

    /**
     * The answers for eight byte codes of at most seven bits, {@code x}'s bytes (first lowest), each in
     * {@code [l, h]} as a bit, the first lowest: with each byte's top bit set, subtracting {@code l} from every byte
     * keeps that bit exactly where the code is at least {@code l} (no borrow crosses into the next byte), and likewise
     * {@code h} minus the code.
     */
    static long inRange8(long x, long lows, long highs) {
        long atLeast = (x | TOP_BITS) - lows;
        long atMost = (highs | TOP_BITS) - x;
        return (((atLeast & atMost & TOP_BITS) >>> 7) * GATHER_BYTES) >>> 56;
    }

    // Whole-block tests: 1024 codes against [lo, hi] (0 <= lo <= hi <= the largest code, unsigned), answers as 16
    // words of bits. Codes wider than seven bits get a 0/1 int each, from c - l and h - c, which are both non-negative
    // exactly when c is in [l, h] and cannot overflow (every value is below 2^31, or 2^63 in longs).

    /** Byte codes of at most seven bits, eight at a time ({@link #inRange8(long, long, long)}). */
    static void inRange8(byte[] codes, long lo, long hi, long[] answers) {
        long lows = lo * EVERY_BYTE;
        long highs = hi * EVERY_BYTE;
        for (int w = 0; w < FastLanes.BLOCK / 64; w++) {
            int i = w * 64;
            answers[w] = inRange8((long) LONGS.get(codes, i), lows, highs)
                    | inRange8((long) LONGS.get(codes, i + 8), lows, highs) << 8
                    | inRange8((long) LONGS.get(codes, i + 16), lows, highs) << 16
                    | inRange8((long) LONGS.get(codes, i + 24), lows, highs) << 24
                    | inRange8((long) LONGS.get(codes, i + 32), lows, highs) << 32
                    | inRange8((long) LONGS.get(codes, i + 40), lows, highs) << 40
                    | inRange8((long) LONGS.get(codes, i + 48), lows, highs) << 48
                    | inRange8((long) LONGS.get(codes, i + 56), lows, highs) << 56;
        }
    }

    /**
     * Byte codes of eight bits. The codes are widened to ints in a loop of their own and tested in place: C2 vectorises
     * each of the two loops, but not one that both widens bytes and writes ints (that ran at scalar speed, twice the
     * time of the two).
     */
    static void inRange8Wide(byte[] codes, int l, int h, int[] flags, long[] answers) {
        for (int i = 0; i < FastLanes.BLOCK; i++) {
            flags[i] = codes[i] & 0xFF;
        }
        inRangeInPlace(flags, l, h);
        foldFlags(flags, answers);
    }

    /** Codes in shorts, widened first as in {@link #inRange8Wide}. */
    static void inRange16(short[] codes, int l, int h, int[] flags, long[] answers) {
        for (int i = 0; i < FastLanes.BLOCK; i++) {
            flags[i] = codes[i] & 0xFFFF;
        }
        inRangeInPlace(flags, l, h);
        foldFlags(flags, answers);
    }

    /** Each of the 1024 non-negative ints of {@code flags} replaced by 1 when it is in {@code [l, h]}, else 0. */
    private static void inRangeInPlace(int[] flags, int l, int h) {
        for (int i = 0; i < FastLanes.BLOCK; i++) {
            int c = flags[i];
            flags[i] = ~((c - l) | (h - c)) >>> 31;
        }
    }

    /** Codes of at most 31 bits in ints. */
    static void inRange32(int[] codes, int l, int h, int[] flags, long[] answers) {
        for (int i = 0; i < FastLanes.BLOCK; i++) {
            int c = codes[i];
            flags[i] = ~((c - l) | (h - c)) >>> 31;
        }
        foldFlags(flags, answers);
    }

    /** Codes of 32 bits in ints, read unsigned. */
    static void inRangeU32(int[] codes, long lo, long hi, int[] flags, long[] answers) {
        for (int i = 0; i < FastLanes.BLOCK; i++) {
            long c = codes[i] & 0xFFFF_FFFFL;
            flags[i] = (int) (~((c - lo) | (hi - c)) >>> 63);
        }
        foldFlags(flags, answers);
    }

    /** Codes in longs, of fewer than 64 bits ({@code narrow}: below {@code 2^63}) or of 64, compared unsigned. */
    static void inRange64(long[] codes, boolean narrow, long lo, long hi, int[] flags, long[] answers) {
        if (narrow) {
            for (int i = 0; i < FastLanes.BLOCK; i++) {
                long c = codes[i];
                flags[i] = (int) (~((c - lo) | (hi - c)) >>> 63);
            }
        } else {
            long bias = (hi - lo) ^ Long.MIN_VALUE;
            for (int i = 0; i < FastLanes.BLOCK; i++) {
                flags[i] = ((codes[i] - lo) ^ Long.MIN_VALUE) <= bias ? 1 : 0;
            }
        }
        foldFlags(flags, answers);
    }

    // Row-by-row tests of the rows asked for in one block, a kernel per word type: for each word of asked rows, the
    // codes of its set bits are read from the heap copy of the block (block position from + i is row firstRow + i)
    // and tested against lo + [0, bias ^ MIN]; the word's answers are or-ed into the same word of out, which is clear
    // at those rows.

    private static void testRows8(byte[] in, byte[] rowOf, int width, long mask, long[] within, int from, int to,
            long firstRow, long lo, long bias, long[] out) {
        long lastRow = firstRow + (to - from);
        for (int w = (int) (firstRow >>> 6); w <= (int) ((lastRow - 1) >>> 6); w++) {
            long asked = asked(within, w, firstRow, lastRow);
            int base = (int) (((long) w << 6) - firstRow) + from;
            long hits = 0;
            while (asked != 0) {
                int t = Long.numberOfTrailingZeros(asked);
                asked &= asked - 1;
                if (((FastLanes.code8(in, rowOf, width, mask, base + t) - lo) ^ Long.MIN_VALUE) <= bias) {
                    hits |= 1L << t;
                }
            }
            out[w] |= hits;
        }
    }

    private static void testRows16(short[] in, byte[] rowOf, int width, long mask, long[] within, int from, int to,
            long firstRow, long lo, long bias, long[] out) {
        long lastRow = firstRow + (to - from);
        for (int w = (int) (firstRow >>> 6); w <= (int) ((lastRow - 1) >>> 6); w++) {
            long asked = asked(within, w, firstRow, lastRow);
            int base = (int) (((long) w << 6) - firstRow) + from;
            long hits = 0;
            while (asked != 0) {
                int t = Long.numberOfTrailingZeros(asked);
                asked &= asked - 1;
                if (((FastLanes.code16(in, rowOf, width, mask, base + t) - lo) ^ Long.MIN_VALUE) <= bias) {
                    hits |= 1L << t;
                }
            }
            out[w] |= hits;
        }
    }

    private static void testRows32(int[] in, byte[] rowOf, int width, long mask, long[] within, int from, int to,
            long firstRow, long lo, long bias, long[] out) {
        long lastRow = firstRow + (to - from);
        for (int w = (int) (firstRow >>> 6); w <= (int) ((lastRow - 1) >>> 6); w++) {
            long asked = asked(within, w, firstRow, lastRow);
            int base = (int) (((long) w << 6) - firstRow) + from;
            long hits = 0;
            while (asked != 0) {
                int t = Long.numberOfTrailingZeros(asked);
                asked &= asked - 1;
                if (((FastLanes.code32(in, rowOf, width, mask, base + t) - lo) ^ Long.MIN_VALUE) <= bias) {
                    hits |= 1L << t;
                }
            }
            out[w] |= hits;
        }
    }

    private static void testRows64(long[] in, byte[] rowOf, int width, long mask, long[] within, int from, int to,
            long firstRow, long lo, long bias, long[] out) {
        long lastRow = firstRow + (to - from);
        for (int w = (int) (firstRow >>> 6); w <= (int) ((lastRow - 1) >>> 6); w++) {
            long asked = asked(within, w, firstRow, lastRow);
            int base = (int) (((long) w << 6) - firstRow) + from;
            long hits = 0;
            while (asked != 0) {
                int t = Long.numberOfTrailingZeros(asked);
                asked &= asked - 1;
                if (((FastLanes.code64(in, rowOf, width, mask, base + t) - lo) ^ Long.MIN_VALUE) <= bias) {
                    hits |= 1L << t;
                }
            }
            out[w] |= hits;
        }
    }

    /** Word {@code w} of {@code within}, its rows outside {@code [firstRow, lastRow)} cleared. */
    private static long asked(long[] within, int w, long firstRow, long lastRow) {
        long bits = within[w];
        long lowRow = (long) w << 6;
        if (lowRow < firstRow) {
            bits &= -1L << (firstRow - lowRow);
        }
        if (lastRow - lowRow < 64) {
            bits &= (1L << (lastRow - lowRow)) - 1;
        }
        return bits;
    }

    /**
     * The 1024 0/1 ints {@code flags} (overwritten) as 16 words of bits, the first lowest. Folding the upper half of
     * the flags onto the lower one five times, shifted by 16, 8, 4, 2 and 1, leaves in flag {@code j < 32} the answer
     * for position {@code 32k + j} at bit {@code k}: a 32 x 32 bit matrix, built by loops over adjacent ints with a
     * fixed shift, which vectorise (narrowing ints to bytes, or setting one bit per row, does not). Each fold is a loop
     * of its own with its distance a constant: C2 vectorises a loop reading the array it writes only when it can see
     * that the two ranges do not overlap, which it cannot for a distance held in a variable (one loop over the five
     * distances ran scalar, at more than twice the time). Transposing the matrix puts the answers in position order.
     */
    static void foldFlags(int[] flags, long[] bits) {
        for (int i = 0; i < FastLanes.BLOCK / 2; i++) {
            flags[i] |= flags[i + FastLanes.BLOCK / 2] << 16;
        }
        for (int i = 0; i < FastLanes.BLOCK / 4; i++) {
            flags[i] |= flags[i + FastLanes.BLOCK / 4] << 8;
        }
        for (int i = 0; i < FastLanes.BLOCK / 8; i++) {
            flags[i] |= flags[i + FastLanes.BLOCK / 8] << 4;
        }
        for (int i = 0; i < FastLanes.BLOCK / 16; i++) {
            flags[i] |= flags[i + FastLanes.BLOCK / 16] << 2;
        }
        for (int i = 0; i < FastLanes.BLOCK / 32; i++) {
            flags[i] |= flags[i + FastLanes.BLOCK / 32] << 1;
        }
        transpose32(flags);
        for (int w = 0; w < FastLanes.BLOCK / 64; w++) {
            bits[w] = flags[2 * w] & 0xFFFF_FFFFL | (long) flags[2 * w + 1] << 32;
        }
    }

    /**
     * Transposes the 32 x 32 bit matrix in {@code m[0..32)} in place (bit {@code c} of {@code m[r]} goes to bit
     * {@code r} of {@code m[c]}): swaps the quarter at rows {@code [0, 16)}, bits {@code [16, 32)} with the one at rows
     * {@code [16, 32)}, bits {@code [0, 16)}, then the same within each quarter, down to single bits.
     */
    static void transpose32(int[] m) {
        swapBlocks(m, 16, 0x0000_FFFF);
        swapBlocks(m, 8, 0x00FF_00FF);
        swapBlocks(m, 4, 0x0F0F_0F0F);
        swapBlocks(m, 2, 0x3333_3333);
        swapBlocks(m, 1, 0x5555_5555);
    }

    /**
     * One step of {@link #transpose32}: within each {@code 2s x 2s} block, swaps its first {@code s} rows' upper
     * {@code s} bits (those of {@code mask << s}) with its last {@code s} rows' lower ones (those of {@code mask}).
     */
    private static void swapBlocks(int[] m, int s, int mask) {
        // The 16 swaps as one flat loop (i + (i & -s) is the i-th row of the blocks' first halves): nested loops over
        // blocks and rows spent more on their control than on the swaps when s is small.
        for (int i = 0; i < 16; i++) {
            int k = i + (i & -s);
            int t = ((m[k] >>> s) ^ m[k + s]) & mask;
            m[k + s] ^= t;
            m[k] ^= t << s;
        }
    }

    /**
     * Writes bits {@code [from, to)} of {@code bits} (a block's 1024 answers) from row {@code firstRow} of
     * {@code out}, keeping the bits below {@code firstRow} in its word; bits after the last row in its word are
     * cleared.
     */
    static void deposit(long[] bits, int from, int to, long firstRow, long[] out) {
        if (from == 0 && to == FastLanes.BLOCK) {
            int word = (int) (firstRow >>> 6);
            int s = (int) (firstRow & 63);
            if (s == 0) {
                System.arraycopy(bits, 0, out, word, FastLanes.BLOCK / 64);
            } else {
                // A whole block from the middle of a word (an array sliced at any row): each word of out takes the
                // top of one block word and the bottom of the next.
                out[word] = out[word] & ((1L << s) - 1) | bits[0] << s;
                for (int i = 1; i < FastLanes.BLOCK / 64; i++) {
                    out[word + i] = bits[i - 1] >>> (64 - s) | bits[i] << s;
                }
                out[word + FastLanes.BLOCK / 64] = bits[FastLanes.BLOCK / 64 - 1] >>> (64 - s);
            }
            return;
        }
        long row = firstRow;
        int i = from;
        while (i < to) {
            int word = (int) (row >>> 6);
            int bit = (int) (row & 63);
            int k = Math.min(64 - bit, to - i);
            // k bits of the block from bit i: from one word, or the end of one and the start of the next.
            int w = i >>> 6;
            int b = i & 63;
            long v = bits[w] >>> b;
            if (b + k > 64) {
                v |= bits[w + 1] << (64 - b);
            }
            if (k < 64) {
                v &= (1L << k) - 1;
            }
            long keep = bit == 0 ? 0 : out[word] & ((1L << bit) - 1);
            out[word] = keep | v << bit;
            row += k;
            i += k;
        }
    }

    /** Buffers for one block of one type, kept for the whole array. */
    private static final class Scratch {
        private final int typeBits;
        private final int width;
        private final int words;
        private final byte[] rowOf;
        private final long[] bits = new long[FastLanes.BLOCK / 64];
        private final int[] ints = new int[FastLanes.BLOCK];
        private byte[] in8;
        private byte[] codes8;
        private short[] in16;
        private short[] codes16;
        private int[] in32;
        private int[] codes32;
        private long[] in64;
        private long[] codes64;

        Scratch(PType ptype, int width) {
            this.typeBits = ptype.byteWidth() * 8;
            this.width = width;
            this.words = width * (FastLanes.BLOCK / typeBits);
            this.rowOf = FastLanes.rowsOf(typeBits);
        }

        /** Copies block {@code b}'s packed words into the heap array of the type. */
        private void copyIn(MemorySegment packed, int b) {
            switch (typeBits) {
                case 8 -> {
                    if (in8 == null) {
                        in8 = new byte[FastLanes.paddedWords(8, width)];
                    }
                    MemorySegment.copy(packed, ValueLayout.JAVA_BYTE, (long) b * words, in8, 0, words);
                }
                case 16 -> {
                    if (in16 == null) {
                        in16 = new short[FastLanes.paddedWords(16, width)];
                    }
                    MemorySegment.copy(packed, LittleEndian.SHORT, (long) b * words * 2, in16, 0, words);
                }
                case 32 -> {
                    if (in32 == null) {
                        in32 = new int[FastLanes.paddedWords(32, width)];
                    }
                    MemorySegment.copy(packed, LittleEndian.INT, (long) b * words * 4, in32, 0, words);
                }
                default -> {
                    if (in64 == null) {
                        in64 = new long[FastLanes.paddedWords(64, width)];
                    }
                    MemorySegment.copy(packed, LittleEndian.LONG, (long) b * words * 8, in64, 0, words);
                }
            }
        }

        /**
         * Unpacks block {@code b} and tests block positions {@code [from, to)}, rows from {@code firstRow}, against
         * {@code [lo, hi]} ({@code 0 <= lo <= hi <= } the largest code, unsigned).
         */
        void unpackAndTest(MemorySegment packed, int b, int from, int to, long firstRow, long lo, long hi,
                long[] out) {
            copyIn(packed, b);
            // The whole block is tested (positions outside [from, to) are not written to out), each type in a kernel
            // of its own, so that C2 compiles each small loop early and for the one type it sees.
            switch (typeBits) {
                case 8 -> {
                    if (codes8 == null) {
                        codes8 = new byte[FastLanes.BLOCK];
                    }
                    BitUnpack8.unpack(width, in8, 0, codes8, 0);
                    if (width < 8) {
                        inRange8(codes8, lo, hi, bits);
                    } else {
                        inRange8Wide(codes8, (int) lo, (int) hi, ints, bits);
                    }
                }
                case 16 -> {
                    if (codes16 == null) {
                        codes16 = new short[FastLanes.BLOCK];
                    }
                    BitUnpack16.unpack(width, in16, 0, codes16, 0);
                    inRange16(codes16, (int) lo, (int) hi, ints, bits);
                }
                case 32 -> {
                    if (codes32 == null) {
                        codes32 = new int[FastLanes.BLOCK];
                    }
                    BitUnpack32.unpack(width, in32, 0, codes32, 0);
                    if (width < 32) {
                        inRange32(codes32, (int) lo, (int) hi, ints, bits);
                    } else {
                        inRangeU32(codes32, lo, hi, ints, bits);
                    }
                }
                default -> {
                    if (codes64 == null) {
                        codes64 = new long[FastLanes.BLOCK];
                    }
                    BitUnpack64.unpack(width, in64, 0, codes64, 0);
                    inRange64(codes64, width < 64, lo, hi, ints, bits);
                }
            }
            deposit(bits, from, to, firstRow, out);
        }

        /**
         * Tests the rows set in {@code within} among block {@code b}'s positions {@code [from, to)} (rows from
         * {@code firstRow}), each read from its packed bits in a heap copy of the block, against {@code [lo, hi]};
         * sets the bits of those in the range ({@code out} is clear there).
         */
        void testRows(MemorySegment packed, int b, long[] within, int from, int to, long firstRow, long lo,
                long hi, long[] out) {
            copyIn(packed, b);
            long bias = (hi - lo) ^ Long.MIN_VALUE;
            long mask = width == 64 ? -1L : (1L << width) - 1;
            switch (typeBits) {
                case 8 -> testRows8(in8, rowOf, width, mask, within, from, to, firstRow, lo, bias, out);
                case 16 -> testRows16(in16, rowOf, width, mask, within, from, to, firstRow, lo, bias, out);
                case 32 -> testRows32(in32, rowOf, width, mask, within, from, to, firstRow, lo, bias, out);
                default -> testRows64(in64, rowOf, width, mask, within, from, to, firstRow, lo, bias, out);
            }
        }
    }
}
