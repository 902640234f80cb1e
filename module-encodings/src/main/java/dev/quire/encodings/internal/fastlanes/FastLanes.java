package dev.quire.encodings.internal.fastlanes;

import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

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
     * Like {@link #unpack(PType, int, MemorySegment, int)}, adding {@code ref} (wrapping) to each block right after
     * unpacking it, while it is in cache: frame of reference over bit-packing in one pass over the output.
     */
    static MemorySegment unpack(PType ptype, int width, MemorySegment packed, int blocks, long ref) {
        int total = blocks * BLOCK;
        switch (ptype.byteWidth()) {
            case 1 -> {
                int words = width * (BLOCK / 8);
                byte[] in = new byte[blocks * words];
                MemorySegment.copy(packed, ValueLayout.JAVA_BYTE, 0, in, 0, in.length);
                byte[] out = new byte[total];
                byte r = (byte) ref;
                for (int b = 0; b < blocks; b++) {
                    int o = b * BLOCK;
                    BitUnpack8.unpack(width, in, b * words, out, o);
                    if (r != 0) {
                        for (int i = o; i < o + BLOCK; i++) {
                            out[i] += r;
                        }
                    }
                }
                return MemorySegment.ofArray(out);
            }
            case 2 -> {
                int words = width * (BLOCK / 16);
                short[] in = new short[blocks * words];
                MemorySegment.copy(packed, LittleEndian.SHORT, 0, in, 0, in.length);
                short[] out = new short[total];
                short r = (short) ref;
                for (int b = 0; b < blocks; b++) {
                    int o = b * BLOCK;
                    BitUnpack16.unpack(width, in, b * words, out, o);
                    if (r != 0) {
                        for (int i = o; i < o + BLOCK; i++) {
                            out[i] += r;
                        }
                    }
                }
                return MemorySegment.ofArray(out);
            }
            case 4 -> {
                int words = width * (BLOCK / 32);
                int[] in = new int[blocks * words];
                MemorySegment.copy(packed, LittleEndian.INT, 0, in, 0, in.length);
                int[] out = new int[total];
                int r = (int) ref;
                for (int b = 0; b < blocks; b++) {
                    int o = b * BLOCK;
                    BitUnpack32.unpack(width, in, b * words, out, o);
                    if (r != 0) {
                        for (int i = o; i < o + BLOCK; i++) {
                            out[i] += r;
                        }
                    }
                }
                return MemorySegment.ofArray(out);
            }
            default -> {
                int words = width * (BLOCK / 64);
                long[] in = new long[blocks * words];
                MemorySegment.copy(packed, LittleEndian.LONG, 0, in, 0, in.length);
                long[] out = new long[total];
                for (int b = 0; b < blocks; b++) {
                    int o = b * BLOCK;
                    BitUnpack64.unpack(width, in, b * words, out, o);
                    if (ref != 0) {
                        for (int i = o; i < o + BLOCK; i++) {
                            out[i] += ref;
                        }
                    }
                }
                return MemorySegment.ofArray(out);
            }
        }
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
     * The codes at rows {@code rows} (ascending, each below {@code length}) of {@code width}-bit values packed in
     * words of {@code ptype}'s width, the array starting {@code offset} values into the first block: each code is read
     * from the one or two words holding its bits, so no block is unpacked. Codes come back zero-extended.
     */
    static long[] gather(PType ptype, int width, MemorySegment packed, int offset, long[] rows) {
        long[] out = new long[rows.length];
        if (width == 0) {
            return out;
        }
        int typeBits = ptype.byteWidth() * 8;
        int k = Integer.numberOfTrailingZeros(typeBits) - 3;
        byte[] rowOf = ROWS[k];
        int lanes = BLOCK / typeBits;
        long blockWords = (long) lanes * width;
        long mask = width == 64 ? -1L : (1L << width) - 1;
        switch (typeBits) {
            case 8 -> {
                for (int i = 0; i < rows.length; i++) {
                    long q = offset + rows[i];
                    int p = (int) (q & (BLOCK - 1));
                    int bit = rowOf[p] * width;
                    long word = (q >>> 10) * blockWords + (long) (bit >>> 3) * lanes + (p & (lanes - 1));
                    int shift = bit & 7;
                    long v = Byte.toUnsignedLong(packed.get(ValueLayout.JAVA_BYTE, word)) >>> shift;
                    if (shift + width > 8) {
                        v |= Byte.toUnsignedLong(packed.get(ValueLayout.JAVA_BYTE, word + lanes)) << (8 - shift);
                    }
                    out[i] = v & mask;
                }
            }
            case 16 -> {
                for (int i = 0; i < rows.length; i++) {
                    long q = offset + rows[i];
                    int p = (int) (q & (BLOCK - 1));
                    int bit = rowOf[p] * width;
                    long word = (q >>> 10) * blockWords + (long) (bit >>> 4) * lanes + (p & (lanes - 1));
                    int shift = bit & 15;
                    long v = Short.toUnsignedLong(packed.getAtIndex(LittleEndian.SHORT, word)) >>> shift;
                    if (shift + width > 16) {
                        v |= Short.toUnsignedLong(packed.getAtIndex(LittleEndian.SHORT, word + lanes)) << (16 - shift);
                    }
                    out[i] = v & mask;
                }
            }
            case 32 -> {
                for (int i = 0; i < rows.length; i++) {
                    long q = offset + rows[i];
                    int p = (int) (q & (BLOCK - 1));
                    int bit = rowOf[p] * width;
                    long word = (q >>> 10) * blockWords + (long) (bit >>> 5) * lanes + (p & (lanes - 1));
                    int shift = bit & 31;
                    long v = Integer.toUnsignedLong(packed.getAtIndex(LittleEndian.INT, word)) >>> shift;
                    if (shift + width > 32) {
                        v |= Integer.toUnsignedLong(packed.getAtIndex(LittleEndian.INT, word + lanes)) << (32 - shift);
                    }
                    out[i] = v & mask;
                }
            }
            default -> {
                for (int i = 0; i < rows.length; i++) {
                    long q = offset + rows[i];
                    int p = (int) (q & (BLOCK - 1));
                    int bit = rowOf[p] * width;
                    long word = (q >>> 10) * blockWords + (long) (bit >>> 6) * lanes + (p & (lanes - 1));
                    int shift = bit & 63;
                    long v = packed.getAtIndex(LittleEndian.LONG, word) >>> shift;
                    if (shift + width > 64) {
                        v |= packed.getAtIndex(LittleEndian.LONG, word + lanes) << (64 - shift);
                    }
                    out[i] = v & mask;
                }
            }
        }
        return out;
    }
}
