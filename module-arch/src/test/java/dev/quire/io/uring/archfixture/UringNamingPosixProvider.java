package dev.quire.io.uring.archfixture;

import dev.quire.io.posix.internal.PosixIoProvider;

/** Violates: uring may use posix's libc bindings, not the posix provider. */
public final class UringNamingPosixProvider {
    public Object fallback() {
        return new PosixIoProvider();
    }
}
