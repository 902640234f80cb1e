package dev.quire.bench;

import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.BatchStream;
import dev.quire.layout.array.StructArray;
import dev.vortex.api.DataSource;
import dev.vortex.api.Expression;
import dev.vortex.api.Partition;
import dev.vortex.api.Scan;
import dev.vortex.api.ScanOptions;
import dev.vortex.api.Session;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
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
 * Filtered scans of the canonical file ({@link CanonicalData}: random i64, f64 and utf8), by Quire and by the
 * reference with the same predicate pushed down, in one run. The predicate is a range on the random i64 column,
 * {@code i64 between lo and hi}, whose bounds are quantiles of the data chosen so that exactly the given share of the
 * rows matches (0.1%, 1%, 10%, 100%; at 100% the bounds are the column's minimum and maximum, so the predicate is
 * still evaluated). Each invocation opens the file, scans all three columns of the matching rows and folds every
 * value ({@link Folds}), so both engines produce the same data. Setup checks that both return the expected rows.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
        "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xmx4g"})
public class FilterBench {
    @Param({"10000000"})
    public long rows;

    /** The share of the rows the predicate keeps. */
    @Param({"0.001", "0.01", "0.1", "1"})
    public double selectivity;

    private Path file;
    private Session session;
    private BufferAllocator allocator;
    private FilterRange range;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        file = CanonicalData.ensure(rows).toAbsolutePath();
        session = Session.create();
        allocator = new RootAllocator();
        range = FilterRange.of(file, rows, selectivity);
        Folds.Sums quire = scanQuire(file, range.quireFilter());
        Folds.Sums reference = scanReference(session, allocator, file, range);
        if (quire.rows() != range.matching() || !quire.equals(reference)) {
            throw new IllegalStateException("the engines disagree on " + range.quireFilter() + ": expected "
                    + range.matching() + " rows, Quire " + quire + ", reference " + reference);
        }
    }

    @Benchmark
    public Folds.Sums quire() {
        return scanQuire(file, range.quireFilter());
    }

    @Benchmark
    public Folds.Sums vortexJni() throws Exception {
        return scanReference(session, allocator, file, range);
    }

    static Folds.Sums scanQuire(Path file, String filter) {
        Folds.Sums sums = new Folds.Sums();
        try (VortexFile f = VortexFile.open(file); BatchStream batches = f.scan().filter(filter).batches()) {
            for (StructArray batch : batches) {
                Folds.add(sums, batch);
            }
        }
        return sums;
    }

    static Folds.Sums scanReference(Session session, BufferAllocator allocator, Path file, FilterRange range)
            throws Exception {
        Folds.Sums sums = new Folds.Sums();
        DataSource source = DataSource.open(session, file.toString());
        Expression filter = Expression.between(Expression.column("i64"), Expression.literal(range.lo()),
                Expression.literal(range.hi()), false, false);
        Scan scan = source.scan(ScanOptions.builder().filter(filter).build());
        while (scan.hasNext()) {
            Partition partition = scan.next();
            try (ArrowReader reader = partition.scanArrow(allocator)) {
                while (reader.loadNextBatch()) {
                    Folds.add(sums, reader.getVectorSchemaRoot());
                }
            }
        }
        return sums;
    }
}
