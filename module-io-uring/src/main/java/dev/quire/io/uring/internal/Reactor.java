package dev.quire.io.uring.internal;

import dev.quire.errors.QuireIoException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.io.posix.sys.Errno;
import dev.quire.io.posix.sys.ErrnoException;
import dev.quire.io.posix.sys.Libc;
import dev.quire.io.uring.RingStats;
import dev.quire.io.uring.sys.Ring;
import dev.quire.io.uring.sys.UringAbi;
import dev.quire.io.uring.sys.UringSyscalls;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * One io_uring and the one thread that drives it. Any thread hands it reads ({@link #submit}) through a lock-free
 * queue; the ring's thread moves them into submission entries, submits them and waits for completions in one
 * {@code io_uring_enter}, and hands each finished read to its {@link ReadOp.Sink}. Reads handed over while the thread
 * is busy are picked up by its next enter, so many threads' reads share few system calls; a thread that hands a read
 * to a waiting ring wakes it with one {@code eventfd} write, which completes a read the ring keeps armed on that
 * counter.
 *
 * <p>The ring is created on its own thread, which is then its only submitter, so the kernel's
 * {@code SINGLE_ISSUER} and {@code DEFER_TASKRUN} modes apply. At most {@code queueDepth} reads are in the kernel at
 * once; the rest wait in the queue. A read's buffer and file stay referenced from its slot until its last completion
 * arrived, whatever happened to the read meanwhile (cancelled, its scope or reader closed). If the ring itself fails,
 * every read fails with the reason, and the buffers of those the kernel may still hold are kept for the life of the
 * process rather than freed under it.
 */
final class Reactor {
    private static final System.Logger LOG = System.getLogger(Reactor.class.getName());
    private static final int SLOT_BITS = 20;
    private static final long SLOT_MASK = (1L << SLOT_BITS) - 1;
    /** User data of the read armed on the wake-up counter. */
    private static final long WAKE = Long.MIN_VALUE;
    /** User data of cancellation requests (their results are not needed). */
    private static final long CANCEL = Long.MIN_VALUE + 1;
    /** The most bytes asked of one read request: below Linux's cap of {@code 0x7ffff000}. */
    private static final long MAX_CALL = 1L << 30;
    /**
     * With {@code n} reads in the kernel, the ring's thread waits for {@code n / BATCH} of them (at least one) before
     * it returns to deliver completions and submit what arrived meanwhile: completions and submissions then come in
     * batches (one enter for many), at the cost of a completion waiting for a few others at high queue depth.
     */
    private static final int BATCH = 4;
    /**
     * How long the ring's thread waits for such a batch before it takes what completed, where the kernel bounds the
     * wait ({@code IORING_FEAT_MIN_TIMEOUT}); elsewhere it waits for the batch.
     */
    private static final int BATCH_WAIT_MICROS = 50;
    /** The smallest logical block size of a device: where an {@code O_DIRECT} read may start. */
    private static final long SECTOR = 512;
    private static final AtomicInteger THREADS = new AtomicInteger();
    /** Buffers of reads a failed ring may still write into: kept reachable for the life of the process. */
    private static final Queue<ReadOp> ABANDONED = new ConcurrentLinkedQueue<>();
    /** Completes futures off the ring's thread; its threads are reused and exit after 10 s without work. */
    private static final Executor DELIVERY = delivery();

    private final UringSyscalls sys;
    private final int queueDepth;
    private final String name;
    private final ConcurrentLinkedQueue<Object> incoming = new ConcurrentLinkedQueue<>();
    /** Set by the ring's thread just before it may block in the kernel; a submitter that clears it wakes the ring. */
    private final AtomicBoolean parked = new AtomicBoolean();
    private final CompletableFuture<Ring> started = new CompletableFuture<>();
    private final LongAdder wakes = new LongAdder();
    private volatile Throwable failure;
    private final Thread thread;

    // Ring-thread state.
    private Ring ring;
    private int eventFd = -1;
    private MemorySegment wakeBuffer;
    private MemorySegment one;
    private boolean wakeArmed;
    private ReadOp[] slots;
    private int[] generations;
    private final ArrayDeque<Integer> freeSlots = new ArrayDeque<>();
    /** Reads whose remainder (after a short read or a retryable error) must be submitted again. */
    private final ArrayDeque<ReadOp> again = new ArrayDeque<>();
    private final List<Runnable> deliveries = new ArrayList<>();
    private int cancelsInKernel;
    /** Reads the kernel holds. */
    private int inKernel;
    private volatile long submissions;
    private volatile long enters;
    private volatile long shortReads;
    private volatile long retries;

    private Reactor(UringSyscalls sys, int queueDepth) {
        this.sys = sys;
        this.queueDepth = queueDepth;
        this.name = "quire-uring-" + THREADS.incrementAndGet();
        this.thread = Thread.ofPlatform().name(name).daemon(true).unstarted(this::run);
    }

    /**
     * Starts a ring of {@code queueDepth} reads in flight on a thread of its own.
     *
     * @throws UnsupportedFeatureException naming the failed call when the ring cannot be set up here
     */
    static Reactor start(UringSyscalls sys, int queueDepth) {
        Reactor reactor = new Reactor(sys, queueDepth);
        reactor.thread.start();
        try {
            reactor.started.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new UnsupportedFeatureException("io_uring cannot be used here: " + cause.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QuireIoException("interrupted while starting an io_uring", e);
        }
        return reactor;
    }

    /** Whether the ring failed (every later read fails at once). */
    boolean failed() {
        return failure != null;
    }

    /** The setup flags and features the kernel granted, named. */
    String describe() {
        return started.join().describe();
    }

    RingStats stats() {
        return new RingStats(submissions, enters, wakes.sum(), shortReads, retries);
    }

    /** Hands a read to the ring; its sink hears of it exactly once, unless it is cancelled first. */
    void submit(ReadOp op) {
        op.owner = this;
        incoming.add(op);
        afterAdding();
    }

    /** Hands several reads to the ring, with at most one wake-up. */
    void submitAll(Collection<ReadOp> ops) {
        if (ops.isEmpty()) {
            return;
        }
        for (ReadOp op : ops) {
            op.owner = this;
        }
        incoming.addAll(ops);
        afterAdding();
    }

    /**
     * Asks the kernel to cancel reads already cancelled by their owner ({@link ReadOp#cancel()}) that it may hold;
     * their completions are dropped whatever the kernel answers.
     */
    static void cancelInKernel(Collection<ReadOp> ops) {
        Set<Reactor> owners = new HashSet<>();
        for (ReadOp op : ops) {
            Reactor owner = op.owner;
            if (owner != null && owner.failure == null) {
                owner.incoming.add(new CancelRequest(op));
                owners.add(owner);
            }
        }
        owners.forEach(Reactor::afterAdding);
    }

    private record CancelRequest(ReadOp op) {}

    private void afterAdding() {
        if (failure != null) {
            // The ring's thread may have drained the queue for the last time already: fail what is left here.
            failQueued();
            return;
        }
        if (parked.get() && parked.compareAndSet(true, false)) {
            wakes.increment();
            long n = sys.signal(eventFd, one);
            if (n < 0) {
                LOG.log(System.Logger.Level.WARNING, () -> name + ": waking the ring failed: " + Libc.describe(
                        (int) -n));
            }
        }
    }

    private void run() {
        try {
            ring = Ring.open(sys, queueDepth + 1);
            if (!ring.supports(UringAbi.OP_READ)) {
                ring.close();
                throw new UnsupportedFeatureException("the kernel's io_uring has no IORING_OP_READ (Linux 5.6+)");
            }
            eventFd = sys.eventfd();
            Arena arena = Arena.ofAuto();
            wakeBuffer = arena.allocate(8, 8);
            one = arena.allocate(8, 8);
            one.set(ValueLayout.JAVA_LONG, 0, 1);
            slots = new ReadOp[queueDepth];
            generations = new int[queueDepth];
            for (int i = 0; i < queueDepth; i++) {
                freeSlots.add(i);
            }
        } catch (RuntimeException | Error e) {
            if (ring != null) {
                ring.close();
            }
            started.completeExceptionally(e);
            return;
        }
        started.complete(ring);
        try {
            loop();
        } catch (Throwable t) {
            fail(t);
        }
    }

    private void loop() {
        while (true) {
            fill();
            ring.publish();
            int pending = ring.unsubmitted();
            // Wait in the kernel unless there is work this thread could move into the ring now.
            boolean canTake = !freeSlots.isEmpty() && cancelsInKernel < queueDepth;
            boolean wait = again.isEmpty() && (incoming.isEmpty() || !canTake);
            int r;
            if (wait) {
                parked.set(true);
                if (canTake && !incoming.isEmpty()) {
                    parked.set(false);
                    wait = false;
                }
            }
            r = ring.enter(pending, wait ? Math.max(1, inKernel / BATCH) : 0, BATCH_WAIT_MICROS);
            enters++;
            parked.set(false);
            if (r < 0 && r != -Errno.ETIME) {
                // (ETIME: a bounded wait ended before its batch was complete; take what completed.)
                int errno = -r;
                if (errno == Errno.EINTR || errno == Errno.EAGAIN || errno == Errno.EBUSY) {
                    // Interrupted, short of memory, or the completion queue overflowed: take what completed and try
                    // again; the entries the kernel did not consume stay in the queue.
                    retries++;
                    if (ring.reap(this::completed) == 0 && errno != Errno.EINTR) {
                        Thread.onSpinWait();
                    }
                } else {
                    throw new ErrnoException("io_uring_enter", name, errno);
                }
            }
            ring.reap(this::completed);
            if (!deliveries.isEmpty()) {
                List<Runnable> batch = List.copyOf(deliveries);
                deliveries.clear();
                DELIVERY.execute(() -> batch.forEach(Runnable::run));
            }
        }
    }

    /** Moves work into submission entries: the wake-up read, remainders, cancellations, then new reads. */
    private void fill() {
        if (!wakeArmed && ring.submissionSpace() > 0) {
            ring.prepareRead(eventFd, wakeBuffer.address(), 8, 0, WAKE);
            wakeArmed = true;
        }
        while (!again.isEmpty() && ring.submissionSpace() > 0) {
            prepare(again.poll());
        }
        while (!freeSlots.isEmpty() && ring.submissionSpace() > 0 && cancelsInKernel < queueDepth) {
            Object next = incoming.poll();
            if (next == null) {
                break;
            }
            if (next instanceof CancelRequest(ReadOp op)) {
                if (op.slot >= 0 && slots[op.slot] == op) {
                    ring.prepareCancel(op.userData, CANCEL);
                    cancelsInKernel++;
                }
                continue;
            }
            ReadOp op = (ReadOp) next;
            if (op.cancelled()) {
                // Never submitted: nothing of it is in the kernel.
                if (op.end()) {
                    op.file.release();
                }
                continue;
            }
            int slot = freeSlots.poll();
            inKernel++;
            generations[slot]++;
            op.slot = slot;
            op.userData = ((long) (generations[slot] & 0x3fffffff) << SLOT_BITS) | slot;
            slots[slot] = op;
            prepare(op);
        }
    }

    /** Prepares the read of what {@code op} still lacks. */
    private void prepare(ReadOp op) {
        long count = Math.min(op.want - op.done, MAX_CALL);
        ring.prepareRead(op.file.descriptor(), op.buffer.address() + op.done, (int) count, op.position + op.done,
                op.userData);
        submissions++;
    }

    /** One completion from the kernel. */
    private void completed(long userData, int result) {
        if (userData == WAKE) {
            wakeArmed = false;
            return;
        }
        if (userData == CANCEL) {
            cancelsInKernel--;
            return;
        }
        int slot = (int) (userData & SLOT_MASK);
        ReadOp op = slot < slots.length ? slots[slot] : null;
        if (op == null || op.userData != userData) {
            LOG.log(System.Logger.Level.WARNING, () -> name + ": a completion for no read in flight (user data "
                    + userData + ")");
            return;
        }
        if (result < 0) {
            int errno = -result;
            if ((errno == Errno.EINTR || errno == Errno.EAGAIN) && !op.cancelled()) {
                retries++;
                again.add(op);
                return;
            }
            finish(op, errno == Errno.ECANCELED && op.cancelled() ? null
                    : new ErrnoException("io_uring read", op.file.path().toString(), errno));
            return;
        }
        if (result == 0) {
            finish(op, op.complete() ? null : op.shrank());
            return;
        }
        long before = op.done;
        op.done += result;
        if (op.done >= op.want || op.cancelled()) {
            finish(op, null);
            return;
        }
        if (op.direct) {
            if (op.complete()) {
                // The file ends inside the last block: everything asked for is there.
                finish(op, null);
                return;
            }
            // O_DIRECT reads must start on a logical block (512 bytes or more; a device's short reads end on one):
            // read a partial one again.
            op.done &= -SECTOR;
            if (op.done <= before) {
                finish(op, op.shrank());
                return;
            }
        }
        shortReads++;
        again.add(op);
    }

    /** The kernel is done with {@code op}: free its slot, release its file, deliver it unless it was cancelled. */
    private void finish(ReadOp op, Throwable error) {
        slots[op.slot] = null;
        freeSlots.add(op.slot);
        inKernel--;
        op.slot = -1;
        Runnable later = end(op, error);
        if (later != null) {
            deliveries.add(later);
        }
    }

    /**
     * Ends {@code op} once its last part is done: releases its file and returns what delivers its result to its sink
     * (null when it was cancelled, when its sink has nothing to run, or while parts of it are still in the kernel).
     */
    private static Runnable end(ReadOp op, Throwable error) {
        boolean wanted = !op.cancelled();
        if (!op.end()) {
            return null;
        }
        // The kernel holds its own reference to the open file; the descriptor can go.
        op.file.release();
        return wanted ? op.sink.finished(op, error) : null;
    }

    /** The ring failed: fail every read, keep the buffers the kernel may still hold, and close the ring. */
    private void fail(Throwable cause) {
        QuireIoException error = cause instanceof QuireIoException q
                ? new QuireIoException("the io_uring of " + name + " failed: " + q.getMessage(), q)
                : new QuireIoException("the io_uring of " + name + " failed: " + cause, cause);
        failure = error;
        LOG.log(System.Logger.Level.WARNING, error.getMessage());
        List<Runnable> later = new ArrayList<>(deliveries);
        deliveries.clear();
        for (int i = 0; i < slots.length; i++) {
            ReadOp op = slots[i];
            if (op == null) {
                continue;
            }
            slots[i] = null;
            // The kernel may still write into this buffer: never let it be freed.
            ABANDONED.add(op);
            Runnable r = end(op, error);
            if (r != null) {
                later.add(r);
            }
        }
        again.clear();
        ring.close();
        // The wake-up counter stays open: a submitter racing with this failure may still write to it, and must never
        // write to a descriptor number the kernel has handed to another file.
        if (!later.isEmpty()) {
            DELIVERY.execute(() -> later.forEach(Runnable::run));
        }
        failQueued();
    }

    /** Fails every read still queued (after the ring failed). */
    private void failQueued() {
        Throwable error = failure;
        Object next;
        while ((next = incoming.poll()) != null) {
            if (next instanceof ReadOp op) {
                Runnable r = end(op, error);
                if (r != null) {
                    DELIVERY.execute(r);
                }
            }
        }
    }

    private static Executor delivery() {
        AtomicInteger count = new AtomicInteger();
        ThreadPoolExecutor executor = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 10, TimeUnit.SECONDS,
                new SynchronousQueue<>(), r -> {
                    Thread t = new Thread(r, "quire-uring-deliver-" + count.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                });
        return executor;
    }
}
