package dev.quire.encodings.internal.runs;

import static dev.quire.encodings.internal.TestArrays.primitive;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.TestArrays;
import dev.quire.encodings.internal.TestParts;
import dev.quire.encodings.internal.proto.RunEndMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.IntegerBlocks;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Integer runs kept as runs ({@link RunEndArray}) against a plain expansion written here: values, validity, scalars,
 * slices (of slices), and the block cursor (equal to the expanded values zero-extended, bounded, declined when a
 * value is negative as an {@code int} or once the array is expanded), for random runs of every width it takes, with
 * empty runs, offsets and nulls.
 */
class RunEndArrayTest {
    private static final PType[] VALUES = {PType.U8, PType.I8, PType.U16, PType.I16, PType.U32, PType.I32};

    static Stream<Arguments> shapes() {
        List<Arguments> out = new ArrayList<>();
        for (PType v : VALUES) {
            for (int seed = 0; seed < 8; seed++) {
                out.add(Arguments.of(v, seed));
            }
        }
        return out.stream();
    }

    /** A decoded run-end array and its values expanded by hand. */
    record Case(Array array, long[] want, boolean[] valid, PType type, boolean wide, PrimitiveArray expected) {}

    static Case randomCase(PType type, Random random) {
        List<Long> ends = new ArrayList<>();
        long end = 0;
        int runs = 1 + random.nextInt(random.nextBoolean() ? 20 : 400);
        for (int r = 0; r < runs; r++) {
            int kind = random.nextInt(8);
            end += kind == 0 ? 0 : kind < 5 ? 1 + random.nextInt(12) : 1 + random.nextInt(3000);
            ends.add(end);
        }
        if (end == 0) {
            ends.set(ends.size() - 1, 1L);
            end = 1;
        }
        long total = end;
        long offset = random.nextBoolean() ? 0 : random.nextInt((int) Math.min(total, 50));
        long[] kept = ends.stream().mapToLong(Long::longValue).filter(e -> e > offset).toArray();
        long length = total - offset - (random.nextBoolean() ? 0 : random.nextInt((int) Math.min(total - offset, 4)));
        int bits = type.byteWidth() * 8;
        // mostly values a code could be; some cases with negative (or, unsigned, top-bit) values
        boolean wide = random.nextInt(4) == 0;
        long[] values = new long[kept.length];
        for (int r = 0; r < values.length; r++) {
            long x = wide ? random.nextLong() : random.nextInt(1 << Math.min(bits - 1, 12));
            values[r] = type.isUnsigned() ? x & (bits == 64 ? -1L : (1L << bits) - 1) : x << (64 - bits) >> (64 - bits);
        }
        boolean nullable = random.nextBoolean();
        boolean[] runValid = new boolean[kept.length];
        for (int r = 0; r < runValid.length; r++) {
            runValid[r] = !nullable || random.nextInt(3) != 0;
        }
        DType.Primitive dtype = new DType.Primitive(type, nullable);
        PrimitiveArray runValues = nullable ? TestArrays.nullable(type, values, runValid) : primitive(type, values);
        byte[] meta = RunEndMetadata.newBuilder().setEndsPtype(PType.U32.code()).setNumRuns(kept.length)
                .setOffset(offset).build().toByteArray();
        Array a = new TestParts(dtype, length, meta).child(primitive(PType.U32, kept)).child(runValues)
                .decode(new RunEndEncoding());
        long[] want = new long[(int) length];
        boolean[] valid = new boolean[(int) length];
        int run = 0;
        for (int i = 0; i < length; i++) {
            while (kept[run] <= offset + i) {
                run++;
            }
            want[i] = TestArrays.raw(runValues, run);
            valid[i] = runValid[run];
        }
        PrimitiveArray expected = nullable ? TestArrays.nullable(type, want, valid) : primitive(type, want);
        return new Case(a, want, valid, type, wide, expected);
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("shapes")
    void keepsRunsThatReadLikeTheirExpansion(PType type, int seed) {
        Random random = new Random(seed * 131L + type.ordinal());
        Case c = randomCase(type, random);
        assertInstanceOf(RunEndArray.class, c.array());
        if (!c.wide()) {
            assertTrue(((IntegerBlocks) c.array()).intBlocks().isPresent(), "a cursor over small values");
        }
        check(c.array(), c, 0, c.want().length);
        // slices, and slices of those, still kept as runs
        for (int k = 0; k < 6; k++) {
            int n = c.want().length;
            int from = random.nextInt(n + 1);
            int to = from + random.nextInt(n - from + 1);
            Array slice = c.array().slice(from, to);
            check(slice, c, from, to);
            if (to - from > 2) {
                int f2 = random.nextInt(to - from);
                int t2 = f2 + random.nextInt(to - from - f2 + 1);
                check(slice.slice(f2, t2), c, from + f2, from + t2);
            }
        }
        // once expanded, the array answers from its values and offers no cursor
        PrimitiveArray canonical = (PrimitiveArray) c.array().toCanonical();
        assertTrue(((IntegerBlocks) c.array()).intBlocks().isEmpty(), "a cursor after expanding");
        assertEquals(canonical, c.array().toCanonical(), "the expansion is kept");
        check(c.array().slice(0, c.want().length), c, 0, c.want().length);
    }

    /**
     * 4-byte run values are read in place from the Java array behind them, which may be longer than the runs: what
     * lies past the runs (negative here) neither changes the bound nor the values.
     */
    @Test
    void readsFourByteRunsInPlaceUpToTheRuns() {
        for (PType type : new PType[] {PType.I32, PType.U32}) {
            int[] backing = {5, 0, 9, 2, -1, -9};
            PrimitiveArray values = new PrimitiveArray(new DType.Primitive(type, false),
                    java.lang.foreign.MemorySegment.ofArray(backing).asSlice(0, 4 * 4L), Validity.NON_NULLABLE);
            RunEndArray a = new RunEndArray(new DType.Primitive(type, false), values, new int[] {2, 3, 6, 7}, 7);
            IntegerBlocks.Cursor cursor = a.intBlocks().orElseThrow();
            assertEquals(10, cursor.bound(), type + ": the bound comes from the runs only");
            int[] block = new int[IntegerBlocks.MAX_BLOCK_ROWS];
            assertEquals(7, cursor.next(block), type.toString());
            assertArrayEquals(new int[] {5, 5, 0, 9, 9, 9, 2}, java.util.Arrays.copyOf(block, 7), type.toString());
            assertArrayEquals(new int[] {5, 0, 9, 2, -1, -9}, backing, type + ": the values' array is only read");
            // a negative run value declines the cursor
            backing[3] = -2;
            RunEndArray negative = new RunEndArray(new DType.Primitive(type, false), values, new int[] {2, 3, 6, 7}, 7);
            assertTrue(negative.intBlocks().isEmpty(), type + ": a negative run value");
        }
    }

    /** {@code a} holds rows {@code [from, to)} of the case's expansion, whichever way it is read. */
    private static void check(Array a, Case c, int from, int to) {
        int n = to - from;
        assertEquals(n, a.length());
        long nulls = 0;
        for (int i = 0; i < n; i++) {
            assertEquals(c.valid()[from + i], a.isValid(i), "validity of row " + (from + i));
            nulls += c.valid()[from + i] ? 0 : 1;
            assertEquals(c.expected().scalarAt(from + i), a.scalarAt(i), "scalar at row " + (from + i));
        }
        assertEquals(nulls, a.nullCount(), "null count of [" + from + ", " + to + ")");
        if (a instanceof IntegerBlocks blocks) {
            Optional<IntegerBlocks.Cursor> cursor = blocks.intBlocks();
            long mask = c.type().byteWidth() == 4 ? 0xFFFF_FFFFL : c.type().byteWidth() == 2 ? 0xFFFF : 0xFF;
            boolean negative = false;
            for (int i = from; i < to; i++) {
                negative |= (int) (c.want()[i] & mask) < 0 || (c.type().isSigned() && c.want()[i] < 0);
            }
            // it may decline for other reasons (a run outside the rows, emptied by the slice, is negative)
            if (negative) {
                assertTrue(cursor.isEmpty(), "a cursor over negative values");
            }
            if (cursor.isPresent()) {
                int[] block = new int[IntegerBlocks.MAX_BLOCK_ROWS];
                int row = 0;
                for (int k = cursor.get().next(block); k > 0; k = cursor.get().next(block)) {
                    assertTrue(k <= IntegerBlocks.MAX_BLOCK_ROWS, "block of " + k);
                    for (int j = 0; j < k; j++) {
                        long want = c.want()[from + row + j] & mask;
                        assertEquals(want, block[j], "cursor row " + (from + row + j));
                        assertTrue(block[j] < cursor.get().bound(), "value above the bound");
                    }
                    row += k;
                }
                assertEquals(n, row, "rows read by the cursor");
            }
        }
        PrimitiveArray p = (PrimitiveArray) a.toCanonical();
        for (int i = 0; i < n; i++) {
            assertEquals(c.valid()[from + i], p.isValid(i), "canonical validity of row " + (from + i));
            if (c.valid()[from + i]) {
                assertEquals(c.want()[from + i], TestArrays.raw(p, i), "canonical row " + (from + i));
            }
        }
    }

    @Test
    void widerAndNonIntegerRunsAreExpandedAtOnce() {
        for (PType type : new PType[] {PType.I64, PType.U64, PType.F32, PType.F64}) {
            DType.Primitive dtype = new DType.Primitive(type, false);
            byte[] meta = RunEndMetadata.newBuilder().setEndsPtype(PType.U8.code()).setNumRuns(2).build()
                    .toByteArray();
            Array a = new TestParts(dtype, 5, meta).child(primitive(PType.U8, 2, 5)).child(primitive(type, 0, 0))
                    .decode(new RunEndEncoding());
            assertInstanceOf(PrimitiveArray.class, a, type.toString());
        }
        DType.Primitive u16 = new DType.Primitive(PType.U16, false);
        byte[] meta = RunEndMetadata.newBuilder().setEndsPtype(PType.U8.code()).setNumRuns(2).build().toByteArray();
        Array kept = new TestParts(u16, 5, meta).child(primitive(PType.U8, 2, 5)).child(primitive(PType.U16, 7, 9))
                .decode(new RunEndEncoding());
        assertFalse(kept.isCanonical(), "u16 runs are kept as runs");
        assertEquals(10, ((IntegerBlocks) kept).intBlocks().orElseThrow().bound(), "bound of values 7 and 9");
    }
}
