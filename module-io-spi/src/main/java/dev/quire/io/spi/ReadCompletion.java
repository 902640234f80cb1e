package dev.quire.io.spi;

import dev.quire.errors.QuireException;
import dev.quire.errors.QuireIoException;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * How one read submitted to a {@link CompletionScope} ended: with its bytes, with a failure, or cancelled. Each
 * carries the ticket {@link CompletionScope#submit} returned, the caller's tag and the range asked for.
 *
 * @param <T> the type of the caller's tags
 */
public sealed interface ReadCompletion<T> {
    /** The ticket {@link CompletionScope#submit} returned for the read. */
    long ticket();

    /** The tag the read was submitted with. */
    T tag();

    /** The bytes asked for. */
    ByteRange range();

    /**
     * The bytes read, or the failure as {@link ReadAt#await} reports it: a {@link QuireException} as it is, another
     * failure wrapped in a {@link QuireIoException}, a cancelled read as a {@link QuireIoException} saying so.
     */
    MemorySegment bytes();

    /** The read succeeded; {@code bytes} is a read-only segment owned by the caller, as {@link ReadAt#read} returns. */
    record Done<T>(long ticket, T tag, ByteRange range, MemorySegment bytes) implements ReadCompletion<T> {
        public Done {
            Objects.requireNonNull(tag, "tag is null");
            Objects.requireNonNull(range, "range is null");
            Objects.requireNonNull(bytes, "bytes is null");
        }
    }

    /** The read failed with {@code error} (the range was outside the file, the device failed, the reader closed). */
    record Failed<T>(long ticket, T tag, ByteRange range, Throwable error) implements ReadCompletion<T> {
        public Failed {
            Objects.requireNonNull(tag, "tag is null");
            Objects.requireNonNull(range, "range is null");
            Objects.requireNonNull(error, "error is null");
        }

        @Override
        public MemorySegment bytes() {
            return ReadAt.await(CompletableFuture.failedFuture(error));
        }
    }

    /** The read was cancelled through {@link CompletionScope#cancel} before it completed. */
    record Cancelled<T>(long ticket, T tag, ByteRange range) implements ReadCompletion<T> {
        public Cancelled {
            Objects.requireNonNull(tag, "tag is null");
            Objects.requireNonNull(range, "range is null");
        }

        @Override
        public MemorySegment bytes() {
            throw new QuireIoException("the read of " + range + " (ticket " + ticket + ") was cancelled");
        }
    }
}
