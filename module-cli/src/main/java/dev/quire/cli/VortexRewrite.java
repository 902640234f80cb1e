package dev.quire.cli;

import dev.quire.cli.csv.Output;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.QuireContext;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.scan.BatchStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * {@code quire convert IN.vortex OUT.vortex}: rewrites any file Quire can read with Quire's writer, batch by batch
 * (memory stays bounded), into an {@link Output} that shows the file only when complete.
 */
final class VortexRewrite {
    private static final byte[] MAGIC = {'V', 'T', 'X', 'F'};

    private VortexRewrite() {}

    /** What a rewrite wrote. */
    record Result(DType.Struct schema, long rows, long fileBytes) {}

    /** Whether {@code path} starts with the Vortex magic (so it is not a CSV file). */
    static boolean isVortex(Path path) {
        try (InputStream in = Files.newInputStream(path)) {
            return Arrays.equals(in.readNBytes(MAGIC.length), MAGIC);
        } catch (IOException e) {
            return false;
        }
    }

    /** Reads {@code input} and writes {@code target} with {@code context}. */
    static Result rewrite(Path input, Output target, WriteOptions options, QuireContext context) {
        try (VortexFile file = VortexFile.open(input, context)) {
            if (!(file.dtype() instanceof DType.Struct schema)) {
                throw new InvalidArgumentException(input + " holds a " + file.dtype()
                        + " array, not a struct of columns; only struct files can be rewritten");
            }
            long rows = target.write(open -> {
                long written = 0;
                try (VortexWriter writer = open.create(schema, options, context);
                        BatchStream batches = file.scan().batches()) {
                    for (StructArray batch : batches) {
                        writer.write(batch);
                        written += batch.length();
                    }
                }
                return written;
            });
            return new Result(schema, rows, target.size());
        }
    }
}
