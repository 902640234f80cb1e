package dev.quire.io.posix;

import dev.quire.errors.ClosedException;
import dev.quire.errors.QuireIoException;
import dev.quire.io.spi.ReadAt;
import java.lang.foreign.MemorySegment;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * A reader of a local file through libc ({@code dev.quire.io.posix.direct.PosixReaders.openLibc}), what the
 * {@code posix} provider opens on Linux: besides {@link ReadAt}, the three paths its reads take, each callable alone
 * (for benchmarks that measure one), and what its page-cache fast path did.
 *
 * <p>{@link #read} first takes, on the calling thread, the leading bytes the page cache already holds
 * ({@link #readCachedAt}, for reads inside the {@linkplain PosixOptions#inWindow window}) and hands the rest to the
 * read pool ({@link #readExactAtPooled}); {@link #readFully} and {@link #readExactAt} read on the calling thread,
 * blocking. Segments read are read-only (those returned by the {@code read} methods) and stay valid after
 * {@link #close()}. Thread-safe.
 */
public interface PosixReadAt extends ReadAt {
    /** The options it was opened with. */
    PosixOptions options();

    /** Whether reads bypass the page cache ({@code O_DIRECT}). */
    boolean direct();

    /** Why {@code O_DIRECT} was asked for but is not used (the file system refused it), or empty. */
    Optional<String> directRefusal();

    /** What the page-cache fast path did for this reader. */
    FastPathStats fastPathStats();

    /**
     * Fills {@code dst} with the bytes at {@code offset} on the calling thread, blocking on the device if need be (a
     * plain {@code pread}, no fast path, nothing counted).
     *
     * @throws QuireIoException when the range is not inside the file or the read fails
     * @throws ClosedException when the reader is closed
     * @throws dev.quire.errors.InvalidArgumentException when {@code dst} is read-only
     */
    void readExactAt(MemorySegment dst, long offset);

    /**
     * Fills {@code dst} with the bytes at {@code offset}: the leading part the page cache holds on the calling thread
     * when the fast path applies to a read of this length, the rest on the read pool. Bytes copied inline are kept;
     * only the tail is read again. A segment confined to the calling thread is filled on it entirely.
     *
     * @return a future completed with {@code dst} once it is full, or failed with a {@link QuireIoException}
     *     (the range is not inside the file, the read failed) or a {@link ClosedException}
     */
    CompletableFuture<MemorySegment> readExactAtPooled(MemorySegment dst, long offset);

    /**
     * Fills as many leading bytes of {@code dst} as the page cache holds, from {@code offset}, on the calling thread
     * without waiting for the device. Nothing cached, an error, or a file system without {@code RWF_NOWAIT} all give
     * a short count, so a blocking read that follows meets them again; an {@code O_DIRECT} reader, or a process where
     * the fast path is unavailable, serves nothing. Counted in {@link #fastPathStats()} whatever the window.
     *
     * @return how many leading bytes of {@code dst} now hold the file's bytes
     * @throws QuireIoException when the range is not inside the file
     * @throws ClosedException when the reader is closed
     */
    long readCachedAt(MemorySegment dst, long offset);
}
