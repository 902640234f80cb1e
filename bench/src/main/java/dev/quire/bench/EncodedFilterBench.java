package dev.quire.bench;

import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.BatchStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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
 * A filter on an integer column that the reference wrote in one encoding ({@link DecodeData}'s files, 1 Mi rows,
 * {@code -p shape=}: {@code sequence}, {@code runend}, bit-packed or frame of reference), answered by the encoding's
 * filter kernel ({@code kernel}) against decoding every row and filtering the values ({@code decoded},
 * {@code Scan.filterKernels(false)}). The predicate is {@code v < median}, the median of a sample of the column, so
 * about half of the rows match; each invocation runs {@code count()}. Setup checks that both count the same rows.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
        "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xmx2g"})
public class EncodedFilterBench {
    @Param({"sequence", "runend", "bitpacked-12", "for"})
    public String shape;

    private VortexFile file;
    private String filter;

    @Setup(Level.Trial)
    public void setup() {
        Path path = DecodeData.ensure(DecodeData.Shape.parse(shape), DecodeBench.ROWS);
        file = VortexFile.open(path);
        List<Long> sample = new ArrayList<>();
        try (BatchStream batches = file.scan().project(DecodeData.COLUMN).batches()) {
            for (StructArray batch : batches) {
                PrimitiveArray values = (PrimitiveArray) batch.field(0).toCanonical();
                for (long i = 0; i < values.length(); i += 97) {
                    sample.add(values.getLongValue(i));
                }
            }
        }
        Collections.sort(sample);
        filter = DecodeData.COLUMN + " < " + sample.get(sample.size() / 2);
        long kernel = kernel();
        long decoded = decoded();
        if (kernel != decoded || kernel == 0 || kernel == DecodeBench.ROWS) {
            throw new IllegalStateException(shape + ", " + filter + ": kernel " + kernel + " rows, decoded "
                    + decoded);
        }
        System.out.println(shape + ": " + filter + " keeps " + kernel + " of " + DecodeBench.ROWS + " rows");
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        file.close();
    }

    @Benchmark
    public long kernel() {
        return file.scan().filter(filter).filterKernels(true).count();
    }

    @Benchmark
    public long decoded() {
        return file.scan().filter(filter).filterKernels(false).count();
    }
}
