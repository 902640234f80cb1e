package dev.quire.io.uring.sys;

import dev.quire.io.posix.sys.Errno;
import dev.quire.io.posix.sys.ErrnoException;
import dev.quire.io.posix.sys.Libc;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * One io_uring: its descriptor, and its submission queue, completion queue and submission-entry array mapped into this
 * process. The indices the kernel writes (the submission head, the completion tail) are loaded with acquire semantics
 * and the ones this side writes (the submission tail, the completion head) stored with release semantics, through
 * {@link VarHandle}s on the mapped segments, so an entry is complete before the kernel can see it and a completion is
 * read only after the kernel published it.
 *
 * <p>Not thread-safe: one thread prepares, submits and reaps (which is also what {@code IORING_SETUP_SINGLE_ISSUER}
 * and {@code IORING_SETUP_DEFER_TASKRUN} require: create the ring on that thread).
 */
public final class Ring implements AutoCloseable {
    private static final VarHandle INT = ValueLayout.JAVA_INT.varHandle();

    /**
     * The setup flags tried, best first; a kernel that refuses one set with {@code EINVAL} gets the next. Each is
     * tried, not inferred from the kernel's version: a backport or a security module can change what works.
     */
    private static final int[] FLAG_SETS = {
        UringAbi.SETUP_SINGLE_ISSUER | UringAbi.SETUP_DEFER_TASKRUN | UringAbi.SETUP_NO_SQARRAY,
        UringAbi.SETUP_SINGLE_ISSUER | UringAbi.SETUP_DEFER_TASKRUN,
        UringAbi.SETUP_SINGLE_ISSUER | UringAbi.SETUP_COOP_TASKRUN | UringAbi.SETUP_TASKRUN_FLAG,
        UringAbi.SETUP_COOP_TASKRUN | UringAbi.SETUP_TASKRUN_FLAG,
        0,
    };

    /** Receives the completions {@link #reap} takes, in the order the kernel posted them. */
    @FunctionalInterface
    public interface Completions {
        void complete(long userData, int result);
    }

    private final UringSyscalls sys;
    private final int fd;
    private final int setupFlags;
    private final int features;
    private final int sqEntries;
    private final int cqEntries;
    private final List<MemorySegment> mappings;
    private final MemorySegment sq;
    private final MemorySegment cq;
    private final MemorySegment sqes;
    private final long sqHead;
    private final long sqTail;
    private final int sqMask;
    private final long cqHead;
    private final long cqTail;
    private final int cqMask;
    private final long cqes;
    /** The submission tail as prepared here; published to the kernel by {@link #publish()}. */
    private int sqTailLocal;
    /** The argument of bounded waits ({@code io_uring_getevents_arg}), while the kernel honours them; else null. */
    private MemorySegment waitArg;
    private boolean closed;

    private Ring(UringSyscalls sys, int fd, int setupFlags, MemorySegment params, List<MemorySegment> mappings,
            MemorySegment sq, MemorySegment cq, MemorySegment sqes) {
        this.sys = sys;
        this.fd = fd;
        this.setupFlags = setupFlags;
        this.features = params.get(ValueLayout.JAVA_INT, UringAbi.P_FEATURES);
        this.sqEntries = params.get(ValueLayout.JAVA_INT, UringAbi.P_SQ_ENTRIES);
        this.cqEntries = params.get(ValueLayout.JAVA_INT, UringAbi.P_CQ_ENTRIES);
        this.mappings = mappings;
        this.sq = sq;
        this.cq = cq;
        this.sqes = sqes;
        this.sqHead = sqOffset(params, UringAbi.SQ_HEAD);
        this.sqTail = sqOffset(params, UringAbi.SQ_TAIL);
        this.sqMask = sq.get(ValueLayout.JAVA_INT, sqOffset(params, UringAbi.SQ_RING_MASK));
        this.cqHead = cqOffset(params, UringAbi.CQ_HEAD);
        this.cqTail = cqOffset(params, UringAbi.CQ_TAIL);
        this.cqMask = cq.get(ValueLayout.JAVA_INT, cqOffset(params, UringAbi.CQ_RING_MASK));
        this.cqes = cqOffset(params, UringAbi.CQ_CQES);
        this.sqTailLocal = (int) INT.getAcquire(sq, sqTail);
        if ((features & UringAbi.FEAT_MIN_TIMEOUT) != 0) {
            waitArg = Arena.ofAuto().allocate(UringAbi.GETEVENTS_ARG_BYTES, 8);
            waitArg.set(ValueLayout.JAVA_INT, UringAbi.GA_SIGMASK_SZ, 8);
        }
        if ((setupFlags & UringAbi.SETUP_NO_SQARRAY) == 0) {
            // The indirection array maps each slot to the entry of the same index, once and for all.
            long array = sqOffset(params, UringAbi.SQ_ARRAY);
            for (int i = 0; i < sqEntries; i++) {
                sq.set(ValueLayout.JAVA_INT, array + 4L * i, i);
            }
        }
    }

    /**
     * Sets up a ring of at least {@code entries} submission entries (the kernel rounds up to a power of two; the
     * completion queue gets twice as many), with the best setup flags the kernel accepts, and maps it.
     *
     * @throws ErrnoException naming {@code io_uring_setup} and the errno when the kernel refuses every flag set for
     *     another reason than {@code EINVAL} ({@code ENOSYS}, {@code EPERM}, {@code ENOMEM}), or naming {@code mmap}
     *     when the mapping fails
     */
    public static Ring open(UringSyscalls sys, int entries) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment params = arena.allocate(UringAbi.PARAMS_BYTES, 8);
            int errno = Errno.EINVAL;
            for (int flags : FLAG_SETS) {
                params.fill((byte) 0);
                params.set(ValueLayout.JAVA_INT, UringAbi.P_FLAGS, flags);
                int fd = sys.setup(entries, params);
                if (fd >= 0) {
                    return map(sys, fd, flags, params);
                }
                errno = -fd;
                if (errno != Errno.EINVAL) {
                    break;
                }
            }
            throw new ErrnoException("io_uring_setup", "a ring of " + entries + " entries", errno);
        }
    }

    private static Ring map(UringSyscalls sys, int fd, int flags, MemorySegment params) {
        int features = params.get(ValueLayout.JAVA_INT, UringAbi.P_FEATURES);
        int sqEntries = params.get(ValueLayout.JAVA_INT, UringAbi.P_SQ_ENTRIES);
        int cqEntries = params.get(ValueLayout.JAVA_INT, UringAbi.P_CQ_ENTRIES);
        long sqBytes = (flags & UringAbi.SETUP_NO_SQARRAY) != 0 ? 0
                : sqOffset(params, UringAbi.SQ_ARRAY) + 4L * sqEntries;
        long cqBytes = cqOffset(params, UringAbi.CQ_CQES) + UringAbi.CQE_BYTES * cqEntries;
        List<MemorySegment> mappings = new ArrayList<>(3);
        try {
            MemorySegment sq;
            MemorySegment cq;
            if ((features & UringAbi.FEAT_SINGLE_MMAP) != 0) {
                sq = sys.mmap(fd, Math.max(sqBytes, cqBytes), UringAbi.OFF_SQ_RING);
                mappings.add(sq);
                cq = sq;
            } else {
                sq = sys.mmap(fd, Math.max(sqBytes, sqOffset(params, UringAbi.SQ_FLAGS) + 4), UringAbi.OFF_SQ_RING);
                mappings.add(sq);
                cq = sys.mmap(fd, cqBytes, UringAbi.OFF_CQ_RING);
                mappings.add(cq);
            }
            MemorySegment sqes = sys.mmap(fd, UringAbi.SQE_BYTES * sqEntries, UringAbi.OFF_SQES);
            mappings.add(sqes);
            return new Ring(sys, fd, flags, params, List.copyOf(mappings), sq, cq, sqes);
        } catch (RuntimeException e) {
            mappings.forEach(sys::munmap);
            sys.close(fd);
            throw e;
        }
    }

    private static long sqOffset(MemorySegment params, long field) {
        return Integer.toUnsignedLong(params.get(ValueLayout.JAVA_INT, UringAbi.P_SQ_OFF + field));
    }

    private static long cqOffset(MemorySegment params, long field) {
        return Integer.toUnsignedLong(params.get(ValueLayout.JAVA_INT, UringAbi.P_CQ_OFF + field));
    }

    /** The setup flags the kernel accepted. */
    public int setupFlags() {
        return setupFlags;
    }

    /** The features the kernel reported ({@code IORING_FEAT_*}). */
    public int features() {
        return features;
    }

    public int submissionEntries() {
        return sqEntries;
    }

    public int completionEntries() {
        return cqEntries;
    }

    /** The setup flags and features, named: {@code SINGLE_ISSUER, DEFER_TASKRUN, NO_SQARRAY; NODROP}. */
    public String describe() {
        return describe(setupFlags, features);
    }

    /** {@link #describe()} of the given flags and features. */
    public static String describe(int setupFlags, int features) {
        List<String> names = new ArrayList<>();
        if ((setupFlags & UringAbi.SETUP_SINGLE_ISSUER) != 0) {
            names.add("SINGLE_ISSUER");
        }
        if ((setupFlags & UringAbi.SETUP_DEFER_TASKRUN) != 0) {
            names.add("DEFER_TASKRUN");
        }
        if ((setupFlags & UringAbi.SETUP_COOP_TASKRUN) != 0) {
            names.add("COOP_TASKRUN");
        }
        if ((setupFlags & UringAbi.SETUP_NO_SQARRAY) != 0) {
            names.add("NO_SQARRAY");
        }
        String setup = names.isEmpty() ? "no setup flags" : String.join(", ", names);
        return setup + "; " + ((features & UringAbi.FEAT_NODROP) != 0 ? "NODROP" : "no NODROP")
                + ((features & UringAbi.FEAT_MIN_TIMEOUT) != 0 ? ", MIN_TIMEOUT" : "");
    }

    /** Whether the kernel supports {@code opcode} on this ring ({@code IORING_REGISTER_PROBE}). */
    public boolean supports(int opcode) {
        try (Arena arena = Arena.ofConfined()) {
            int ops = 256;
            MemorySegment probe = arena.allocate(UringAbi.PROBE_HEADER_BYTES + UringAbi.PROBE_OP_BYTES * ops, 8);
            int r = sys.register(fd, UringAbi.REGISTER_PROBE, probe, ops);
            if (r < 0) {
                // Kernels before 5.6 have no probe, and none of the opcodes used here either.
                return false;
            }
            int last = Byte.toUnsignedInt(probe.get(ValueLayout.JAVA_BYTE, 0));
            if (opcode > last) {
                return false;
            }
            long op = UringAbi.PROBE_HEADER_BYTES + UringAbi.PROBE_OP_BYTES * opcode;
            return (probe.get(ValueLayout.JAVA_SHORT_UNALIGNED, op + UringAbi.PROBE_OP_FLAGS)
                    & UringAbi.OP_SUPPORTED) != 0;
        }
    }

    /** Free submission slots: entries neither prepared nor still waiting for the kernel to consume them. */
    public int submissionSpace() {
        return sqEntries - (sqTailLocal - (int) INT.getAcquire(sq, sqHead));
    }

    /** Entries prepared (published or not) that the kernel has not consumed yet. */
    public int unsubmitted() {
        return sqTailLocal - (int) INT.getAcquire(sq, sqHead);
    }

    /**
     * Prepares an {@code IORING_OP_READ} of {@code length} bytes at {@code offset} of {@code fileFd} into native memory
     * at {@code address}; the caller checked {@link #submissionSpace()}.
     */
    public void prepareRead(int fileFd, long address, int length, long offset, long userData) {
        MemorySegment sqe = nextEntry();
        sqe.set(ValueLayout.JAVA_BYTE, UringAbi.SQE_OPCODE, (byte) UringAbi.OP_READ);
        sqe.set(ValueLayout.JAVA_INT, UringAbi.SQE_FD, fileFd);
        sqe.set(ValueLayout.JAVA_LONG, UringAbi.SQE_OFF, offset);
        sqe.set(ValueLayout.JAVA_LONG, UringAbi.SQE_ADDR, address);
        sqe.set(ValueLayout.JAVA_INT, UringAbi.SQE_LEN, length);
        sqe.set(ValueLayout.JAVA_LONG, UringAbi.SQE_USER_DATA, userData);
    }

    /** Prepares an {@code IORING_OP_ASYNC_CANCEL} of the request with {@code target} as its user data. */
    public void prepareCancel(long target, long userData) {
        MemorySegment sqe = nextEntry();
        sqe.set(ValueLayout.JAVA_BYTE, UringAbi.SQE_OPCODE, (byte) UringAbi.OP_ASYNC_CANCEL);
        sqe.set(ValueLayout.JAVA_INT, UringAbi.SQE_FD, -1);
        sqe.set(ValueLayout.JAVA_LONG, UringAbi.SQE_ADDR, target);
        sqe.set(ValueLayout.JAVA_LONG, UringAbi.SQE_USER_DATA, userData);
    }

    private MemorySegment nextEntry() {
        if (submissionSpace() <= 0) {
            throw new IllegalStateException("the submission queue is full");
        }
        MemorySegment sqe = sqes.asSlice(UringAbi.SQE_BYTES * (sqTailLocal & sqMask), UringAbi.SQE_BYTES);
        sqe.fill((byte) 0);
        sqTailLocal++;
        return sqe;
    }

    /** Makes the prepared entries visible to the kernel (a release store of the submission tail). */
    public void publish() {
        INT.setRelease(sq, sqTail, sqTailLocal);
    }

    /**
     * {@code io_uring_enter} with {@code IORING_ENTER_GETEVENTS}: submits up to {@code toSubmit} published entries
     * and waits until at least {@code minComplete} completions are ready.
     *
     * @return the entries consumed, or {@code -errno} ({@code EINTR}, {@code EAGAIN}, {@code EBUSY} are the caller's
     *     to retry)
     */
    public int enter(int toSubmit, int minComplete) {
        return sys.enter(fd, toSubmit, minComplete, UringAbi.ENTER_GETEVENTS, MemorySegment.NULL, 0);
    }

    /**
     * {@link #enter}, but once {@code minWaitMicros} have passed, returns as soon as one completion is ready even if
     * fewer than {@code minComplete} are: a batch is waited for only that long. Where the kernel has no such wait
     * ({@code IORING_FEAT_MIN_TIMEOUT}, Linux 6.12), or refuses it, this is {@link #enter}.
     */
    public int enter(int toSubmit, int minComplete, int minWaitMicros) {
        MemorySegment arg = waitArg;
        if (arg == null || minComplete <= 1) {
            return enter(toSubmit, minComplete);
        }
        arg.set(ValueLayout.JAVA_INT, UringAbi.GA_MIN_WAIT_USEC, minWaitMicros);
        int r = sys.enter(fd, toSubmit, minComplete, UringAbi.ENTER_GETEVENTS | UringAbi.ENTER_EXT_ARG, arg,
                UringAbi.GETEVENTS_ARG_BYTES);
        if (r == -Errno.EINVAL) {
            // The kernel reported the feature but refuses the argument: wait as before from now on.
            waitArg = null;
            return enter(toSubmit, minComplete);
        }
        return r;
    }

    /** Hands every ready completion to {@code sink}, then frees their slots; returns how many there were. */
    public int reap(Completions sink) {
        int head = (int) INT.getAcquire(cq, cqHead);
        int tail = (int) INT.getAcquire(cq, cqTail);
        int n = tail - head;
        for (int i = head; i != tail; i++) {
            long cqe = cqes + UringAbi.CQE_BYTES * (i & cqMask);
            sink.complete(cq.get(ValueLayout.JAVA_LONG, cqe + UringAbi.CQE_USER_DATA),
                    cq.get(ValueLayout.JAVA_INT, cqe + UringAbi.CQE_RES));
        }
        if (n != 0) {
            INT.setRelease(cq, cqHead, tail);
        }
        return n;
    }

    /**
     * Unmaps the rings and closes the descriptor; the kernel then cancels what is in flight. The caller must keep the
     * buffers of requests still in flight alive: the kernel may write into them until their completions would have
     * arrived. Idempotent.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (MemorySegment mapping : mappings) {
            sys.munmap(mapping);
        }
        int e = sys.close(fd);
        if (e != 0) {
            System.getLogger(Ring.class.getName()).log(System.Logger.Level.DEBUG,
                    () -> "close of io_uring descriptor " + fd + " reported " + Libc.describe(e));
        }
    }
}
