package dev.quire.io.uring.internal;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.io.posix.sys.SharedMappings;
import dev.quire.io.spi.Availability;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProvider;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.uring.UringOptions;
import java.net.URI;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;

/**
 * Reads local files ({@code file:} URIs) through the process's shared io_uring ({@link UringReadAt}), configured at
 * every open by the settings of its {@link IoOptions} ({@link UringOptions#from}). Available where io_uring can be
 * set up ({@link #availability()} says why not elsewhere); its priority is below {@code mmap}'s, which reads warm files
 * with no system call at all, and above {@code posix}'s, so it is chosen where neither is named and {@code mmap} is
 * not there.
 */
public final class UringIoProvider implements IoProvider {
    public static final String NAME = "uring";
    /** Above {@code posix} (10), below {@code mmap} (20). */
    public static final int PRIORITY = 15;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int priority() {
        return PRIORITY;
    }

    @Override
    public boolean supports(URI uri) {
        return "file".equalsIgnoreCase(uri.getScheme());
    }

    @Override
    public Availability availability() {
        return UringAvailability.process();
    }

    /**
     * @throws UnsupportedFeatureException with the reason when io_uring cannot be used here
     */
    @Override
    public ReadAt open(URI uri, IoOptions options) {
        if (!supports(uri)) {
            throw new InvalidArgumentException("the uring provider reads file: URIs only, got " + uri);
        }
        Path path;
        try {
            path = Path.of(uri);
        } catch (IllegalArgumentException | FileSystemNotFoundException e) {
            throw new InvalidArgumentException("not a local file URI: " + uri, e);
        }
        Availability availability = availability();
        if (!availability.available()) {
            throw new UnsupportedFeatureException("the uring provider cannot read " + uri + ": "
                    + availability.reason());
        }
        return UringReadAt.open(path, UringOptions.from(options.settings()),
                options.settings().get(SharedMappings.KEEP_MILLIS));
    }
}
