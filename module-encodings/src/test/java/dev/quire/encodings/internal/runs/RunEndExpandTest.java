package dev.quire.encodings.internal.runs;

import static dev.quire.encodings.internal.TestArrays.primitive;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quire.encodings.internal.Buffers;
import dev.quire.encodings.internal.Expect;
import dev.quire.encodings.internal.TestArrays;
import dev.quire.encodings.internal.TestParts;
import dev.quire.encodings.internal.proto.RunEndMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The run-end fast path (bulk-copied ends and values, fixed groups of stores for short runs into an output with
 * slack) against a plain reference expansion written here: random runs of every value width and ends type, runs
 * shorter and longer than {@link RunEndEncoding#SHORT_RUN} (and exactly that long), empty runs, offsets that cut into
 * the first runs, trailing ends past the array, nulls, and slices of the result.
 */
class RunEndExpandTest {
    private static final PType[] VALUES = {PType.U8, PType.I16, PType.U32, PType.I32, PType.I64, PType.U64,
        PType.F32, PType.F64};
    private static final PType[] ENDS = {PType.U8, PType.U16, PType.U32, PType.U64};

    static Stream<Arguments> shapes() {
        List<Arguments> out = new ArrayList<>();
        for (PType v : VALUES) {
            for (PType e : ENDS) {
                for (int seed = 0; seed < 6; seed++) {
                    out.add(Arguments.of(v, e, seed, seed % 2 == 0));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} ends {1} seed {2} own arrays {3}")
    @MethodSource("shapes")
    void expandsLikeThePlainLoop(PType valueType, PType endsType, int seed, boolean ownArrays) {
        Random random = new Random(seed * 31L + valueType.ordinal() * 7 + endsType.ordinal());
        long maxEnd = endsType == PType.U8 ? 255 : 20_000;
        // Run lengths: mostly short, some exactly SHORT_RUN or one past it, some long, some empty.
        List<Long> endsList = new ArrayList<>();
        long end = 0;
        while (true) {
            int kind = random.nextInt(10);
            long len = kind < 6 ? 1 + random.nextInt(RunEndEncoding.SHORT_RUN)
                    : kind == 6 ? RunEndEncoding.SHORT_RUN + random.nextInt(2)
                    : kind == 7 ? 0 : 9 + random.nextInt(300);
            if (end + len > maxEnd) {
                break;
            }
            end += len;
            endsList.add(end);
        }
        if (endsList.isEmpty() || endsList.getLast() == 0) {
            endsList.add(end + 1);
            end++;
        }
        long total = endsList.getLast();
        long offset = random.nextBoolean() ? 0 : random.nextInt((int) Math.min(total, 40));
        // A sliced array keeps the runs that end at or after its offset (the first ones it cuts into).
        long[] ends = endsList.stream().mapToLong(Long::longValue).filter(e -> e >= offset).toArray();
        int runs = ends.length;
        // Some arrays end before the last run does (its end is trimmed).
        long length = total - offset - (random.nextBoolean() ? 0 : random.nextInt((int) Math.min(total - offset, 5)));
        long[] values = random.longs(runs).toArray();
        boolean nullable = random.nextBoolean();
        boolean[] valid = new boolean[runs];
        for (int i = 0; i < runs; i++) {
            valid[i] = !nullable || random.nextInt(4) != 0;
        }
        DType.Primitive dtype = new DType.Primitive(valueType, nullable);
        PrimitiveArray runValues = nullable ? TestArrays.nullable(valueType, values, valid)
                : primitive(valueType, values);
        byte[] meta = RunEndMetadata.newBuilder().setEndsPtype(endsType.code()).setNumRuns(runs).setOffset(offset)
                .build().toByteArray();
        // Children over Java arrays of their width (as decoded children are) are read in place; byte-backed ones
        // (as plain file buffers are) are copied first.
        PrimitiveArray endsChild = primitive(endsType, ends);
        Array decoded = new TestParts(dtype, length, meta)
                .child(ownArrays ? ownArray(endsChild) : endsChild)
                .child(ownArrays ? ownArray(runValues) : runValues)
                .decode(new RunEndEncoding());
        PrimitiveArray got = (PrimitiveArray) decoded.toCanonical();
        assertEquals(length, got.length());
        // the output array holds exactly the values, no slack past them
        Object backing = got.values().heapBase().orElseThrow();
        assertEquals(length, java.lang.reflect.Array.getLength(backing), "length of the output's array");

        long[] want = new long[(int) length];
        boolean[] wantValid = new boolean[(int) length];
        int run = 0;
        for (int i = 0; i < length; i++) {
            while (ends[run] <= offset + i) {
                run++;
            }
            want[i] = TestArrays.raw(runValues, run);
            wantValid[i] = valid[run];
        }
        for (int i = 0; i < length; i++) {
            assertEquals(wantValid[i], got.isValid(i), "validity of row " + i);
            if (wantValid[i]) {
                assertEquals(want[i], TestArrays.raw(got, i), "row " + i + " of " + length);
            }
        }
        for (int k = 0; k < 3 && length > 1; k++) {
            int from = random.nextInt((int) length);
            int to = from + random.nextInt((int) length - from + 1);
            PrimitiveArray slice = (PrimitiveArray) got.slice(from, to).toCanonical();
            for (int i = from; i < to; i++) {
                if (wantValid[i]) {
                    assertEquals(want[i], TestArrays.raw(slice, i - from), "row " + i + " of slice " + from);
                }
            }
        }
    }

    /** Malformed ends of every width are reported, whether read in place or copied. */
    @ParameterizedTest(name = "ends {0} own arrays {1}")
    @MethodSource("endTypes")
    void rejectsMalformedEndsOfEveryWidth(PType endsType, boolean ownArrays) {
        DType dtype = new DType.Primitive(PType.I64, false);
        record Case(String fragment, long offset, int length, long[] ends) {}
        List<Case> cases = new ArrayList<>(List.of(
                new Case("run ends decrease", 0, 5, new long[] {4, 2, 5}),
                new Case("before the array's end", 0, 5, new long[] {2, 4}),
                new Case("below the offset 3", 3, 2, new long[] {2, 5})));
        if (endsType == PType.U64) {
            // Above Long.MAX_VALUE: negative as a long, so below any offset (it must not wrap past the check).
            cases.add(new Case("is below the offset 1", 1, 4, new long[] {Long.MIN_VALUE, 5}));
        }
        for (Case c : cases) {
            byte[] meta = RunEndMetadata.newBuilder().setEndsPtype(endsType.code()).setNumRuns(c.ends().length)
                    .setOffset(c.offset()).build().toByteArray();
            PrimitiveArray ends = primitive(endsType, c.ends());
            PrimitiveArray values = primitive(PType.I64, new long[c.ends().length]);
            Expect.malformed(c.fragment(), () -> new TestParts(dtype, c.length(), meta)
                    .child(ownArrays ? ownArray(ends) : ends).child(ownArrays ? ownArray(values) : values)
                    .decode(new RunEndEncoding()));
        }
    }

    static Stream<Arguments> endTypes() {
        return Stream.of(ENDS).flatMap(e -> Stream.of(Arguments.of(e, true), Arguments.of(e, false)));
    }

    /** {@code a} with its values copied into a Java array of their width, as a decoded child holds them. */
    static PrimitiveArray ownArray(PrimitiveArray a) {
        int n = (int) a.length();
        int w = a.ptype().byteWidth();
        MemorySegment out = Buffers.allocate(a.ptype(), n);
        MemorySegment.copy(a.values(), 0, out, 0, (long) n * w);
        return new PrimitiveArray(a.dtype(), out, a.validity());
    }
}
