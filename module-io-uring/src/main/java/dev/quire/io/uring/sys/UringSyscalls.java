package dev.quire.io.uring.sys;

import dev.quire.io.posix.sys.ErrnoException;
import java.lang.foreign.MemorySegment;

/**
 * The system calls a {@link Ring} makes, as one seam: {@link #kernel()} makes them through libc, and a test can put a
 * layer of its own in between to produce what a machine rarely does ({@code ENOSYS} or {@code EPERM} from
 * {@code io_uring_setup}, {@code EINTR} or {@code EBUSY} from {@code io_uring_enter}, short reads, a ring that fails
 * mid-way) and check that the callers react as they should. The kernel's answers to reads arrive in the completion
 * queue, which a test layer may rewrite in {@link #enter} too, since that is where the kernel writes it.
 */
public interface UringSyscalls {
    /** The real calls, through libc's {@code syscall}, {@code mmap} and friends. */
    static UringSyscalls kernel() {
        return KernelUringSyscalls.INSTANCE;
    }

    /** {@code io_uring_setup(entries, params)}: the ring's file descriptor, or {@code -errno}. */
    int setup(int entries, MemorySegment params);

    /**
     * {@code io_uring_enter(ring, toSubmit, minComplete, flags, arg, argSize)}: the submissions consumed, or
     * {@code -errno}. {@code arg} is {@link MemorySegment#NULL} (and {@code argSize} 0) unless {@code flags} has
     * {@code IORING_ENTER_EXT_ARG}.
     */
    int enter(int ring, int toSubmit, int minComplete, int flags, MemorySegment arg, long argSize);

    /** {@code io_uring_register(ring, opcode, arg, count)}: the call's result, or {@code -errno}. */
    int register(int ring, int opcode, MemorySegment arg, int count);

    /**
     * Maps {@code length} bytes of the ring {@code ring} from {@code offset}, shared and read-write.
     *
     * @throws ErrnoException when the call fails
     */
    MemorySegment mmap(int ring, long length, long offset);

    /** Unmaps what {@link #mmap} mapped: 0 or the {@code errno}. */
    int munmap(MemorySegment mapping);

    /**
     * A new event counter for waking a thread that waits in {@link #enter}.
     *
     * @throws ErrnoException when the call fails
     */
    int eventfd();

    /** Adds one to the event counter {@code eventFd}: 8 (the bytes written) or {@code -errno}. */
    long signal(int eventFd, MemorySegment one);

    /** Closes a descriptor: 0 or the {@code errno}. */
    int close(int fd);

    /**
     * {@code cachestat(fd, range, result, 0)} (Linux 6.5): how many pages of the byte range {@code range} describes
     * ({@code off}, {@code len}: two 64-bit words) are in the page cache, written into {@code result} (five 64-bit
     * counters, the pages cached first). 0 or {@code -errno}: {@code -ENOSYS} on older kernels.
     */
    int cachestat(int fd, MemorySegment range, MemorySegment result);
}
