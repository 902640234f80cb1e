package dev.quire.bench;

import dev.quire.layout.array.StructArray;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.BatchStream;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.TearDown;

/**
 * How Quire's filtered scan ({@link FilterBench}'s, all three columns of the rows in an i64 range) scales with
 * threads: the scan runs on a pool of {@code threads} threads with twice as many splits in flight, as
 * {@code quire scan --threads N} does. {@link Ratios} prints each score's speed-up over {@code threads=1}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
        "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xmx4g"})
public class FilterScalingBench {
    @Param({"10000000"})
    public long rows;

    @Param({"0.01", "1"})
    public double selectivity;

    @Param({"1", "2"})
    public int threads;

    private Path file;
    private String filter;
    private ExecutorService pool;

    @Setup(Level.Trial)
    public void setup() {
        file = CanonicalData.ensure(rows).toAbsolutePath();
        FilterRange range = FilterRange.of(file, rows, selectivity);
        filter = range.quireFilter();
        pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "bench-scan");
            t.setDaemon(true);
            return t;
        });
        Folds.Sums sums = quire();
        if (sums.rows() != range.matching()) {
            throw new IllegalStateException(filter + ": expected " + range.matching() + " rows, got " + sums);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        pool.close();
    }

    @Benchmark
    public Folds.Sums quire() {
        Folds.Sums sums = new Folds.Sums();
        try (VortexFile f = VortexFile.open(file);
                BatchStream batches = f.scan().filter(filter).executor(pool).concurrency(2 * threads).batches()) {
            for (StructArray batch : batches) {
                Folds.add(sums, batch);
            }
        }
        return sums;
    }
}
