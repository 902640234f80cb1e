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
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.IntegerBlocks;
import dev.quire.layout.spi.TakeKernel;
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
 * slices (of slices), the int block cursor (equal to the expanded values zero-extended, bounded, declined when a
 * value is negative as an {@code int} or once the array is expanded) and the long block cursor ({@link LongBlocks}:
 * equal to the expanded values on valid rows, declined once expanded) and rows taken from the runs ({@link TakeKernel}),
 * for random runs of every integer width, with empty runs, offsets and nulls.
 */
class RunEndArrayTest {
    private static final PType[] VALUES = {PType.U8, PType.I8, PType.U16, PType.I16, PType.U32, PType.I32, PType.U64,
        PType.I64};

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
    record Case(Array array, long[] want, boolean[] valid, PType type, boolean wide, PrimitiveArray expected,
            TestParts parts) {
        /** The same array read again, not expanded yet. */
        Array fresh() {
            return parts.decode(new RunEndEncoding());
        }
    }

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
        TestParts parts = new TestParts(dtype, length, meta).child(primitive(PType.U32, kept)).child(runValues);
        return expanded(parts, kept, offset, (int) length, runValues, runValid, wide);
    }

    /**
     * The case of {@code parts} (run ends {@code ends} from {@code offset} on, values {@code runValues} valid as
     * {@code runValid} says) decoded, with its {@code length} rows expanded here.
     */
    static Case expanded(TestParts parts, long[] ends, long offset, int length, PrimitiveArray runValues,
            boolean[] runValid, boolean wide) {
        PType type = runValues.ptype();
        long[] want = new long[length];
        boolean[] valid = new boolean[length];
        int run = 0;
        for (int i = 0; i < length; i++) {
            while (ends[run] <= offset + i) {
                run++;
            }
            want[i] = TestArrays.raw(runValues, run);
            valid[i] = runValid[run];
        }
        boolean nullable = parts.dtype().nullable();
        PrimitiveArray expected = nullable ? TestArrays.nullable(type, want, valid) : primitive(type, want);
        return new Case(parts.decode(new RunEndEncoding()), want, valid, type, wide, expected, parts);
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
        // slices, and slices of those, still kept as runs (of arrays read again: checking one expands it)
        for (int k = 0; k < 6; k++) {
            int n = c.want().length;
            int from = random.nextInt(n + 1);
            int to = from + random.nextInt(n - from + 1);
            Array slice = c.fresh().slice(from, to);
            assertInstanceOf(RunEndArray.class, slice);
            check(slice, c, from, to);
            if (to - from > 2) {
                int f2 = random.nextInt(to - from);
                int t2 = f2 + random.nextInt(to - from - f2 + 1);
                Array twice = c.fresh().slice(from, to).slice(f2, t2);
                check(twice, c, from + f2, from + t2);
            }
        }
        // once expanded, the array answers from its values and offers no cursor
        PrimitiveArray canonical = (PrimitiveArray) c.array().toCanonical();
        assertTrue(((IntegerBlocks) c.array()).intBlocks().isEmpty(), "a cursor after expanding");
        assertEquals(canonical, c.array().toCanonical(), "the expansion is kept");
        check(c.array().slice(0, c.want().length), c, 0, c.want().length);
    }

    /** A predicate on values: their keys in a range (counting its evaluations, and the values it saw). */
    private static final class InRange implements dev.quire.layout.expr.ValuePredicate {
        private final long lo;
        private final long hi;
        long valuesSeen;

        InRange(long lo, long hi) {
            this.lo = lo;
            this.hi = hi;
        }

        boolean accepts(long raw, PType type) {
            int bits = type.byteWidth() * 8;
            long key = bits == 64 ? raw : type.isUnsigned() ? raw & ((1L << bits) - 1) : raw << (64 - bits) >> (64 - bits);
            return lo <= key && key <= hi;
        }

        @Override
        public long[] matches(Array values) {
            PrimitiveArray p = (PrimitiveArray) values;
            valuesSeen += p.length();
            long[] out = new long[(int) ((p.length() + 63) >>> 6)];
            for (int i = 0; i < p.length(); i++) {
                if (p.isValid(i) && accepts(TestArrays.raw(p, i), p.ptype())) {
                    out[i >>> 6] |= 1L << i;
                }
            }
            return out;
        }
    }

    /**
     * As a filter kernel the runs answer a predicate evaluated on their values only, one evaluation per run: on every
     * valid row the answer is the predicate on the row's expanded value, and the validity is the rows' (whole arrays and
     * slices); once expanded, the array declines.
     */
    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("shapes")
    void filtersOnTheRunValuesAlone(PType type, int seed) {
        Random random = new Random(seed * 173L + type.ordinal());
        Case c = randomCase(type, random);
        for (int k = 0; k < 5; k++) {
            int n = c.want().length;
            int from = k == 0 ? 0 : random.nextInt(n + 1);
            int to = k == 0 ? n : from + random.nextInt(n - from + 1);
            RunEndArray a = (RunEndArray) c.fresh().slice(from, to);
            long pivot = c.want()[random.nextInt(n)];
            long lo = Math.min(pivot, c.want()[random.nextInt(n)]);
            InRange p = new InRange(lo, lo + random.nextInt(3) * (random.nextBoolean() ? 1 : 1000));
            long[] got = new long[(to - from + 63) >>> 6];
            java.util.Arrays.fill(got, 0x5A5A_5A5A_5A5A_5A5AL);
            assertTrue(a.match(p, got), "answered");
            assertEquals(runsOf(a), p.valuesSeen, "one evaluation per run, not per row");
            long[] validity = new long[got.length];
            a.validity(validity);
            for (int i = from; i < to; i++) {
                String context = type + " [" + from + ", " + to + ") row " + i;
                boolean validBit = (validity[(i - from) >>> 6] & (1L << (i - from))) != 0;
                assertEquals(c.valid()[i], validBit, context + " validity");
                if (c.valid()[i]) {
                    assertEquals(p.accepts(c.want()[i], type), (got[(i - from) >>> 6] & (1L << (i - from))) != 0,
                            context + " value " + c.want()[i]);
                }
            }
            for (int i = to - from; i < validity.length * 64; i++) {
                assertFalse((validity[i >>> 6] & (1L << i)) != 0, "validity past the rows, bit " + i);
            }
        }
        Array expanded = c.fresh();
        expanded.toCanonical();
        assertFalse(((RunEndArray) expanded).match(new InRange(0, 0), new long[(c.want().length + 63) >>> 6]),
                "declined once expanded");
    }

    /** The runs of {@code a}, from its description. */
    private static long runsOf(RunEndArray a) {
        String s = a.toString();
        return Long.parseLong(s.substring(s.lastIndexOf(" in ") + 4, s.lastIndexOf(" runs")));
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

    /**
     * The long cursor at lengths around a block's (0, 1, 1023, 1024, 1025, several blocks): runs shorter than, as long
     * as and longer than the fixed group of stores, empty runs, runs crossing block ends, offsets into the first run.
     */
    @Test
    void longCursorsExpandRunsIntoBlocksAtEveryLength() {
        Random random = new Random(77);
        for (PType type : new PType[] {PType.I64, PType.U64, PType.I32, PType.U16, PType.I8}) {
            for (int length : new int[] {0, 1, 1023, 1024, 1025, 1032, 5000}) {
                for (int k = 0; k < 4; k++) {
                    int offset = length == 0 || k == 0 ? 0 : random.nextInt(20);
                    List<Long> ends = new ArrayList<>();
                    long end = offset;
                    while (end < offset + length) {
                        int kind = random.nextInt(10);
                        end += switch (kind) {
                            case 0 -> 0;
                            case 1 -> RunEndEncoding.SHORT_RUN;
                            case 2 -> RunEndEncoding.SHORT_RUN + 1;
                            case 3 -> 1 + random.nextInt(k == 3 ? 3000 : 40);
                            default -> 1 + random.nextInt(RunEndEncoding.SHORT_RUN);
                        };
                        ends.add(Math.min(end, offset + length));
                    }
                    long[] endArray = ends.stream().mapToLong(Long::longValue).toArray();
                    long[] values = new long[endArray.length];
                    for (int r = 0; r < values.length; r++) {
                        values[r] = PType.I64 == type ? random.nextLong() : TestArrays.raw(
                                primitive(type, random.nextLong()), 0);
                    }
                    byte[] meta = RunEndMetadata.newBuilder().setEndsPtype(PType.U32.code())
                            .setNumRuns(endArray.length).setOffset(offset).build().toByteArray();
                    Array a = new TestParts(new DType.Primitive(type, false), length, meta)
                            .child(primitive(PType.U32, endArray)).child(primitive(type, values))
                            .decode(new RunEndEncoding());
                    String what = type + " length " + length + " offset " + offset + " runs " + endArray.length;
                    assertInstanceOf(RunEndArray.class, a, what);
                    long[] want = new long[length];
                    int run = 0;
                    for (int i = 0; i < length; i++) {
                        while (endArray[run] <= offset + i) {
                            run++;
                        }
                        want[i] = values[run];
                    }
                    LongBlocks.Cursor cursor = ((RunEndArray) a).longBlocks().orElseThrow();
                    long[] block = new long[LongBlocks.BLOCK_ROWS];
                    int row = 0;
                    for (int n = cursor.next(block); n > 0; n = cursor.next(block)) {
                        assertTrue(n <= LongBlocks.BLOCK_ROWS && row + n <= length, what + ": block of " + n);
                        for (int j = 0; j < n; j++) {
                            if (want[row + j] != block[j]) {
                                assertEquals(want[row + j], block[j], what + ": row " + (row + j));
                            }
                        }
                        row += n;
                    }
                    assertEquals(length, row, what + ": rows read");
                    assertEquals(0, cursor.next(block), what + ": a drained cursor stays drained");
                    // the lead's entry point takes this cursor, and the canonical values agree
                    PrimitiveArray canonical = (PrimitiveArray) a.toCanonical();
                    for (int i = 0; i < length; i++) {
                        assertEquals(want[i], TestArrays.raw(canonical, i), what + ": canonical row " + i);
                    }
                    assertTrue(((RunEndArray) a).longBlocks().isEmpty(), what + ": expanded, no cursor");
                }
            }
        }
    }

    /**
     * Slices share the decoded run ends as a view (first run, shift, cap at their length): for many runs, empty, short
     * and long runs, offsets, nulls, and slices of slices whose last run reaches past their end, the long cursor
     * (which reads the shared ends in their own coordinates) equals the expansion on valid rows, and everything else
     * (validity, scalars, null count, takes, the int cursor, the expansion, which read relative ends) reads right.
     */
    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("shapes")
    void slicesShareTheRunEndsAndReadLikeTheirExpansion(PType type, int seed) {
        Random random = new Random(seed * 977L + type.ordinal());
        int runs = 1 + random.nextInt(seed < 4 ? 3000 : 40);
        long offset = random.nextBoolean() ? 0 : random.nextInt(30);
        long[] ends = new long[runs];
        long end = offset;
        for (int r = 0; r < runs; r++) {
            int kind = random.nextInt(10);
            end += kind == 0 ? 0 : kind < 8 ? 1 + random.nextInt(RunEndEncoding.SHORT_RUN + 1) : 1 + random.nextInt(2500);
            ends[r] = end;
        }
        if (end == offset) {
            ends[runs - 1] = ++end;
        }
        int length = (int) (end - offset - (random.nextBoolean() ? 0 : random.nextInt((int) Math.min(end - offset, 4))));
        int bits = type.byteWidth() * 8;
        long[] values = new long[runs];
        for (int r = 0; r < runs; r++) {
            long x = random.nextLong();
            values[r] = type.isUnsigned() ? x & (bits == 64 ? -1L : (1L << bits) - 1) : x << (64 - bits) >> (64 - bits);
        }
        boolean nullable = seed % 2 == 1;
        boolean[] runValid = new boolean[runs];
        for (int r = 0; r < runs; r++) {
            runValid[r] = !nullable || random.nextInt(3) != 0;
        }
        DType.Primitive dtype = new DType.Primitive(type, nullable);
        PrimitiveArray plain = nullable ? TestArrays.nullable(type, values, runValid) : primitive(type, values);
        byte[] meta = RunEndMetadata.newBuilder().setEndsPtype(PType.U64.code()).setNumRuns(runs).setOffset(offset)
                .build().toByteArray();
        TestParts parts = new TestParts(dtype, length, meta).child(primitive(PType.U64, ends)).child(plain);
        Case c = expanded(parts, ends, offset, length, plain, runValid, true);
        for (int k = 0; k < 6; k++) {
            int from = random.nextInt(length + 1);
            int to = from + random.nextInt(length - from + 1);
            check(assertInstanceOf(RunEndArray.class, c.fresh().slice(from, to)), c, from, to);
            if (to - from > 2) {
                int f2 = random.nextInt(to - from);
                int t2 = f2 + random.nextInt(to - from - f2 + 1);
                check(c.fresh().slice(from, to).slice(f2, t2), c, from + f2, from + t2);
            }
        }
        check(c.array(), c, 0, length);
    }

    /** Decreasing run ends of 8-byte runs, kept as runs, are a typed error when the array is read. */
    @Test
    void badEndsOfEightByteRunsAreTypedErrors() {
        byte[] meta = RunEndMetadata.newBuilder().setEndsPtype(PType.U8.code()).setNumRuns(3).build().toByteArray();
        TestParts parts = new TestParts(new DType.Primitive(PType.I64, false), 6, meta)
                .child(primitive(PType.U8, 4, 2, 6)).child(primitive(PType.I64, 1, 2, 3));
        dev.quire.errors.MalformedFileException e = org.junit.jupiter.api.Assertions.assertThrows(
                dev.quire.errors.MalformedFileException.class, () -> parts.decode(new RunEndEncoding()));
        assertTrue(e.getMessage().contains("run ends decrease"), e.getMessage());
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
        if (a instanceof LongBlocks longs) {
            Optional<LongBlocks.Cursor> cursor = longs.longBlocks();
            assertTrue(cursor.isPresent(), "a long cursor before expanding");
            long[] block = new long[LongBlocks.BLOCK_ROWS];
            int row = 0;
            for (int k = cursor.get().next(block); k > 0; k = cursor.get().next(block)) {
                assertTrue(k <= LongBlocks.BLOCK_ROWS && row + k <= n, "block of " + k + " at " + row);
                for (int j = 0; j < k; j++) {
                    if (c.valid()[from + row + j]) {
                        assertEquals(c.want()[from + row + j], block[j], "long cursor row " + (from + row + j));
                    }
                }
                row += k;
            }
            assertEquals(n, row, "rows read by the long cursor");
            assertEquals(0, cursor.get().next(block), "a drained cursor stays drained");
        }
        if (a instanceof IntegerBlocks blocks) {
            Optional<IntegerBlocks.Cursor> cursor = blocks.intBlocks();
            long mask = switch (c.type().byteWidth()) {
                case 8 -> -1L;
                case 4 -> 0xFFFF_FFFFL;
                case 2 -> 0xFFFF;
                default -> 0xFF;
            };
            boolean negative = false;
            for (int i = from; i < to; i++) {
                negative |= c.type().byteWidth() == 8 ? c.want()[i] < 0 || c.want()[i] > Integer.MAX_VALUE
                        : (int) (c.want()[i] & mask) < 0 || (c.type().isSigned() && c.want()[i] < 0);
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
        if (a instanceof TakeKernel taker) {
            // every fifth row or so (a pattern that moves with the slice), and no rows at all
            long[] rows = java.util.stream.LongStream.range(0, n).filter(i -> (i * 7 + from) % 5 == 0).toArray();
            PrimitiveArray taken = assertInstanceOf(PrimitiveArray.class, taker.take(rows).orElseThrow());
            assertEquals(a.dtype(), taken.dtype());
            assertEquals(rows.length, taken.length(), "rows taken");
            for (int i = 0; i < rows.length; i++) {
                int row = from + (int) rows[i];
                assertEquals(c.valid()[row], taken.isValid(i), "validity of taken row " + row);
                if (c.valid()[row]) {
                    assertEquals(c.want()[row], TestArrays.raw(taken, i), "taken row " + row);
                }
            }
            assertEquals(0, taker.take(new long[0]).orElseThrow().length(), "no rows taken");
        }
        PrimitiveArray p = (PrimitiveArray) a.toCanonical();
        if (a instanceof TakeKernel taker) {
            assertTrue(taker.take(new long[0]).isEmpty(), "expanded: rows are gathered from the expansion");
        }
        for (int i = 0; i < n; i++) {
            assertEquals(c.valid()[from + i], p.isValid(i), "canonical validity of row " + (from + i));
            if (c.valid()[from + i]) {
                assertEquals(c.want()[from + i], TestArrays.raw(p, i), "canonical row " + (from + i));
            }
        }
    }

    @Test
    void nonIntegerRunsAreExpandedAtOnce() {
        for (PType type : new PType[] {PType.F32, PType.F64}) {
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
        for (PType type : new PType[] {PType.I64, PType.U64}) {
            Array wide = new TestParts(new DType.Primitive(type, false), 5, meta).child(primitive(PType.U8, 2, 5))
                    .child(primitive(type, 7, 9)).decode(new RunEndEncoding());
            assertInstanceOf(RunEndArray.class, wide, type + " runs are kept as runs");
            assertEquals(10, ((IntegerBlocks) wide).intBlocks().orElseThrow().bound(), type + " values below 2^31");
            Array big = new TestParts(new DType.Primitive(type, false), 5, meta).child(primitive(PType.U8, 2, 5))
                    .child(primitive(type, 7, 1L << 31)).decode(new RunEndEncoding());
            assertTrue(((IntegerBlocks) big).intBlocks().isEmpty(), type + ": a value past the int range");
        }
    }
}
