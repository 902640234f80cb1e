package dev.quire.io.spi;

import dev.quire.errors.QuireException;
import dev.quire.errors.QuireIoException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Positional reads of one immutable file (or object). Implementations are thread-safe: many reads may be in flight
 * at once. Returned segments are read-only views owned by the caller; their memory is released by the garbage
 * collector once they are unreachable, so they stay valid after the reader is closed.
 */
public interface ReadAt extends AutoCloseable {
    /** The default {@link #preferredConcurrency()}: about the queue depth a local SSD serves at full speed. */
    int DEFAULT_CONCURRENCY = 16;

    /** A short description of what is being read, for messages: a path or URI. */
    String name();

    /** The size of the file in bytes. */
    long size();

    /**
     * Reads {@code length} bytes starting at {@code offset}. A native segment starts at an address that is a multiple
     * of {@code alignment}; a provider may instead return a heap segment (over a {@code byte[]}, so
     * {@link MemorySegment#asByteBuffer()} works) when {@code alignment} is at most 8, so read multi-byte values
     * with the {@code *_UNALIGNED} layouts. The future fails with a {@link QuireIoException} when the range is not
     * inside the file or the read fails.
     */
    CompletableFuture<MemorySegment> read(long offset, long length, long alignment);

    /**
     * Reads many ranges at once: one future per range, in the order given. The default merges neighbouring ranges as
     * {@link #coalescing()} allows through the shared {@link Coalescer} and issues each merged read with
     * {@link #read}; a provider with a batch path of its own (one submission for many reads) overrides it, and
     * {@link #readEach} issues the ranges one by one.
     */
    default List<CompletableFuture<MemorySegment>> readRanges(List<ByteRange> ranges, long alignment) {
        return new Coalescer(coalescing()).readRanges(this, ranges, alignment);
    }

    /**
     * How this reader likes neighbouring reads merged by {@link #readRanges}, {@link CompletionScope}s and wrappers
     * such as {@link CountingReadAt}. The default, {@link Coalescing#defaults()}, suits local files; a reader whose
     * reads are free slices (a memory mapping) may return {@link Coalescing#none()}, an object store a wider gap.
     */
    default Coalescing coalescing() {
        return Coalescing.defaults();
    }

    /**
     * How many reads a caller should keep in flight on this reader to get its throughput: {@value #DEFAULT_CONCURRENCY}
     * by default; a provider overrides it with the queue depth at which its reads stop getting faster (a remote store
     * may want more, a single spinning disk fewer). A hint for callers that schedule reads of their own (a prefetcher,
     * a cache filling blocks, a benchmark, a {@link CompletionScope} user deciding how much to submit before it
     * waits), never a limit: a reader accepts any number of reads and bounds its own blocking work (the posix
     * provider's read pool, a store's connections). Wrappers such as {@link CountingReadAt} pass the wrapped reader's
     * value on.
     *
     * <p>Quire's scan does not read it. Its reads in flight are bounded by its split concurrency (tasks in flight,
     * four per core by default, each reading the segments of its columns), and the reads of the tasks it starts
     * together are handed to {@link #readRanges} as one batch so that neighbours merge; capping reads at this number
     * would split those batches and add a hand-off at every completion, for a bound the providers already keep.
     */
    default int preferredConcurrency() {
        return DEFAULT_CONCURRENCY;
    }

    /**
     * Opens a completion-driven scope over this reader: reads are submitted with a tag and their completions polled
     * or waited for, in the order they finish. The default serves it from the future-based {@link #read} and
     * {@link #readRanges} ({@link FutureCompletionScope}); a provider with a completion queue of its own (io_uring)
     * overrides it.
     *
     * @param <T> the type of the tags that identify reads in their completions
     */
    default <T> CompletionScope<T> openScope() {
        return new FutureCompletionScope<>(this);
    }

    /**
     * What this reader's GETs did, when it reads an object store: requests, GETs, bytes fetched against bytes asked
     * for, retries, times to first and last byte. Empty for readers of local files; wrappers pass the wrapped
     * reader's on.
     */
    default Optional<StoreStats> storeStats() {
        return Optional.empty();
    }

    /** Reads every range with its own {@link ReadAt#read}, merging nothing: for readers that gain nothing by it. */
    static List<CompletableFuture<MemorySegment>> readEach(ReadAt in, List<ByteRange> ranges, long alignment) {
        List<CompletableFuture<MemorySegment>> out = new ArrayList<>(ranges.size());
        for (ByteRange range : ranges) {
            out.add(in.read(range.offset(), range.length(), alignment));
        }
        return out;
    }

    /** Reads a range and waits for it, turning failures into the {@link QuireException} that caused them. */
    default MemorySegment readFully(long offset, long length, long alignment) {
        return await(read(offset, length, alignment));
    }

    /** Releases the reader's resources (file descriptors, connections). Further reads fail. Idempotent. */
    @Override
    void close();

    /**
     * Checks that {@code [offset, offset + length)} lies inside a file of {@code size} bytes.
     *
     * @throws QuireIoException naming the reader and the range when it does not
     */
    static void checkRange(String name, long offset, long length, long size) {
        if (offset < 0 || length < 0 || offset > size || length > size - offset) {
            throw new QuireIoException("read of " + length + " bytes at offset " + offset + " is outside " + name
                    + " (" + size + " bytes)");
        }
    }

    /**
     * Waits for a future, unwrapping completion wrappers so callers see the exception that failed it: Quire
     * exceptions, errors and other unchecked exceptions as they are; checked and I/O exceptions as a
     * {@link QuireIoException}.
     */
    static <T> T await(CompletableFuture<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QuireIoException("interrupted while waiting for a read", e);
        } catch (CancellationException e) {
            throw new QuireIoException("the read was cancelled", e);
        } catch (ExecutionException | CompletionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                    && cause.getCause() != null) {
                cause = cause.getCause();
            }
            if (cause instanceof QuireException qe) {
                throw qe;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            if (cause instanceof RuntimeException re && !(cause instanceof java.io.UncheckedIOException)) {
                // A bug in whatever completed the future, not an I/O failure: let it show as what it is.
                throw re;
            }
            throw new QuireIoException("read failed: " + cause, cause);
        }
    }
}
