package dev.quire.testplugin.internal.io;

import dev.quire.errors.QuireIoException;
import dev.quire.io.spi.Availability;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProvider;
import dev.quire.io.spi.ReadAt;
import java.net.URI;

/**
 * The highest priority, for {@code file:}, pattern and its own {@value #SCHEME} URIs, but never available (as io_uring is when a sysctl or
 * seccomp disables it): best-available selection must pass over it, and naming it must fail with its reason.
 */
public final class UnavailableIoProvider implements IoProvider {
    public static final String NAME = "test-unavailable";
    public static final String REASON = "switched off for tests";
    public static final int PRIORITY = 1000;
    /** A scheme only this provider reads. */
    public static final String SCHEME = "quire-test-unavailable";

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
        String scheme = uri.getScheme();
        return "file".equalsIgnoreCase(scheme) || PatternIoProvider.SCHEME.equalsIgnoreCase(scheme)
                || SCHEME.equalsIgnoreCase(scheme);
    }

    @Override
    public Availability availability() {
        return Availability.no(REASON);
    }

    @Override
    public ReadAt open(URI uri, IoOptions options) {
        throw new QuireIoException(NAME + " is not available: " + REASON);
    }
}
