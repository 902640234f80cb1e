package dev.quire.io.uring.internal;

import dev.quire.errors.ClosedException;
import dev.quire.errors.QuireIoException;
import dev.quire.io.spi.Buffers;
import dev.quire.io.spi.ByteRange;
import dev.quire.io.spi.CompletionScope;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.ReadCompletion;
import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A {@link CompletionScope} served by the ring itself: a flush hands the queued reads to the ring in one batch (one
 * wake-up at most), and the ring's thread queues each read's completion here as its last CQE arrives, with no future
 * or thread per read. Reads are not merged: the ring serves many small reads as cheaply as a few large ones.
 *
 * <p>Cancelling or closing delivers (or, when closing, drops) the completion at once and marks the read unwanted: a
 * read not yet in the kernel is never submitted, and for one in the kernel an {@code IORING_OP_ASYNC_CANCEL} is sent;
 * either way its buffer stays referenced by the ring until the kernel's completion for it arrived, and is then dropped.
 *
 * @param <T> the type of the caller's tags
 */
final class UringCompletionScope<T> implements CompletionScope<T>, ReadOp.Sink {
    private final UringReadAt reader;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition ready = lock.newCondition();
    /** Submitted reads whose completion has not been queued yet, by ticket. */
    private final Map<Long, Pending<T>> unfinished = new HashMap<>();
    /** Submitted reads not handed to the ring yet, in submission order. */
    private final List<Pending<T>> queued = new ArrayList<>();
    private final ArrayDeque<ReadCompletion<T>> completed = new ArrayDeque<>();
    private long nextTicket = 1;
    private boolean closed;

    private static final class Pending<T> {
        final long ticket;
        final T tag;
        final ByteRange range;
        final long alignment;
        /** The read handed to the ring, once flushed. */
        ReadOp op;

        Pending(long ticket, T tag, ByteRange range, long alignment) {
            this.ticket = ticket;
            this.tag = tag;
            this.range = range;
            this.alignment = alignment;
        }
    }

    UringCompletionScope(UringReadAt reader) {
        this.reader = reader;
    }

    @Override
    public long submit(long offset, long length, long alignment, T tag) {
        Objects.requireNonNull(tag, "tag is null");
        ByteRange range = new ByteRange(offset, length);
        Buffers.checkAlignment(alignment);
        lock.lock();
        try {
            checkOpen();
            Pending<T> pending = new Pending<>(nextTicket++, tag, range, alignment);
            unfinished.put(pending.ticket, pending);
            queued.add(pending);
            return pending.ticket;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void flush() {
        List<ReadOp> batch;
        lock.lock();
        try {
            if (queued.isEmpty()) {
                return;
            }
            batch = new ArrayList<>(queued.size());
            for (Pending<T> pending : queued) {
                issue(pending, batch);
            }
            queued.clear();
            if (!completed.isEmpty()) {
                ready.signalAll();
            }
        } finally {
            lock.unlock();
        }
        reader.ring().submitAll(batch);
    }

    /** Makes the read of {@code pending}, or its completion when it needs no ring; under the lock. */
    private void issue(Pending<T> pending, List<ReadOp> batch) {
        ByteRange range = pending.range;
        try {
            ReadAt.checkRange(reader.name(), range.offset(), range.length(), reader.size());
            if (range.length() == 0) {
                unfinished.remove(pending.ticket);
                completed.add(new ReadCompletion.Done<>(pending.ticket, pending.tag, range, MemorySegment.NULL));
                return;
            }
            MemorySegment cached = reader.residentRead(range.offset(), range.length(), pending.alignment);
            if (cached != null) {
                unfinished.remove(pending.ticket);
                completed.add(new ReadCompletion.Done<>(pending.ticket, pending.tag, range, cached));
                return;
            }
            pending.op = reader.newRead(range.offset(), range.length(), pending.alignment, this, pending);
            batch.add(pending.op);
        } catch (RuntimeException e) {
            unfinished.remove(pending.ticket);
            completed.add(new ReadCompletion.Failed<>(pending.ticket, pending.tag, range, e));
        }
    }

    /** The ring finished a read of this scope: queue its completion, unless it was cancelled or the scope closed. */
    @Override
    public Runnable finished(ReadOp op, Throwable failure) {
        @SuppressWarnings("unchecked")
        Pending<T> pending = (Pending<T>) op.token;
        lock.lock();
        try {
            if (closed || unfinished.remove(pending.ticket) == null) {
                return null;
            }
            completed.add(failure == null
                    ? new ReadCompletion.Done<>(pending.ticket, pending.tag, pending.range, op.bytes())
                    : new ReadCompletion.Failed<>(pending.ticket, pending.tag, pending.range, failure));
            ready.signalAll();
        } finally {
            lock.unlock();
        }
        return null;
    }

    @Override
    public boolean cancel(long ticket) {
        ReadOp op;
        lock.lock();
        try {
            Pending<T> pending = unfinished.remove(ticket);
            if (pending == null) {
                return false;
            }
            queued.remove(pending);
            op = pending.op;
            if (op != null) {
                op.cancel();
            }
            completed.add(new ReadCompletion.Cancelled<>(pending.ticket, pending.tag, pending.range));
            ready.signalAll();
        } finally {
            lock.unlock();
        }
        if (op != null) {
            Reactor.cancelInKernel(List.of(op));
        }
        return true;
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
            for (;;) {
                checkOpen();
                if (!completed.isEmpty()) {
                    return Optional.of(completed.poll());
                }
                if (nanos <= 0 || unfinished.isEmpty()) {
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
        List<ReadOp> inRing = new ArrayList<>();
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            for (Pending<T> pending : unfinished.values()) {
                if (pending.op != null && pending.op.cancel()) {
                    inRing.add(pending.op);
                }
            }
            unfinished.clear();
            queued.clear();
            completed.clear();
            ready.signalAll();
        } finally {
            lock.unlock();
        }
        Reactor.cancelInKernel(inRing);
    }

    private void checkOpen() {
        if (closed) {
            throw new ClosedException("completion scope over " + reader.name());
        }
    }
}
