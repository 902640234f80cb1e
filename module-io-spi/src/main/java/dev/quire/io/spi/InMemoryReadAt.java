package dev.quire.io.spi;

import dev.quire.errors.ClosedException;
import java.lang.foreign.MemorySegment;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/** A {@link ReadAt} over bytes already in memory: tests, small files, and buffers handed over by an engine. */
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
            ReadAt.checkRange(name, offset, length, bytes.byteSize());
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
