package dev.quire.io.posix.internal;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.posix.PosixOptions;
import dev.quire.io.spi.Availability;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProvider;
import dev.quire.io.spi.ReadAt;
import java.net.URI;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;

/**
 * Reads local files ({@code file:} URIs) with positional reads: on Linux through libc ({@link LibcReadAt}: a blocking
 * pool, the inline page-cache fast path, optional {@code O_DIRECT}, configured at every open by the settings of its
 * {@link IoOptions}, {@link PosixOptions#from}), elsewhere through a {@link java.nio.channels.FileChannel}
 * ({@link FileChannelReadAt}). It works everywhere; {@link #availability()} notes when the libc path is not used, and
 * why.
 */
public final class PosixIoProvider implements IoProvider {
    public static final String NAME = "posix";
    /** Below providers with kernel fast paths (io_uring) and below {@code mmap}, above nothing: it works everywhere. */
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

    /** Always available; the reason, when there is one, says that reads go through Java NIO and why. */
    @Override
    public Availability availability() {
        Availability libc = LibcReadAt.availability();
        return libc.available() ? Availability.yes()
                : new Availability(true, "reads through FileChannel, without the page-cache fast path or O_DIRECT: "
                        + libc.reason());
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
        return open(path, PosixOptions.from(options.settings()));
    }

    /** Opens {@code path} with {@code options}: libc where it can be called, else {@link FileChannelReadAt}. */
    public static ReadAt open(Path path, PosixOptions options) {
        return LibcReadAt.availability().available() ? LibcReadAt.open(path, options) : FileChannelReadAt.open(path);
    }
}
