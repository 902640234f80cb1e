package dev.quire.encodings.internal.fastlanes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quire.layout.dtype.PType;
import java.lang.foreign.Arena;
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
 * {@link FastLanes#gather} returns the codes it was packed from, for every word size and width, from packed bytes on
 * the heap and off-heap at an odd address, with the array starting anywhere in its first block, and with rows that
 * leave some blocks many, others few, one or none.
 */
class FastLanesGatherTest {
    private static final PType[] WORDS = {PType.U8, PType.U16, PType.U32, PType.U64};

    static Stream<Arguments> shapes() {
        List<Arguments> out = new ArrayList<>();
        for (PType t : WORDS) {
            for (int w = 0; w <= t.byteWidth() * 8; w++) {
                out.add(Arguments.of(t, w));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} w{1}")
    @MethodSource("shapes")
    void gatheredCodesAreThePackedOnes(PType type, int width) {
        Random random = new Random(type.ordinal() * 100L + width);
        int bits = type.byteWidth() * 8;
        int offset = random.nextInt(3) == 0 ? 0 : random.nextInt(1024);
        int length = 1 + random.nextInt(6000);
        long mask = width == 64 ? -1L : (1L << width) - 1;
        long[] codes = new long[(int) FastLanes.blocks(offset, length) * 1024];
        for (int i = 0; i < codes.length; i++) {
            codes[i] = random.nextLong() & mask;
        }
        byte[] bytes = TestFastLanes.pack(bits, width, codes);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment offHeap = arena.allocate(bytes.length + 1L, 8).asSlice(1);
            MemorySegment.copy(bytes, 0, offHeap, ValueLayout.JAVA_BYTE, 0, bytes.length);
            for (MemorySegment packed : new MemorySegment[] {MemorySegment.ofArray(bytes), offHeap}) {
                for (int round = 0; round < 4; round++) {
                    // Per block of rows: none, about one, a few or many.
                    List<Long> picked = new ArrayList<>();
                    for (long row = 0; row < length; row++) {
                        long block = (offset + row) >>> 10;
                        int kind = (int) ((block * 7 + round) % 4);
                        int oneIn = switch (kind) {
                            case 0 -> Integer.MAX_VALUE;
                            case 1 -> 1000;
                            case 2 -> 200;
                            default -> 1 + round;
                        };
                        if (random.nextInt(oneIn) == 0) {
                            picked.add(row);
                        }
                    }
                    long[] rows = picked.stream().mapToLong(Long::longValue).toArray();
                    long[] got = FastLanes.gather(type, width, packed, offset, rows);
                    assertEquals(rows.length, got.length);
                    for (int i = 0; i < rows.length; i++) {
                        assertEquals(codes[(int) (offset + rows[i])], got[i], "row " + rows[i] + " of " + length
                                + " at offset " + offset + ", " + rows.length + " rows gathered");
                    }
                }
            }
        }
    }
}
