package dev.quire.io.uring.archfixture;

import dev.quire.io.posix.sys.FakeLibc;

/** Allowed: uring uses posix's libc bindings. */
public final class UringUsingPosixSyscalls {
    public int read() {
        return FakeLibc.pread();
    }
}
