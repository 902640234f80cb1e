package dev.quire.bench;

import dev.quire.io.spi.IoProviders;
import dev.quire.layout.QuireContext;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.BatchStream;
import dev.vortex.api.DataSource;
import dev.vortex.api.Expression;
import dev.vortex.api.Partition;
import dev.vortex.api.Scan;
import dev.vortex.api.ScanOptions;
import dev.vortex.api.Session;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
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
 * Full scans of one column of a canonical file written by Quire ({@link CanonicalData}), by Quire and by the
 * reference (vortex-jni, through Arrow), in one run. Each invocation opens the file, reads every batch of the
 * column and folds every value (sum of integers, of doubles, of string byte lengths), so both engines touch the same
 * data. Rows per second = rows / score.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
        "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xmx4g"})
public class ScanBench {
    /**
     * Quire reading through the posix provider, configured by the fork's system properties and environment variables
     * for everything else.
     */
    private static final QuireContext POSIX = QuireContext.builder().set(IoProviders.PROVIDER, "posix").build();

    @Param({"10000000"})
    public long rows;

    @Param({"i64", "f64", "utf8"})
    public String column;

    private Path file;
    private Session session;
    private BufferAllocator allocator;

    @Setup(Level.Trial)
    public void setup() {
        file = CanonicalData.ensure(rows).toAbsolutePath();
        session = Session.create();
        allocator = new RootAllocator();
    }

    /** Quire through the default provider for local files ({@code mmap}). */
    @Benchmark
    public double quire() {
        try (VortexFile f = VortexFile.open(file)) {
            return scan(f);
        }
    }

    /** Quire through positional reads ({@code posix}), which copy every segment into fresh memory. */
    @Benchmark
    public double quirePosix() {
        try (VortexFile f = VortexFile.open(file, POSIX)) {
            return scan(f);
        }
    }

    private double scan(VortexFile f) {
        double acc = 0;
        try (BatchStream batches = f.scan().project(column).batches()) {
            for (StructArray batch : batches) {
                acc += fold(batch);
            }
        }
        return acc;
    }

    private double fold(StructArray batch) {
        switch (column) {
            case "i64" -> {
                MemorySegment values = ((PrimitiveArray) batch.field(0)).values();
                long sum = 0;
                long n = batch.length();
                for (long i = 0; i < n; i++) {
                    sum += values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i);
                }
                return sum;
            }
            case "f64" -> {
                MemorySegment values = ((PrimitiveArray) batch.field(0)).values();
                double sum = 0;
                long n = batch.length();
                for (long i = 0; i < n; i++) {
                    sum += values.getAtIndex(ValueLayout.JAVA_DOUBLE_UNALIGNED, i);
                }
                return sum;
            }
            default -> {
                VarBinViewArray strings = (VarBinViewArray) batch.field(0);
                long sum = 0;
                long n = batch.length();
                for (long i = 0; i < n; i++) {
                    sum += strings.byteLength(i);
                }
                return sum;
            }
        }
    }

    @Benchmark
    public double vortexJni() throws Exception {
        double acc = 0;
        DataSource source = DataSource.open(session, file.toString());
        ScanOptions options = ScanOptions.builder()
                .projection(Expression.select(new String[] {column}, Expression.root()))
                .build();
        Scan scan = source.scan(options);
        while (scan.hasNext()) {
            Partition partition = scan.next();
            try (ArrowReader reader = partition.scanArrow(allocator)) {
                while (reader.loadNextBatch()) {
                    VectorSchemaRoot root = reader.getVectorSchemaRoot();
                    acc += fold(root.getVector(0), root.getRowCount());
                }
            }
        }
        return acc;
    }

    private static double fold(FieldVector vector, int n) {
        if (vector instanceof BigIntVector v) {
            long sum = 0;
            var data = v.getDataBuffer();
            for (int i = 0; i < n; i++) {
                sum += data.getLong((long) i * 8);
            }
            return sum;
        }
        if (vector instanceof Float8Vector v) {
            double sum = 0;
            var data = v.getDataBuffer();
            for (int i = 0; i < n; i++) {
                sum += data.getDouble((long) i * 8);
            }
            return sum;
        }
        if (vector instanceof org.apache.arrow.vector.BaseVariableWidthViewVector v) {
            long sum = 0;
            for (int i = 0; i < n; i++) {
                sum += v.getValueLength(i);
            }
            return sum;
        }
        if (vector instanceof org.apache.arrow.vector.BaseVariableWidthVector v) {
            long sum = 0;
            for (int i = 0; i < n; i++) {
                sum += v.getValueLength(i);
            }
            return sum;
        }
        throw new IllegalStateException("unexpected vector " + vector.getClass());
    }
}
