package dev.quire.io.spi;

import java.net.URI;
import java.util.Optional;

/**
 * A factory of {@link ReadAt}s, found through {@link java.util.ServiceLoader}; a provider of an object store's URIs
 * also hands out the store an object lives in, for writing ({@link #objectStore}). Implementations are stateless or
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

    /**
     * The object store {@code uri} names an object of, and the object's key there, configured by the options'
     * settings: what a writer needs to put the object there through a multipart upload, or to list beside it. Empty
     * (the default) for providers that only read, such as files or plain HTTP; a provider that returns a store also
     * {@linkplain #supports supports} the URI. The store is the caller's to close.
     *
     * @throws dev.quire.errors.InvalidArgumentException when the URI is of this provider's scheme but names no object
     */
    default Optional<StoreLocation> objectStore(URI uri, IoOptions options) {
        return Optional.empty();
    }
}
