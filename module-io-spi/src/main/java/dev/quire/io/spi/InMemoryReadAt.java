package dev.quire.io.spi;

import dev.quire.errors.ClosedException;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * A {@link ReadAt} over bytes already in memory: tests, small files, and buffers handed over by an engine. Reads are
 * slices of those bytes (copied only when a native segment does not have the alignment asked for), so the bytes must
 * not change while the reader or anything read through it is in use; {@link #of(byte[])} takes a copy.
 */
public final class InMemoryReadAt implements ReadAt {
    private final String name;
    private final MemorySegment bytes;
    private volatile boolean closed;

    public InMemoryReadAt(String name, MemorySegment bytes) {
        this.name = Objects.requireNonNull(name, "name is null");
        this.bytes = Objects.requireNonNull(bytes, "bytes is null");
    }

    public static InMemoryReadAt of(byte[] bytes) {
        return new InMemoryReadAt("memory", MemorySegment.ofArray(bytes.clone()));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long size() {
        return bytes.byteSize();
    }

    @Override
    public CompletableFuture<MemorySegment> read(long offset, long length, long alignment) {
        try {
            if (closed) {
                throw new ClosedException("reader of " + name);
            }
            Buffers.checkAlignment(alignment);
            ReadAt.checkRange(name, offset, length, bytes.byteSize());
            MemorySegment slice = bytes.asSlice(offset, length);
            // A heap segment's address is its offset in the array: aligned relative to the array's start.
            boolean aligned = (slice.address() & (alignment - 1)) == 0 && (slice.isNative() || alignment <= 8);
            if (aligned) {
                return CompletableFuture.completedFuture(slice.asReadOnly());
            }
            MemorySegment out = Buffers.allocate(length, alignment);
            MemorySegment.copy(bytes, offset, out, 0, length);
            return CompletableFuture.completedFuture(out.asReadOnly());
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public void close() {
        closed = true;
    }
}
