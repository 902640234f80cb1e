package dev.quire.bench;

import dev.quire.bench.runner.tpch.LineItems;
import dev.quire.bench.tpch.LineItemArrow;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import dev.vortex.api.Session;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.TransferPair;
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
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Write throughput side by side with the reference, in one run: TPC-H {@code lineitem} at scale factor {@code sf}
 * (about 600 K rows at 0.1), generated once in setup and held in memory, written to a file per invocation by
 *
 * <ul>
 *   <li>{@code quire}: Quire's writer with its default options (the compressor and dictionaries on);</li>
 *   <li>{@code quireNoCompress}: the same with compression off ({@code quire convert --no-compress}), so the
 *       compressor's share of the time is the difference;</li>
 *   <li>{@code quireOneThread}: default options on one thread ({@code WriteOptions.withThreads(1)}), so the
 *       parallel columns' share is the difference;</li>
 *   <li>{@code vortexJni}: the reference's default writer, from Arrow vectors made from the same generator in setup
 *       (the export through Arrow's C data interface is inside the measured time; it hands over pointers).</li>
 * </ul>
 *
 * Generation is not timed, and neither is deleting the file after each invocation. Setup writes the benchmark's
 * variant once and prints the size of its file ("quire wrote N bytes"), so a run reports bytes beside time (sizes are
 * deterministic); the score is milliseconds per file ({@code Ratios} prints Quire's time over the reference's).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
        "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xmx4g"})
public class WriteBench {
    /** Rows per batch, as the runner writes lineitem. */
    static final int BATCH_ROWS = LineItemArrow.DEFAULT_BATCH_ROWS;

    @Param({"0.1"})
    public double sf;

    private List<StructArray> batches;
    private List<VectorSchemaRoot> roots;
    private BufferAllocator allocator;
    private Path dir;
    private Path current;
    private long counter;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) throws IOException {
        batches = new ArrayList<>();
        long rows = LineItems.generate(sf, BATCH_ROWS, batches::add);
        allocator = new RootAllocator();
        roots = arrowBatches(allocator, sf);
        long arrowRows = roots.stream().mapToLong(VectorSchemaRoot::getRowCount).sum();
        if (arrowRows != rows || roots.size() != batches.size()) {
            throw new IllegalStateException("the generators disagree: Quire " + rows + " rows in " + batches.size()
                    + " batches, Arrow " + arrowRows + " in " + roots.size());
        }
        dir = Files.createTempDirectory("quire-writebench");
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        long bytes = switch (method) {
            case "quire" -> size(this::quire);
            case "quireNoCompress" -> size(this::quireNoCompress);
            case "quireOneThread" -> size(this::quireOneThread);
            case "vortexJni" -> size(this::vortexJni);
            default -> throw new IllegalStateException("no size for benchmark " + method);
        };
        System.out.printf(Locale.ROOT, "%nlineitem sf %s, %,d rows: %s wrote %,d bytes%n", sf, rows, method, bytes);
    }

    /** Writes once through {@code write} and returns the file's size; the file is deleted. */
    private long size(Runnable write) throws IOException {
        write.run();
        long bytes = Files.size(current);
        deleteFile();
        return bytes;
    }

    @TearDown(Level.Invocation)
    public void deleteFile() throws IOException {
        if (current != null) {
            Files.deleteIfExists(current);
            current = null;
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        deleteFile();
        roots.forEach(VectorSchemaRoot::close);
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** A fresh file name per write (the reference's session caches footers by path). */
    private Path next() {
        current = dir.resolve("lineitem-" + counter++ + ".vortex");
        return current;
    }

    @Benchmark
    public void quire() {
        write(WriteOptions.defaults());
    }

    @Benchmark
    public void quireNoCompress() {
        write(WriteOptions.defaults().withCompression(false));
    }

    @Benchmark
    public void quireOneThread() {
        write(WriteOptions.defaults().withThreads(1));
    }

    private void write(WriteOptions options) {
        try (VortexWriter writer = VortexWriter.create(next(), LineItems.SCHEMA, options)) {
            for (StructArray b : batches) {
                writer.write(b);
            }
        }
    }

    @Benchmark
    public void vortexJni() {
        String uri = next().toAbsolutePath().toUri().toString();
        try (dev.vortex.api.VortexWriter writer = dev.vortex.api.VortexWriter.create(Session.create(), uri,
                LineItemArrow.SCHEMA, Map.of(), allocator)) {
            for (VectorSchemaRoot root : roots) {
                try (ArrowArray array = ArrowArray.allocateNew(allocator);
                        ArrowSchema schema = ArrowSchema.allocateNew(allocator)) {
                    Data.exportVectorSchemaRoot(allocator, root, null, array, schema);
                    writer.writeBatch(array.memoryAddress(), schema.memoryAddress());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every batch of lineitem at {@code sf} as its own Arrow vectors (the generator reuses one root). */
    private static List<VectorSchemaRoot> arrowBatches(BufferAllocator allocator, double sf) throws IOException {
        List<VectorSchemaRoot> out = new ArrayList<>();
        try (LineItemArrow reader = new LineItemArrow(allocator, sf, BATCH_ROWS)) {
            while (reader.loadNextBatch()) {
                VectorSchemaRoot root = reader.getVectorSchemaRoot();
                List<FieldVector> vectors = new ArrayList<>();
                for (FieldVector v : root.getFieldVectors()) {
                    TransferPair pair = v.getTransferPair(allocator);
                    pair.transfer();
                    vectors.add((FieldVector) pair.getTo());
                }
                out.add(new VectorSchemaRoot(root.getSchema().getFields(), vectors, root.getRowCount()));
            }
        }
        return out;
    }
}
