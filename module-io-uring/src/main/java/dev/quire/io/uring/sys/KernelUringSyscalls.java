package dev.quire.io.uring.sys;

import dev.quire.io.posix.sys.Libc;
import java.lang.foreign.MemorySegment;

/** {@link UringSyscalls} straight through libc: the only implementation outside tests. */
final class KernelUringSyscalls implements UringSyscalls {
    static final KernelUringSyscalls INSTANCE = new KernelUringSyscalls();

    private KernelUringSyscalls() {}

    @Override
    public int setup(int entries, MemorySegment params) {
        return (int) Libc.syscall(UringAbi.SYS_SETUP, entries, params.address(), 0, 0, 0, 0);
    }

    @Override
    public int enter(int ring, int toSubmit, int minComplete, int flags, MemorySegment arg, long argSize) {
        return (int) Libc.syscall(UringAbi.SYS_ENTER, ring, toSubmit, minComplete, flags, arg.address(), argSize);
    }

    @Override
    public int register(int ring, int opcode, MemorySegment arg, int count) {
        return (int) Libc.syscall(UringAbi.SYS_REGISTER, ring, opcode, arg.address(), count, 0, 0);
    }

    @Override
    public MemorySegment mmap(int ring, long length, long offset) {
        return Libc.mmap(length, Libc.PROT_READ | Libc.PROT_WRITE, Libc.MAP_SHARED | Libc.MAP_POPULATE, ring, offset,
                "io_uring descriptor " + ring);
    }

    @Override
    public int munmap(MemorySegment mapping) {
        return Libc.munmap(mapping);
    }

    @Override
    public int eventfd() {
        return Libc.eventfd(0, Libc.EFD_CLOEXEC);
    }

    @Override
    public long signal(int eventFd, MemorySegment one) {
        return Libc.write(eventFd, one, 8);
    }

    @Override
    public int close(int fd) {
        return Libc.close(fd);
    }

    @Override
    public int cachestat(int fd, MemorySegment range, MemorySegment result) {
        return (int) Libc.syscall(UringAbi.SYS_CACHESTAT, fd, range.address(), result.address(), 0, 0, 0);
    }
}
