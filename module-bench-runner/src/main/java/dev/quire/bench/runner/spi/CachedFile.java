package dev.quire.bench.runner.spi;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Files written whole or not at all: the contents go to a temporary file beside the target, which is moved into place
 * when complete (atomically where the file system can), so no reader and no later run ever sees a partial file. What
 * engines use for their cached data files, and the runner for its reports.
 */
public final class CachedFile {
    private CachedFile() {}

    /** Writes a file at the path it is given; the path does not exist yet. */
    @FunctionalInterface
    public interface Writer {
        void write(Path file) throws IOException;
    }

    /**
     * {@code target} when it exists; otherwise written by {@code writer}. A failed write leaves neither the target nor
     * the temporary file behind, so the next run writes it again.
     */
    public static Path ensure(Path target, Writer writer) throws IOException {
        if (Files.isRegularFile(target)) {
            return target;
        }
        replace(target, writer);
        return target;
    }

    /** Writes {@code target} with {@code writer}, replacing any file there once the new one is complete. */
    public static void replace(Path target, Writer writer) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        // A name of this process's own, not createTempFile: its owner-only permissions would stay with the file.
        Path tmp = dir.resolve(target.getFileName() + "." + ProcessHandle.current().pid() + "-" + System.nanoTime()
                + ".tmp");
        boolean moved = false;
        try {
            writer.write(tmp);
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            moved = true;
        } finally {
            if (!moved) {
                Files.deleteIfExists(tmp);
            }
        }
    }
}
