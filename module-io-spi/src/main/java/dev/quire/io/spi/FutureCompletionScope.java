package dev.quire.io.spi;

import dev.quire.errors.ClosedException;
import dev.quire.errors.QuireIoException;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A {@link CompletionScope} served by any future-based {@link ReadAt}: each submitted read gets a future, a flush hands
 * the queued reads that are still wanted to the reader's {@link ReadAt#readRanges} in one call per alignment (which
 * merges them as the reader's {@link ReadAt#coalescing()} allows), and each future's completion is queued for
 * {@link #poll()} and {@link #await}. Cancelling completes a read's future as cancelled, so a queued read is dropped
 * before it is issued.
 *
 * @param <T> the type of the caller's tags
 */
public final class FutureCompletionScope<T> implements CompletionScope<T> {
    private static final Coalescer NO_MERGING = new Coalescer(Coalescing.none());

    private final ReadAt reader;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition ready = lock.newCondition();
    /** Submitted reads whose completion has not been queued yet, by ticket. */
    private final Map<Long, Pending<T>> unfinished = new HashMap<>();
    /** Submitted reads not issued yet, in submission order. */
    private final List<Pending<T>> queued = new ArrayList<>();
    private final ArrayDeque<ReadCompletion<T>> completed = new ArrayDeque<>();
    private long nextTicket = 1;
    private boolean closed;

    private record Pending<T>(long ticket, T tag, ByteRange range, long alignment,
            CompletableFuture<MemorySegment> result) {}

    public FutureCompletionScope(ReadAt reader) {
        this.reader = Objects.requireNonNull(reader, "reader is null");
    }

    @Override
    public long submit(long offset, long length, long alignment, T tag) {
        Objects.requireNonNull(tag, "tag is null");
        ByteRange range = new ByteRange(offset, length);
        Buffers.checkAlignment(alignment);
        lock.lock();
        try {
            checkOpen();
            Pending<T> pending = new Pending<>(nextTicket++, tag, range, alignment, new CompletableFuture<>());
            unfinished.put(pending.ticket(), pending);
            queued.add(pending);
            pending.result().whenComplete((segment, failure) -> finish(pending, segment, failure));
            return pending.ticket();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void flush() {
        List<Pending<T>> batch;
        lock.lock();
        try {
            if (queued.isEmpty()) {
                return;
            }
            batch = new ArrayList<>(queued);
            queued.clear();
        } finally {
            lock.unlock();
        }
        // Issued outside the lock: a reader may complete futures (and so call finish) on this thread.
        Map<Long, List<Coalescer.Request>> byAlignment = new LinkedHashMap<>();
        for (Pending<T> pending : batch) {
            byAlignment.computeIfAbsent(pending.alignment(), a -> new ArrayList<>())
                    .add(new Coalescer.Request(pending.range(), pending.result()));
        }
        for (Map.Entry<Long, List<Coalescer.Request>> group : byAlignment.entrySet()) {
            long size;
            try {
                size = reader.size();
            } catch (RuntimeException e) {
                group.getValue().forEach(r -> r.result().completeExceptionally(e));
                continue;
            }
            // The reader's readRanges merges (and counts, for a CountingReadAt); the coalescer only drops the
            // cancelled requests and pipes results back, so it must not merge on its own.
            NO_MERGING.issue(group.getValue(), group.getKey(), size, reader::readRanges);
        }
    }

    @Override
    public boolean cancel(long ticket) {
        Pending<T> pending;
        lock.lock();
        try {
            pending = unfinished.get(ticket);
        } finally {
            lock.unlock();
        }
        // Completing the future queues the Cancelled completion (through finish) and makes the coalescer drop it.
        return pending != null && pending.result().cancel(false);
    }

    @Override
    public Optional<ReadCompletion<T>> poll() {
        flush();
        lock.lock();
        try {
            checkOpen();
            return Optional.ofNullable(completed.poll());
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Optional<ReadCompletion<T>> await(Duration timeout) {
        long nanos = Math.max(0, Objects.requireNonNull(timeout, "timeout is null").toNanos());
        flush();
        lock.lock();
        try {
            while (true) {
                checkOpen();
                ReadCompletion<T> next = completed.poll();
                if (next != null) {
                    return Optional.of(next);
                }
                if (unfinished.isEmpty() || nanos <= 0) {
                    return Optional.empty();
                }
                try {
                    nanos = ready.awaitNanos(nanos);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new QuireIoException("interrupted while waiting for a read of " + reader.name(), e);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int outstanding() {
        lock.lock();
        try {
            return unfinished.size() + completed.size();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void close() {
        List<Pending<T>> cancelled;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            cancelled = new ArrayList<>(unfinished.values());
            unfinished.clear();
            queued.clear();
            completed.clear();
            ready.signalAll();
        } finally {
            lock.unlock();
        }
        for (Pending<T> pending : cancelled) {
            pending.result().cancel(false);
        }
    }

    /** Queues the completion of {@code pending}, unless the scope was closed in the meantime. */
    private void finish(Pending<T> pending, MemorySegment segment, Throwable failure) {
        lock.lock();
        try {
            if (closed || unfinished.remove(pending.ticket()) == null) {
                return;
            }
            Throwable cause = failure == null && segment == null
                    ? new QuireIoException("the reader of " + reader.name() + " completed a read with no bytes")
                    : unwrap(failure);
            completed.add(cause == null ? new ReadCompletion.Done<>(pending.ticket(), pending.tag(), pending.range(),
                            segment)
                    : cause instanceof CancellationException
                            ? new ReadCompletion.Cancelled<>(pending.ticket(), pending.tag(), pending.range())
                            : new ReadCompletion.Failed<>(pending.ticket(), pending.tag(), pending.range(), cause));
            ready.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new ClosedException("completion scope over " + reader.name());
        }
    }

    private static Throwable unwrap(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
