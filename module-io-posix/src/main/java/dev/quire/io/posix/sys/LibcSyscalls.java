package dev.quire.io.posix.sys;

import java.lang.foreign.MemorySegment;

/** {@link Syscalls} straight through {@link Libc}: the only implementation outside tests. */
final class LibcSyscalls implements Syscalls {
    static final LibcSyscalls INSTANCE = new LibcSyscalls();

    private LibcSyscalls() {}

    @Override
    public int open(String path, int flags) {
        return Libc.open(path, flags);
    }

    @Override
    public int close(int fd) {
        return Libc.close(fd);
    }

    @Override
    public long pread(int fd, MemorySegment buffer, long count, long offset) {
        return Libc.pread(fd, buffer, count, offset);
    }

    @Override
    public long preadv2(int fd, MemorySegment buffer, long count, long offset, int flags) {
        return Libc.preadv2(fd, buffer, count, offset, flags);
    }

    @Override
    public FileStat fstat(int fd, String file) {
        return Libc.fstat(fd, file);
    }

    @Override
    public void fadvise(int fd, long offset, long length, int advice, String file) {
        Libc.fadvise(fd, offset, length, advice, file);
    }
}
