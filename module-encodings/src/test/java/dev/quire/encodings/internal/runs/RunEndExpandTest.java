package dev.quire.encodings.internal.runs;

import static dev.quire.encodings.internal.TestArrays.primitive;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quire.encodings.internal.TestArrays;
import dev.quire.encodings.internal.TestParts;
import dev.quire.encodings.internal.proto.RunEndMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
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
                    out.add(Arguments.of(v, e, seed));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} ends {1} seed {2}")
    @MethodSource("shapes")
    void expandsLikeThePlainLoop(PType valueType, PType endsType, int seed) {
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
        Array decoded = new TestParts(dtype, length, meta).child(primitive(endsType, ends)).child(runValues)
                .decode(new RunEndEncoding());
        PrimitiveArray got = (PrimitiveArray) decoded.toCanonical();
        assertEquals(length, got.length());

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
}
