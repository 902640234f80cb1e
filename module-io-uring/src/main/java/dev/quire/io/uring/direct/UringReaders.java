package dev.quire.io.uring.direct;

import dev.quire.errors.QuireIoException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.io.spi.Availability;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.uring.RingStats;
import dev.quire.io.uring.UringOptions;
import dev.quire.io.uring.internal.UringIoProvider;
import dev.quire.io.uring.internal.UringReadAt;
import java.nio.file.Path;

/**
 * Opens {@code uring} readers directly, with options given in code rather than taken from settings (benchmarks), says
 * whether io_uring works here, and reports what the process's shared rings did. Files opened through
 * {@link dev.quire.io.spi.IoProviders} get the same readers.
 */
public final class UringReaders {
    private UringReaders() {}

    /**
     * A reader of {@code path} on the process's shared rings.
     *
     * @throws QuireIoException naming the file when it does not exist, is not a regular file or cannot be opened
     * @throws UnsupportedFeatureException with the reason when io_uring cannot be used here ({@link #availability()})
     */
    public static ReadAt open(Path path, UringOptions options) {
        Availability availability = availability();
        if (!availability.available()) {
            throw new UnsupportedFeatureException("the uring provider cannot read " + path + ": "
                    + availability.reason());
        }
        return UringReadAt.open(path, options);
    }

    /** Whether io_uring can be used in this process, and if not, why (probed once, by setting up a ring). */
    public static Availability availability() {
        return new UringIoProvider().availability();
    }

    /** What the process's shared rings did since they started; {@link RingStats#minus} gives an interval. */
    public static RingStats ringStats() {
        return UringReadAt.processRingStats();
    }
}
