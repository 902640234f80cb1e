package dev.quire.encodings.internal.fastlanes;

import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The FastLanes block layout shared by bit-packing, delta and RLE: values in blocks of 1024, each block split into
 * {@code 1024 / T} lanes of {@code T}-bit words.
 */
final class FastLanes {
    static final int BLOCK = 1024;
    private static final int[] ORDER = {0, 4, 2, 6, 1, 5, 3, 7};
    /** {@code TRANSPOSE[i]}: the position in a block whose value sits at index {@code i} of the transposed block. */
    private static final int[] TRANSPOSE = new int[BLOCK];

    /**
     * {@code ROWS[k][p]}: for words of {@code 8 << k} bits, the row (the position in its lane's stream) of the value at
     * block position {@code p}; its lane is {@code p % (1024 / (8 << k))}.
     */
    private static final byte[][] ROWS = new byte[4][BLOCK];

    static {
        for (int i = 0; i < BLOCK; i++) {
            TRANSPOSE[i] = (i % 16) * 64 + ORDER[(i / 16) % 8] * 8 + i / 128;
        }
        for (int k = 0; k < 4; k++) {
            int bits = 8 << k;
            int lanes = BLOCK / bits;
            for (int row = 0; row < bits; row++) {
                for (int lane = 0; lane < lanes; lane++) {
                    ROWS[k][index(row, lane)] = (byte) row;
                }
            }
        }
    }

    /**
     * Whether 1- and 4-byte words are unpacked by the SWAR kernels ({@link BitUnpack8Swar}, {@link BitUnpack32Swar}):
     * their output is copied into arrays of values as bytes, which puts each long's lanes in order only on a
     * little-endian platform. Elsewhere the one-lane kernels do the work.
     */
    static final boolean SWAR = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    /**
     * Whether blocks of {@code width}-bit values in {@code typeBits}-bit words are unpacked by the SWAR kernels: on
     * little-endian platforms, 1-byte words at every width and 4-byte words at widths 1-16 and 32. Measured against
     * the one-lane kernels: JMH {@code DecodeBench.blocks} (the block cursor over a 1 Mi-row file, two runs each) gave
     * +16 % at width 4, +17 % at 12 and -2 to -9 % at 20 (within its error); the TPC-H runner's scan-date (12 bits,
     * frame of reference) 13-15 % faster. Above 16 bits more values cross a word, and the SWAR form pays two masks for
     * each. Eight 8-bit lanes took 0.17-0.65x the time when decoding whole arrays in a harness.
     */
    static boolean swar(int typeBits, int width) {
        return SWAR && (typeBits == 8 || (typeBits == 32 && (width <= 16 || width == 32)));
    }

    private FastLanes() {}

    /** The number of blocks {@code length} values starting {@code offset} into the first block occupy. */
    static long blocks(long offset, long length) {
        return (offset + length + BLOCK - 1) / BLOCK;
    }

    /** The index within a block of row {@code row} of lane {@code lane}. */
    static int index(int row, int lane) {
        return ORDER[row / 8] * 16 + (row % 8) * 128 + lane;
    }

    /** For words of {@code typeBits} bits, the row in its lane of each block position (shared, not to be modified). */
    static byte[] rowsOf(int typeBits) {
        return ROWS[Integer.numberOfTrailingZeros(typeBits) - 3];
    }

    /** The block position that index {@code i} of a transposed block holds. */
    static int transposed(int i) {
        return TRANSPOSE[i];
    }

    /**
     * Unpacks {@code blocks} blocks of {@code width}-bit values packed in words of {@code ptype}'s width into a new
     * segment of {@code blocks * 1024} values. The caller has checked the packed size and the total length.
     */
    static MemorySegment unpack(PType ptype, int width, MemorySegment packed, int blocks) {
        return unpack(ptype, width, packed, blocks, 0);
    }

    /**
     * Like {@link #unpack(PType, int, MemorySegment, int)}, adding {@code ref} (wrapping) to each value: frame of
     * reference over bit-packing. The packed words are copied a block at a time into a small scratch array that stays
     * in L1, instead of into a heap copy of the whole buffer (which cost an allocation and a pass over memory per
     * chunk). Where {@link #swar} says so, 1- and 4-byte words are unpacked by the SWAR kernels, which add no
     * reference: each block is copied into the output as bytes and, when the reference is not 0, gets it in a
     * second pass over the block. Other words use the one-lane kernels, which add it as they store.
     */
    static MemorySegment unpack(PType ptype, int width, MemorySegment packed, int blocks, long ref) {
        // One method per word size: each is compiled on its own, and only for the sizes a file uses.
        return switch (ptype.byteWidth()) {
            case 1 -> unpack8(width, packed, blocks, ref);
            case 2 -> unpack16(width, packed, blocks, ref);
            case 4 -> unpack32(width, packed, blocks, ref);
            default -> unpack64(width, packed, blocks, ref);
        };
    }

    private static MemorySegment unpack8(int width, MemorySegment packed, int blocks, long ref) {
        int total = blocks * BLOCK;
        int words = width * (BLOCK / 8);
        byte[] out = new byte[total];
        byte r = (byte) ref;
        if (swar(8, width)) {
            SwarUnpacker swar = new SwarUnpacker(8, width);
            MemorySegment outBytes = MemorySegment.ofArray(out);
            for (int b = 0; b < blocks; b++) {
                swar.unpack(packed, (long) b * words, outBytes, (long) b * BLOCK);
                if (r != 0) {
                    for (int j = b * BLOCK, end = j + BLOCK; j < end; j++) {
                        out[j] += r;
                    }
                }
            }
        } else {
            byte[] in = new byte[Math.max(1, words)];
            for (int b = 0; b < blocks; b++) {
                MemorySegment.copy(packed, ValueLayout.JAVA_BYTE, (long) b * words, in, 0, words);
                BitUnpack8.unpack(width, in, 0, out, b * BLOCK, r);
            }
        }
        return MemorySegment.ofArray(out);
    }

    private static MemorySegment unpack16(int width, MemorySegment packed, int blocks, long ref) {
        int total = blocks * BLOCK;
        int words = width * (BLOCK / 16);
        short[] in = new short[Math.max(1, words)];
        short[] out = new short[total];
        short r = (short) ref;
        for (int b = 0; b < blocks; b++) {
            MemorySegment.copy(packed, LittleEndian.SHORT, (long) b * words * 2, in, 0, words);
            BitUnpack16.unpack(width, in, 0, out, b * BLOCK, r);
        }
        return MemorySegment.ofArray(out);
    }

    private static MemorySegment unpack32(int width, MemorySegment packed, int blocks, long ref) {
        int total = blocks * BLOCK;
        int words = width * (BLOCK / 32);
        int[] out = new int[total];
        int r = (int) ref;
        if (swar(32, width)) {
            SwarUnpacker swar = new SwarUnpacker(32, width);
            MemorySegment outBytes = MemorySegment.ofArray(out);
            for (int b = 0; b < blocks; b++) {
                swar.unpack(packed, (long) b * words * 4, outBytes, 4L * b * BLOCK);
                if (r != 0) {
                    for (int j = b * BLOCK, end = j + BLOCK; j < end; j++) {
                        out[j] += r;
                    }
                }
            }
        } else {
            int[] in = new int[Math.max(1, words)];
            for (int b = 0; b < blocks; b++) {
                MemorySegment.copy(packed, LittleEndian.INT, (long) b * words * 4, in, 0, words);
                BitUnpack32.unpack(width, in, 0, out, b * BLOCK, r);
            }
        }
        return MemorySegment.ofArray(out);
    }

    private static MemorySegment unpack64(int width, MemorySegment packed, int blocks, long ref) {
        int total = blocks * BLOCK;
        int words = width * (BLOCK / 64);
        long[] in = new long[Math.max(1, words)];
        long[] out = new long[total];
        for (int b = 0; b < blocks; b++) {
            MemorySegment.copy(packed, LittleEndian.LONG, (long) b * words * 8, in, 0, words);
            BitUnpack64.unpack(width, in, 0, out, b * BLOCK, ref);
        }
        return MemorySegment.ofArray(out);
    }

    /**
     * Sets bit {@code i} of {@code out} for each row {@code i} in {@code [0, length)} whose code (the
     * {@code width}-bit value at block position {@code offset + i}) has its bit set in {@code table}; {@code out} is
     * zero on entry. Unpacks one block at a time into a scratch block, so nothing of the array's size is built, and
     * gathers the bits of 64 rows in a register before storing them.
     */
    static void lookup(PType ptype, int width, MemorySegment packed, int offset, long length, long[] table,
            long[] out) {
        int blocks = (int) blocks(offset, length);
        long end = offset + length;
        switch (ptype.byteWidth()) {
            case 1 -> {
                int words = width * (BLOCK / 8);
                byte[] in = new byte[words];
                byte[] codes = new byte[BLOCK];
                for (int b = 0; b < blocks; b++) {
                    MemorySegment.copy(packed, ValueLayout.JAVA_BYTE, (long) b * words, in, 0, words);
                    BitUnpack8.unpack(width, in, 0, codes, 0);
                    long base = (long) b * BLOCK;
                    int from = (int) Math.max(0, offset - base);
                    int to = (int) Math.min(BLOCK, end - base);
                    long row = base + from - offset;
                    int word = (int) (row >>> 6);
                    long acc = out[word];
                    for (int i = from; i < to; i++) {
                        int c = codes[i] & 0xFF;
                        acc |= ((table[c >>> 6] >>> c) & 1L) << row;
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
            case 2 -> {
                int words = width * (BLOCK / 16);
                short[] in = new short[words];
                short[] codes = new short[BLOCK];
                for (int b = 0; b < blocks; b++) {
                    MemorySegment.copy(packed, LittleEndian.SHORT, (long) b * words * 2, in, 0, words);
                    BitUnpack16.unpack(width, in, 0, codes, 0);
                    long base = (long) b * BLOCK;
                    int from = (int) Math.max(0, offset - base);
                    int to = (int) Math.min(BLOCK, end - base);
                    long row = base + from - offset;
                    int word = (int) (row >>> 6);
                    long acc = out[word];
                    for (int i = from; i < to; i++) {
                        int c = codes[i] & 0xFFFF;
                        acc |= ((table[c >>> 6] >>> c) & 1L) << row;
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
            case 4 -> {
                int words = width * (BLOCK / 32);
                int[] in = new int[words];
                int[] codes = new int[BLOCK];
                for (int b = 0; b < blocks; b++) {
                    MemorySegment.copy(packed, LittleEndian.INT, (long) b * words * 4, in, 0, words);
                    BitUnpack32.unpack(width, in, 0, codes, 0);
                    long base = (long) b * BLOCK;
                    int from = (int) Math.max(0, offset - base);
                    int to = (int) Math.min(BLOCK, end - base);
                    long row = base + from - offset;
                    int word = (int) (row >>> 6);
                    long acc = out[word];
                    for (int i = from; i < to; i++) {
                        int c = codes[i];
                        acc |= ((table[c >>> 6] >>> c) & 1L) << row;
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
            default -> {
                int words = width * (BLOCK / 64);
                long[] in = new long[words];
                long[] codes = new long[BLOCK];
                for (int b = 0; b < blocks; b++) {
                    MemorySegment.copy(packed, LittleEndian.LONG, (long) b * words * 8, in, 0, words);
                    BitUnpack64.unpack(width, in, 0, codes, 0);
                    long base = (long) b * BLOCK;
                    int from = (int) Math.max(0, offset - base);
                    int to = (int) Math.min(BLOCK, end - base);
                    long row = base + from - offset;
                    int word = (int) (row >>> 6);
                    long acc = out[word];
                    for (int i = from; i < to; i++) {
                        int c = (int) codes[i];
                        acc |= ((table[c >>> 6] >>> c) & 1L) << row;
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

    /**
     * A block is unpacked whole when more than one row in this many is read from it; below that, reading each row's
     * bits on its own costs less than unpacking the block.
     */
    static final int UNPACK_ONE_IN = 8;

    /**
     * The number of words a heap copy of one block of {@code width}-bit codes in {@code typeBits}-bit words needs for
     * the per-row readers ({@link #code8} and the others): the block's words and one more word per lane, which they
     * may read (past a code that ends in its first word) but never use.
     */
    static int paddedWords(int typeBits, int width) {
        return (width + 1) * (BLOCK / typeBits);
    }

    /**
     * The code at block position {@code p} of a heap copy of one block of {@code width}-bit codes in bytes, with the
     * padding of {@link #paddedWords}; {@code mask} is {@code 2^width - 1}. Reads the two words that may hold the
     * code's bits without a branch on whether they do.
     */
    static long code8(byte[] in, byte[] rowOf, int width, long mask, int p) {
        int bit = rowOf[p] * width;
        int shift = bit & 7;
        int idx = (bit >>> 3) * (BLOCK / 8) + (p & (BLOCK / 8 - 1));
        return ((in[idx] & 0xFFL) >>> shift | (in[idx + BLOCK / 8] & 0xFFL) << (8 - shift)) & mask;
    }

    /** {@link #code8} for codes in 16-bit words. */
    static long code16(short[] in, byte[] rowOf, int width, long mask, int p) {
        int bit = rowOf[p] * width;
        int shift = bit & 15;
        int idx = (bit >>> 4) * (BLOCK / 16) + (p & (BLOCK / 16 - 1));
        return ((in[idx] & 0xFFFFL) >>> shift | (in[idx + BLOCK / 16] & 0xFFFFL) << (16 - shift)) & mask;
    }

    /** {@link #code8} for codes in 32-bit words. */
    static long code32(int[] in, byte[] rowOf, int width, long mask, int p) {
        int bit = rowOf[p] * width;
        int shift = bit & 31;
        int idx = (bit >>> 5) * (BLOCK / 32) + (p & (BLOCK / 32 - 1));
        return ((in[idx] & 0xFFFF_FFFFL) >>> shift | (in[idx + BLOCK / 32] & 0xFFFF_FFFFL) << (32 - shift)) & mask;
    }

    /**
     * {@link #code8} for codes in 64-bit words: the next word is shifted in two steps, so that a code starting at bit
     * 0 of its word takes nothing from it (a shift by 64 would be a shift by 0).
     */
    static long code64(long[] in, byte[] rowOf, int width, long mask, int p) {
        int bit = rowOf[p] * width;
        int shift = bit & 63;
        int idx = (bit >>> 6) * (BLOCK / 64) + (p & (BLOCK / 64 - 1));
        return (in[idx] >>> shift | (in[idx + BLOCK / 64] << 1) << (63 - shift)) & mask;
    }

    /**
     * The codes at rows {@code rows} (ascending, each below {@code length}) of {@code width}-bit values packed in
     * words of {@code ptype}'s width, the array starting {@code offset} values into the first block; codes come back
     * zero-extended. Blocks holding no row are not touched. A block holding a few rows is copied to a heap scratch
     * array in one bulk copy (one bounds check, where reading a memory segment row by row checks every access) and
     * each row's code is read from the one or two words holding its bits; a block holding many is unpacked whole and
     * its rows picked.
     */
    static long[] gather(PType ptype, int width, MemorySegment packed, int offset, long[] rows) {
        long[] out = new long[rows.length];
        if (width == 0 || rows.length == 0) {
            return out;
        }
        // One method per word size, as for unpack.
        switch (ptype.byteWidth()) {
            case 1 -> gather8(width, packed, offset, rows, out);
            case 2 -> gather16(width, packed, offset, rows, out);
            case 4 -> gather32(width, packed, offset, rows, out);
            default -> gather64(width, packed, offset, rows, out);
        }
        return out;
    }

    private static void gather8(int width, MemorySegment packed, int offset, long[] rows, long[] out) {
        byte[] rowOf = rowsOf(8);
        int words = width * (BLOCK / 8);
        long mask = width == 64 ? -1L : (1L << width) - 1;
        byte[] in = new byte[paddedWords(8, width)];
        byte[] codes = null;
        for (int i = 0; i < rows.length; ) {
            long block = (offset + rows[i]) >>> 10;
            int end = blockEnd(rows, i, offset, block);
            MemorySegment.copy(packed, ValueLayout.JAVA_BYTE, block * words, in, 0, words);
            if ((end - i) * UNPACK_ONE_IN > BLOCK) {
                codes = codes == null ? new byte[BLOCK] : codes;
                BitUnpack8.unpack(width, in, 0, codes, 0);
                for (; i < end; i++) {
                    out[i] = codes[(int) ((offset + rows[i]) & (BLOCK - 1))] & 0xFFL;
                }
            } else {
                for (; i < end; i++) {
                    out[i] = code8(in, rowOf, width, mask, (int) ((offset + rows[i]) & (BLOCK - 1)));
                }
            }
        }
    
    }

    private static void gather16(int width, MemorySegment packed, int offset, long[] rows, long[] out) {
        byte[] rowOf = rowsOf(16);
        int words = width * (BLOCK / 16);
        long mask = width == 64 ? -1L : (1L << width) - 1;
        short[] in = new short[paddedWords(16, width)];
        short[] codes = null;
        for (int i = 0; i < rows.length; ) {
            long block = (offset + rows[i]) >>> 10;
            int end = blockEnd(rows, i, offset, block);
            MemorySegment.copy(packed, LittleEndian.SHORT, block * words * 2, in, 0, words);
            if ((end - i) * UNPACK_ONE_IN > BLOCK) {
                codes = codes == null ? new short[BLOCK] : codes;
                BitUnpack16.unpack(width, in, 0, codes, 0);
                for (; i < end; i++) {
                    out[i] = codes[(int) ((offset + rows[i]) & (BLOCK - 1))] & 0xFFFFL;
                }
            } else {
                for (; i < end; i++) {
                    out[i] = code16(in, rowOf, width, mask, (int) ((offset + rows[i]) & (BLOCK - 1)));
                }
            }
        }
    
    }

    private static void gather32(int width, MemorySegment packed, int offset, long[] rows, long[] out) {
        byte[] rowOf = rowsOf(32);
        int words = width * (BLOCK / 32);
        long mask = width == 64 ? -1L : (1L << width) - 1;
        int[] in = new int[paddedWords(32, width)];
        int[] codes = null;
        for (int i = 0; i < rows.length; ) {
            long block = (offset + rows[i]) >>> 10;
            int end = blockEnd(rows, i, offset, block);
            MemorySegment.copy(packed, LittleEndian.INT, block * words * 4, in, 0, words);
            if ((end - i) * UNPACK_ONE_IN > BLOCK) {
                codes = codes == null ? new int[BLOCK] : codes;
                BitUnpack32.unpack(width, in, 0, codes, 0);
                for (; i < end; i++) {
                    out[i] = codes[(int) ((offset + rows[i]) & (BLOCK - 1))] & 0xFFFF_FFFFL;
                }
            } else {
                for (; i < end; i++) {
                    out[i] = code32(in, rowOf, width, mask, (int) ((offset + rows[i]) & (BLOCK - 1)));
                }
            }
        }
    
    }

    private static void gather64(int width, MemorySegment packed, int offset, long[] rows, long[] out) {
        byte[] rowOf = rowsOf(64);
        int words = width * (BLOCK / 64);
        long mask = width == 64 ? -1L : (1L << width) - 1;
        long[] in = new long[paddedWords(64, width)];
        long[] codes = null;
        for (int i = 0; i < rows.length; ) {
            long block = (offset + rows[i]) >>> 10;
            int end = blockEnd(rows, i, offset, block);
            MemorySegment.copy(packed, LittleEndian.LONG, block * words * 8, in, 0, words);
            if ((end - i) * UNPACK_ONE_IN > BLOCK) {
                codes = codes == null ? new long[BLOCK] : codes;
                BitUnpack64.unpack(width, in, 0, codes, 0);
                for (; i < end; i++) {
                    out[i] = codes[(int) ((offset + rows[i]) & (BLOCK - 1))];
                }
            } else {
                for (; i < end; i++) {
                    out[i] = code64(in, rowOf, width, mask, (int) ((offset + rows[i]) & (BLOCK - 1)));
                }
            }
        }
    
    }

    /** The index after the last of {@code rows} from {@code i} on that lies in block {@code block}. */
    private static int blockEnd(long[] rows, int i, int offset, long block) {
        long next = (block + 1) << 10;
        int end = i + 1;
        while (end < rows.length && offset + rows[end] < next) {
            end++;
        }
        return end;
    }
}
