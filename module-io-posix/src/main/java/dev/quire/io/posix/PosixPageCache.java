package dev.quire.io.posix;

import dev.quire.errors.QuireIoException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.io.posix.sys.Libc;
import dev.quire.io.posix.sys.NativeFile;
import dev.quire.io.spi.Availability;
import java.nio.file.Path;

/**
 * Evicts a file's pages from the operating system's page cache ({@code posix_fadvise(POSIX_FADV_DONTNEED)}), so the
 * next read of it goes to the device while the JVM stays warm: what benchmarks of cold reads need. Clean pages are
 * dropped at once; pages another process has mapped or locked may stay. Linux only.
 */
public final class PosixPageCache {
    private PosixPageCache() {}

    /** Whether eviction works here, and if not, why. */
    public static Availability availability() {
        return Libc.unavailableReason()
                .map(why -> Availability.no("evicting pages needs posix_fadvise on Linux: " + why))
                .orElse(Availability.yes());
    }

    /**
     * Evicts the regular file {@code file} from the page cache.
     *
     * @throws UnsupportedFeatureException where libc cannot be called ({@link #availability()} says why)
     * @throws QuireIoException naming the file when it cannot be opened, is not a regular file, or the advice fails
     */
    public static void evict(Path file) {
        Availability a = availability();
        if (!a.available()) {
            throw new UnsupportedFeatureException(a.reason());
        }
        try (NativeFile f = NativeFile.open(file, false)) {
            f.dropCachedPages();
        }
    }
}
