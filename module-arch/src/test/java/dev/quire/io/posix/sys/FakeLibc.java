package dev.quire.io.posix.sys;

/** Stands in for posix's libc bindings, which posix exports to uring and tiered alone. */
public final class FakeLibc {
    public static int pread() {
        return 0;
    }
}
