package dev.quire.io.posix.direct;

import dev.quire.errors.QuireIoException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.io.posix.FastPathStats;
import dev.quire.io.posix.PosixOptions;
import dev.quire.io.posix.PosixReadAt;
import dev.quire.io.posix.internal.LibcReadAt;
import dev.quire.io.posix.internal.PosixIoProvider;
import dev.quire.io.spi.Availability;
import dev.quire.io.spi.ReadAt;
import java.nio.file.Path;

/**
 * Opens {@code posix} readers directly, with options given in code rather than taken from settings (benchmarks, and
 * tools that compare the fast path's windows), and reports what the page-cache fast path did in this process. Files
 * opened through {@link dev.quire.io.spi.IoProviders} get the same readers.
 */
public final class PosixReaders {
    private PosixReaders() {}

    /**
     * What the {@code posix} provider opens for {@code path}: a {@link PosixReadAt} where libc can be called
     * ({@link #libcAvailability()}), else a reader through {@link java.nio.channels.FileChannel} (no fast path, no
     * {@code O_DIRECT}).
     *
     * @throws QuireIoException naming the file when it does not exist, is not a regular file or cannot be opened
     */
    public static ReadAt open(Path path, PosixOptions options) {
        return PosixIoProvider.open(path, options);
    }

    /**
     * A reader of {@code path} through libc.
     *
     * @throws QuireIoException naming the file when it does not exist, is not a regular file or cannot be opened
     * @throws UnsupportedFeatureException where libc cannot be called ({@link #libcAvailability()} says why)
     */
    public static PosixReadAt openLibc(Path path, PosixOptions options) {
        return LibcReadAt.open(path, options);
    }

    /** Whether libc can be called here (Linux on x86-64 and AArch64), and if not, why. */
    public static Availability libcAvailability() {
        return LibcReadAt.availability();
    }

    /** Whether the page-cache fast path can serve reads in this process, and if not, why. */
    public static Availability fastPathAvailability() {
        return LibcReadAt.fastPathAvailability();
    }

    /**
     * What the page-cache fast path did for every {@code posix} reader of this process, however it was opened: a
     * process-wide sum, as the page cache it measures is; {@link FastPathStats#minus} gives what happened between two
     * snapshots.
     */
    public static FastPathStats fastPathStats() {
        return LibcReadAt.processFastPathStats();
    }
}
