package dev.quire.bench.tpch;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes a cached data file through a temporary file in the same directory, moved into place when complete. */
final class CachedFiles {
    private CachedFiles() {}

    /** Writes a file at the path it is given; the path does not exist yet. */
    @FunctionalInterface
    interface Writer {
        void write(Path file) throws IOException;
    }

    /**
     * {@code target}, written by {@code writer} unless it already exists. An interrupted or failed write leaves no
     * file at {@code target}, so the next run writes it again.
     */
    static Path ensure(Path target, Writer writer) throws IOException {
        if (Files.isRegularFile(target)) {
            return target;
        }
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, target.getFileName() + ".", ".tmp");
        Files.delete(tmp);
        boolean done = false;
        try {
            writer.write(tmp);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
            return target;
        } finally {
            if (!done) {
                Files.deleteIfExists(tmp);
            }
        }
    }
}
