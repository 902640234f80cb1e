package dev.quire.encodings.internal.fastlanes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quire.layout.array.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The generated kernels with a frame-of-reference value added as they store: for every word size and bit width, one
 * block packed by the bit-by-bit {@link TestFastLanes} encoder is unpacked at offsets into larger arrays with a random
 * reference (including ones that make values wrap), and each value must be its code plus the reference, wrapped to the
 * word size; values outside the block are left as they were.
 */
class BitUnpackReferenceTest {
    static Stream<Arguments> widths() {
        List<Arguments> out = new ArrayList<>();
        for (int bits : new int[] {8, 16, 32, 64}) {
            for (int w = 0; w <= bits; w++) {
                out.add(Arguments.of(bits, w));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}-bit words, width {1}")
    @MethodSource("widths")
    void addsTheReferenceToEveryCode(int bits, int width) {
        Random random = new Random(bits * 1000L + width);
        long mask = width == 64 ? -1L : (1L << width) - 1;
        long[] codes = new long[1024];
        for (int i = 0; i < codes.length; i++) {
            codes[i] = random.nextLong() & mask;
        }
        MemorySegment packed = MemorySegment.ofArray(TestFastLanes.pack(bits, width, codes));
        int words = width * (1024 / bits);
        int inOffset = 3;
        int outOffset = 5;
        long typeMask = bits == 64 ? -1L : (1L << bits) - 1;
        for (long ref : new long[] {0, 1, -1, random.nextLong(), Long.MIN_VALUE >>> (64 - bits)}) {
            long[] got = new long[outOffset + 1024 + 2];
            switch (bits) {
                case 8 -> {
                    byte[] in = new byte[inOffset + words];
                    MemorySegment.copy(packed, ValueLayout.JAVA_BYTE, 0, in, inOffset, words);
                    byte[] out = new byte[got.length];
                    java.util.Arrays.fill(out, (byte) 0x5A);
                    BitUnpack8.unpack(width, in, inOffset, out, outOffset, (byte) ref);
                    for (int i = 0; i < out.length; i++) {
                        got[i] = out[i] & 0xFFL;
                    }
                }
                case 16 -> {
                    short[] in = new short[inOffset + words];
                    MemorySegment.copy(packed, LittleEndian.SHORT, 0, in, inOffset, words);
                    short[] out = new short[got.length];
                    java.util.Arrays.fill(out, (short) 0x5A);
                    BitUnpack16.unpack(width, in, inOffset, out, outOffset, (short) ref);
                    for (int i = 0; i < out.length; i++) {
                        got[i] = out[i] & 0xFFFFL;
                    }
                }
                case 32 -> {
                    int[] in = new int[inOffset + words];
                    MemorySegment.copy(packed, LittleEndian.INT, 0, in, inOffset, words);
                    int[] out = new int[got.length];
                    java.util.Arrays.fill(out, 0x5A);
                    BitUnpack32.unpack(width, in, inOffset, out, outOffset, (int) ref);
                    for (int i = 0; i < out.length; i++) {
                        got[i] = out[i] & 0xFFFF_FFFFL;
                    }
                }
                default -> {
                    long[] in = new long[inOffset + words];
                    MemorySegment.copy(packed, LittleEndian.LONG, 0, in, inOffset, words);
                    java.util.Arrays.fill(got, 0x5A);
                    BitUnpack64.unpack(width, in, inOffset, got, outOffset, ref);
                }
            }
            for (int i = 0; i < outOffset; i++) {
                assertEquals(0x5A, got[i], "value before the block at " + i);
            }
            for (int i = 0; i < 1024; i++) {
                assertEquals((codes[i] + ref) & typeMask, got[outOffset + i] & typeMask,
                        "value " + i + " with reference " + ref);
            }
            for (int i = outOffset + 1024; i < got.length; i++) {
                assertEquals(0x5A, got[i], "value after the block at " + i);
            }
        }
    }
}
