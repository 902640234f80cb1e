package dev.quire.io.uring.sys;

/**
 * The io_uring kernel ABI Quire uses (from {@code include/uapi/linux/io_uring.h}): system call numbers, flags,
 * opcodes and the offsets of the structures shared with the kernel. The same on x86-64 and AArch64.
 */
public final class UringAbi {
    private UringAbi() {}

    // System call numbers (asm-generic numbering, shared by both architectures).
    public static final int SYS_SETUP = 425;
    public static final int SYS_ENTER = 426;
    public static final int SYS_REGISTER = 427;
    /** {@code cachestat(2)}, beside the ring's calls: which pages of a file the page cache holds. */
    public static final int SYS_CACHESTAT = 451;

    // io_uring_setup flags.
    public static final int SETUP_COOP_TASKRUN = 1 << 8;
    public static final int SETUP_TASKRUN_FLAG = 1 << 9;
    public static final int SETUP_SINGLE_ISSUER = 1 << 12;
    public static final int SETUP_DEFER_TASKRUN = 1 << 13;
    public static final int SETUP_NO_SQARRAY = 1 << 16;

    // Features the kernel reports in io_uring_params.features.
    public static final int FEAT_SINGLE_MMAP = 1;
    public static final int FEAT_NODROP = 1 << 1;
    /** {@code io_uring_getevents_arg.min_wait_usec} is honoured (Linux 6.12). */
    public static final int FEAT_MIN_TIMEOUT = 1 << 15;

    // io_uring_enter flags.
    public static final int ENTER_GETEVENTS = 1;
    public static final int ENTER_EXT_ARG = 1 << 3;

    /** {@code struct io_uring_getevents_arg}: 24 bytes. */
    public static final long GETEVENTS_ARG_BYTES = 24;
    public static final long GA_SIGMASK_SZ = 8;
    public static final long GA_MIN_WAIT_USEC = 12;

    // io_uring_register opcodes.
    public static final int REGISTER_PROBE = 8;
    /** {@code io_uring_probe_op.flags}: the opcode is supported. */
    public static final int OP_SUPPORTED = 1;

    // Opcodes.
    public static final int OP_ASYNC_CANCEL = 14;
    public static final int OP_READ = 22;

    // mmap offsets of the rings and the SQE array.
    public static final long OFF_SQ_RING = 0;
    public static final long OFF_CQ_RING = 0x8000000L;
    public static final long OFF_SQES = 0x10000000L;

    /** {@code struct io_uring_params}: 120 bytes. */
    public static final long PARAMS_BYTES = 120;
    public static final long P_SQ_ENTRIES = 0;
    public static final long P_CQ_ENTRIES = 4;
    public static final long P_FLAGS = 8;
    public static final long P_FEATURES = 20;
    /** {@code struct io_sqring_offsets sq_off}, then {@code struct io_cqring_offsets cq_off}, 40 bytes each. */
    public static final long P_SQ_OFF = 40;
    public static final long P_CQ_OFF = 80;
    // Inside io_sqring_offsets.
    public static final long SQ_HEAD = 0;
    public static final long SQ_TAIL = 4;
    public static final long SQ_RING_MASK = 8;
    public static final long SQ_FLAGS = 16;
    public static final long SQ_ARRAY = 24;
    // Inside io_cqring_offsets.
    public static final long CQ_HEAD = 0;
    public static final long CQ_TAIL = 4;
    public static final long CQ_RING_MASK = 8;
    public static final long CQ_CQES = 20;

    /** {@code struct io_uring_sqe}: 64 bytes. */
    public static final long SQE_BYTES = 64;
    public static final long SQE_OPCODE = 0;
    public static final long SQE_FD = 4;
    public static final long SQE_OFF = 8;
    public static final long SQE_ADDR = 16;
    public static final long SQE_LEN = 24;
    public static final long SQE_USER_DATA = 32;

    /** {@code struct io_uring_cqe}: 16 bytes. */
    public static final long CQE_BYTES = 16;
    public static final long CQE_USER_DATA = 0;
    public static final long CQE_RES = 8;

    /** {@code struct io_uring_probe}: a 16-byte header, then 8 bytes per opcode. */
    public static final long PROBE_HEADER_BYTES = 16;
    public static final long PROBE_OP_BYTES = 8;
    public static final long PROBE_OP_FLAGS = 2;
}
