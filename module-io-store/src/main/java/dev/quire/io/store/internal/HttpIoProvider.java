package dev.quire.io.store.internal;

import dev.quire.io.spi.Availability;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProvider;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.store.StoreReadAt;
import dev.quire.io.store.StoreReadOptions;
import java.net.URI;

/**
 * Reads {@code http://} and {@code https://} URLs (read-only) through a {@link StoreReadAt} over an
 * {@link HttpObjectStore}: ranged GETs pinned to the ETag, merged, bounded, retried and timed as the options'
 * {@code quire.store.*} settings say.
 */
public final class HttpIoProvider implements IoProvider {
    public static final String NAME = "http";
    /** The only provider of its schemes. */
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
        return "http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme());
    }

    /** {@code java.net.http} is part of the JDK: always. */
    @Override
    public Availability availability() {
        return Availability.yes();
    }

    @Override
    public ReadAt open(URI uri, IoOptions options) {
        StoreReadOptions read = StoreReadOptions.from(options.settings());
        return StoreReadAt.open(new HttpObjectStore(read.timeout()), uri.toString(), read);
    }
}
