package dev.quire.io.posix;

import dev.quire.errors.InvalidArgumentException;
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
        evict(file, 0, 0);
    }

    /**
     * Evicts the pages of {@code [offset, offset + length)} of the regular file {@code file} from the page cache; a
     * {@code length} of 0 means to the end of the file.
     *
     * @throws UnsupportedFeatureException where libc cannot be called ({@link #availability()} says why)
     * @throws QuireIoException naming the file when it cannot be opened, is not a regular file, or the advice fails
     * @throws dev.quire.errors.InvalidArgumentException when {@code offset} or {@code length} is negative
     */
    public static void evict(Path file, long offset, long length) {
        if (offset < 0 || length < 0) {
            throw new InvalidArgumentException("cannot evict " + length + " bytes at offset " + offset + " of "
                    + file);
        }
        Availability a = availability();
        if (!a.available()) {
            throw new UnsupportedFeatureException(a.reason());
        }
        try (NativeFile f = NativeFile.open(file, false)) {
            f.dropCachedPages(offset, length);
        }
    }
}
