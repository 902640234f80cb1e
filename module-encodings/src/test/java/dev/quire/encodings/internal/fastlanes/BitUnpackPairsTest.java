package dev.quire.encodings.internal.fastlanes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quire.layout.array.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The two-lanes-at-a-time kernels against the bit-by-bit {@link TestFastLanes} encoder and the one-lane kernels: for
 * every bit width, blocks of random codes (and of all ones, where a value's bits fill its field and any bit leaking
 * from the other half of a long would show) unpack to the codes, at offsets into larger arrays, leaving the bytes
 * around the block as they were.
 */
class BitUnpackPairsTest {
    @ParameterizedTest(name = "width {0}")
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
        26, 27, 28, 29, 30, 31, 32})
    void unpacksEveryWidthToTheCodes(int width) {
        Random random = new Random(width);
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
            MemorySegment packed = MemorySegment.ofArray(TestFastLanes.pack(32, width, codes));
            int longs = 16 * width;
            int inOffset = 3;
            long[] in = new long[inOffset + longs + 1];
            MemorySegment.copy(packed, LittleEndian.LONG, 0, in, inOffset, longs);
            int outOffset = 12;
            byte[] out = new byte[outOffset + 4096 + 8];
            java.util.Arrays.fill(out, (byte) 0x5A);
            BitUnpack32Pairs.unpack(width, in, inOffset, out, outOffset);
            MemorySegment got = MemorySegment.ofArray(out);
            for (int i = 0; i < 1024; i++) {
                assertEquals(codes[i], got.get(LittleEndian.INT, outOffset + 4L * i) & 0xFFFF_FFFFL,
                        "value " + i + " of pattern " + pattern);
            }
            for (int i = 0; i < outOffset; i++) {
                assertEquals(0x5A, out[i], "byte " + i + " before the block");
            }
            for (int i = outOffset + 4096; i < out.length; i++) {
                assertEquals(0x5A, out[i], "byte " + i + " after the block");
            }
            // the same as the one-lane kernel
            int[] in32 = new int[32 * width];
            MemorySegment.copy(packed, LittleEndian.INT, 0, in32, 0, in32.length);
            int[] one = new int[1024];
            BitUnpack32.unpack(width, in32, 0, one, 0);
            for (int i = 0; i < 1024; i++) {
                assertEquals(one[i], got.get(LittleEndian.INT, outOffset + 4L * i), "value " + i);
            }
        }
    }
}
