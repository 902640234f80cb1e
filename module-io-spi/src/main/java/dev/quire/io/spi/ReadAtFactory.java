package dev.quire.io.spi;

import java.net.URI;

/**
 * Opens a {@link ReadAt} for a URI. Everything that opens files (scans, the CLI, benchmarks) takes one, so any reader
 * can serve a file; {@link #providers(IoOptions)} is the default, which goes through {@link IoProviders}.
 */
@FunctionalInterface
public interface ReadAtFactory {
    ReadAt open(URI uri);

    static ReadAtFactory providers(IoOptions options) {
        return uri -> IoProviders.open(uri, options);
    }

    static ReadAtFactory defaults() {
        return providers(IoOptions.defaults());
    }

    /**
     * Like {@link #providers(IoOptions)}, with every reader wrapped in a {@link CountingReadAt} that also adds to its
     * provider's statistics ({@link IoProviders#openCounted}).
     */
    static ReadAtFactory counted(IoOptions options) {
        return uri -> IoProviders.openCounted(uri, options);
    }
}
