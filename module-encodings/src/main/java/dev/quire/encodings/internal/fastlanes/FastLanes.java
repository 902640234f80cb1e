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

    static {
        for (int i = 0; i < BLOCK; i++) {
            TRANSPOSE[i] = (i % 16) * 64 + ORDER[(i / 16) % 8] * 8 + i / 128;
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

    /** The block position that index {@code i} of a transposed block holds. */
    static int transposed(int i) {
        return TRANSPOSE[i];
    }

    /**
     * Unpacks {@code blocks} blocks of {@code width}-bit values packed in words of {@code ptype}'s width into a new
     * segment of {@code blocks * 1024} values. The caller has checked the packed size and the total length.
     */
    static MemorySegment unpack(PType ptype, int width, MemorySegment packed, int blocks) {
        int total = blocks * BLOCK;
        switch (ptype.byteWidth()) {
            case 1 -> {
                int words = width * (BLOCK / 8);
                byte[] in = new byte[blocks * words];
                MemorySegment.copy(packed, ValueLayout.JAVA_BYTE, 0, in, 0, in.length);
                byte[] out = new byte[total];
                for (int b = 0; b < blocks; b++) {
                    BitUnpack8.unpack(width, in, b * words, out, b * BLOCK);
                }
                return MemorySegment.ofArray(out);
            }
            case 2 -> {
                int words = width * (BLOCK / 16);
                short[] in = new short[blocks * words];
                MemorySegment.copy(packed, LittleEndian.SHORT, 0, in, 0, in.length);
                short[] out = new short[total];
                for (int b = 0; b < blocks; b++) {
                    BitUnpack16.unpack(width, in, b * words, out, b * BLOCK);
                }
                return MemorySegment.ofArray(out);
            }
            case 4 -> {
                int words = width * (BLOCK / 32);
                int[] in = new int[blocks * words];
                MemorySegment.copy(packed, LittleEndian.INT, 0, in, 0, in.length);
                int[] out = new int[total];
                for (int b = 0; b < blocks; b++) {
                    BitUnpack32.unpack(width, in, b * words, out, b * BLOCK);
                }
                return MemorySegment.ofArray(out);
            }
            default -> {
                int words = width * (BLOCK / 64);
                long[] in = new long[blocks * words];
                MemorySegment.copy(packed, LittleEndian.LONG, 0, in, 0, in.length);
                long[] out = new long[total];
                for (int b = 0; b < blocks; b++) {
                    BitUnpack64.unpack(width, in, b * words, out, b * BLOCK);
                }
                return MemorySegment.ofArray(out);
            }
        }
    }
}
