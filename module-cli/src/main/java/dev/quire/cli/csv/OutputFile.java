package dev.quire.cli.csv;

import dev.quire.errors.QuireIoException;
import dev.quire.layout.file.VortexWriter;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A local file written through a temporary file beside it, moved into place only once complete (a rename where the
 * file system allows it), so a failed or interrupted command never leaves a partial file under the target's name; the
 * temporary file is deleted when writing fails.
 */
public final class OutputFile implements Output {
    private final Path target;

    public OutputFile(Path target) {
        this.target = target;
    }

    @Override
    public String name() {
        return target.toString();
    }

    /**
     * Runs {@code writing} with writers of a fresh temporary path beside the target (created by the writer, so it gets
     * the usual permissions), then moves the result onto the target.
     */
    @Override
    public <T> T write(Writing<T> writing) {
        Path temp = target.toAbsolutePath().resolveSibling("." + target.getFileName() + "."
                + ProcessHandle.current().pid() + "." + Long.toHexString(System.nanoTime()) + ".tmp");
        boolean done = false;
        try {
            T result = writing.writeTo((schema, options, context) -> VortexWriter.create(temp, schema, options,
                    context));
            try {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
            return result;
        } catch (IOException e) {
            throw new QuireIoException("writing " + target + " failed: " + e.getMessage(), e);
        } finally {
            if (!done) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException e) {
                    System.getLogger(OutputFile.class.getName()).log(System.Logger.Level.WARNING,
                            "could not delete the partial output " + temp, e);
                }
            }
        }
    }

    @Override
    public long size() {
        try {
            return Files.size(target);
        } catch (IOException e) {
            throw new QuireIoException("reading the size of " + target + " failed: " + e.getMessage(), e);
        }
    }
}
