package dev.quire.io.uring.internal;

import dev.quire.io.posix.sys.NativeFile;
import dev.quire.io.posix.sys.SharedMappings;
import dev.quire.io.spi.Buffers;
import dev.quire.io.uring.sys.UringSyscalls;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;

/**
 * Reads a reader serves without the ring: ranges whose every page the page cache holds, asked with
 * {@code cachestat(2)}, are slices of a read-only mapping of the file, with no submission, no hand-off and no copy (a
 * copy only when the slice's address misses the alignment asked for). The mapping is the one the {@code mmap}
 * provider's readers of the same unchanged file share ({@link SharedMappings}), kept for
 * {@link SharedMappings#KEEP_MILLIS} after its last reader closes, so that opening the file again does not fault its
 * pages in again. A range with any page missing goes to the ring,
 * which reads it without blocking a scan thread on the disk.
 *
 * <p>The first {@code ENOSYS} or {@code EPERM} (a kernel older than 6.5, a seccomp filter) turns the check off for the
 * readers of those rings (the process's, outside tests): every read then goes to the ring. Pages are counted as 4 KiB; a kernel with larger pages counts fewer and
 * its reads go to the ring. A page evicted between the check and the copy is faulted in by the reading thread.
 */
final class ResidentReads {
    private static final long PAGE = 4096;
    private static final int ENOSYS = 38;
    private static final int EPERM = 1;

    /** Per thread: the range asked about (two words) and the kernel's five counters. */
    private static final ThreadLocal<MemorySegment> SCRATCH = ThreadLocal.withInitial(
            () -> Arena.ofAuto().allocate(56, 8));

    private final SharedRings shared;
    private final UringSyscalls sys;
    private final NativeFile file;
    private final SharedMappings.Lease lease;
    private final MemorySegment mapping;

    private ResidentReads(SharedRings shared, NativeFile file, SharedMappings.Lease lease) {
        this.shared = shared;
        this.sys = shared.syscalls();
        this.file = file;
        this.lease = lease;
        this.mapping = lease.mapping();
    }

    /**
     * Resident reads of {@code file}, or null when they cannot be had: an empty file, a file read with
     * {@code O_DIRECT}, a kernel without {@code cachestat}, or a file that cannot be mapped (it is then read through the
     * ring alone).
     */
    static ResidentReads open(SharedRings shared, NativeFile file, Path path, long keepMillis) {
        if (shared.noResidencyCheck || file.direct() || file.size() == 0) {
            return null;
        }
        SharedMappings.Lease lease;
        try {
            lease = SharedMappings.acquire(path, keepMillis);
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return null;
        }
        if (lease.mapping().byteSize() != file.size()) {
            // The file changed between the two opens: this reader keeps to the ring.
            lease.release();
            return null;
        }
        return new ResidentReads(shared, file, lease);
    }

    /**
     * The bytes of {@code [offset, offset + length)} when the page cache holds all of them, else null. The caller
     * checked the range against the file and that {@code length > 0}.
     */
    MemorySegment tryRead(long offset, long length, long alignment) {
        if (shared.noResidencyCheck || !file.acquire()) {
            return null;
        }
        boolean resident;
        try {
            resident = cached(offset, length);
        } finally {
            file.release();
        }
        if (!resident) {
            return null;
        }
        return Buffers.aligned(mapping.asSlice(offset, length), alignment);
    }

    /** Gives the mapping back; the reader's segments stay valid. Idempotent. */
    void release() {
        lease.release();
    }

    /** Releases the mapping when {@code reader} becomes unreachable unclosed. */
    void watch(Object reader) {
        lease.watch(reader);
    }

    /** Whether every page of the range is cached; the caller holds the descriptor. */
    private boolean cached(long offset, long length) {
        MemorySegment scratch = SCRATCH.get();
        long first = offset / PAGE;
        long last = (offset + length - 1) / PAGE;
        scratch.set(ValueLayout.JAVA_LONG, 0, first * PAGE);
        scratch.set(ValueLayout.JAVA_LONG, 8, (last - first + 1) * PAGE);
        int r = sys.cachestat(file.descriptor(), scratch.asSlice(0, 16), scratch.asSlice(16, 40));
        if (r < 0) {
            if (r == -ENOSYS || r == -EPERM) {
                shared.noResidencyCheck = true;
            }
            return false;
        }
        return scratch.get(ValueLayout.JAVA_LONG, 16) >= last - first + 1;
    }
}
