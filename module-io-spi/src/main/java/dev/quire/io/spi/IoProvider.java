package dev.quire.io.spi;

import java.net.URI;

/**
 * A factory of {@link ReadAt}s, found through {@link java.util.ServiceLoader}. Implementations are stateless or
 * thread-safe, and cheap to construct; heavy resources are created on first {@link #open}.
 */
public interface IoProvider {

    /** The name used to select this provider explicitly ({@code mmap}, {@code posix}). */
    String name();

    /** Higher wins when no provider is named and several can serve a URI. */
    int priority();

    /** Whether this provider understands the URI's scheme. */
    boolean supports(URI uri);

    /** Probes whether the provider works here (kernel features, permissions); never throws. */
    Availability availability();

    /** Opens a reader for the URI. */
    ReadAt open(URI uri, IoOptions options);
}
