package dev.quire.compat;

import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.file.WriteOptions;
import dev.quire.layout.scan.BatchStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Quire's side: write batches with {@link VortexWriter}, read a file back with a full scan. */
final class Quire {
    private Quire() {}

    /** What a Quire scan returned: the file's dtype and row count, and every row in the {@link Values} model. */
    record Scanned(DType.Struct dtype, long rowCount, List<List<Object>> rows, int batches) {}

    static void write(Path path, DType.Struct schema, List<StructArray> batches, WriteOptions options) {
        try (VortexWriter writer = VortexWriter.create(path, schema, options)) {
            for (StructArray b : batches) {
                writer.write(b);
            }
        }
    }

    static Scanned read(Path path) {
        try (VortexFile file = VortexFile.open(path)) {
            List<List<Object>> rows = new ArrayList<>();
            int batches = 0;
            try (BatchStream stream = file.scan().batches()) {
                for (StructArray batch : stream) {
                    rows.addAll(Values.rows(batch));
                    batches++;
                }
            }
            return new Scanned((DType.Struct) file.dtype(), file.rowCount(), rows, batches);
        }
    }

    static DType dtype(Path path) {
        try (VortexFile file = VortexFile.open(path)) {
            return file.dtype();
        }
    }
}
