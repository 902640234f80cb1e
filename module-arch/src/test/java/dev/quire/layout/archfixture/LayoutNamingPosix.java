package dev.quire.layout.archfixture;

import dev.quire.io.posix.internal.PosixIoProvider;

/** Violates: layout names a provider module. */
public final class LayoutNamingPosix {
    public Object provider() {
        return new PosixIoProvider();
    }
}
