package dev.quire.io.spi;

import dev.quire.errors.QuireException;
import dev.quire.errors.QuireIoException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
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

    /** Reads many ranges at once; the default submits them one by one, so providers override it to coalesce. */
    default List<CompletableFuture<MemorySegment>> readRanges(List<ByteRange> ranges, long alignment) {
        List<CompletableFuture<MemorySegment>> out = new ArrayList<>(ranges.size());
        for (ByteRange range : ranges) {
            out.add(read(range.offset(), range.length(), alignment));
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
