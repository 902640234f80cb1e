package dev.quire.errors.archfixture;

import dev.quire.io.spi.ReadAt;

/** Violates: the base module depends on a module above it. */
public final class ErrorsNamingIoSpi {
    public long size(ReadAt in) {
        return in.size();
    }
}
