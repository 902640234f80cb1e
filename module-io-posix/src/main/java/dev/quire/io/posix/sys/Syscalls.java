package dev.quire.io.posix.sys;

import java.lang.foreign.MemorySegment;

/**
 * The system calls {@link NativeFile} makes, as one seam: {@link #libc()} makes them through {@link Libc}, and a test
 * can put a layer of its own in between to produce what a machine rarely does ({@code ENOSYS} from {@code preadv2},
 * {@code EOPNOTSUPP} for {@code RWF_NOWAIT}, a file system that refuses {@code O_DIRECT}) and check that the callers
 * react as they should. Each method has the contract of the {@link Libc} method of the same name.
 */
public interface Syscalls {
    /** The real calls, through {@link Libc}. */
    static Syscalls libc() {
        return LibcSyscalls.INSTANCE;
    }

    /**
     * {@link Libc#open}: the file descriptor.
     *
     * @throws ErrnoException naming {@code path} when the call fails
     */
    int open(String path, int flags);

    /** {@link Libc#close}: 0 or the {@code errno}. */
    int close(int fd);

    /** {@link Libc#pread}: the bytes read, 0 at the end of the file, or {@code -errno}. */
    long pread(int fd, MemorySegment buffer, long count, long offset);

    /** {@link Libc#preadv2}: the bytes read, 0 at the end of the file, or {@code -errno}. */
    long preadv2(int fd, MemorySegment buffer, long count, long offset, int flags);

    /**
     * {@link Libc#fstat}.
     *
     * @throws ErrnoException naming {@code file} when the call fails
     */
    FileStat fstat(int fd, String file);

    /**
     * {@link Libc#fadvise}.
     *
     * @throws ErrnoException naming {@code file} when the advice fails
     */
    void fadvise(int fd, long offset, long length, int advice, String file);
}
