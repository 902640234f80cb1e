package dev.quire.io.posix.internal;

import dev.quire.errors.ClosedException;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import dev.quire.io.posix.FastPathStats;
import dev.quire.io.posix.PosixOptions;
import dev.quire.io.posix.PosixReadAt;
import dev.quire.io.posix.sys.Errno;
import dev.quire.io.posix.sys.Libc;
import dev.quire.io.posix.sys.NativeFile;
import dev.quire.io.posix.sys.Syscalls;
import dev.quire.io.spi.Availability;
import dev.quire.io.spi.Buffers;
import dev.quire.io.spi.ReadAt;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Positional reads of a local file through libc ({@code pread}), Linux only. A read that may block on the device runs
 * on a bounded pool of daemon threads (shared by the readers with its {@linkplain PosixOptions#readThreads() size}),
 * so scans keep many reads in flight; but first, for reads inside the {@linkplain PosixOptions#inWindow size window},
 * the calling thread takes the leading bytes the page cache already holds ({@link #readCachedAt}, {@code preadv2}
 * with {@code RWF_NOWAIT}), and only the rest goes to the pool ({@link #readExactAtPooled}). A warm read thus costs
 * one system call instead of a thread hand-off.
 *
 * <p>A file whose recent tries mostly miss stops being tried for a while ({@link MissTracker}). A kernel without
 * {@code preadv2} ({@code ENOSYS}) turns the fast path off for the process; a file system without {@code RWF_NOWAIT}
 * ({@code EOPNOTSUPP}) turns it off for that file system. Either way reads behave as before, through the pool.
 * {@link #fastPathStats()} counts what the fast path did.
 *
 * <p>{@link #readFully} reads on the calling thread (which waits anyway). With {@link PosixOptions#direct()} reads
 * bypass the page cache ({@code O_DIRECT}, ranges widened to 4 KiB blocks, no fast path), unless the file system
 * refuses, which {@link #directRefusal()} reports.
 *
 * <p>Reads of at most 8-byte alignment land in heap arrays (through a reused per-thread native buffer), others in
 * native memory; either way the returned segments are read-only and stay valid after {@link #close()}. The size is
 * read once at open: Vortex files are immutable. A read that finds the file shorter than that fails.
 */
public final class LibcReadAt implements PosixReadAt {
    /** Reads that ask for no more than this alignment go to the heap (see {@link ReadAt#read}). */
    static final long HEAP_ALIGNMENT = 8;
    /** The largest read served on the heap: what one byte[] can hold. */
    static final long MAX_HEAP_READ = Integer.MAX_VALUE - 16;

    private static final System.Logger LOG = System.getLogger(LibcReadAt.class.getName());
    private static final FastPathCounters PROCESS_COUNTERS = FastPathCounters.forProcess();
    /** Never started: asks whether a segment may be filled on a thread other than its owner (a pool thread). */
    private static final Thread ANOTHER_THREAD = Thread.ofPlatform().unstarted(() -> { });

    private final NativeFile file;
    private final String name;
    private final PosixOptions options;
    private final FastPathCounters counters = FastPathCounters.forReader(PROCESS_COUNTERS);
    private final MissTracker tracker = MissTracker.defaults();
    private final NowaitSupport nowait;
    private final Executor pool;

    private LibcReadAt(NativeFile file, PosixOptions options, NowaitSupport nowait, Executor pool) {
        this.file = file;
        this.name = file.path().toString();
        this.options = options;
        this.nowait = nowait;
        this.pool = pool;
    }

    /**
     * Opens {@code path} for reading with {@code options}.
     *
     * @throws QuireIoException naming the file when it does not exist, is not a regular file or cannot be opened
     * @throws dev.quire.errors.UnsupportedFeatureException when libc cannot be called here ({@link #availability()})
     */
    public static LibcReadAt open(Path path, PosixOptions options) {
        return open(path, options, Syscalls.libc(), NowaitSupport.PROCESS);
    }

    /**
     * {@link #open(Path, PosixOptions)} through the system calls {@code sys}, remembering where the fast path does not
     * work in {@code nowait}: the seam tests use to fake what the kernel rarely answers.
     */
    static LibcReadAt open(Path path, PosixOptions options, Syscalls sys, NowaitSupport nowait) {
        Objects.requireNonNull(options, "options is null");
        Objects.requireNonNull(nowait, "nowait is null");
        NativeFile file = NativeFile.open(path, options.direct(), sys);
        file.directRefusal().ifPresent(why -> LOG.log(System.Logger.Level.INFO,
                () -> "O_DIRECT asked for but not used for " + path + ": " + why + "; reading through the page cache"));
        return new LibcReadAt(file, options, nowait, ReadPool.get(options.readThreads()));
    }

    /** Whether libc can be called here, and if not, why (then the {@code posix} provider reads through Java NIO). */
    public static Availability availability() {
        return Libc.unavailableReason().map(Availability::no).orElse(Availability.yes());
    }

    /** Whether the page-cache fast path can serve reads in this process, and if not, why. */
    public static Availability fastPathAvailability() {
        Optional<String> libc = Libc.unavailableReason();
        if (libc.isPresent()) {
            return Availability.no("the page-cache fast path needs preadv2 on Linux: " + libc.get());
        }
        return NowaitSupport.PROCESS.offEverywhere().map(Availability::no).orElse(Availability.yes());
    }

    /** What the fast path did for every reader of this process. */
    public static FastPathStats processFastPathStats() {
        return PROCESS_COUNTERS.snapshot();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long size() {
        return file.size();
    }

    @Override
    public PosixOptions options() {
        return options;
    }

    @Override
    public boolean direct() {
        return file.direct();
    }

    @Override
    public Optional<String> directRefusal() {
        return file.directRefusal();
    }

    /** The pool this reader hands blocking reads to (for tests). */
    Executor pool() {
        return pool;
    }

    @Override
    public FastPathStats fastPathStats() {
        return counters.snapshot();
    }

    @Override
    public CompletableFuture<MemorySegment> read(long offset, long length, long alignment) {
        MemorySegment dst;
        try {
            Buffers.checkAlignment(alignment);
            ReadAt.checkRange(name, offset, length, file.size());
            dst = allocate(length, alignment);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return readInto(dst, offset, dst.asReadOnly());
    }

    /** Reads on the calling thread: it waits for the bytes anyway, so a hand-off would only add latency. */
    @Override
    public MemorySegment readFully(long offset, long length, long alignment) {
        Buffers.checkAlignment(alignment);
        if (!file.acquire()) {
            throw closed();
        }
        try {
            ReadAt.checkRange(name, offset, length, file.size());
            MemorySegment dst = allocate(length, alignment);
            readTail(dst, offset, 0);
            return dst.asReadOnly();
        } finally {
            file.release();
        }
    }

    @Override
    public void readExactAt(MemorySegment dst, long offset) {
        checkDestination(dst, offset);
        if (!file.acquire()) {
            throw closed();
        }
        try {
            readTail(dst, offset, 0);
        } finally {
            file.release();
        }
    }

    @Override
    public CompletableFuture<MemorySegment> readExactAtPooled(MemorySegment dst, long offset) {
        try {
            checkDestination(dst, offset);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        return readInto(dst, offset, dst);
    }

    @Override
    public long readCachedAt(MemorySegment dst, long offset) {
        checkDestination(dst, offset);
        if (!file.acquire()) {
            throw closed();
        }
        try {
            if (dst.byteSize() == 0 || file.direct() || nowaitOff()) {
                return 0;
            }
            return tryCache(dst, offset);
        } finally {
            file.release();
        }
    }

    private CompletableFuture<MemorySegment> readInto(MemorySegment dst, long offset, MemorySegment result) {
        if (!file.acquire()) {
            return CompletableFuture.failedFuture(closed());
        }
        boolean handedOff = false;
        try {
            long length = dst.byteSize();
            long served = length == 0 ? 0 : fastPath(dst, offset);
            if (served == length) {
                return CompletableFuture.completedFuture(result);
            }
            if (!dst.isAccessibleBy(ANOTHER_THREAD)) {
                // A confined segment cannot be filled on the pool: read the tail here instead.
                readTail(dst, offset, served);
                return CompletableFuture.completedFuture(result);
            }
            CompletableFuture<MemorySegment> future = new CompletableFuture<>();
            pool.execute(() -> {
                // The descriptor is released before the future completes, so that a caller who closed the reader
                // and awaited its reads finds the descriptor closed.
                Throwable failure = null;
                try {
                    readTail(dst, offset, served);
                } catch (Throwable t) {
                    failure = t;
                } finally {
                    file.release();
                }
                if (failure == null) {
                    future.complete(result);
                } else {
                    future.completeExceptionally(failure);
                }
            });
            handedOff = true;
            return future;
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        } finally {
            if (!handedOff) {
                file.release();
            }
        }
    }

    /** Reads {@code dst} from byte {@code from} on, blocking. */
    private void readTail(MemorySegment dst, long offset, long from) {
        long n = file.read(dst.asSlice(from), offset + from);
        if (n < dst.byteSize() - from) {
            throw shrank(offset + from + n);
        }
    }

    /** The fast path's decision for one read, and the bytes it served inline. */
    private long fastPath(MemorySegment dst, long offset) {
        if (!options.fastPath() || file.direct()) {
            return 0;
        }
        if (!options.inWindow(dst.byteSize()) || nowaitOff()) {
            counters.skipped(false);
            return 0;
        }
        if (!tracker.shouldTry()) {
            counters.skipped(true);
            return 0;
        }
        return tryCache(dst, offset);
    }

    private long tryCache(MemorySegment dst, long offset) {
        long n = file.readCached(dst, offset);
        if (n < 0) {
            int errno = (int) -n;
            if (errno == Errno.ENOSYS) {
                String why = "the kernel has no preadv2 (" + Libc.describe(errno) + ")";
                nowait.turnOffEverywhere(why);
                LOG.log(System.Logger.Level.INFO, "page-cache fast path off for this process: " + why);
            } else if (errno == Errno.EOPNOTSUPP && nowait.turnOff(file.stat().device())) {
                LOG.log(System.Logger.Level.INFO, () -> "page-cache fast path off for the file system of " + name
                        + " (device " + file.stat().device() + "): RWF_NOWAIT " + Libc.describe(errno));
            }
            n = 0;
        }
        counters.attempted(dst.byteSize(), n);
        tracker.record(n == 0);
        return n;
    }

    private boolean nowaitOff() {
        return nowait.isOff(file.stat().device());
    }

    private void checkDestination(MemorySegment dst, long offset) {
        Objects.requireNonNull(dst, "dst is null");
        if (dst.isReadOnly()) {
            throw new InvalidArgumentException("cannot read " + name + " into a read-only segment");
        }
        ReadAt.checkRange(name, offset, dst.byteSize(), file.size());
    }

    private static MemorySegment allocate(long length, long alignment) {
        if (alignment <= HEAP_ALIGNMENT && length <= MAX_HEAP_READ) {
            // On the heap: the garbage collector sees (and reclaims) what scans hold, and no read faults in fresh
            // native pages.
            return MemorySegment.ofArray(new byte[(int) length]);
        }
        return Buffers.allocate(length, alignment);
    }

    private ClosedException closed() {
        return new ClosedException("reader of " + name);
    }

    private QuireIoException shrank(long at) {
        return new QuireIoException("unexpected end of " + name + " at offset " + at + " (it had " + file.size()
                + " bytes when opened; did it shrink?)");
    }

    /** Closes the file once the reads in flight are done; later reads fail. Idempotent. */
    @Override
    public void close() {
        file.close();
    }
}
