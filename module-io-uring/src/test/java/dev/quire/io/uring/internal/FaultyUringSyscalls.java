package dev.quire.io.uring.internal;

import dev.quire.io.uring.sys.UringAbi;
import dev.quire.io.uring.sys.UringSyscalls;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The kernel's io_uring with faults put in between, as a machine rarely produces them: {@code io_uring_setup} refused
 * with an errno, or with {@code EINVAL} for some setup flags; {@code io_uring_enter} answering {@code EINTR},
 * {@code EAGAIN} or {@code EBUSY} a number of times, or failing for good after some calls; reads shortened (the
 * submission entries' lengths halved before the kernel sees them, so it really reads less); and completions rewritten
 * to an errno after the kernel posted them.
 */
final class FaultyUringSyscalls implements UringSyscalls {
    private final UringSyscalls real = UringSyscalls.kernel();
    private final Arena arena = Arena.ofAuto();

    volatile int setupErrno;
    volatile int refusedSetupFlags;
    /** Errno {@link #enter} answers, without calling the kernel, while {@link #transientEnters} is positive. */
    volatile int transientErrno;
    final AtomicInteger transientEnters = new AtomicInteger();
    /** After this many enters, every enter fails with {@link #fatalErrno}; negative for never. */
    volatile int failAfterEnters = -1;
    volatile int fatalErrno;
    final AtomicInteger enters = new AtomicInteger();
    volatile boolean shortReads;
    /** Answers bounded waits ({@code IORING_ENTER_EXT_ARG}) with {@code EINVAL}, counting them. */
    volatile boolean refuseBoundedWaits;
    final AtomicInteger refusedWaits = new AtomicInteger();
    final AtomicInteger boundedWaits = new AtomicInteger();
    /** Errno written over the result of this many successful read completions. */
    final AtomicInteger rewrittenCompletions = new AtomicInteger();
    volatile int completionErrno;
    final AtomicInteger shortened = new AtomicInteger();
    /** Errno {@link #cachestat} answers without calling the kernel; 0 for the kernel's answer. */
    volatile int cachestatErrno;
    /** Answers {@link #cachestat} with no page cached, as if the file had just been evicted. */
    volatile boolean nothingCached;
    final AtomicInteger cachestats = new AtomicInteger();

    private MemorySegment params;
    private MemorySegment rings;
    private MemorySegment sqes;

    @Override
    public int setup(int entries, MemorySegment p) {
        if (setupErrno != 0) {
            return -setupErrno;
        }
        if ((p.get(ValueLayout.JAVA_INT, UringAbi.P_FLAGS) & refusedSetupFlags) != 0) {
            return -22;
        }
        int fd = real.setup(entries, p);
        if (fd >= 0) {
            params = arena.allocate(UringAbi.PARAMS_BYTES).copyFrom(p);
        }
        return fd;
    }

    @Override
    public MemorySegment mmap(int ring, long length, long offset) {
        MemorySegment m = real.mmap(ring, length, offset);
        if (offset == UringAbi.OFF_SQ_RING) {
            rings = m;
        } else if (offset == UringAbi.OFF_SQES) {
            sqes = m;
        }
        return m;
    }

    @Override
    public int enter(int ring, int toSubmit, int minComplete, int flags, MemorySegment arg, long argSize) {
        int n = enters.incrementAndGet();
        if (failAfterEnters >= 0 && n > failAfterEnters) {
            return -fatalErrno;
        }
        if (transientEnters.getAndDecrement() > 0) {
            return -transientErrno;
        }
        if ((flags & UringAbi.ENTER_EXT_ARG) != 0) {
            boundedWaits.incrementAndGet();
            if (refuseBoundedWaits) {
                refusedWaits.incrementAndGet();
                return -22;
            }
        }
        if (shortReads) {
            shorten(toSubmit);
        }
        int r = real.enter(ring, toSubmit, minComplete, flags, arg, argSize);
        if (rewrittenCompletions.get() > 0) {
            rewrite();
        }
        return r;
    }

    /** Halves the length of the reads about to be submitted (the wake-up read of 8 bytes is left alone). */
    private void shorten(int toSubmit) {
        int head = rings.get(ValueLayout.JAVA_INT, sq(UringAbi.SQ_HEAD));
        int mask = rings.get(ValueLayout.JAVA_INT, sq(UringAbi.SQ_RING_MASK));
        for (int i = head; i != head + toSubmit; i++) {
            MemorySegment sqe = sqes.asSlice(UringAbi.SQE_BYTES * (i & mask), UringAbi.SQE_BYTES);
            int len = sqe.get(ValueLayout.JAVA_INT, UringAbi.SQE_LEN);
            // Halved to a multiple of 512 bytes, as a device's short O_DIRECT reads are.
            if (sqe.get(ValueLayout.JAVA_BYTE, UringAbi.SQE_OPCODE) == UringAbi.OP_READ && len >= 1024) {
                sqe.set(ValueLayout.JAVA_INT, UringAbi.SQE_LEN, (len / 2) & -512);
                shortened.incrementAndGet();
            }
        }
    }

    /** Writes {@link #completionErrno} over the results of successful reads among the ready completions. */
    private void rewrite() {
        int head = rings.get(ValueLayout.JAVA_INT, cq(UringAbi.CQ_HEAD));
        int tail = rings.get(ValueLayout.JAVA_INT, cq(UringAbi.CQ_TAIL));
        int mask = rings.get(ValueLayout.JAVA_INT, cq(UringAbi.CQ_RING_MASK));
        for (int i = head; i != tail; i++) {
            long cqe = cq(UringAbi.CQ_CQES) + UringAbi.CQE_BYTES * (i & mask);
            long userData = rings.get(ValueLayout.JAVA_LONG, cqe + UringAbi.CQE_USER_DATA);
            int res = rings.get(ValueLayout.JAVA_INT, cqe + UringAbi.CQE_RES);
            if (userData >= 0 && res > 0 && rewrittenCompletions.getAndDecrement() > 0) {
                rings.set(ValueLayout.JAVA_INT, cqe + UringAbi.CQE_RES, -completionErrno);
            }
        }
    }

    private long sq(long field) {
        return Integer.toUnsignedLong(params.get(ValueLayout.JAVA_INT, UringAbi.P_SQ_OFF + field));
    }

    private long cq(long field) {
        return Integer.toUnsignedLong(params.get(ValueLayout.JAVA_INT, UringAbi.P_CQ_OFF + field));
    }

    @Override
    public int register(int ring, int opcode, MemorySegment arg, int count) {
        return real.register(ring, opcode, arg, count);
    }

    @Override
    public int munmap(MemorySegment mapping) {
        return real.munmap(mapping);
    }

    @Override
    public int eventfd() {
        return real.eventfd();
    }

    @Override
    public long signal(int eventFd, MemorySegment one) {
        return real.signal(eventFd, one);
    }

    @Override
    public int close(int fd) {
        return real.close(fd);
    }

    @Override
    public int cachestat(int fd, MemorySegment range, MemorySegment result) {
        cachestats.incrementAndGet();
        if (cachestatErrno != 0) {
            return -cachestatErrno;
        }
        int r = real.cachestat(fd, range, result);
        if (r == 0 && nothingCached) {
            result.fill((byte) 0);
        }
        return r;
    }
}
