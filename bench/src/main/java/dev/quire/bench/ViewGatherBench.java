package dev.quire.bench;

import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.array.ViewTable;
import dev.quire.layout.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Gathering string views by index, as a dictionary decodes its codes: {@code table} through {@link ViewTable}'s
 * gatherer (one bounds check per index, blocks of 1024 indices, an array at the end), {@code copy} the same copies
 * with no check and no array built, the least any gather can do. Their ratio is what the check costs. Scores are
 * rows a second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
public class ViewGatherBench {
    /** Rows gathered per invocation. */
    public static final int ROWS = 1 << 20;
    private static final int BLOCK = 1024;

    /** The number of distinct values the indices pick from. */
    @Param({"4", "1000"})
    public int values;

    private ViewTable table;
    private long[] words;
    private int[] indices;
    private static final DType UTF8 = new DType.Utf8(false);

    @Setup
    public void setup() {
        Random random = new Random(11);
        VarBinViewBuilder builder = (VarBinViewBuilder) ArrayBuilder.forType(UTF8);
        for (int v = 0; v < values; v++) {
            builder.appendBytes(("value " + v + " " + "x".repeat(random.nextInt(20)))
                    .getBytes(StandardCharsets.UTF_8));
        }
        VarBinViewArray source = (VarBinViewArray) builder.finish();
        table = ViewTable.of(source);
        words = new long[2 * (values + 1)];
        MemorySegment.copy(source.views(), ValueLayout.JAVA_LONG_UNALIGNED, 0, words, 0, 2 * values);
        indices = new int[ROWS];
        for (int i = 0; i < ROWS; i++) {
            indices[i] = random.nextInt(values);
        }
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public VarBinViewArray table() {
        ViewTable.Gatherer gatherer = table.gatherer(ROWS);
        for (int at = 0; at < ROWS; at += BLOCK) {
            gatherer.add(indices, at, BLOCK);
        }
        return gatherer.finish(UTF8, Validity.NON_NULLABLE);
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public long[] copy() {
        long[] out = new long[2 * ROWS];
        long[] t = words;
        int[] idx = indices;
        for (int at = 0; at < ROWS; at += BLOCK) {
            for (int j = 0, o = 2 * at; j < BLOCK; j++, o += 2) {
                int c = idx[at + j] << 1;
                out[o] = t[c];
                out[o + 1] = t[c + 1];
            }
        }
        return out;
    }
}
