package dev.quire.io.spi;

import dev.quire.errors.ClosedException;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import java.time.Duration;
import java.util.Optional;

/**
 * Completion-driven reads of one {@link ReadAt}, beside its future-based {@link ReadAt#read}: submit reads with a tag,
 * then poll or wait for their {@link ReadCompletion}s, which arrive in the order the reads finish, not the order they
 * were submitted. No thread or future is needed per read by the caller, which is how a kernel completion queue
 * (io_uring) is served; {@link ReadAt#openScope()} opens one, and {@link FutureCompletionScope} serves the contract
 * from any future-based reader.
 *
 * <p>Submitted reads are queued and issued together, merged as the reader's {@link ReadAt#coalescing()} allows, by
 * {@link #flush()} and at the start of every {@link #poll()} and {@link #await}. Every submitted read yields exactly
 * one completion (done, failed or cancelled) until the scope is closed; closing cancels what is outstanding and
 * delivers nothing more. Closing the scope leaves the reader open. Scopes are thread-safe.
 *
 * @param <T> the type of the caller's tags, which come back in the completions
 */
public interface CompletionScope<T> extends AutoCloseable {

    /**
     * Queues a read of {@code length} bytes at {@code offset}, starting at a multiple of {@code alignment} as
     * {@link ReadAt#read} does. A range outside the file is not refused here: its completion is a failure.
     *
     * @return the read's ticket, unique in this scope, for {@link #cancel} and in its completion
     * @throws InvalidArgumentException when the offset or length is negative or the alignment is not allowed
     * @throws ClosedException when the scope is closed
     */
    long submit(long offset, long length, long alignment, T tag);

    /** Issues every queued read, as one batch. */
    void flush();

    /**
     * Cancels a read that has not completed: its completion is a {@link ReadCompletion.Cancelled}. A read still queued
     * is never issued; one already issued may still run, but its bytes are dropped.
     *
     * @return whether the read was cancelled; false when it had already completed, or the ticket is unknown
     */
    boolean cancel(long ticket);

    /**
     * Flushes, then takes a completion if one is ready.
     *
     * @throws ClosedException when the scope is closed
     */
    Optional<ReadCompletion<T>> poll();

    /**
     * Flushes, then waits up to {@code timeout} for a completion and takes it. Returns empty when the time runs out,
     * and at once when no read is outstanding.
     *
     * @throws ClosedException when the scope is closed, also while waiting
     * @throws QuireIoException when the thread is interrupted while waiting (its interrupt status is kept)
     */
    Optional<ReadCompletion<T>> await(Duration timeout);

    /** The reads submitted whose completion has not been taken yet: queued, in flight, or ready. */
    int outstanding();

    /** Cancels every outstanding read without delivering its completion, and closes the scope. Idempotent. */
    @Override
    void close();
}
