package dev.quire.cli.csv;

import dev.quire.errors.QuireIoException;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file through a temporary file beside it, moved into place only once complete (a rename where the file
 * system allows it), so a failed or interrupted command never leaves a partial file under the target's name; the
 * temporary file is deleted when writing fails.
 */
public final class OutputFile {
    private OutputFile() {}

    /** Writes the whole file at {@code temp}; what it returns is handed back by {@link #write}. */
    @FunctionalInterface
    public interface Writing<T> {
        T writeTo(Path temp) throws IOException;
    }

    /**
     * Runs {@code writing} on a fresh temporary path beside {@code target} (created by the writer, so it gets the
     * usual permissions), then moves the result onto {@code target}.
     *
     * @throws QuireIoException when writing or moving fails
     */
    public static <T> T write(Path target, Writing<T> writing) {
        Path temp = target.toAbsolutePath().resolveSibling("." + target.getFileName() + "."
                + ProcessHandle.current().pid() + "." + Long.toHexString(System.nanoTime()) + ".tmp");
        boolean done = false;
        try {
            T result = writing.writeTo(temp);
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

    /** The size of a file just written. */
    public static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new QuireIoException("reading the size of " + file + " failed: " + e.getMessage(), e);
        }
    }
}
