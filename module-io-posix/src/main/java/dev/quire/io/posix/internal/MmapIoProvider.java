package dev.quire.io.posix.internal;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.posix.PosixSettings;
import dev.quire.io.spi.Availability;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProvider;
import dev.quire.io.spi.ReadAt;
import java.net.URI;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;

/**
 * Reads local files through a memory mapping ({@link MappedReadAt}): zero-copy, the fastest way to scan files whose
 * pages are in the page cache. Preferred over {@code posix} for {@code file:} URIs; select {@code posix} explicitly
 * for files that may be truncated while open. How long a mapping stays shared after its last reader closes is the
 * open's {@link PosixSettings#MMAP_KEEP_MILLIS} setting.
 */
public final class MmapIoProvider implements IoProvider {
    public static final String NAME = "mmap";
    public static final int PRIORITY = 20;

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
        return Availability.yes();
    }

    @Override
    public ReadAt open(URI uri, IoOptions options) {
        if (!supports(uri)) {
            throw new InvalidArgumentException("the mmap provider reads file: URIs only, got " + uri);
        }
        Path path;
        try {
            path = Path.of(uri);
        } catch (IllegalArgumentException | FileSystemNotFoundException e) {
            throw new InvalidArgumentException("not a local file URI: " + uri, e);
        }
        return MappedReadAt.open(path, options.settings().get(PosixSettings.MMAP_KEEP_MILLIS));
    }
}
