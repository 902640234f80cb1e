package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.Expr;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.scan.BatchStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filtered scans against the reference. Random filters from a seed ({@link RandomFilters}) run three ways on one
 * file: Quire's scan with the filter (in its text form, so the printer and parser are in the loop), the reference's
 * scan with the filter translated ({@link ReferenceFilter}) and pushed down through {@code ScanOptions}, and a brute
 * force over the rows written ({@link BruteForce}). All three must return exactly the same rows in the same order.
 *
 * <ul>
 *   <li>Files the reference wrote from incompressible data (random i64, u8, bool and binary columns, with and
 *       without nulls, in big batches and in tiny ones), which it stores canonically: Quire's filtered scans must
 *       return what the reference's do.</li>
 *   <li>Files Quire wrote, in small chunks and with every column type the filters cover (adding f64 and utf8): the
 *       reference's filtered scans must agree with Quire's and with brute force.</li>
 * </ul>
 * Filters on unsigned columns run in Quire and brute force only: the reference compares only values of one type and
 * its Java API has no unsigned literals. Float data avoids -0.0 and NaNs with the sign bit set, which the reference
 * orders differently ({@link ReferenceFilterDifferencesTest}).
 */
class FilteredScanCompatTest {
    static final int FILTERS_PER_FILE = 40;
    static final int DEPTH = 3;

    @TempDir
    static Path dir;

    static final DType.Struct REFERENCE_SCHEMA = DType.Struct.of(
            new Field("i64", new DType.Primitive(PType.I64, false)),
            new Field("i64_n", new DType.Primitive(PType.I64, true)),
            new Field("u8", new DType.Primitive(PType.U8, false)),
            new Field("flag", new DType.Bool(false)),
            new Field("flag_n", new DType.Bool(true)),
            new Field("bin", new DType.Binary(false)),
            new Field("bin_n", new DType.Binary(true)));

    static final DType.Struct QUIRE_SCHEMA = DType.Struct.of(
            new Field("i64", new DType.Primitive(PType.I64, false)),
            new Field("i64_n", new DType.Primitive(PType.I64, true)),
            new Field("i32", new DType.Primitive(PType.I32, true)),
            new Field("u8", new DType.Primitive(PType.U8, true)),
            new Field("flag", new DType.Bool(false)),
            new Field("flag_n", new DType.Bool(true)),
            new Field("f64", new DType.Primitive(PType.F64, false)),
            new Field("f64_n", new DType.Primitive(PType.F64, true)),
            new Field("s", new DType.Utf8(false)),
            new Field("s_n", new DType.Utf8(true)),
            new Field("bin", new DType.Binary(false)),
            new Field("bin_n", new DType.Binary(true)));

    /** How many filters, over all files, kept some rows but not all: the filters must not be trivial. */
    static final AtomicInteger SELECTIVE = new AtomicInteger();
    static final AtomicInteger RUN = new AtomicInteger();

    /** A file and the rows written to it. */
    record Written(String name, Path file, DType.Struct schema, List<List<Object>> rows) {}

    @TestFactory
    Stream<DynamicNode> filtersAgreeOnFilesTheReferenceWrote() {
        return Stream.of(
                referenceFile("big batches", 31, 3, 10_000),
                referenceFile("tiny batches", 32, 300, 5))
                .map(w -> filters(w, 310 + w.rows().size()));
    }

    @TestFactory
    Stream<DynamicNode> filtersAgreeOnFilesQuireWrote() {
        return Stream.of(
                quireFile("small chunks", 41, 20_000, WriteOptions.defaults().withChunkBytes(16 << 10)
                        .withBlockRows(1024)),
                quireFile("one chunk", 42, 3_000, WriteOptions.defaults()))
                .map(w -> filters(w, 410 + w.rows().size()));
    }

    @AfterAll
    static void filtersWereSelective() {
        assertTrue(SELECTIVE.get() > RUN.get() / 3, SELECTIVE.get() + " of " + RUN.get() + " random filters kept "
                + "some rows but not all; the generator has become trivial");
    }

    private static Written referenceFile(String name, long seed, int batches, int rowsPerBatch) {
        RandomData random = new RandomData(seed).lengths(13, 32);
        List<StructArray> written = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < batches; i++) {
            List<List<Object>> batch = random.rows(REFERENCE_SCHEMA, rowsPerBatch, 0.15);
            rows.addAll(batch);
            written.add(Values.batch(REFERENCE_SCHEMA, batch));
        }
        Path file = dir.resolve("reference-" + seed + ".vortex");
        Reference.write(file, REFERENCE_SCHEMA, written);
        assertEquals(java.util.Set.of(), Expect.unsupportedIds(file), name + ": the reference stored the data "
                + "canonically, so Quire reads all of it (trees " + Expect.flatTrees(file) + ")");
        return new Written("reference-written, " + name + " (seed " + seed + ")", file, REFERENCE_SCHEMA, rows);
    }

    private static Written quireFile(String name, long seed, int n, WriteOptions options) {
        RandomData random = new RandomData(seed).lengths(0, 12);
        Random r = random.random;
        List<List<Object>> rows = random.rows(QUIRE_SCHEMA, n, 0.15);
        int f64 = QUIRE_SCHEMA.indexOf("f64").orElseThrow();
        int f64n = QUIRE_SCHEMA.indexOf("f64_n").orElseThrow();
        for (List<Object> row : rows) {
            row.set(f64, Double.doubleToLongBits(ordinaryDouble(r)));
            if (row.get(f64n) != null) {
                row.set(f64n, Double.doubleToLongBits(ordinaryDouble(r)));
            }
        }
        Path file = dir.resolve("quire-" + seed + ".vortex");
        List<StructArray> batches = new ArrayList<>();
        for (int from = 0; from < n; from += 4096) {
            batches.add(Values.batch(QUIRE_SCHEMA, rows.subList(from, Math.min(n, from + 4096))));
        }
        Quire.write(file, QUIRE_SCHEMA, batches, options);
        return new Written("Quire-written, " + name + " (seed " + seed + ")", file, QUIRE_SCHEMA, rows);
    }

    /** Finite values of both signs, zero and the infinities, and NaN without the sign bit; never -0.0. */
    private static double ordinaryDouble(Random r) {
        return switch (r.nextInt(40)) {
            case 0 -> Double.NaN;
            case 1 -> Double.POSITIVE_INFINITY;
            case 2 -> Double.NEGATIVE_INFINITY;
            case 3 -> 0.0;
            default -> Math.rint((r.nextDouble() - 0.5) * 2e6) / 64;
        };
    }

    private static DynamicContainer filters(Written w, long seed) {
        RandomFilters quireFilters = new RandomFilters(seed, w.schema(), w.rows(), false);
        RandomFilters pushable = new RandomFilters(seed + 1, w.schema(), w.rows(), true);
        Random splits = new Random(seed);
        return DynamicContainer.dynamicContainer(w.name(), IntStream.range(0, FILTERS_PER_FILE).mapToObj(i -> {
            // Every other filter stays within what the reference can be asked; the rest may use unsigned columns.
            Expr filter = i % 2 == 0 ? pushable.next(DEPTH) : quireFilters.next(DEPTH);
            long splitRows = new long[] {997, 4096, 100_000}[splits.nextInt(3)];
            return DynamicTest.dynamicTest(i + ": " + abbreviate(filter.toString()), () -> check(w, filter,
                    splitRows));
        }));
    }

    private static void check(Written w, Expr filter, long splitRows) {
        String context = w.name() + ", filter " + filter;
        assertEquals(filter, Expr.parse(filter.toString()), "the filter's text parses back to it");
        List<List<Object>> expected = new BruteForce(w.schema()).filter(w.rows(), filter);
        RUN.incrementAndGet();
        if (!expected.isEmpty() && expected.size() < w.rows().size()) {
            SELECTIVE.incrementAndGet();
        }

        List<List<Object>> quire = new ArrayList<>();
        long count;
        try (VortexFile file = VortexFile.open(w.file());
                BatchStream batches = file.scan().filter(filter.toString()).splitRows(splitRows).batches()) {
            for (StructArray batch : batches) {
                quire.addAll(Values.rows(batch));
            }
            count = file.scan().filter(filter).splitRows(splitRows).count();
        }
        Compare.assertSameRows(w.schema(), expected, quire, context + ": Quire's scan vs brute force");
        assertEquals(expected.size(), count, context + ": Quire's count");

        if (filter.columns().stream().allMatch(c -> RandomFilters.pushable(w.schema().field(
                w.schema().indexOf(c.head()).orElseThrow()).dtype()))) {
            List<List<Object>> reference = ReferenceFilter.scan(w.file(), ReferenceFilter.translate(filter,
                    w.schema()));
            Compare.assertSameRows(w.schema(), expected, reference, context + ": the reference's scan vs brute force");
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }
}
