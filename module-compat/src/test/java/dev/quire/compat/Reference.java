package dev.quire.compat;

import dev.vortex.api.DataSource;
import dev.vortex.api.Expression;
import dev.vortex.api.Partition;
import dev.vortex.api.Scan;
import dev.vortex.api.ScanOptions;
import dev.vortex.api.Session;
import dev.vortex.api.VortexWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The reference implementation, vortex-jni 0.76.0, driven through its public Java API. One session and one root
 * allocator serve every test: the session caches footers by path (so every test writes fresh paths), and the root
 * allocator is never closed, because the native side keeps a few hundred bytes of it after a scan.
 */
final class Reference {
    static final BufferAllocator ALLOCATOR = new RootAllocator();
    private static final Session SESSION = Session.create();

    private Reference() {}

    /** What a reference scan returned: the Arrow schema of the scan and every row, in the {@link Values} model. */
    record Scanned(Schema schema, List<List<Object>> rows, int batches) {}

    /** Writes {@code batches} (all of {@code schema}) to {@code path} with the reference's default writer. */
    static void write(Path path, Schema schema, List<VectorSchemaRoot> batches) {
        try (VortexWriter writer = VortexWriter.create(SESSION, uri(path), schema, Map.of(), ALLOCATOR)) {
            for (VectorSchemaRoot batch : batches) {
                try (ArrowArray array = ArrowArray.allocateNew(ALLOCATOR);
                        ArrowSchema arrowSchema = ArrowSchema.allocateNew(ALLOCATOR)) {
                    Data.exportVectorSchemaRoot(ALLOCATOR, batch, null, array, arrowSchema);
                    writer.writeBatch(array.memoryAddress(), arrowSchema.memoryAddress());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes Quire batches through the reference writer (converted to Arrow first). */
    static void write(Path path, dev.quire.layout.dtype.DType.Struct schema,
            List<dev.quire.layout.array.StructArray> batches) {
        List<VectorSchemaRoot> roots = new ArrayList<>();
        try {
            for (var b : batches) {
                roots.add(ArrowBridge.toArrow(b, ALLOCATOR));
            }
            write(path, ArrowBridge.schema(schema), roots);
        } finally {
            roots.forEach(VectorSchemaRoot::close);
        }
    }

    /**
     * Opens {@code path} with the reference reader and hands every Arrow batch of a full, ordered scan to
     * {@code sink}.
     */
    static Schema scan(Path path, Consumer<VectorSchemaRoot> sink) {
        return scan(path, Optional.empty(), sink);
    }

    /** A scan with the reference's filter pushdown (which prunes with the file's zone maps), in row order. */
    static Schema scan(Path path, Optional<Expression> filter, Consumer<VectorSchemaRoot> sink) {
        DataSource source = DataSource.open(SESSION, uri(path));
        // ScanOptions.of() is unordered: partitions of a multi-split file may come back in any order.
        Scan scan = source.scan(ScanOptions.builder().ordered(true).filter(filter).build());
        Schema schema = scan.arrowSchema(ALLOCATOR);
        while (scan.hasNext()) {
            Partition partition = scan.next();
            try (ArrowReader reader = partition.scanArrow(ALLOCATOR)) {
                while (reader.loadNextBatch()) {
                    sink.accept(reader.getVectorSchemaRoot());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return schema;
    }

    /** A full reference scan of {@code path}, as rows. */
    static Scanned read(Path path) {
        return read(path, Optional.empty());
    }

    /** The rows of {@code path} the reference's scan with {@code filter} returns. */
    static Scanned read(Path path, Expression filter) {
        return read(path, Optional.of(filter));
    }

    private static Scanned read(Path path, Optional<Expression> filter) {
        List<List<Object>> rows = new ArrayList<>();
        int[] batches = {0};
        Schema schema = scan(path, filter, root -> {
            rows.addAll(ArrowBridge.rows(root));
            batches[0]++;
        });
        return new Scanned(schema, rows, batches[0]);
    }

    /** The row count the reference reports for {@code path}, when exact. */
    static long rowCount(Path path) {
        return DataSource.open(SESSION, uri(path)).rowCount().asOptional().orElse(-1);
    }

    private static String uri(Path path) {
        return path.toAbsolutePath().toUri().toString();
    }
}
