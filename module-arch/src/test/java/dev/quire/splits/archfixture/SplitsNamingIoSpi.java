package dev.quire.splits.archfixture;

import dev.quire.io.spi.ReadAt;

/** Violates: splits depends on something other than the JDK. */
public final class SplitsNamingIoSpi {
    public long size(ReadAt in) {
        return in.size();
    }
}
