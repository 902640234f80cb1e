package dev.quire.encodings.internal.fastlanes;

import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Range tests on FastLanes-packed codes, without a lookup table: the rows whose code {@code c} has
 * {@code lo <= c <= lo + span} (as unsigned numbers) get their bit set. A block of 1024 rows is unpacked and tested
 * as a whole when many of its rows are asked for; when few are (a later conjunct of a filter, after an earlier one
 * left a small share of the rows), each asked row's code is read from the one or two words holding its bits; a block
 * with no row asked for is not touched.
 */
final class CodeRange {
    /**
     * A block is unpacked whole when more than one row in this many is asked for; below that, reading each row's bits
     * on its own costs less than unpacking the block.
     */
    static final int UNPACK_ONE_IN = 8;

    private CodeRange() {}

    /**
     * Sets bit {@code i} of {@code out} for each row {@code i} in {@code [0, length)} whose code (the
     * {@code width}-bit value at block position {@code offset + i}, zero-extended) minus {@code lo} is at most
     * {@code span}, both as unsigned numbers. Bits are written for the rows set in {@code within} ({@code null}: all
     * rows); other bits of {@code out} may be anything. {@code out} has at least {@code ceil(length / 64)} words.
     */
    static void match(PType ptype, int width, MemorySegment packed, int offset, long length, long lo, long span,
            long[] within, long[] out) {
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
            } else if (within == null || (long) asked * UNPACK_ONE_IN > FastLanes.BLOCK) {
                scratch.unpackAndTest(packed, b, from, to, firstRow, lo, span, out);
            } else {
                clear(out, firstRow, firstRow + (to - from));
                testRows(ptype, width, packed, offset, within, firstRow, firstRow + (to - from), lo, span, out);
            }
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

    /** Tests the rows set in {@code within} among rows {@code [from, to)}, each read from its packed bits. */
    private static void testRows(PType ptype, int width, MemorySegment packed, int offset, long[] within, long from,
            long to, long lo, long span, long[] out) {
        int typeBits = ptype.byteWidth() * 8;
        byte[] rowOf = FastLanes.rowsOf(typeBits);
        int lanes = FastLanes.BLOCK / typeBits;
        long blockWords = (long) lanes * width;
        long mask = width == 64 ? -1L : (1L << width) - 1;
        long bias = span ^ Long.MIN_VALUE;
        int firstWord = (int) (from >>> 6);
        int lastWord = (int) ((to - 1) >>> 6);
        for (int w = firstWord; w <= lastWord; w++) {
            long bits = within[w];
            long lowRow = (long) w << 6;
            if (lowRow < from) {
                bits &= -1L << (from - lowRow);
            }
            if (to - lowRow < 64) {
                bits &= (1L << (to - lowRow)) - 1;
            }
            long acc = 0;
            while (bits != 0) {
                int j = Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                long code = width == 0 ? 0 : codeAt(typeBits, packed, offset + lowRow + j, rowOf, lanes, blockWords,
                        width, mask);
                acc |= ((code - lo) ^ Long.MIN_VALUE) <= bias ? 1L << j : 0L;
            }
            out[w] |= acc;
        }
    }

    /** The code at block position {@code q} (counted from the first block), read from the words holding its bits. */
    private static long codeAt(int typeBits, MemorySegment packed, long q, byte[] rowOf, int lanes, long blockWords,
            int width, long mask) {
        int p = (int) (q & (FastLanes.BLOCK - 1));
        int bit = rowOf[p] * width;
        int shift = bit & (typeBits - 1);
        long word = (q >>> 10) * blockWords + (long) (bit / typeBits) * lanes + (p & (lanes - 1));
        long v;
        switch (typeBits) {
            case 8 -> {
                v = Byte.toUnsignedLong(packed.get(ValueLayout.JAVA_BYTE, word)) >>> shift;
                if (shift + width > 8) {
                    v |= Byte.toUnsignedLong(packed.get(ValueLayout.JAVA_BYTE, word + lanes)) << (8 - shift);
                }
            }
            case 16 -> {
                v = Short.toUnsignedLong(packed.get(LittleEndian.SHORT, word * 2)) >>> shift;
                if (shift + width > 16) {
                    v |= Short.toUnsignedLong(packed.get(LittleEndian.SHORT, (word + lanes) * 2)) << (16 - shift);
                }
            }
            case 32 -> {
                v = Integer.toUnsignedLong(packed.get(LittleEndian.INT, word * 4)) >>> shift;
                if (shift + width > 32) {
                    v |= Integer.toUnsignedLong(packed.get(LittleEndian.INT, (word + lanes) * 4)) << (32 - shift);
                }
            }
            default -> {
                v = packed.get(LittleEndian.LONG, word * 8) >>> shift;
                if (shift + width > 64) {
                    v |= packed.get(LittleEndian.LONG, (word + lanes) * 8) << (64 - shift);
                }
            }
        }
        return v & mask;
    }

    /** Buffers for unpacking one block of one type, kept for the whole array. */
    private static final class Scratch {
        private final int typeBytes;
        private final int width;
        private final int words;
        private byte[] in8;
        private byte[] codes8;
        private short[] in16;
        private short[] codes16;
        private int[] in32;
        private int[] codes32;
        private long[] in64;
        private long[] codes64;

        Scratch(PType ptype, int width) {
            this.typeBytes = ptype.byteWidth();
            this.width = width;
            this.words = width * (FastLanes.BLOCK / (typeBytes * 8));
        }

        /** Unpacks block {@code b} and tests block positions {@code [from, to)}, rows from {@code firstRow}. */
        void unpackAndTest(MemorySegment packed, int b, int from, int to, long firstRow, long lo, long span,
                long[] out) {
            long bias = span ^ Long.MIN_VALUE;
            switch (typeBytes) {
                case 1 -> {
                    if (codes8 == null) {
                        in8 = new byte[words];
                        codes8 = new byte[FastLanes.BLOCK];
                    }
                    MemorySegment.copy(packed, ValueLayout.JAVA_BYTE, (long) b * words, in8, 0, words);
                    BitUnpack8.unpack(width, in8, 0, codes8, 0);
                    byte[] codes = codes8;
                    if (from == 0 && to == FastLanes.BLOCK && (firstRow & 63) == 0) {
                        // A whole block on word boundaries: 64 rows per word, no per-row bookkeeping.
                        int word = (int) (firstRow >>> 6);
                        for (int i = 0; i < FastLanes.BLOCK; i += 64) {
                            long bits = 0;
                            for (int j = 0; j < 64; j++) {
                                long c = codes[i + j] & 0xFFL;
                                bits |= (((c - lo) ^ Long.MIN_VALUE) <= bias ? 1L : 0L) << j;
                            }
                            out[word++] = bits;
                        }
                        return;
                    }
                    long row = firstRow;
                    int word = (int) (row >>> 6);
                    long acc = out[word] & ((1L << row) - 1);
                    for (int i = from; i < to; i++) {
                        long c = codes[i] & 0xFFL;
                        acc |= (((c - lo) ^ Long.MIN_VALUE) <= bias ? 1L : 0L) << row;
                        if ((++row & 63) == 0) {
                            out[word++] = acc;
                            acc = 0;
                        }
                    }
                    if ((row & 63) != 0) {
                        out[word] = acc;
                    }
                }
                case 2 -> {
                    if (codes16 == null) {
                        in16 = new short[words];
                        codes16 = new short[FastLanes.BLOCK];
                    }
                    MemorySegment.copy(packed, LittleEndian.SHORT, (long) b * words * 2, in16, 0, words);
                    BitUnpack16.unpack(width, in16, 0, codes16, 0);
                    short[] codes = codes16;
                    if (from == 0 && to == FastLanes.BLOCK && (firstRow & 63) == 0) {
                        // A whole block on word boundaries: 64 rows per word, no per-row bookkeeping.
                        int word = (int) (firstRow >>> 6);
                        for (int i = 0; i < FastLanes.BLOCK; i += 64) {
                            long bits = 0;
                            for (int j = 0; j < 64; j++) {
                                long c = codes[i + j] & 0xFFFFL;
                                bits |= (((c - lo) ^ Long.MIN_VALUE) <= bias ? 1L : 0L) << j;
                            }
                            out[word++] = bits;
                        }
                        return;
                    }
                    long row = firstRow;
                    int word = (int) (row >>> 6);
                    long acc = out[word] & ((1L << row) - 1);
                    for (int i = from; i < to; i++) {
                        long c = codes[i] & 0xFFFFL;
                        acc |= (((c - lo) ^ Long.MIN_VALUE) <= bias ? 1L : 0L) << row;
                        if ((++row & 63) == 0) {
                            out[word++] = acc;
                            acc = 0;
                        }
                    }
                    if ((row & 63) != 0) {
                        out[word] = acc;
                    }
                }
                case 4 -> {
                    if (codes32 == null) {
                        in32 = new int[words];
                        codes32 = new int[FastLanes.BLOCK];
                    }
                    MemorySegment.copy(packed, LittleEndian.INT, (long) b * words * 4, in32, 0, words);
                    BitUnpack32.unpack(width, in32, 0, codes32, 0);
                    int[] codes = codes32;
                    if (from == 0 && to == FastLanes.BLOCK && (firstRow & 63) == 0) {
                        // A whole block on word boundaries: 64 rows per word, no per-row bookkeeping.
                        int word = (int) (firstRow >>> 6);
                        for (int i = 0; i < FastLanes.BLOCK; i += 64) {
                            long bits = 0;
                            for (int j = 0; j < 64; j++) {
                                long c = codes[i + j] & 0xFFFF_FFFFL;
                                bits |= (((c - lo) ^ Long.MIN_VALUE) <= bias ? 1L : 0L) << j;
                            }
                            out[word++] = bits;
                        }
                        return;
                    }
                    long row = firstRow;
                    int word = (int) (row >>> 6);
                    long acc = out[word] & ((1L << row) - 1);
                    for (int i = from; i < to; i++) {
                        long c = codes[i] & 0xFFFF_FFFFL;
                        acc |= (((c - lo) ^ Long.MIN_VALUE) <= bias ? 1L : 0L) << row;
                        if ((++row & 63) == 0) {
                            out[word++] = acc;
                            acc = 0;
                        }
                    }
                    if ((row & 63) != 0) {
                        out[word] = acc;
                    }
                }
                default -> {
                    if (codes64 == null) {
                        in64 = new long[words];
                        codes64 = new long[FastLanes.BLOCK];
                    }
                    MemorySegment.copy(packed, LittleEndian.LONG, (long) b * words * 8, in64, 0, words);
                    BitUnpack64.unpack(width, in64, 0, codes64, 0);
                    long[] codes = codes64;
                    if (from == 0 && to == FastLanes.BLOCK && (firstRow & 63) == 0) {
                        // A whole block on word boundaries: 64 rows per word, no per-row bookkeeping.
                        int word = (int) (firstRow >>> 6);
                        for (int i = 0; i < FastLanes.BLOCK; i += 64) {
                            long bits = 0;
                            for (int j = 0; j < 64; j++) {
                                long c = codes[i + j];
                                bits |= (((c - lo) ^ Long.MIN_VALUE) <= bias ? 1L : 0L) << j;
                            }
                            out[word++] = bits;
                        }
                        return;
                    }
                    long row = firstRow;
                    int word = (int) (row >>> 6);
                    long acc = out[word] & ((1L << row) - 1);
                    for (int i = from; i < to; i++) {
                        long c = codes[i];
                        acc |= (((c - lo) ^ Long.MIN_VALUE) <= bias ? 1L : 0L) << row;
                        if ((++row & 63) == 0) {
                            out[word++] = acc;
                            acc = 0;
                        }
                    }
                    if ((row & 63) != 0) {
                        out[word] = acc;
                    }
                }
            }
        }
    }
}
