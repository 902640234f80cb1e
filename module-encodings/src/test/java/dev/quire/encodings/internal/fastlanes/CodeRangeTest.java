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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link CodeRange#match} against comparing each code it was packed from with both ends of the range, as unsigned
 * numbers: every word size and every width from 0 to the word size, offsets into the first block (aligned to a word
 * of rows or not), lengths that end inside a block, packed bytes on the heap and off-heap at an odd address, ranges
 * at, inside, across and beyond the codes (including spans that pass 2^64, which do not wrap, and a low end above
 * every code), and rows asked for: all, none, dense (the whole-block path), sparse (the row-by-row path) and one
 * clustered run.
 */
class CodeRangeTest {
    private static final PType[] WORDS = {PType.U8, PType.U16, PType.U32, PType.U64};

    static Stream<Arguments> shapes() {
        List<Arguments> out = new ArrayList<>();
        for (PType t : WORDS) {
            for (int w = 0; w <= t.byteWidth() * 8; w++) {
                for (int seed = 0; seed < 2; seed++) {
                    out.add(Arguments.of(t, w, seed));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} w{1} seed {2}")
    @MethodSource("shapes")
    void matchesTheCodesComparedOneByOne(PType type, int width, int seed) {
        Random random = new Random(seed * 7919L + type.ordinal() * 131L + width);
        int bits = type.byteWidth() * 8;
        int offset = switch (seed) {
            case 0 -> 0;
            default -> random.nextBoolean() ? 64 * random.nextInt(16) : random.nextInt(1024);
        };
        int length = 1 + random.nextInt(4500);
        long maxCode = width == 64 ? -1L : (1L << width) - 1;
        long[] codes = new long[(int) FastLanes.blocks(offset, length) * 1024];
        // Codes from a few clusters, so ranges around one keep some rows and drop others.
        long[] centres = {random.nextLong() & maxCode, random.nextLong() & maxCode, 0, maxCode};
        for (int i = 0; i < codes.length; i++) {
            long c = centres[random.nextInt(centres.length)] + random.nextInt(7) - 3;
            codes[i] = random.nextInt(5) == 0 ? random.nextLong() & maxCode : c & maxCode;
        }
        byte[] bytes = TestFastLanes.pack(bits, width, codes);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment offHeap = arena.allocate(bytes.length + 1L, 8).asSlice(1);
            MemorySegment.copy(bytes, 0, offHeap, ValueLayout.JAVA_BYTE, 0, bytes.length);
            MemorySegment[] packed = {MemorySegment.ofArray(bytes), offHeap};
            for (long[] range : ranges(codes, offset, length, maxCode, random)) {
                for (long[] within : withins(length, random)) {
                    MemorySegment segment = packed[random.nextInt(2)];
                    long[] got = new long[(length + 63) >>> 6];
                    java.util.Arrays.fill(got, 0x5A5A_5A5A_5A5A_5A5AL);
                    CodeRange.match(type, width, segment, offset, length, range[0], range[1], within, got);
                    for (int i = 0; i < length; i++) {
                        if (within == null || (within[i >>> 6] & (1L << i)) != 0) {
                            long code = codes[offset + i];
                            long hi = range[0] + range[1];
                            boolean expected = Long.compareUnsigned(code, range[0]) >= 0
                                    && (Long.compareUnsigned(hi, range[0]) < 0 || Long.compareUnsigned(code, hi) <= 0);
                            assertEquals(expected, (got[i >>> 6] & (1L << i)) != 0, "row " + i + " of " + length
                                    + " at offset " + offset + ", code " + code + ", lo " + range[0] + " span "
                                    + Long.toUnsignedString(range[1]) + ", " + describe(within, length));
                        }
                    }
                }
            }
        }
    }

    /** {lo, span} pairs: around actual codes, single codes, everything, wrapping spans, above every code. */
    private static List<long[]> ranges(long[] codes, int offset, int length, long maxCode, Random random) {
        List<long[]> out = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            long a = codes[offset + random.nextInt(length)];
            long b = codes[offset + random.nextInt(length)];
            long lo = Long.compareUnsigned(a, b) <= 0 ? a : b;
            long hi = Long.compareUnsigned(a, b) <= 0 ? b : a;
            out.add(new long[] {lo, hi - lo});
            out.add(new long[] {a, 0});
            out.add(new long[] {a + 1, random.nextInt(3)});
        }
        out.add(new long[] {0, maxCode});
        out.add(new long[] {0, -1L});
        out.add(new long[] {codes[offset], -1L - random.nextInt(5)});
        out.add(new long[] {maxCode, 0});
        out.add(new long[] {maxCode + 1, 10});
        out.add(new long[] {-1L, 0});
        return out;
    }

    /** All rows (null), none, dense, sparse, very sparse, and one clustered run. */
    private static List<long[]> withins(int n, Random random) {
        List<long[]> out = new ArrayList<>();
        out.add(null);
        int words = (n + 63) >>> 6;
        out.add(new long[words]);
        for (int oneIn : new int[] {2, 6, 12, 40, 300}) {
            long[] w = new long[words];
            for (int i = 0; i < n; i++) {
                if (random.nextInt(oneIn) == 0) {
                    w[i >>> 6] |= 1L << i;
                }
            }
            out.add(w);
        }
        long[] run = new long[words];
        int from = random.nextInt(n);
        int to = Math.min(n, from + 1 + random.nextInt(1500));
        for (int i = from; i < to; i++) {
            run[i >>> 6] |= 1L << i;
        }
        out.add(run);
        return out;
    }

    private static String describe(long[] within, int n) {
        if (within == null) {
            return "all rows asked";
        }
        int asked = CodeRange.count(within, 0, n);
        return asked + " rows asked";
    }

    @Test
    void eightByteCodesAreTestedAtOnce() {
        Random random = new Random(11);
        for (int round = 0; round < 20_000; round++) {
            int width = 1 + random.nextInt(7);
            int max = (1 << width) - 1;
            int lo = random.nextInt(max + 1);
            int hi = lo + random.nextInt(max - lo + 1);
            long x = 0;
            long expected = 0;
            for (int k = 0; k < 8; k++) {
                int c = random.nextInt(4) == 0 ? lo + random.nextInt(3) - 1 : random.nextInt(max + 1);
                c = Math.clamp(c, 0, max);
                x |= (long) c << (8 * k);
                expected |= (lo <= c && c <= hi ? 1L : 0L) << k;
            }
            assertEquals(expected, CodeRange.inRange8(x, lo * 0x0101_0101_0101_0101L, hi * 0x0101_0101_0101_0101L),
                    "codes " + Long.toHexString(x) + " in [" + lo + ", " + hi + "]");
        }
    }

    @Test
    void depositKeepsTheBitsBeforeItsFirstRow() {
        Random random = new Random(12);
        long[] bits = new long[16];
        for (int round = 0; round < 500; round++) {
            for (int i = 0; i < bits.length; i++) {
                bits[i] = random.nextLong();
            }
            int from = random.nextBoolean() ? 0 : random.nextInt(1024);
            int to = random.nextBoolean() ? 1024 : from + 1 + random.nextInt(1024 - from);
            long firstRow = random.nextBoolean() ? 64 * random.nextInt(40) : random.nextInt(3000);
            long[] out = new long[(int) ((firstRow + 1024 + 63) >>> 6) + 1];
            for (int i = 0; i < out.length; i++) {
                out[i] = random.nextLong();
            }
            long[] before = out.clone();
            CodeRange.deposit(bits, from, to, firstRow, out);
            for (long row = 0; row < firstRow + (to - from); row++) {
                long p = from + row - firstRow;
                boolean expected = row < firstRow ? (before[(int) (row >>> 6)] & (1L << row)) != 0
                        : (bits[(int) (p >>> 6)] & (1L << p)) != 0;
                assertEquals(expected, (out[(int) (row >>> 6)] & (1L << row)) != 0,
                        "row " + row + ", bits [" + from + ", " + to + ") from row " + firstRow);
            }
        }
    }

    @Test
    void foldedFlagsAreTheFlagsAsBits() {
        Random random = new Random(13);
        int[] flags = new int[1024];
        long[] bits = new long[16];
        for (int round = 0; round < 300; round++) {
            // All set, all but a few, random densities, and one flag alone, so each bit's place is checked alone too.
            int oneIn = round % 10 == 0 ? 1 : round % 10 == 1 ? 200 : 1 + random.nextInt(8);
            boolean[] expected = new boolean[1024];
            for (int i = 0; i < 1024; i++) {
                boolean drawn = random.nextInt(oneIn) == 0;
                expected[i] = round % 10 == 1 ? !drawn : drawn;
                flags[i] = expected[i] ? 1 : 0;
            }
            if (round % 10 == 2) {
                java.util.Arrays.fill(expected, false);
                java.util.Arrays.fill(flags, 0);
                int one = random.nextInt(1024);
                expected[one] = true;
                flags[one] = 1;
            }
            java.util.Arrays.fill(bits, 0x5A5A_5A5A_5A5A_5A5AL);
            CodeRange.foldFlags(flags, bits);
            for (int i = 0; i < 1024; i++) {
                assertEquals(expected[i], (bits[i >>> 6] & (1L << i)) != 0, "position " + i + ", round " + round);
            }
        }
    }

    @Test
    void transposeMovesEachBitToTheMirroredPlace() {
        Random random = new Random(14);
        int[] m = new int[32];
        for (int round = 0; round < 200; round++) {
            for (int r = 0; r < 32; r++) {
                m[r] = random.nextInt();
            }
            int[] before = m.clone();
            CodeRange.transpose32(m);
            for (int r = 0; r < 32; r++) {
                for (int c = 0; c < 32; c++) {
                    assertEquals((before[r] >>> c) & 1, (m[c] >>> r) & 1, "bit " + c + " of row " + r);
                }
            }
        }
    }
}
