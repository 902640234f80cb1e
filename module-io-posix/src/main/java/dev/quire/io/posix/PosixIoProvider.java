package dev.quire.io.posix;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.spi.Availability;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProvider;
import dev.quire.io.spi.ReadAt;
import java.net.URI;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;

/** Reads local files ({@code file:} URIs) with positional reads on a {@link java.nio.channels.FileChannel}. */
public final class PosixIoProvider implements IoProvider {
    public static final String NAME = "posix";
    /** Below providers with kernel fast paths (io_uring), above nothing: it works everywhere. */
    public static final int PRIORITY = 10;

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
            throw new InvalidArgumentException("the posix provider reads file: URIs only, got " + uri);
        }
        Path path;
        try {
            path = Path.of(uri);
        } catch (IllegalArgumentException | FileSystemNotFoundException e) {
            throw new InvalidArgumentException("not a local file URI: " + uri, e);
        }
        return FileChannelReadAt.open(path);
    }
}
