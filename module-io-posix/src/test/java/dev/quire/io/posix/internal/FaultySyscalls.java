package dev.quire.io.posix.internal;

import dev.quire.io.posix.sys.ErrnoException;
import dev.quire.io.posix.sys.FileStat;
import dev.quire.io.posix.sys.Libc;
import dev.quire.io.posix.sys.Syscalls;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Real libc calls with answers of the test's choosing put in between: what a kernel without {@code preadv2}, a file
 * system without {@code RWF_NOWAIT} or one that refuses {@code O_DIRECT} would say. Counts the calls and remembers
 * which descriptors it opened and closed.
 */
final class FaultySyscalls implements Syscalls {
    private final Syscalls real = Syscalls.libc();

    /** The {@code errno} every {@code preadv2} fails with (0: pass it through), for descriptors whose device fails. */
    volatile int preadv2Errno;
    /** Which devices {@link #preadv2Errno} applies to; null for all. */
    volatile Set<Long> failingDevices;
    /** The {@code errno} an open with {@code O_DIRECT} fails with (0: pass it through). */
    volatile int directOpenErrno;
    /** Open {@code O_DIRECT} files buffered, but answer their reads with {@code EINVAL}. */
    volatile boolean refuseDirectReads;
    /** The {@code errno} the next {@code pread}s fail with, as many times as {@link #preadFailures} says. */
    volatile int preadErrno;
    final AtomicInteger preadFailures = new AtomicInteger();
    /** The device {@code fstat} reports, by the file's path; the real one for paths not in it. */
    volatile Function<String, Long> devices = path -> null;

    final AtomicInteger preadv2Calls = new AtomicInteger();
    final AtomicInteger opens = new AtomicInteger();
    final AtomicInteger closes = new AtomicInteger();
    final Set<Integer> opened = ConcurrentHashMap.newKeySet();
    final Set<Integer> closed = ConcurrentHashMap.newKeySet();
    private final Set<Integer> directFds = ConcurrentHashMap.newKeySet();
    private final Map<Integer, Long> deviceOf = new ConcurrentHashMap<>();

    @Override
    public int open(String path, int flags) {
        boolean direct = (flags & Libc.oDirect()) != 0;
        if (direct && directOpenErrno != 0) {
            throw new ErrnoException("open", path, directOpenErrno);
        }
        int fd = real.open(path, direct && refuseDirectReads ? flags & ~Libc.oDirect() : flags);
        opens.incrementAndGet();
        opened.add(fd);
        closed.remove(fd);
        if (direct && refuseDirectReads) {
            directFds.add(fd);
        }
        return fd;
    }

    @Override
    public int close(int fd) {
        directFds.remove(fd);
        deviceOf.remove(fd);
        closes.incrementAndGet();
        closed.add(fd);
        return real.close(fd);
    }

    @Override
    public long pread(int fd, MemorySegment buffer, long count, long offset) {
        if (directFds.contains(fd)) {
            return -22; // EINVAL
        }
        int e = preadErrno;
        if (e != 0 && preadFailures.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            return -e;
        }
        return real.pread(fd, buffer, count, offset);
    }

    @Override
    public long preadv2(int fd, MemorySegment buffer, long count, long offset, int flags) {
        preadv2Calls.incrementAndGet();
        int e = preadv2Errno;
        Set<Long> failing = failingDevices;
        Long device = deviceOf.get(fd);
        if (e != 0 && (failing == null || device != null && failing.contains(device))) {
            return -e;
        }
        return real.preadv2(fd, buffer, count, offset, flags);
    }

    @Override
    public FileStat fstat(int fd, String file) {
        FileStat s = real.fstat(fd, file);
        Long device = devices.apply(file);
        if (device != null) {
            s = new FileStat(device, s.inode(), s.mode(), s.size());
        }
        deviceOf.put(fd, s.device());
        return s;
    }

    @Override
    public void fadvise(int fd, long offset, long length, int advice, String file) {
        real.fadvise(fd, offset, length, advice, file);
    }

    /** Whether every descriptor opened through this layer was closed through it (numbers may be reused). */
    boolean closedAll() {
        return closed.containsAll(opened);
    }

    /**
     * Waits (up to 10 s) until every descriptor opened through this layer was closed, and says whether it was. A
     * reader closed right after a pooled read completed closes its descriptor when that read lets go of it, a moment
     * later on the pool's thread.
     */
    boolean awaitClosedAll() throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!closedAll() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        return closedAll();
    }
}
