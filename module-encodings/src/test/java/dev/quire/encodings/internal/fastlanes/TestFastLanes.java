package dev.quire.encodings.internal.fastlanes;

import dev.quire.layout.array.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A brute-force FastLanes encoder for tests, written bit by bit from the format description (not from the decoder):
 * in each block of 1024 values, lane {@code l}'s row {@code r} holds the value at {@code ORDER[r / 8] * 16 + (r % 8) *
 * 128 + l}, written at bit {@code r * width} of that lane's stream, whose word {@code k} is word {@code lanes * k + l}
 * of the block.
 */
final class TestFastLanes {
    static final int[] ORDER = {0, 4, 2, 6, 1, 5, 3, 7};

    private TestFastLanes() {}

    static int blockIndex(int row, int lane) {
        return ORDER[row / 8] * 16 + (row % 8) * 128 + lane;
    }

    /** The transposed position of value {@code i} of a block, from the FastLanes transpose definition. */
    static int transpose(int i) {
        int lane = i % 16;
        int order = (i / 16) % 8;
        int row = i / 128;
        return lane * 64 + ORDER[order] * 8 + row;
    }

    /** Packs {@code values} (a whole number of blocks) into {@code width}-bit fields of {@code bits}-bit words. */
    static byte[] pack(int bits, int width, long[] values) {
        int lanes = 1024 / bits;
        int blocks = values.length / 1024;
        int wordsPerBlock = lanes * width;
        long[] words = new long[blocks * wordsPerBlock];
        for (int b = 0; b < blocks; b++) {
            for (int lane = 0; lane < lanes; lane++) {
                for (int row = 0; row < bits; row++) {
                    long v = values[b * 1024 + blockIndex(row, lane)];
                    for (int j = 0; j < width; j++) {
                        if ((v >>> j & 1) != 0) {
                            int p = row * width + j;
                            int word = b * wordsPerBlock + lanes * (p / bits) + lane;
                            words[word] |= 1L << (p % bits);
                        }
                    }
                }
            }
        }
        MemorySegment out = MemorySegment.ofArray(new byte[words.length * bits / 8]);
        for (int i = 0; i < words.length; i++) {
            switch (bits) {
                case 8 -> out.set(ValueLayout.JAVA_BYTE, i, (byte) words[i]);
                case 16 -> out.set(LittleEndian.SHORT, i * 2L, (short) words[i]);
                case 32 -> out.set(LittleEndian.INT, i * 4L, (int) words[i]);
                default -> out.set(LittleEndian.LONG, i * 8L, words[i]);
            }
        }
        return out.toArray(ValueLayout.JAVA_BYTE);
    }
}
