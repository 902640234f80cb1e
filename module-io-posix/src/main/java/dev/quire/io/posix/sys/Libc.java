package dev.quire.io.posix.sys;

import dev.quire.errors.UnsupportedFeatureException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.util.Locale;
import java.util.Optional;

/**
 * Downcalls to libc. Calls that set {@code errno} capture it ({@link Linker.Option#captureCallState}) into a small
 * per-thread segment, so no allocation happens per call. The read calls return the byte count or, on failure, the
 * negated {@code errno} (no exception on the hot path); the others throw an {@link ErrnoException} naming the file.
 *
 * <p>Linux on x86-64 and AArch64 only: the flag values and the {@code struct stat} offsets used here are those of
 * the Linux ABI on these two. Elsewhere every call throws an {@link UnsupportedFeatureException} carrying
 * {@link #unavailableReason()}.
 */
public final class Libc {
    public static final int O_RDONLY = 0;
    public static final int O_CLOEXEC = 0x80000;
    /** {@code preadv2} flag: fail with {@code EAGAIN} rather than wait for the device. */
    public static final int RWF_NOWAIT = 0x8;
    public static final int POSIX_FADV_WILLNEED = 3;
    public static final int POSIX_FADV_DONTNEED = 4;
    public static final int PROT_READ = 0x1;
    public static final int PROT_WRITE = 0x2;
    public static final int MAP_SHARED = 0x01;
    /** {@code mmap} flag: fault the pages in at once (the same value on x86-64 and AArch64). */
    public static final int MAP_POPULATE = 0x8000;
    public static final int EFD_CLOEXEC = 0x80000;

    private Libc() {}

    /** Why libc cannot be called here (not Linux, another architecture, a missing symbol), or empty. */
    public static Optional<String> unavailableReason() {
        return Holder.REASON;
    }

    public static boolean isAvailable() {
        return Holder.REASON.isEmpty();
    }

    /** The {@code O_DIRECT} flag of this architecture. */
    public static int oDirect() {
        return bindings().oDirect;
    }

    /**
     * Opens {@code path} with {@code flags} ({@code O_CLOEXEC} is always added).
     *
     * @return the file descriptor
     * @throws ErrnoException naming {@code path} when the call fails
     */
    public static int open(String path, int flags) {
        Bindings b = bindings();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = Scratch.get().state;
            int fd = (int) b.open.invokeExact(state, arena.allocateFrom(path), flags | O_CLOEXEC, 0);
            if (fd < 0) {
                throw new ErrnoException("open", path, b.errno(state));
            }
            return fd;
        } catch (ErrnoException e) {
            throw e;
        } catch (Throwable t) {
            throw unexpected("open", path, t);
        }
    }

    /** Closes {@code fd}; returns 0 or the {@code errno} (the descriptor is released either way on Linux). */
    public static int close(int fd) {
        Bindings b = bindings();
        try {
            MemorySegment state = Scratch.get().state;
            int r = (int) b.close.invokeExact(state, fd);
            return r == 0 ? 0 : b.errno(state);
        } catch (Throwable t) {
            throw unexpected("close", "descriptor " + fd, t);
        }
    }

    /**
     * One {@code pread} of up to {@code count} bytes at {@code offset} into native memory at {@code buffer}.
     *
     * @return the bytes read (0 at the end of the file), or {@code -errno}
     */
    public static long pread(int fd, MemorySegment buffer, long count, long offset) {
        Bindings b = bindings();
        try {
            MemorySegment state = Scratch.get().state;
            long n = (long) b.pread.invokeExact(state, fd, buffer, count, offset);
            return n >= 0 ? n : -b.errno(state);
        } catch (Throwable t) {
            throw unexpected("pread", "descriptor " + fd, t);
        }
    }

    /**
     * One {@code preadv2} of up to {@code count} bytes at {@code offset} into native memory at {@code buffer} (one
     * {@code iovec}), with {@code flags} such as {@link #RWF_NOWAIT}.
     *
     * @return the bytes read (0 at the end of the file), or {@code -errno}
     */
    public static long preadv2(int fd, MemorySegment buffer, long count, long offset, int flags) {
        Bindings b = bindings();
        try {
            Scratch scratch = Scratch.get();
            MemorySegment iov = scratch.iov;
            iov.set(ValueLayout.ADDRESS, 0, buffer);
            iov.set(ValueLayout.JAVA_LONG, 8, count);
            long n = (long) b.preadv2.invokeExact(scratch.state, fd, iov, 1, offset, flags);
            return n >= 0 ? n : -b.errno(scratch.state);
        } catch (Throwable t) {
            throw unexpected("preadv2", "descriptor " + fd, t);
        }
    }

    /**
     * {@code fstat} of an open file.
     *
     * @throws ErrnoException naming {@code file} when the call fails
     */
    public static FileStat fstat(int fd, String file) {
        Bindings b = bindings();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment state = Scratch.get().state;
            MemorySegment stat = arena.allocate(Bindings.STAT_BYTES, 8);
            int r = (int) b.fstat.invokeExact(state, fd, stat);
            if (r != 0) {
                throw new ErrnoException("fstat", file, b.errno(state));
            }
            return new FileStat(stat.get(ValueLayout.JAVA_LONG, 0), stat.get(ValueLayout.JAVA_LONG, 8),
                    stat.get(ValueLayout.JAVA_INT, b.modeOffset), stat.get(ValueLayout.JAVA_LONG, Bindings.SIZE_OFFSET));
        } catch (ErrnoException e) {
            throw e;
        } catch (Throwable t) {
            throw unexpected("fstat", file, t);
        }
    }

    /**
     * {@code posix_fadvise(fd, offset, length, advice)}.
     *
     * @throws ErrnoException naming {@code file} when the advice fails
     */
    public static void fadvise(int fd, long offset, long length, int advice, String file) {
        Bindings b = bindings();
        int e;
        try {
            // posix_fadvise returns the error number instead of setting errno.
            e = (int) b.fadvise.invokeExact(fd, offset, length, advice);
        } catch (Throwable t) {
            throw unexpected("posix_fadvise", file, t);
        }
        if (e != 0) {
            throw new ErrnoException("posix_fadvise", file, e);
        }
    }

    /**
     * A raw system call, {@code syscall(number, a1, ..., a6)}: the way to reach calls libc has no wrapper for
     * ({@code io_uring_setup}, {@code io_uring_enter}, {@code io_uring_register}). Pointers are passed as their
     * addresses; the caller keeps the memory they point to reachable for the length of the call. Unused arguments
     * are ignored by the kernel.
     *
     * @return the call's non-negative result, or {@code -errno}
     */
    public static long syscall(long number, long a1, long a2, long a3, long a4, long a5, long a6) {
        Bindings b = bindings();
        try {
            MemorySegment state = Scratch.get().state;
            long r = (long) b.syscall.invokeExact(state, number, a1, a2, a3, a4, a5, a6);
            return r >= 0 ? r : -b.errno(state);
        } catch (Throwable t) {
            throw unexpected("syscall " + number, "the kernel", t);
        }
    }

    /**
     * Maps {@code length} bytes of {@code fd} from {@code offset} ({@code mmap(NULL, length, prot, flags, fd,
     * offset)}). The segment is not tied to an arena: the caller unmaps it with {@link #munmap} exactly once and
     * touches it no more after that.
     *
     * @throws ErrnoException naming {@code what} when the call fails
     */
    @SuppressWarnings("restricted")
    public static MemorySegment mmap(long length, int prot, int flags, int fd, long offset, String what) {
        Bindings b = bindings();
        MemorySegment address;
        int errno;
        try {
            MemorySegment state = Scratch.get().state;
            address = (MemorySegment) b.mmap.invokeExact(state, MemorySegment.NULL, length, prot, flags, fd, offset);
            errno = b.errno(state);
        } catch (Throwable t) {
            throw unexpected("mmap", what, t);
        }
        if (address.address() == -1L) {
            throw new ErrnoException("mmap", what, errno);
        }
        return address.reinterpret(length);
    }

    /** Unmaps what {@link #mmap} mapped; returns 0 or the {@code errno}. */
    public static int munmap(MemorySegment mapping) {
        Bindings b = bindings();
        try {
            MemorySegment state = Scratch.get().state;
            int r = (int) b.munmap.invokeExact(state, mapping, mapping.byteSize());
            return r == 0 ? 0 : b.errno(state);
        } catch (Throwable t) {
            throw unexpected("munmap", "a mapping of " + mapping.byteSize() + " bytes", t);
        }
    }

    /**
     * A new event counter ({@code eventfd(initial, flags)}; {@code O_CLOEXEC} is not implied, pass
     * {@link #EFD_CLOEXEC}).
     *
     * @return the file descriptor
     * @throws ErrnoException when the call fails
     */
    public static int eventfd(int initial, int flags) {
        Bindings b = bindings();
        try {
            MemorySegment state = Scratch.get().state;
            int fd = (int) b.eventfd.invokeExact(state, initial, flags);
            if (fd < 0) {
                throw new ErrnoException("eventfd", "a new event counter", b.errno(state));
            }
            return fd;
        } catch (ErrnoException e) {
            throw e;
        } catch (Throwable t) {
            throw unexpected("eventfd", "a new event counter", t);
        }
    }

    /**
     * One {@code write} of {@code count} bytes from native memory at {@code buffer} to {@code fd}.
     *
     * @return the bytes written, or {@code -errno}
     */
    public static long write(int fd, MemorySegment buffer, long count) {
        Bindings b = bindings();
        try {
            MemorySegment state = Scratch.get().state;
            long n = (long) b.write.invokeExact(state, fd, buffer, count);
            return n >= 0 ? n : -b.errno(state);
        } catch (Throwable t) {
            throw unexpected("write", "descriptor " + fd, t);
        }
    }

    /** The {@code strerror} text of {@code errno} with its number, such as {@code No such file (errno 2, ENOENT)}. */
    public static String describe(int errno) {
        String suffix = " (errno " + errno + (Errno.name(errno).startsWith("errno") ? "" : ", " + Errno.name(errno))
                + ")";
        if (!isAvailable()) {
            return "error" + suffix;
        }
        try {
            MemorySegment text = (MemorySegment) Holder.BINDINGS.strerror.invokeExact(errno);
            return readCString(text) + suffix;
        } catch (Throwable t) {
            return "error" + suffix;
        }
    }

    @SuppressWarnings("restricted")
    private static String readCString(MemorySegment text) {
        return text.equals(MemorySegment.NULL) ? "error" : text.reinterpret(1024).getString(0);
    }

    private static Bindings bindings() {
        Bindings b = Holder.BINDINGS;
        if (b == null) {
            throw new UnsupportedFeatureException("libc calls are not available here: " + Holder.REASON.orElseThrow());
        }
        return b;
    }

    /** What to throw when a downcall itself failed: errors and unchecked exceptions as they are, else a bug. */
    private static RuntimeException unexpected(String call, String what, Throwable t) {
        if (t instanceof Error err) {
            throw err;
        }
        if (t instanceof RuntimeException re && !(t instanceof IllegalArgumentException)) {
            return re;
        }
        // A bad argument to the downcall (a heap segment, say): a bug in this module, reported with the call.
        return new IllegalStateException("calling " + call + " on " + what + " failed: " + t, t);
    }

    /** Made once, on first use; a failure (wrong OS or architecture, a missing symbol) becomes the reason. */
    private static final class Holder {
        static final Bindings BINDINGS;
        static final Optional<String> REASON;

        static {
            Bindings b = null;
            String reason;
            try {
                b = new Bindings();
                reason = null;
            } catch (UnsupportedOperationException e) {
                reason = e.getMessage();
            } catch (RuntimeException | LinkageError e) {
                reason = "binding libc failed: " + e;
            }
            BINDINGS = b;
            REASON = Optional.ofNullable(reason);
        }
    }

    private static final class Bindings {
        /** Larger than {@code struct stat} on both architectures (144 and 128 bytes). */
        static final long STAT_BYTES = 256;
        /** {@code st_size} sits at the same offset on x86-64 and AArch64. */
        static final long SIZE_OFFSET = 48;

        final MethodHandle open;
        final MethodHandle close;
        final MethodHandle pread;
        final MethodHandle preadv2;
        final MethodHandle fstat;
        final MethodHandle fadvise;
        final MethodHandle strerror;
        final MethodHandle syscall;
        final MethodHandle mmap;
        final MethodHandle munmap;
        final MethodHandle eventfd;
        final MethodHandle write;
        final VarHandle errno;
        final int oDirect;
        final long modeOffset;

        // Restricted methods: the JVM enables native access for this module (--enable-native-access).
        @SuppressWarnings("restricted")
        Bindings() {
            String os = System.getProperty("os.name", "");
            if (!os.toLowerCase(Locale.ROOT).startsWith("linux")) {
                throw new UnsupportedOperationException("needs Linux; this is " + os);
            }
            String arch = System.getProperty("os.arch", "");
            switch (arch) {
                case "amd64", "x86_64" -> {
                    oDirect = 0x4000;
                    modeOffset = 24;
                }
                case "aarch64" -> {
                    oDirect = 0x10000;
                    modeOffset = 16;
                }
                default -> throw new UnsupportedOperationException("needs x86-64 or AArch64 Linux; this is " + arch);
            }
            Linker linker = Linker.nativeLinker();
            SymbolLookup libc = linker.defaultLookup();
            StructLayout stateLayout = Linker.Option.captureStateLayout();
            errno = stateLayout.varHandle(MemoryLayout.PathElement.groupElement("errno"));
            Linker.Option captureErrno = Linker.Option.captureCallState("errno");
            ValueLayout i32 = ValueLayout.JAVA_INT;
            ValueLayout i64 = ValueLayout.JAVA_LONG;
            ValueLayout ptr = ValueLayout.ADDRESS;
            // open is variadic: the mode (unused without O_CREAT) is its first variadic argument.
            open = linker.downcallHandle(find(libc, "open"), FunctionDescriptor.of(i32, ptr, i32, i32),
                    Linker.Option.firstVariadicArg(2), captureErrno);
            close = linker.downcallHandle(find(libc, "close"), FunctionDescriptor.of(i32, i32), captureErrno);
            pread = linker.downcallHandle(find(libc, "pread"), FunctionDescriptor.of(i64, i32, ptr, i64, i64),
                    captureErrno);
            preadv2 = linker.downcallHandle(find(libc, "preadv2"),
                    FunctionDescriptor.of(i64, i32, ptr, i32, i64, i32), captureErrno);
            fstat = linker.downcallHandle(find(libc, "fstat"), FunctionDescriptor.of(i32, i32, ptr), captureErrno);
            fadvise = linker.downcallHandle(find(libc, "posix_fadvise"), FunctionDescriptor.of(i32, i32, i64, i64,
                    i32));
            strerror = linker.downcallHandle(find(libc, "strerror"), FunctionDescriptor.of(ptr, i32));
            // syscall is variadic after the number; every argument is passed as a 64-bit word.
            syscall = linker.downcallHandle(find(libc, "syscall"),
                    FunctionDescriptor.of(i64, i64, i64, i64, i64, i64, i64, i64), Linker.Option.firstVariadicArg(1),
                    captureErrno);
            mmap = linker.downcallHandle(find(libc, "mmap"), FunctionDescriptor.of(ptr, ptr, i64, i32, i32, i32, i64),
                    captureErrno);
            munmap = linker.downcallHandle(find(libc, "munmap"), FunctionDescriptor.of(i32, ptr, i64), captureErrno);
            eventfd = linker.downcallHandle(find(libc, "eventfd"), FunctionDescriptor.of(i32, i32, i32),
                    captureErrno);
            write = linker.downcallHandle(find(libc, "write"), FunctionDescriptor.of(i64, i32, ptr, i64),
                    captureErrno);
        }

        int errno(MemorySegment state) {
            return (int) errno.get(state, 0L);
        }

        private static MemorySegment find(SymbolLookup lookup, String name) {
            return lookup.find(name).orElseThrow(() -> new UnsupportedOperationException("libc has no " + name));
        }
    }

    /** Per-thread memory for the captured {@code errno} and one {@code iovec}. */
    private static final class Scratch {
        private static final ThreadLocal<Scratch> CURRENT = ThreadLocal.withInitial(Scratch::new);

        final MemorySegment state;
        final MemorySegment iov;

        private Scratch() {
            Arena arena = Arena.ofAuto();
            state = arena.allocate(Linker.Option.captureStateLayout());
            iov = arena.allocate(16, 8);
        }

        static Scratch get() {
            return CURRENT.get();
        }
    }
}
