package dev.quire.bench.runner.protocol;

import dev.quire.errors.QuireIoException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.io.posix.PosixPageCache;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Evicts files from the operating system's page cache for {@code --evict-page-cache}, through the posix provider's
 * {@link PosixPageCache} ({@code posix_fadvise(POSIX_FADV_DONTNEED)}). Linux only; clean pages are dropped at once,
 * so the next run reads from the device while the JVM stays warm.
 */
public final class PageCache {
    private PageCache() {}

    /**
     * Evicts {@code path}, or every regular file under it when it is a directory.
     *
     * @throws UnsupportedFeatureException off Linux
     * @throws QuireIoException when a file cannot be opened or the advice fails
     */
    public static void evict(Path path) {
        if (!PosixPageCache.availability().available()) {
            throw new UnsupportedFeatureException("--evict-page-cache: " + PosixPageCache.availability().reason());
        }
        for (Path file : files(path)) {
            try {
                PosixPageCache.evict(file);
            } catch (QuireIoException e) {
                throw new QuireIoException("--evict-page-cache: " + e.getMessage(), e);
            }
        }
    }

    private static List<Path> files(Path path) {
        if (!Files.isDirectory(path)) {
            return List.of(path);
        }
        try (Stream<Path> walk = Files.walk(path)) {
            return walk.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new QuireIoException("--evict-page-cache: cannot list " + path + ": " + e.getMessage(), e);
        }
    }
}
