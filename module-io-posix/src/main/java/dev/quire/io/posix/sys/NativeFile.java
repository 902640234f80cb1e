package dev.quire.io.posix.sys;

import dev.quire.errors.ClosedException;
import dev.quire.errors.QuireIoException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An open, read-only file descriptor. Reads fill heap or native segments: native ones directly, heap ones (which a
 * system call cannot address) through a per-thread bounce buffer that is reused, so no read faults in fresh memory.
 *
 * <p>Opened with {@code O_DIRECT}, every read goes through that bounce buffer, which is aligned to {@value #BLOCK}
 * bytes: the range is widened to whole blocks and the bytes asked for are copied out, so callers see no alignment
 * rule. A file system that refuses {@code O_DIRECT} (at open or on the first read) gets a buffered descriptor
 * instead, and {@link #directRefusal()} says why.
 *
 * <p>The descriptor is reference counted: {@link #acquire()} before a read and {@link #release()} after it, and
 * {@link #close()} closes it only once no read holds it, so a read in flight never uses a number the kernel has
 * already handed to another file.
 *
 * <p>Every system call goes through the {@link Syscalls} it was opened with: {@link Syscalls#libc()} unless a test
 * gave another.
 */
public final class NativeFile implements AutoCloseable {
    /** The unit {@code O_DIRECT} reads are widened to: a page, a multiple of every common logical block size. */
    public static final int BLOCK = 4096;
    /** The size of each thread's bounce buffer (a multiple of {@link #BLOCK}). */
    public static final int BOUNCE_BYTES = 512 * 1024;
    /** The most bytes asked of one system call: below Linux's cap of {@code 0x7ffff000} per read. */
    private static final long MAX_CALL = 1L << 30;
    private static final int CLOSED = Integer.MIN_VALUE;
    private static final ThreadLocal<MemorySegment> BOUNCE = new ThreadLocal<>();

    private final Syscalls sys;
    private final Path path;
    private final String name;
    private final int fd;
    private final FileStat stat;
    private final boolean direct;
    private final Optional<String> directRefusal;
    /** The number of reads holding the descriptor, with {@link #CLOSED} set once {@link #close()} was called. */
    private final AtomicInteger holders = new AtomicInteger();

    private NativeFile(Syscalls sys, Path path, int fd, FileStat stat, boolean direct, Optional<String> directRefusal) {
        this.sys = sys;
        this.path = path;
        this.name = path.toString();
        this.fd = fd;
        this.stat = stat;
        this.direct = direct;
        this.directRefusal = directRefusal;
    }

    /**
     * Opens a regular file for reading, with {@code O_DIRECT} when {@code direct} is set and the file system allows
     * it.
     *
     * @throws QuireIoException naming the file when it does not exist, is not a regular file or cannot be opened
     */
    public static NativeFile open(Path path, boolean direct) {
        return open(path, direct, Syscalls.libc());
    }

    /**
     * {@link #open(Path, boolean)} making its system calls, then and for every later read, through {@code sys}.
     *
     * @throws QuireIoException naming the file when it does not exist, is not a regular file or cannot be opened
     */
    public static NativeFile open(Path path, boolean direct, Syscalls sys) {
        Objects.requireNonNull(sys, "sys is null");
        String name = path.toString();
        if (!direct) {
            return openBuffered(sys, path, Optional.empty());
        }
        int fd;
        try {
            fd = sys.open(name, Libc.O_RDONLY | Libc.oDirect());
        } catch (ErrnoException e) {
            if (e.errno() != Errno.EINVAL) {
                throw openFailure(path, e);
            }
            return openBuffered(sys, path, Optional.of("the file system refused O_DIRECT at open: "
                    + Libc.describe(e.errno())));
        }
        FileStat stat = checkRegular(sys, path, fd);
        NativeFile file = new NativeFile(sys, path, fd, stat, true, Optional.empty());
        if (stat.size() > 0) {
            // Some file systems accept the flag and refuse the reads; find out now, not mid-scan.
            long n = file.probeDirectRead();
            if (n == -Errno.EINVAL) {
                file.close();
                return openBuffered(sys, path, Optional.of("the file system refused an O_DIRECT read: "
                        + Libc.describe(Errno.EINVAL)));
            }
        }
        return file;
    }

    private static NativeFile openBuffered(Syscalls sys, Path path, Optional<String> directRefusal) {
        int fd;
        try {
            fd = sys.open(path.toString(), Libc.O_RDONLY);
        } catch (ErrnoException e) {
            throw openFailure(path, e);
        }
        return new NativeFile(sys, path, fd, checkRegular(sys, path, fd), false, directRefusal);
    }

    private static QuireIoException openFailure(Path path, ErrnoException e) {
        return e.errno() == Errno.ENOENT ? new QuireIoException("no such file: " + path, e)
                : new QuireIoException("cannot open " + path + ": " + Libc.describe(e.errno()), e);
    }

    /** The file's {@code fstat}, after checking it is a regular file; closes {@code fd} when it is not. */
    private static FileStat checkRegular(Syscalls sys, Path path, int fd) {
        FileStat stat;
        try {
            stat = sys.fstat(fd, path.toString());
        } catch (RuntimeException e) {
            sys.close(fd);
            throw e;
        }
        if (!stat.isRegularFile()) {
            sys.close(fd);
            throw new QuireIoException("cannot open " + path + ": not a regular file");
        }
        return stat;
    }

    private long probeDirectRead() {
        Arena temp = Thread.currentThread().isVirtual() ? Arena.ofConfined() : null;
        MemorySegment bounce = bounce(temp, BLOCK);
        try {
            long n;
            do {
                n = sys.pread(fd, bounce, BLOCK, 0);
            } while (n == -Errno.EINTR);
            return n;
        } finally {
            if (temp != null) {
                temp.close();
            }
        }
    }

    public Path path() {
        return path;
    }

    /**
     * The descriptor, for callers that hand it to the kernel themselves (an io_uring read): they hold it with
     * {@link #acquire()} from before the hand-off until the kernel is done with it, so it is never closed, and its
     * number never reused, under a read in flight.
     */
    public int descriptor() {
        return fd;
    }

    /** The size {@code fstat} reported at open. */
    public long size() {
        return stat.size();
    }

    /** What {@code fstat} reported at open. */
    public FileStat stat() {
        return stat;
    }

    /** Whether reads bypass the page cache ({@code O_DIRECT}). */
    public boolean direct() {
        return direct;
    }

    /** Why {@code O_DIRECT} was asked for but not used, or empty. */
    public Optional<String> directRefusal() {
        return directRefusal;
    }

    /** Takes a hold on the descriptor for one read; false once the file is closed. Pair with {@link #release()}. */
    public boolean acquire() {
        while (true) {
            int h = holders.get();
            if (h < 0) {
                return false;
            }
            if (holders.compareAndSet(h, h + 1)) {
                return true;
            }
        }
    }

    /** Ends a hold taken by {@link #acquire()}; the last one after {@link #close()} closes the descriptor. */
    public void release() {
        if (holders.decrementAndGet() == CLOSED) {
            closeDescriptor();
        }
    }

    /** Whether {@link #close()} was called. */
    public boolean isClosed() {
        return holders.get() < 0;
    }

    /**
     * Reads {@code dst.byteSize()} bytes from {@code offset}, blocking, stopping early only at the end of the file.
     * The caller holds the descriptor ({@link #acquire()}).
     *
     * @return the bytes read: {@code dst.byteSize()} unless the file ends first
     * @throws ErrnoException when {@code pread} fails
     */
    public long read(MemorySegment dst, long offset) {
        if (direct) {
            return readDirect(dst, offset);
        }
        long length = dst.byteSize();
        long done = 0;
        if (dst.isNative()) {
            while (done < length) {
                long n = sys.pread(fd, dst.asSlice(done), Math.min(length - done, MAX_CALL), offset + done);
                if (n == 0) {
                    break;
                }
                if (n < 0) {
                    if (n == -Errno.EINTR) {
                        continue;
                    }
                    throw new ErrnoException("pread", name, (int) -n);
                }
                done += n;
            }
            return done;
        }
        Arena temp = Thread.currentThread().isVirtual() ? Arena.ofConfined() : null;
        MemorySegment bounce = bounce(temp, length);
        try {
            while (done < length) {
                long n = sys.pread(fd, bounce, Math.min(length - done, BOUNCE_BYTES), offset + done);
                if (n == 0) {
                    break;
                }
                if (n < 0) {
                    if (n == -Errno.EINTR) {
                        continue;
                    }
                    throw new ErrnoException("pread", name, (int) -n);
                }
                MemorySegment.copy(bounce, 0, dst, done, n);
                done += n;
            }
            return done;
        } finally {
            if (temp != null) {
                temp.close();
            }
        }
    }

    /** {@link #read} with {@code O_DIRECT}: whole blocks into the aligned bounce buffer, the wanted bytes copied out. */
    private long readDirect(MemorySegment dst, long offset) {
        long length = dst.byteSize();
        Arena temp = Thread.currentThread().isVirtual() ? Arena.ofConfined() : null;
        MemorySegment bounce = bounce(temp, length);
        try {
            long done = 0;
            while (done < length) {
                long position = offset + done;
                long blockStart = position & -BLOCK;
                long skip = position - blockStart;
                long want = Math.min(BOUNCE_BYTES, roundUp(skip + length - done));
                long n = sys.pread(fd, bounce, want, blockStart);
                if (n < 0) {
                    if (n == -Errno.EINTR) {
                        continue;
                    }
                    throw new ErrnoException("pread (O_DIRECT)", name, (int) -n);
                }
                if (n <= skip) {
                    break;
                }
                long take = Math.min(n - skip, length - done);
                MemorySegment.copy(bounce, skip, dst, done, take);
                done += take;
                if (n < want) {
                    break;
                }
            }
            return done;
        } finally {
            if (temp != null) {
                temp.close();
            }
        }
    }

    /**
     * Fills the leading bytes of {@code dst} that the page cache holds, from {@code offset}, without waiting for the
     * device ({@code preadv2} with {@code RWF_NOWAIT}); stops at the first short read. The caller holds the
     * descriptor ({@link #acquire()}); the file is not open with {@code O_DIRECT}.
     *
     * @return the bytes filled, or {@code -errno} when the first call failed ({@code EAGAIN}: nothing cached)
     */
    public long readCached(MemorySegment dst, long offset) {
        long length = dst.byteSize();
        long done = 0;
        if (dst.isNative()) {
            while (done < length) {
                long chunk = Math.min(length - done, MAX_CALL);
                long n = sys.preadv2(fd, dst.asSlice(done), chunk, offset + done, Libc.RWF_NOWAIT);
                if (n <= 0) {
                    return done > 0 || n == 0 ? done : n;
                }
                done += n;
                if (n < chunk) {
                    break;
                }
            }
            return done;
        }
        Arena temp = Thread.currentThread().isVirtual() ? Arena.ofConfined() : null;
        MemorySegment bounce = bounce(temp, length);
        try {
            while (done < length) {
                long chunk = Math.min(length - done, BOUNCE_BYTES);
                long n = sys.preadv2(fd, bounce, chunk, offset + done, Libc.RWF_NOWAIT);
                if (n <= 0) {
                    return done > 0 || n == 0 ? done : n;
                }
                MemorySegment.copy(bounce, 0, dst, done, n);
                done += n;
                if (n < chunk) {
                    break;
                }
            }
            return done;
        } finally {
            if (temp != null) {
                temp.close();
            }
        }
    }

    /**
     * Asks the kernel to drop this file's clean pages from the page cache ({@code posix_fadvise(DONTNEED)}).
     *
     * @throws ClosedException when the file is closed
     * @throws ErrnoException when the advice fails
     */
    public void dropCachedPages() {
        dropCachedPages(0, 0);
    }

    /**
     * {@link #dropCachedPages()} for {@code [offset, offset + length)} only; a {@code length} of 0 means to the end.
     *
     * @throws ClosedException when the file is closed
     * @throws ErrnoException when the advice fails
     */
    public void dropCachedPages(long offset, long length) {
        if (!acquire()) {
            throw new ClosedException("file " + path);
        }
        try {
            sys.fadvise(fd, offset, length, Libc.POSIX_FADV_DONTNEED, name);
        } finally {
            release();
        }
    }

    /** Closes the descriptor once no read holds it. Idempotent. */
    @Override
    public void close() {
        while (true) {
            int h = holders.get();
            if (h < 0) {
                return;
            }
            if (holders.compareAndSet(h, h | CLOSED)) {
                if (h == 0) {
                    closeDescriptor();
                }
                return;
            }
        }
    }

    private void closeDescriptor() {
        int e = sys.close(fd);
        if (e != 0) {
            // Linux releases the descriptor even when close reports an error; nothing is left to undo.
            System.getLogger(NativeFile.class.getName()).log(System.Logger.Level.DEBUG,
                    () -> "close of " + path + " reported " + Libc.describe(e));
        }
    }

    /**
     * This thread's bounce buffer, or for a virtual thread ({@code temp} set) one of its own in {@code temp}, just
     * large enough for {@code length} bytes at any offset: virtual threads are many, so they keep none.
     */
    private static MemorySegment bounce(Arena temp, long length) {
        if (temp != null) {
            return temp.allocate(Math.min(BOUNCE_BYTES, roundUp(length + BLOCK)), BLOCK);
        }
        MemorySegment b = BOUNCE.get();
        if (b == null) {
            b = Arena.ofAuto().allocate(BOUNCE_BYTES, BLOCK);
            BOUNCE.set(b);
        }
        return b;
    }

    private static long roundUp(long n) {
        return (n + BLOCK - 1) & -BLOCK;
    }
}
