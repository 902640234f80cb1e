package dev.quire.layout.expr;

import static dev.quire.layout.expr.Columns.batch;
import static dev.quire.layout.expr.Columns.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.FilterKernel;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The switch between filter kernels and decoding every row: a column whose kernel answers wrongly on purpose shows
 * which path an evaluation took.
 */
class KernelSwitchTest {

    /**
     * An array in a made-up encoding over a canonical one, whose kernel claims that every valid row matches
     * whatever the predicate, and counts how often it was asked.
     */
    static final class LyingKernelArray implements Array, FilterKernel {
        private final Array values;
        int asked;

        LyingKernelArray(Array values) {
            this.values = values;
        }

        @Override
        public DType dtype() {
            return values.dtype();
        }

        @Override
        public long length() {
            return values.length();
        }

        @Override
        public String encodingId() {
            return "test.lying";
        }

        @Override
        public boolean isValid(long index) {
            return values.isValid(index);
        }

        @Override
        public long nullCount() {
            return values.nullCount();
        }

        @Override
        public Array slice(long from, long to) {
            return new LyingKernelArray(values.slice(from, to));
        }

        @Override
        public Array toCanonical() {
            return values.toCanonical();
        }

        @Override
        public Scalar scalarAt(long index) {
            return values.scalarAt(index);
        }

        @Override
        public void validity(long[] out) {
            for (int i = 0; i < values.length(); i++) {
                if (values.isValid(i)) {
                    out[i >>> 6] |= 1L << i;
                }
            }
        }

        @Override
        public boolean match(ValuePredicate predicate, long[] out) {
            asked++;
            java.util.Arrays.fill(out, -1L);
            return true;
        }
    }

    private static final DType I64 = DType.primitive(PType.I64, true);

    @Test
    void kernelsAreAskedOnlyWhenTheEvaluationUsesThem() {
        LyingKernelArray x = new LyingKernelArray(of(I64, 1L, 2L, null, 4L, 2L));
        StructArray b = batch("x", x);
        BoundExpr eq = Expr.parse("x = 2").bind(b.dtype());

        assertEquals(List.of(0L, 1L, 3L, 4L), Columns.rows(eq.evaluate(b, true)), "the kernel's answer, nulls out");
        assertEquals(1, x.asked);
        assertEquals(List.of(1L, 4L), Columns.rows(eq.evaluate(b, false)), "every row decoded and compared");
        assertEquals(1, x.asked, "the kernel was not asked");
    }

    @Test
    void withoutKernelsEveryPredicateKindSeesTheDecodedValues() {
        DType utf8 = new DType.Utf8(true);
        LyingKernelArray s = new LyingKernelArray(of(utf8, "apple", null, "banana", "cherry", "", "apricot"));
        LyingKernelArray i = new LyingKernelArray(of(I64, 3L, 7L, null, -2L, 7L, 0L));
        StructArray b = batch("s", s, "i", i);
        StructArray plain = batch("s", s.toCanonical(), "i", i.toCanonical());
        List<String> filters = List.of("s = 'banana'", "s <> 'apple'", "s < 'b'", "s >= 'banana'",
                "s between 'apple' and 'b'", "s in ('cherry', 'nope', '')", "s in ('apple', null)",
                "s like 'ap%'", "s like '%an%'", "s like '_pple'", "s ilike 'APR%'", "s not like 'a%'",
                "starts_with(s, 'ch')", "s is null", "s is not null", "not (s = 'apple')", "i = 7", "i <> 7",
                "i < 1", "i between 0 and 3", "i in (3, -2)", "i not in (7)", "i is null",
                "i > 0 and s like 'a%'", "i < 0 or s = 'cherry'");
        for (String text : filters) {
            BoundExpr e = Expr.parse(text).bind(b.dtype());
            assertEquals(Columns.rows(e.evaluate(plain)), Columns.rows(e.evaluate(b, false)), text);
        }
        assertEquals(0, s.asked + i.asked, "no kernel was asked");
        // The same filters with kernels do ask them (and the lying answer differs somewhere), so the check above
        // could have failed.
        boolean differs = false;
        for (String text : filters) {
            BoundExpr e = Expr.parse(text).bind(b.dtype());
            differs |= !Columns.rows(e.evaluate(plain)).equals(Columns.rows(e.evaluate(b, true)));
        }
        assertTrue(s.asked > 0 && i.asked > 0, "kernels asked: s " + s.asked + ", i " + i.asked);
        assertTrue(differs, "the lying kernels changed some result");
    }

    @Test
    void evaluateWithoutAChoiceUsesKernels() {
        LyingKernelArray x = new LyingKernelArray(of(I64, 1L, 2L));
        StructArray b = batch("x", x);
        // The kernel lies: its answer shows that evaluate(batch) asked it.
        assertEquals(List.of(0L, 1L), Columns.rows(Expr.parse("x = 2").bind(b.dtype()).evaluate(b)));
    }
}
