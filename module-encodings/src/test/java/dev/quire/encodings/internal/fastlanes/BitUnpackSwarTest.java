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
 * The SWAR kernels (eight 8-bit or two 32-bit lanes per long) against the bit-by-bit {@link TestFastLanes} encoder and the one-lane
 * kernels: for both word sizes and every bit width, blocks of random codes, of all ones (a value's bits
 * fill its field, so any bit leaking from a neighbouring lane shows) and of ones and zeros alternating by lane unpack
 * to the codes (each long holding neighbouring values, the first in its low bits), at offsets into larger arrays,
 * leaving the longs around the block as they were.
 */
class BitUnpackSwarTest {
    static Stream<Arguments> widths() {
        List<Arguments> out = new ArrayList<>();
        for (int bits : BitUnpackGenerator.SWAR_BITS) {
            for (int w = 0; w <= bits; w++) {
                out.add(Arguments.of(bits, w));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}-bit words, width {1}")
    @MethodSource("widths")
    void unpacksEveryWidthToTheCodes(int bits, int width) {
        Random random = new Random(bits * 100L + width);
        long mask = (1L << width) - 1;
        for (int pattern = 0; pattern < 3; pattern++) {
            long[] codes = new long[1024];
            for (int i = 0; i < codes.length; i++) {
                codes[i] = switch (pattern) {
                    case 0 -> random.nextLong() & mask;
                    case 1 -> mask;
                    default -> (i & 1) == 0 ? mask : 0;
                };
            }
            MemorySegment packed = MemorySegment.ofArray(TestFastLanes.pack(bits, width, codes));
            int longs = 16 * width;
            int inOffset = 3;
            long[] in = new long[inOffset + longs + 1];
            MemorySegment.copy(packed, LittleEndian.LONG, 0, in, inOffset, longs);
            int outOffset = 5;
            long[] out = new long[outOffset + 16 * bits + 2];
            java.util.Arrays.fill(out, 0x5A5A5A5A5A5A5A5AL);
            switch (bits) {
                case 8 -> BitUnpack8Swar.unpack(width, in, inOffset, out, outOffset);
                default -> BitUnpack32Swar.unpack(width, in, inOffset, out, outOffset);
            }
            long[] one = oneLane(bits, width, packed);
            long valueMask = (1L << bits) - 1;
            for (int i = 0; i < 1024; i++) {
                // value i: the (i % (64 / bits))-th field of long i / (64 / bits), counted from the low bits
                long value = (out[outOffset + i * bits / 64] >>> (i * bits % 64)) & valueMask;
                assertEquals(codes[i], value, "value " + i + " of pattern " + pattern);
                assertEquals(one[i], value, "value " + i + " of pattern " + pattern + " against the one-lane kernel");
            }
            for (int i = 0; i < outOffset; i++) {
                assertEquals(0x5A5A5A5A5A5A5A5AL, out[i], "long " + i + " before the block");
            }
            for (int i = outOffset + 16 * bits; i < out.length; i++) {
                assertEquals(0x5A5A5A5A5A5A5A5AL, out[i], "long " + i + " after the block");
            }
        }
    }

    /** The block as the one-lane kernel unpacks it, zero-extended. */
    private static long[] oneLane(int bits, int width, MemorySegment packed) {
        int words = width * (1024 / bits);
        long[] values = new long[1024];
        switch (bits) {
            case 8 -> {
                byte[] in = new byte[words];
                MemorySegment.copy(packed, ValueLayout.JAVA_BYTE, 0, in, 0, words);
                byte[] out = new byte[1024];
                BitUnpack8.unpack(width, in, 0, out, 0);
                for (int i = 0; i < 1024; i++) {
                    values[i] = out[i] & 0xFFL;
                }
            }
            default -> {
                int[] in = new int[words];
                MemorySegment.copy(packed, LittleEndian.INT, 0, in, 0, words);
                int[] out = new int[1024];
                BitUnpack32.unpack(width, in, 0, out, 0);
                for (int i = 0; i < 1024; i++) {
                    values[i] = out[i] & 0xFFFF_FFFFL;
                }
            }
        }
        return values;
    }
}
