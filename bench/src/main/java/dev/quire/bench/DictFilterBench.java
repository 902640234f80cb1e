package dev.quire.bench;

import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.BatchStream;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The dictionary filter path against decoding every row, in one run: Quire counting the rows of a
 * {@link DictFilterData} file (lineitem-shaped string columns) that pass a string predicate,
 *
 * <ul>
 *   <li>{@code kernel}: on the dictionary-encoded file, the predicate evaluated once per dictionary on its values and
 *       mapped to the codes (the dictionary's filter kernel, the default);</li>
 *   <li>{@code decoded}: on the same file, with {@code Scan.filterKernels(false)}: every row of the column decoded
 *       from the dictionary to strings, then the predicate evaluated on them;</li>
 *   <li>{@code plain}: for context, the same data written without dictionaries ({@code --no-dict}), whose rows are
 *       stored as strings.</li>
 * </ul>
 *
 * The predicates ({@code -p filter=...}) are equality, {@code in}, a range, a prefix {@code like 'x%'} and a general
 * {@code like}, on the low-cardinality {@code l_shipmode} (7 values) and {@code l_returnflag} (3), and on the
 * mid-cardinality {@code brand_type} (3,750). Each invocation opens the file and runs {@code count()}, which reads
 * only the filtered column and evaluates the predicate: the filter path alone, with no projected column to gather.
 * Setup checks that the three variants select the same rows (by their {@code row} column) and as many as the
 * generator says match, and fails otherwise.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
        "-Xmx4g"})
public class DictFilterBench {
    /** The predicates, each on one column: Quire's text syntax and the same test in Java, to check the counts. */
    enum Filter {
        shipmode_eq("l_shipmode", "l_shipmode = 'AIR'", v -> v.equals("AIR")),
        shipmode_in("l_shipmode", "l_shipmode in ('MAIL', 'SHIP')", v -> Set.of("MAIL", "SHIP").contains(v)),
        shipmode_like("l_shipmode", "l_shipmode like '%AI%'", v -> v.contains("AI")),
        returnflag_range("l_returnflag", "l_returnflag < 'N'", v -> v.compareTo("N") < 0),
        brand_eq("brand_type", "brand_type = 'Brand#23 MEDIUM POLISHED BRASS'",
                v -> v.equals("Brand#23 MEDIUM POLISHED BRASS")),
        brand_in("brand_type", "brand_type in ('Brand#12 SMALL PLATED TIN', 'Brand#45 PROMO BRUSHED STEEL',"
                + " 'Brand#51 LARGE ANODIZED COPPER')", v -> Set.of("Brand#12 SMALL PLATED TIN",
                        "Brand#45 PROMO BRUSHED STEEL", "Brand#51 LARGE ANODIZED COPPER").contains(v)),
        brand_range("brand_type", "brand_type between 'Brand#21' and 'Brand#34'",
                v -> v.compareTo("Brand#21") >= 0 && v.compareTo("Brand#34") <= 0),
        brand_prefix("brand_type", "brand_type like 'Brand#3%'", v -> v.startsWith("Brand#3")),
        brand_like("brand_type", "brand_type like '%BRUSHED%'", v -> v.contains("BRUSHED"));

        final String column;
        final String text;
        final Predicate<String> test;

        Filter(String column, String text, Predicate<String> test) {
            this.column = column;
            this.text = text;
            this.test = test;
        }
    }

    /** Rows per file; lineitem at scale factor 1 has about 6 M. */
    @Param({"6000000"})
    public long rows;

    @Param({"shipmode_eq", "shipmode_in", "shipmode_like", "returnflag_range", "brand_eq", "brand_in",
        "brand_range", "brand_prefix", "brand_like"})
    public String filter;

    private Path dictFile;
    private Path plainFile;
    private String predicate;

    @Setup(Level.Trial)
    public void setup() {
        Filter f = Filter.valueOf(filter);
        predicate = f.text;
        dictFile = DictFilterData.ensure(rows, true).toAbsolutePath();
        plainFile = DictFilterData.ensure(rows, false).toAbsolutePath();
        checkLayouts(f.column);
        long expected = expectedCount(f);
        Selected kernel = select(dictFile, true);
        Selected decoded = select(dictFile, false);
        Selected plain = select(plainFile, true);
        if (kernel.rows() != expected || !kernel.equals(decoded) || !kernel.equals(plain)) {
            throw new IllegalStateException("the variants disagree on " + predicate + ": expected " + expected
                    + " rows, kernel " + kernel + ", decoded " + decoded + ", plain " + plain);
        }
        if (count(dictFile, true) != expected || count(dictFile, false) != expected
                || count(plainFile, true) != expected) {
            throw new IllegalStateException("count() disagrees with the scan on " + predicate);
        }
        System.out.printf("%s: %d of %d rows match%n", predicate, expected, rows);
    }

    @Benchmark
    public long kernel() {
        return count(dictFile, true);
    }

    @Benchmark
    public long decoded() {
        return count(dictFile, false);
    }

    @Benchmark
    public long plain() {
        return count(plainFile, true);
    }

    private long count(Path file, boolean kernels) {
        try (VortexFile f = VortexFile.open(file)) {
            return f.scan().filter(predicate).filterKernels(kernels).count();
        }
    }

    /** The rows a variant selects: how many, the sum of their indexes and a sum of mixed indexes. */
    record Selected(long rows, long sum, long mixed) {}

    private Selected select(Path file, boolean kernels) {
        long n = 0;
        long sum = 0;
        long mixed = 0;
        try (VortexFile f = VortexFile.open(file);
                BatchStream batches = f.scan().project("row").filter(predicate).filterKernels(kernels).batches()) {
            for (StructArray batch : batches) {
                MemorySegment values = ((PrimitiveArray) batch.field(0)).values();
                for (long i = 0; i < batch.length(); i++) {
                    long r = values.getAtIndex(LittleEndian.LONG, i);
                    sum += r;
                    mixed += r * 0x9E3779B97F4A7C15L ^ (r >>> 7);
                }
                n += batch.length();
            }
        }
        return new Selected(n, sum, mixed);
    }

    /** How many rows the generator made that pass the filter's Java test. */
    private long expectedCount(Filter f) {
        DictFilterData.Rows values = new DictFilterData.Rows();
        long n = 0;
        for (long r = 0; r < rows; r++) {
            values.next();
            if (f.test.test(values.value(f.column))) {
                n++;
            }
        }
        if (n == 0 || n == rows) {
            throw new IllegalStateException(predicate + " matches " + n + " of " + rows + " rows; pick a filter"
                    + " that keeps some and drops some");
        }
        return n;
    }

    /** The dictionary file must hold the filtered column as dictionaries, the plain file must not. */
    private void checkLayouts(String column) {
        int index = DictFilterData.SCHEMA.indexOf(column).orElseThrow();
        try (VortexFile dict = VortexFile.open(dictFile); VortexFile plain = VortexFile.open(plainFile)) {
            int inDict = DictFilterData.count(dict.layout().child(index), "vortex.dict");
            int inPlain = DictFilterData.count(plain.layout().child(index), "vortex.dict");
            if (inDict == 0 || inPlain != 0) {
                throw new IllegalStateException("column " + column + " has " + inDict + " dictionary layouts in "
                        + dictFile + " (expected some) and " + inPlain + " in " + plainFile + " (expected none)");
            }
            System.out.printf("%s: %d dictionaries; files of %,d bytes (dictionaries) and %,d bytes (plain)%n",
                    column, inDict, dict.fileSize(), plain.fileSize());
        }
    }
}
