package dev.quire.io.spi;

import java.net.URI;

/**
 * Opens a {@link ReadAt} for a URI. Everything that opens files (scans, the CLI, benchmarks) takes one, so any reader
 * can serve a file; the usual one goes through a set of providers ({@link IoProviders#readers()}), and any lambda can
 * put another reader (a cache, a test double) under a file.
 */
@FunctionalInterface
public interface ReadAtFactory {
    ReadAt open(URI uri);
}
