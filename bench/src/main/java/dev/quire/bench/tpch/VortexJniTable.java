package dev.quire.bench.tpch;

import dev.quire.bench.runner.spi.Batch;
import dev.quire.bench.runner.spi.EngineOptions;
import dev.quire.bench.runner.spi.ScanRequest;
import dev.quire.bench.runner.spi.Table;
import dev.quire.errors.QuireIoException;
import dev.vortex.api.DataSource;
import dev.vortex.api.Expression;
import dev.vortex.api.ImmutableScanOptions;
import dev.vortex.api.Partition;
import dev.vortex.api.Scan;
import dev.vortex.api.ScanOptions;
import dev.vortex.api.Session;
import dev.vortex.api.VortexWriter;
import dev.vortex.jni.NativeRuntime;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A lineitem file opened with the reference (see {@link VortexJniEngine}), and the reference's writer for it. Every
 * use of vortex-jni's classes is in this class and {@link ReferenceFilters}, so a missing or broken reference shows as
 * a {@link LinkageError} caught by the engine's probe.
 */
final class VortexJniTable implements Table {
    /**
     * One allocator for every scan of the process, never closed: the reference's native side keeps a few hundred
     * bytes of it after a scan, and closing would fail on that "leak".
     */
    private static final BufferAllocator ALLOCATOR = new RootAllocator();

    private final DataSource source;
    private final Schema schema;
    private final long rowCount;
    /** The threads {@link #scanConcurrently} consumes on: {@code --threads}, or 1 (the reference's default). */
    private final int threads;

    private VortexJniTable(DataSource source, Schema schema, long rowCount, int threads) {
        this.source = source;
        this.schema = schema;
        this.rowCount = rowCount;
        this.threads = Math.max(1, threads);
    }

    /** Empty when the reference and Arrow's C data interface work in this process, else why not. */
    static Optional<String> probe() {
        Session.create();
        try (ArrowSchema s = ArrowSchema.allocateNew(ALLOCATOR)) {
            return Optional.empty();
        } catch (UnsupportedOperationException e) {
            return Optional.of("Arrow cannot allocate native memory (" + e.getMessage() + "); run Java with "
                    + "--add-opens=java.base/java.nio=ALL-UNNAMED");
        }
    }

    /** Writes TPC-H lineitem at {@code scaleFactor} to {@code file} with the reference's default write options. */
    static void writeLineItem(Path file, double scaleFactor) throws IOException {
        Session session = Session.create();
        try (LineItemArrow rows = new LineItemArrow(ALLOCATOR, scaleFactor, LineItemArrow.DEFAULT_BATCH_ROWS);
                VortexWriter writer = VortexWriter.create(session, uri(file), LineItemArrow.SCHEMA, Map.of(),
                        ALLOCATOR)) {
            while (rows.loadNextBatch()) {
                try (ArrowArray array = ArrowArray.allocateNew(ALLOCATOR);
                        ArrowSchema arrowSchema = ArrowSchema.allocateNew(ALLOCATOR)) {
                    Data.exportVectorSchemaRoot(ALLOCATOR, rows.getVectorSchemaRoot(), null, array, arrowSchema);
                    writer.writeBatch(array.memoryAddress(), arrowSchema.memoryAddress());
                }
            }
        }
    }

    static VortexJniTable open(Path file, EngineOptions options) {
        if (options.threads() > 0) {
            NativeRuntime.setWorkerThreads(options.threads());
        }
        DataSource source = DataSource.open(Session.create(), uri(file));
        long rows = source.rowCount().asOptional().orElseThrow(() -> new QuireIoException(
                "the reference reports no exact row count for " + file));
        return new VortexJniTable(source, source.arrowSchema(ALLOCATOR), rows, options.threads());
    }

    private static String uri(Path file) {
        return file.toAbsolutePath().toUri().toString();
    }

    @Override
    public long rowCount() {
        return rowCount;
    }

    @Override
    public void scan(ScanRequest request, Consumer<Batch> sink) {
        scan(options(request).build(), sink);
    }

    /**
     * With {@code --threads} N above 1 and no row selection, N scans of equal row ranges ({@link
     * ScanOptions#rowRangeBegin()}), each consumed on a thread of its own: the reference's Java API hands out one
     * partition per scan of this file, consumed on one thread, so ranges are how a user of it reads on several. A range
     * boundary inside a chunk costs the reference that chunk's decode on both sides. Otherwise, as {@link #scan}.
     */
    @Override
    public void scanConcurrently(ScanRequest request, Supplier<? extends Consumer<Batch>> sinks) {
        if (threads == 1 || request.rowIndices().isPresent() || rowCount < threads) {
            scan(request, sinks.get());
            return;
        }
        List<CompletableFuture<Void>> ranges = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (int t = 0; t < threads; t++) {
                long begin = rowCount * t / threads;
                long end = rowCount * (t + 1) / threads;
                ScanOptions options = options(request).rowRangeBegin(begin).rowRangeEnd(end).build();
                ranges.add(CompletableFuture.runAsync(() -> scan(options, sinks.get()), pool));
            }
            CompletableFuture.allOf(ranges.toArray(CompletableFuture[]::new)).join();
        } catch (CompletionException e) {
            ranges.forEach(r -> r.cancel(true));
            throw e.getCause() instanceof RuntimeException re ? re : e;
        } finally {
            pool.shutdownNow();
        }
    }

    private ImmutableScanOptions.Builder options(ScanRequest request) {
        ImmutableScanOptions.Builder options = ScanOptions.builder()
                .projection(Expression.select(request.columns().toArray(String[]::new), Expression.root()));
        request.filter().ifPresent(f -> options.filter(ReferenceFilters.translate(f, schema)));
        request.rowIndicesWithin(rowCount).ifPresent(rows -> options.selectionIndices(rows)
                .selectionMode(ScanOptions.SelectionMode.INCLUDE));
        return options;
    }

    private void scan(ScanOptions options, Consumer<Batch> sink) {
        Scan scan = source.scan(options);
        while (scan.hasNext()) {
            Partition partition = scan.next();
            try (ArrowReader reader = partition.scanArrow(ALLOCATOR)) {
                while (reader.loadNextBatch()) {
                    sink.accept(new ArrowBatch(reader.getVectorSchemaRoot()));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }


    @Override
    public void close() {
        // The data source and its session are freed by the reference's cleaner once unreachable.
    }
}
