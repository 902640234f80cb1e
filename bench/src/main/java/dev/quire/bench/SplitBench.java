package dev.quire.bench;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.spi.LayoutReader;
import dev.quire.splits.FieldMask;
import dev.quire.splits.RowSplits;
import dev.quire.splits.SplitRange;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
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
 * Split collection over a file of {@value #COLUMNS} columns of about {@value #CHUNKS} chunks each: the boundaries a
 * scan plans from, collected with children that register no interior splits skipped ({@code skipSplitless=true},
 * chunk ends appended from chunk offsets) or with every child layout and reader built and asked ({@code false}), in
 * the same run.
 *
 * <ul>
 *   <li>{@code cold}: a layout tree nobody has built (what the first scan of a newly opened file pays), all columns;
 *   <li>{@code warm}: the file's shared tree, already built, all columns;
 *   <li>{@code cold_single_column}: a fresh tree, one column of the {@value #COLUMNS};
 *   <li>{@code cold_misaligned}, {@code warm_misaligned}: the same over a file whose columns' chunks end where their
 *       data says (strings of random lengths, chunks cut by bytes at any row), so columns share almost no interior
 *       boundary and the runs really differ (the set-up prints how many boundaries are shared).
 * </ul>
 *
 * Each invocation returns the number of boundaries, so the work cannot be optimized away. Run with
 * {@code bench/run-jmh.sh SplitBench}; the aligned file is 32 MiB, the misaligned one about 130 MiB, both cached in
 * {@code target/bench-data}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
        "-Xmx2g"})
public class SplitBench {
    static final int COLUMNS = 64;
    static final int CHUNKS = 256;
    /** Rows of the aligned file: 256 chunks of 256 rows (2 KiB of i64 values) per column. */
    static final int ROWS = CHUNKS * 256;

    /** Whether readers skip children without interior splits (the optimization) or walk every one. */
    @Param({"true", "false"})
    public boolean skipSplitless;

    private VortexFile aligned;
    private VortexFile misaligned;
    private FieldMask oneColumn;

    @Setup(Level.Trial)
    public void setup() {
        aligned = VortexFile.open(ensureAligned());
        misaligned = VortexFile.open(ensureMisaligned());
        oneColumn = FieldMask.of(Map.of("c17", FieldMask.all()));
        // Build the shared trees once (every child too, so that warm runs of either mode find them built).
        collect(aligned.reader(), FieldMask.all(), aligned.rowCount(), RowSplits.walkingEveryChild());
        long[] m = collect(misaligned.reader(), FieldMask.all(), misaligned.rowCount(), RowSplits.walkingEveryChild());
        long chunkEnds = 0;
        for (int c = 0; c < COLUMNS; c++) {
            chunkEnds += misaligned.layout().child(c).child(0).childCount();
        }
        System.out.printf("misaligned file: %d rows, %d chunk ends over %d columns, %d distinct boundaries%n",
                misaligned.rowCount(), chunkEnds, COLUMNS, m.length);
    }

    @TearDown(Level.Trial)
    public void close() {
        aligned.close();
        misaligned.close();
    }

    private RowSplits splits() {
        return skipSplitless ? RowSplits.skippingSplitlessChildren() : RowSplits.walkingEveryChild();
    }

    private static long[] collect(LayoutReader reader, FieldMask mask, long rows, RowSplits splits) {
        reader.registerSplits(mask, SplitRange.whole(rows), splits);
        return splits.boundaries();
    }

    @Benchmark
    public int cold() {
        return collect(aligned.freshReader(), FieldMask.all(), aligned.rowCount(), splits()).length;
    }

    @Benchmark
    public int warm() {
        return collect(aligned.reader(), FieldMask.all(), aligned.rowCount(), splits()).length;
    }

    @Benchmark
    public int cold_single_column() {
        return collect(aligned.freshReader(), oneColumn, aligned.rowCount(), splits()).length;
    }

    @Benchmark
    public int cold_misaligned() {
        return collect(misaligned.freshReader(), FieldMask.all(), misaligned.rowCount(), splits()).length;
    }

    @Benchmark
    public int warm_misaligned() {
        return collect(misaligned.reader(), FieldMask.all(), misaligned.rowCount(), splits()).length;
    }

    private static List<Field> fields(DType dtype) {
        List<Field> fields = new ArrayList<>();
        for (int c = 0; c < COLUMNS; c++) {
            fields.add(new Field("c" + c, dtype));
        }
        return fields;
    }

    /** 64 i64 columns of {@value #ROWS} rows in chunks of 256 rows, zoned as Quire writes by default. */
    static Path ensureAligned() {
        Path path = CanonicalData.dataDir().resolve("splits-aligned-" + COLUMNS + "x" + CHUNKS + ".vortex");
        if (Files.exists(path)) {
            return path;
        }
        DType.Struct schema = new DType.Struct(fields(new DType.Primitive(PType.I64, false)), false);
        List<Array> columns = new ArrayList<>();
        for (int c = 0; c < COLUMNS; c++) {
            long shift = c;
            columns.add(PrimitiveArray.ofLongs(LongStream.range(0, ROWS).map(r -> r * 31 + shift).toArray()));
        }
        write(path, schema, new StructArray(schema, columns, ROWS, Validity.NON_NULLABLE),
                WriteOptions.defaults().withBlockRows(256).withChunkBytes(256 * 8));
        return path;
    }

    /**
     * 64 utf8 columns of {@value #ROWS} rows, strings of 13 to 19 bytes chosen at random per row and column, cut
     * into chunks of at least 8 KiB at any row: about 256 chunks per column, ending at rows that differ column to
     * column.
     */
    static Path ensureMisaligned() {
        Path path = CanonicalData.dataDir().resolve("splits-misaligned-" + COLUMNS + "x" + CHUNKS + ".vortex");
        if (Files.exists(path)) {
            return path;
        }
        DType.Struct schema = new DType.Struct(fields(new DType.Utf8(false)), false);
        Random random = new Random(42);
        List<Array> columns = new ArrayList<>();
        byte[] letters = "abcdefghijklmnopqrstuvwxyz".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (int c = 0; c < COLUMNS; c++) {
            VarBinViewBuilder b = (VarBinViewBuilder) ArrayBuilder.forType(new DType.Utf8(false));
            for (int r = 0; r < ROWS; r++) {
                byte[] s = new byte[13 + random.nextInt(7)];
                for (int i = 0; i < s.length; i++) {
                    s[i] = letters[random.nextInt(letters.length)];
                }
                b.appendBytes(s);
            }
            columns.add(b.finish());
        }
        write(path, schema, new StructArray(schema, columns, ROWS, Validity.NON_NULLABLE),
                WriteOptions.defaults().withBlockRows(1).withChunkBytes(8 * 1024));
        return path;
    }

    private static void write(Path path, DType.Struct schema, StructArray rows, WriteOptions options) {
        try {
            Files.createDirectories(path.getParent());
            Path tmp = path.resolveSibling(path.getFileName() + ".tmp");
            try (VortexWriter writer = VortexWriter.create(tmp, schema, options)) {
                writer.write(rows);
            }
            Files.move(tmp, path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
