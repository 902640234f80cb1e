package dev.quire.dictionary.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.BoundExpr;
import dev.quire.layout.expr.Expr;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.scan.BatchStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filters on dictionaries give the same rows with the dictionary's filter kernel ({@code Scan.filterKernels(true)},
 * the default) and with every row decoded first ({@code false}), for every kind of predicate, with nulls in the
 * values and in the rows; and turning kernels off really bypasses the dictionary's evaluation.
 */
class KernelSwitchTest {
    @TempDir
    Path dir;

    /** Every kind of predicate on a utf8 column {@code s} and an integer column {@code i}, with their negations. */
    static final List<String> FILTERS = List.of("s = 'beta'", "s <> 'beta'", "s < 'b'", "s <= 'beta'", "s > 'delta'",
            "s >= 'gamma'", "s between 'ab' and 'delta'", "s not between 'ab' and 'delta'",
            "s in ('alpha', 'zeta', 'nope')", "s in ('alpha', null)", "s not in ('alpha', 'beta')", "s like 'ab%'",
            "s like '%a'", "s like '_eta'", "s like '%ps%on%'", "s not like 'a%'", "s ilike 'ALP%'",
            "starts_with(s, 'ep')", "s = ''", "s is null", "s is not null", "not (s = 'gamma')", "i = 3", "i <> 3",
            "i < -10", "i >= 15", "i between -3 and 8", "i in (1, -5, 19)", "i not in (0, 1)", "i is null",
            "i > 100", "i is not null and s like 'a%'", "i < 0 or s = 'delta'", "not (i = 2 or s like '%t%')");

    private static final DType S = new DType.Utf8(true);
    private static final DType I = new DType.Primitive(PType.I32, true);
    private static final DType.Struct SCHEMA = DType.Struct.of(new Field("s", S), new Field("i", I));
    private static final String[] WORDS = {"alpha", "beta", "gamma", "delta", "epsilon-with-a-long-tail", "zeta", "",
        "ab", "abc"};

    @Test
    void batchesOfDictionariesAgreeWithAndWithoutKernels() {
        DType t = new DType.Utf8(true);
        Array values = DictFiles.column(t, List.of(new Scalar(t, "alpha"), Scalar.nullOf(t), new Scalar(t, "beta"),
                new Scalar(t, "abc"), new Scalar(t, "")));
        DictArray s = new DictArray(t, DictReadTest.u8(DictReadTest.mask(true, true, false, true, true, true, false,
                true, true, true), 0, 1, 4, 2, 3, 0, 0, 4, 2, 3), values);
        Array iValues = DictFiles.column(I, List.of(new Scalar(I, 3L), new Scalar(I, -5L), Scalar.nullOf(I),
                new Scalar(I, 19L)));
        DictArray i = new DictArray(I, DictReadTest.u8(DictReadTest.mask(true, true, true, false, true, true, true,
                true, true, true), 0, 1, 2, 3, 3, 0, 1, 2, 3, 0), iValues);
        StructArray batch = new StructArray(SCHEMA, List.of(s, i), s.length(), Validity.NON_NULLABLE);
        StructArray decoded = new StructArray(SCHEMA, List.of(s.toCanonical(), i.toCanonical()), s.length(),
                Validity.NON_NULLABLE);
        for (String filter : FILTERS) {
            BoundExpr e = Expr.parse(filter).bind(SCHEMA);
            List<Long> expected = rows(e.evaluate(decoded, true));
            assertEquals(expected, rows(e.evaluate(batch, false)), filter + " decoding every row");
        }
        assertEquals(0, s.valuesHandle().evaluations() + i.valuesHandle().evaluations(),
                "without kernels nothing is evaluated on the dictionaries' values");
        for (String filter : FILTERS) {
            BoundExpr e = Expr.parse(filter).bind(SCHEMA);
            assertEquals(rows(e.evaluate(decoded, true)), rows(e.evaluate(batch, true)), filter + " with kernels");
        }
        assertTrue(s.valuesHandle().evaluations() > 0 && i.valuesHandle().evaluations() > 0,
                "with kernels the dictionaries evaluate predicates on their values");
    }

    @Test
    void filteredScansAgreeWithAndWithoutKernels() {
        Random random = new Random(7);
        List<Scalar> sv = new ArrayList<>();
        List<Scalar> iv = new ArrayList<>();
        for (int r = 0; r < 20_000; r++) {
            sv.add(random.nextInt(10) == 0 ? Scalar.nullOf(S) : new Scalar(S, WORDS[random.nextInt(WORDS.length)]));
            iv.add(random.nextInt(10) == 0 ? Scalar.nullOf(I) : new Scalar(I, (long) random.nextInt(40) - 20));
        }
        Path dict = dir.resolve("dict.vortex");
        Path plain = dir.resolve("plain.vortex");
        for (Path p : List.of(dict, plain)) {
            try (VortexWriter w = VortexWriter.create(p, SCHEMA,
                    DictionaryWriteTest.SMALL_CHUNKS.withDictionary(p == dict))) {
                Array a = DictFiles.column(S, sv);
                Array b = DictFiles.column(I, iv);
                w.write(new StructArray(SCHEMA, List.of(a, b), a.length(), Validity.NON_NULLABLE));
            }
        }
        try (VortexFile f = VortexFile.open(dict); VortexFile g = VortexFile.open(plain)) {
            assertTrue(DictFiles.nodes(f.layout(), DictLayout.ID).size() >= 2, "both columns are dictionaries");
            assertEquals(0, DictFiles.nodes(g.layout(), DictLayout.ID).size(), "the plain file has none");
            for (String filter : FILTERS) {
                List<List<Scalar>> expected = scan(g, filter, true);
                assertTrue(!expected.isEmpty() || filter.equals("i > 100"), filter + " selects some rows");
                assertEquals(expected, scan(f, filter, true), filter + " with kernels");
                assertEquals(expected, scan(f, filter, false), filter + " decoding every row");
                long count = f.scan().filter(filter).filterKernels(false).count();
                assertEquals(expected.size(), count, filter + " counted decoding every row");
            }
        }
    }

    private static List<List<Scalar>> scan(VortexFile f, String filter, boolean kernels) {
        List<List<Scalar>> out = new ArrayList<>();
        try (BatchStream batches = f.scan().filter(filter).filterKernels(kernels).batches()) {
            for (StructArray b : batches) {
                for (long r = 0; r < b.length(); r++) {
                    out.add(List.of(b.field(0).scalarAt(r), b.field(1).scalarAt(r)));
                }
            }
        }
        return out;
    }

    private static List<Long> rows(dev.quire.layout.expr.RowMask m) {
        return Arrays.stream(m.toRows()).boxed().toList();
    }
}
