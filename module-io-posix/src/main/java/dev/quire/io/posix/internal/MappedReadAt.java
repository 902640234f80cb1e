package dev.quire.io.posix.internal;

import dev.quire.errors.ClosedException;
import dev.quire.errors.QuireIoException;
import dev.quire.io.posix.PosixSettings;
import dev.quire.io.posix.sys.SharedMappings;
import dev.quire.io.spi.Buffers;
import dev.quire.io.spi.Coalescing;
import dev.quire.io.spi.ReadAt;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/**
 * Reads a local file through one read-only memory mapping of the whole file: a read is a slice of the mapping, with
 * no copy and no allocation. Readers of the same unchanged file share the mapping, also for a while after the last
 * one closes ({@link PosixSettings#MMAP_KEEP_MILLIS}, 2 s by default), so that opening a file again does not fault its
 * pages in again. The mapping belongs to an automatic arena, so it is unmapped once no reader
 * holds it and no array read through it is reachable; arrays therefore stay valid after {@link #close()}.
 *
 * <p>Vortex files are immutable. If the file is truncated while mapped, touching the lost pages fails with a JVM
 * {@link InternalError}, not a Quire exception; use the {@code posix} provider for files that may change.
 */
public final class MappedReadAt implements ReadAt {
    private final Path path;
    private final SharedMappings.Lease lease;
    private final MemorySegment mapping;
    private volatile boolean closed;

    private MappedReadAt(Path path, SharedMappings.Lease lease) {
        this.path = path;
        this.lease = lease;
        this.mapping = lease.mapping();
    }

    /** {@link #open(Path, long)} with the default keep time. */
    public static MappedReadAt open(Path path) {
        return open(path, PosixSettings.MMAP_KEEP_MILLIS.defaultValue());
    }

    /**
     * A reader of {@code path}, sharing the mapping of readers of the same unchanged file opened before it (by file
     * key, size and modification time).
     *
     * @param keepMillis how long the mapping stays shared after the last reader of it closes
     * @throws QuireIoException when the file does not exist or cannot be mapped
     * @throws dev.quire.errors.InvalidArgumentException when {@code keepMillis} is negative
     */
    public static MappedReadAt open(Path path, long keepMillis) {
        try {
            MappedReadAt reader = new MappedReadAt(path, SharedMappings.acquire(path, keepMillis));
            reader.lease.watch(reader);
            return reader;
        } catch (NoSuchFileException e) {
            throw new QuireIoException("no such file: " + path, e);
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            throw new QuireIoException("cannot map " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String name() {
        return path.toString();
    }

    /** Reads are slices of the mapping, free whatever their count: merging neighbours would only copy. */
    @Override
    public Coalescing coalescing() {
        return Coalescing.none();
    }

    @Override
    public long size() {
        return mapping.byteSize();
    }

    @Override
    public CompletableFuture<MemorySegment> read(long offset, long length, long alignment) {
        try {
            return CompletableFuture.completedFuture(readFully(offset, length, alignment));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public MemorySegment readFully(long offset, long length, long alignment) {
        if (closed) {
            throw new ClosedException("reader of " + path);
        }
        Buffers.checkAlignment(alignment);
        ReadAt.checkRange(name(), offset, length, mapping.byteSize());
        return Buffers.aligned(mapping.asSlice(offset, length), alignment);
    }

    @Override
    public void close() {
        closed = true;
        lease.release();
    }
}
