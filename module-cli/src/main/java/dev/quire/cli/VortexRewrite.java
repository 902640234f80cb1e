package dev.quire.cli;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.file.WriteOptions;
import dev.quire.layout.scan.BatchStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;

/**
 * {@code quire convert IN.vortex OUT.vortex}: rewrites any file Quire can read with Quire's writer, batch by batch
 * (memory stays bounded), into a temporary file beside the target that is moved into place only when complete.
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

    static Result rewrite(Path input, Path target, WriteOptions options) {
        Path temp = target.toAbsolutePath().resolveSibling("." + target.getFileName() + "."
                + ProcessHandle.current().pid() + "." + Long.toHexString(System.nanoTime()) + ".tmp");
        boolean done = false;
        try (VortexFile file = VortexFile.open(input)) {
            if (!(file.dtype() instanceof DType.Struct schema)) {
                throw new InvalidArgumentException(input + " holds a " + file.dtype()
                        + " array, not a struct of columns; only struct files can be rewritten");
            }
            long rows = 0;
            try (VortexWriter writer = VortexWriter.create(temp, schema, options);
                    BatchStream batches = file.scan().batches()) {
                for (StructArray batch : batches) {
                    writer.write(batch);
                    rows += batch.length();
                }
            }
            moveIntoPlace(temp, target);
            done = true;
            return new Result(schema, rows, Files.size(target));
        } catch (IOException e) {
            throw new QuireIoException("writing " + target + " failed: " + e.getMessage(), e);
        } finally {
            if (!done) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException e) {
                    System.getLogger(VortexRewrite.class.getName()).log(System.Logger.Level.WARNING,
                            "could not delete the partial output " + temp, e);
                }
            }
        }
    }

    private static void moveIntoPlace(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
