package dev.quire.io.uring.internal;

import dev.quire.errors.ClosedException;
import dev.quire.errors.QuireIoException;
import dev.quire.io.posix.sys.NativeFile;
import dev.quire.io.posix.sys.SharedMappings;
import dev.quire.io.posix.sys.Syscalls;
import dev.quire.io.spi.Buffers;
import dev.quire.io.spi.Coalescing;
import dev.quire.io.spi.CompletionScope;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.uring.RingStats;
import dev.quire.io.uring.UringOptions;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Positional reads of a local file through the process's shared io_uring: a read is one {@code IORING_OP_READ} into a
 * native buffer of its own (its remainder submitted again after a short read), completed by the ring's thread, unless
 * the page cache holds the whole range and resident reads are on: then it is a slice of a mapping of the file
 * ({@link ResidentReads}), with no submission.
 * {@link #openScope()} gives a native {@link CompletionScope} (completions straight from the ring, no future per
 * read); {@link #read} completes a future instead, and {@link #readFully} waits for the ring on the calling thread.
 *
 * <p>The file descriptor is held by every read the kernel may still be working on, so {@link #close()} closes it only
 * once they completed; later reads fail with a {@link ClosedException}. Segments handed out are read-only, in native
 * memory the garbage collector frees, and stay valid after {@link #close()}. With {@code O_DIRECT} each read covers
 * whole 4 KiB blocks in a 4 KiB-aligned buffer and the range asked for is a slice of it.
 */
public final class UringReadAt implements ReadAt {
    private final NativeFile file;
    private final String name;
    private final UringOptions options;
    private final Reactor[] rings;
    /** Reads served from a mapping when their pages are cached, or null when the options or the machine say no. */
    private final ResidentReads resident;

    private UringReadAt(NativeFile file, UringOptions options, Reactor[] rings, ResidentReads resident) {
        this.file = file;
        this.name = file.path().toString();
        this.options = options;
        this.rings = rings;
        this.resident = resident;
    }

    /**
     * Opens {@code path} with {@code options} on the process's shared rings.
     *
     * @throws QuireIoException naming the file when it does not exist, is not a regular file or cannot be opened
     * @throws dev.quire.errors.UnsupportedFeatureException when io_uring cannot be used here
     */
    public static UringReadAt open(Path path, UringOptions options) {
        return open(path, options, SharedMappings.KEEP_MILLIS.defaultValue(), SharedRings.PROCESS, Syscalls.libc());
    }

    /**
     * {@link #open(Path, UringOptions)}, keeping the file's mapping shared for {@code keepMillis} after its last reader
     * closes ({@link SharedMappings#KEEP_MILLIS}).
     */
    public static UringReadAt open(Path path, UringOptions options, long keepMillis) {
        return open(path, options, keepMillis, SharedRings.PROCESS, Syscalls.libc());
    }

    /** {@link #open(Path, UringOptions)} on the rings of {@code shared}, opening the file through {@code files}. */
    static UringReadAt open(Path path, UringOptions options, SharedRings shared, Syscalls files) {
        return open(path, options, SharedMappings.KEEP_MILLIS.defaultValue(), shared, files);
    }

    private static UringReadAt open(Path path, UringOptions options, long keepMillis, SharedRings shared,
            Syscalls files) {
        Reactor[] rings = shared.get(options);
        NativeFile file = NativeFile.open(path, options.direct(), files);
        try {
            ResidentReads resident = options.resident() ? ResidentReads.open(shared, file, path, keepMillis)
                    : null;
            UringReadAt reader = new UringReadAt(file, options, rings, resident);
            if (resident != null) {
                resident.watch(reader);
            }
            return reader;
        } catch (RuntimeException | Error e) {
            file.close();
            throw e;
        }
    }

    /** What the process's shared rings did. */
    public static RingStats processRingStats() {
        return SharedRings.PROCESS.stats();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long size() {
        return file.size();
    }

    public UringOptions options() {
        return options;
    }

    /** Whether reads bypass the page cache ({@code O_DIRECT}). */
    public boolean direct() {
        return file.direct();
    }

    /** Why {@code O_DIRECT} was asked for but is not used (the file system refused it), or empty. */
    public Optional<String> directRefusal() {
        return file.directRefusal();
    }

    /** The options' policy: {@link #readRanges} merges through the shared coalescer, then reads with {@link #read}. */
    @Override
    public Coalescing coalescing() {
        return options.coalescing();
    }

    /** The queue depth: the ring serves that many reads at once. */
    @Override
    public int preferredConcurrency() {
        return options.queueDepth();
    }

    @Override
    public <T> CompletionScope<T> openScope() {
        return new UringCompletionScope<>(this);
    }

    @Override
    public CompletableFuture<MemorySegment> read(long offset, long length, long alignment) {
        try {
            Buffers.checkAlignment(alignment);
            ReadAt.checkRange(name, offset, length, file.size());
            if (length == 0) {
                return CompletableFuture.completedFuture(MemorySegment.NULL);
            }
            MemorySegment cached = residentRead(offset, length, alignment);
            if (cached != null) {
                return CompletableFuture.completedFuture(cached);
            }
            CompletableFuture<MemorySegment> result = new CompletableFuture<>();
            ring().submit(newRead(offset, length, alignment, FUTURE, result));
            return result;
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Waits on the calling thread: the ring's thread completes the future, whose only dependent is this wait. */
    @Override
    public MemorySegment readFully(long offset, long length, long alignment) {
        Buffers.checkAlignment(alignment);
        ReadAt.checkRange(name, offset, length, file.size());
        if (length == 0) {
            return MemorySegment.NULL;
        }
        MemorySegment cached = residentRead(offset, length, alignment);
        if (cached != null) {
            return cached;
        }
        CompletableFuture<MemorySegment> result = new CompletableFuture<>();
        ring().submit(newRead(offset, length, alignment, WAITER, result));
        return ReadAt.await(result);
    }

    /**
     * The range from the file's mapping when the page cache holds all of it, else null (resident reads off, or a
     * page missing). The caller checked the range and that {@code length > 0}.
     *
     * @throws ClosedException when the reader is closed
     */
    MemorySegment residentRead(long offset, long length, long alignment) {
        if (resident == null) {
            return null;
        }
        if (file.isClosed()) {
            throw new ClosedException("reader of " + name);
        }
        return resident.tryRead(offset, length, alignment);
    }

    /** Whether this reader serves cached ranges from a mapping of the file. */
    public boolean residentReads() {
        return resident != null;
    }

    /** Completes a future the caller holds: off the ring's thread, since its dependents may run any code. */
    private static final ReadOp.Sink FUTURE = (op, failure) -> {
        @SuppressWarnings("unchecked")
        CompletableFuture<MemorySegment> f = (CompletableFuture<MemorySegment>) op.token;
        MemorySegment bytes = failure == null ? op.bytes() : null;
        return () -> complete(f, bytes, failure);
    };

    /** Completes a future only {@link #readFully} waits on: on the ring's thread, at once. */
    private static final ReadOp.Sink WAITER = (op, failure) -> {
        @SuppressWarnings("unchecked")
        CompletableFuture<MemorySegment> f = (CompletableFuture<MemorySegment>) op.token;
        complete(f, failure == null ? op.bytes() : null, failure);
        return null;
    };

    private static void complete(CompletableFuture<MemorySegment> f, MemorySegment bytes, Throwable failure) {
        if (failure == null) {
            f.complete(bytes);
        } else {
            f.completeExceptionally(failure);
        }
    }

    /**
     * A read of {@code [offset, offset + length)} into a buffer of its own, holding the file; the caller checked the
     * range and that {@code length > 0}.
     *
     * @throws ClosedException when the reader is closed
     */
    ReadOp newRead(long offset, long length, long alignment, ReadOp.Sink sink, Object token) {
        if (!file.acquire()) {
            throw new ClosedException("reader of " + name);
        }
        try {
            if (file.direct()) {
                long block = NativeFile.BLOCK;
                long skip = offset & (block - 1);
                long want = (skip + length + block - 1) & -block;
                return new ReadOp(file, ReadBuffers.allocate(want, block), offset - skip, skip, length, want, true, sink,
                        token);
            }
            return new ReadOp(file, ReadBuffers.allocate(length, Math.max(alignment, 8)), offset, 0, length, length,
                    false, sink, token);
        } catch (RuntimeException | Error e) {
            file.release();
            throw e;
        }
    }

    /** The ring the calling thread submits to: the only one, or with two, one per thread. */
    Reactor ring() {
        return rings.length == 1 ? rings[0] : rings[(int) (Thread.currentThread().threadId() % rings.length)];
    }

    /** Closes the file once the reads the kernel holds completed; later reads fail. Idempotent. */
    @Override
    public void close() {
        if (resident != null) {
            resident.release();
        }
        file.close();
    }
}
