package dev.quire.layout.expr;

import static dev.quire.layout.expr.Columns.batch;
import static dev.quire.layout.expr.Columns.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.FilterKernel;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A range predicate's {@link ValuePredicate#keyRange()} accepts exactly the values {@link ValuePredicate#matches}
 * selects, for integer types of every width and signedness and for decimals, at and around the literals and the
 * types' ends; and evaluation within a set of rows gives the rows of that set the whole evaluation gives, even when
 * a kernel writes garbage outside it.
 */
class KeyRangeTest {

    private static ValuePredicate predicate(String text, DType.Struct schema) {
        Node root = Expr.parse(text).bind(schema).root();
        return assertInstanceOf(ValuePredicate.class, root, text);
    }

    /** Values of {@code type} at its ends, around each literal and at random, plus a null. */
    private static Array integers(PType type, long[] literals, Random random) {
        DType dtype = DType.primitive(type, true);
        List<Object> values = new ArrayList<>();
        int bits = type.byteWidth() * 8;
        long min = type.isUnsigned() ? 0 : bits == 64 ? Long.MIN_VALUE : -(1L << (bits - 1));
        long max = bits == 64 ? (type.isUnsigned() ? -1L : Long.MAX_VALUE)
                : type.isUnsigned() ? (1L << bits) - 1 : (1L << (bits - 1)) - 1;
        for (long v : new long[] {min, min + 1, max - 1, max, 0, 1, -1}) {
            values.add(wrap(v, type));
        }
        for (long l : literals) {
            for (long d = -2; d <= 2; d++) {
                values.add(wrap(l + d, type));
            }
        }
        for (int i = 0; i < 200; i++) {
            values.add(wrap(random.nextLong(), type));
        }
        values.add(null);
        return of(dtype, values.toArray());
    }

    private static Long wrap(long v, PType type) {
        int bits = type.byteWidth() * 8;
        if (bits == 64) {
            return v;
        }
        return type.isUnsigned() ? v & ((1L << bits) - 1) : (v << (64 - bits)) >> (64 - bits);
    }

    /** The key of row {@code i}, or empty when it does not fit a long (u64 above {@link Long#MAX_VALUE}). */
    private static Optional<Long> key(Array values, int i) {
        if (values instanceof DecimalArray d) {
            return Optional.of(d.getUnscaled(i).longValueExact());
        }
        PrimitiveArray p = (PrimitiveArray) values;
        long raw = p.getLongValue(i);
        if (p.ptype() == PType.U64 && raw < 0) {
            return Optional.empty();
        }
        return Optional.of(raw);
    }

    private static void agree(String text, Array values) {
        StructArray b = batch("x", values);
        ValuePredicate p = predicate(text, b.dtype());
        KeyRange range = p.keyRange().orElseThrow(() -> new AssertionError("no key range for " + text));
        long[] want = p.matches(values);
        int checked = 0;
        for (int i = 0; i < values.length(); i++) {
            if (!values.isValid(i)) {
                assertEquals(0, want[i >>> 6] & (1L << i), "null row " + i + " matched " + text);
                continue;
            }
            Optional<Long> k = key(values, i);
            if (k.isPresent()) {
                assertEquals((want[i >>> 6] & (1L << i)) != 0, range.accepts(k.get()),
                        text + " at " + values.scalarAt(i) + " (" + range + ")");
                checked++;
            }
        }
        assertTrue(checked > 10, "checked " + checked + " rows of " + text);
    }

    @Test
    void integerRangesAcceptWhatTheyMatch() {
        Random random = new Random(7);
        for (PType type : new PType[] {PType.I8, PType.U8, PType.I16, PType.U16, PType.I32, PType.U32, PType.I64,
            PType.U64}) {
            long[] literals = {-129, -1, 0, 5, 127, 128, 255, 256, 40_000, 70_000, 3_000_000_000L,
                5_000_000_000L, Long.MAX_VALUE - 1};
            Array values = integers(type, literals, random);
            for (long l : literals) {
                for (String op : new String[] {"=", "<>", "<", "<=", ">", ">="}) {
                    agree("x " + op + " " + l, values);
                }
                agree("x between " + l + " and " + (l + 3), values);
                agree("x >= " + (l - 2) + " and x < " + l, values);
                agree("x < 2.5", values);
                agree("x = 2.5", values);
                agree("x > -1e30", values);
                agree("x < -1e30", values);
            }
        }
    }

    @Test
    void decimalRangesAcceptWhatTheyMatch() {
        DType dtype = new DType.Decimal(15, 2, true);
        List<Object> values = new ArrayList<>();
        Random random = new Random(11);
        for (int i = 0; i < 300; i++) {
            values.add(BigDecimal.valueOf(random.nextInt(2_000) - 1_000, 2));
        }
        values.add(new BigDecimal("9999999999999.99"));
        values.add(new BigDecimal("-9999999999999.99"));
        values.add(null);
        Array a = of(dtype, values.toArray());
        for (String text : List.of("x between 0.05 and 0.07", "x < 24", "x < 0.055", "x <= 0.05", "x = 0.05",
                "x = 0.055", "x <> 0.05", "x > -3.001", "x >= 99999999999999999", "x < -99999999999999999",
                "x >= 0.05 and x < 0.07")) {
            agree(text, a);
        }
    }

    @Test
    void floatsAndStringsHaveNoKeyRange() {
        StructArray f = batch("x", of(DType.primitive(PType.F64, true), 1.0, 2.5));
        assertFalse(predicate("x < 2", f.dtype()).keyRange().isPresent());
        StructArray s = batch("x", of(new DType.Utf8(true), "a", "b"));
        assertFalse(predicate("x < 'b'", s.dtype()).keyRange().isPresent());
        assertFalse(predicate("x in (1, 3)", batch("x", of(DType.primitive(PType.I32, true), 1L, 2L)).dtype())
                .keyRange().isPresent());
    }

    @Test
    void keyRangesSayWhatTheyAccept() {
        assertTrue(new KeyRange(3, 5, false).accepts(3));
        assertTrue(new KeyRange(3, 5, false).accepts(5));
        assertFalse(new KeyRange(3, 5, false).accepts(6));
        assertTrue(new KeyRange(3, 5, true).accepts(2));
        assertFalse(new KeyRange(3, 5, true).accepts(4));
        assertTrue(new KeyRange(1, 0, false).isEmpty());
        assertFalse(new KeyRange(1, 0, false).accepts(0));
        assertTrue(new KeyRange(1, 0, true).accepts(Long.MIN_VALUE));
    }

    /**
     * A kernel that answers correctly for the rows it is asked about and writes random bits everywhere else, and
     * records what it was asked.
     */
    static final class ScribblingKernelArray implements Array, FilterKernel {
        private final Array values;
        private final Random random;
        int askedWithin;

        ScribblingKernelArray(Array values, long seed) {
            this.values = values;
            this.random = new Random(seed);
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
            return "test.scribbling";
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
            return new ScribblingKernelArray(values.slice(from, to), random.nextLong());
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
            long[] m = predicate.matches(values.toCanonical());
            System.arraycopy(m, 0, out, 0, m.length);
            return true;
        }

        @Override
        public boolean match(ValuePredicate predicate, long[] within, long[] out) {
            askedWithin++;
            long[] m = predicate.matches(values.toCanonical());
            for (int i = 0; i < m.length; i++) {
                out[i] = (m[i] & within[i]) | (random.nextLong() & ~within[i]);
            }
            return true;
        }
    }

    @Test
    void evaluatingWithinRowsGivesThoseRowsOfTheWholeEvaluation() {
        Random random = new Random(3);
        int n = 700;
        Object[] xs = new Object[n];
        Object[] ys = new Object[n];
        for (int i = 0; i < n; i++) {
            xs[i] = random.nextInt(9) == 0 ? null : (long) random.nextInt(100);
            ys[i] = random.nextInt(9) == 0 ? null : (long) random.nextInt(100);
        }
        DType i64 = DType.primitive(PType.I64, true);
        Array x = of(i64, xs);
        Array y = of(i64, ys);
        ScribblingKernelArray sx = new ScribblingKernelArray(x, 1);
        ScribblingKernelArray sy = new ScribblingKernelArray(y, 2);
        StructArray plain = batch("x", x, "y", y);
        StructArray scribbled = batch("x", sx, "y", sy);
        for (String text : List.of("x < 30", "x between 10 and 20", "not (x < 30)", "x < 30 or y > 60",
                "not (x < 30 and y > 60)", "x is null or y = 5", "x <> 7")) {
            BoundExpr e = Expr.parse(text).bind(plain.dtype());
            RowMask whole = e.evaluate(plain, false);
            for (double density : new double[] {0, 0.01, 0.2, 0.9, 1}) {
                long[] rows = random.longs(n, 0, n).filter(r -> random.nextDouble() < density).distinct()
                        .sorted().toArray();
                RowMask within = RowMask.of(n, rows);
                assertEquals(within.and(whole), e.evaluate(scribbled, true, within), text + " within " + density);
            }
        }
        assertTrue(sx.askedWithin > 0 && sy.askedWithin > 0, "the kernels were asked within rows");
    }

    @Test
    void withinMustBeAsLongAsTheBatch() {
        StructArray b = batch("x", of(DType.primitive(PType.I64, false), 1L, 2L, 3L));
        BoundExpr e = Expr.parse("x < 2").bind(b.dtype());
        InvalidArgumentException ex = assertThrows(InvalidArgumentException.class,
                () -> e.evaluate(b, true, RowMask.all(4)));
        assertTrue(ex.getMessage().contains("4 rows") && ex.getMessage().contains("3"), ex.getMessage());
    }
}
