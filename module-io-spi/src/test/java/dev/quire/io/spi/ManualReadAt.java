package dev.quire.io.spi;

import dev.quire.errors.QuireIoException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A reader over known bytes whose reads complete only when a test says so, in any order; it records every read it was
 * asked for. Thread-safe.
 */
final class ManualReadAt implements ReadAt {
    /** One read the reader was asked for, with the future it returned. */
    record Issued(ByteRange range, long alignment, CompletableFuture<MemorySegment> future) {}

    private final InMemoryReadAt bytes;
    private final Coalescing coalescing;
    private final List<Issued> issued = new ArrayList<>();

    ManualReadAt(byte[] data, Coalescing coalescing) {
        this.bytes = InMemoryReadAt.of(data);
        this.coalescing = coalescing;
    }

    @Override
    public String name() {
        return "manual";
    }

    @Override
    public long size() {
        return bytes.size();
    }

    @Override
    public Coalescing coalescing() {
        return coalescing;
    }

    @Override
    public synchronized CompletableFuture<MemorySegment> read(long offset, long length, long alignment) {
        CompletableFuture<MemorySegment> f = new CompletableFuture<>();
        issued.add(new Issued(new ByteRange(offset, length), alignment, f));
        return f;
    }

    synchronized List<Issued> issued() {
        return List.copyOf(issued);
    }

    /** The ranges asked for so far. */
    synchronized List<ByteRange> ranges() {
        return issued.stream().map(Issued::range).toList();
    }

    /** Completes the {@code i}-th read with its bytes (or its range error). */
    void complete(int i) {
        Issued read = issued().get(i);
        CompletableFuture<MemorySegment> result = bytes.read(read.range().offset(), read.range().length(),
                read.alignment());
        result.whenComplete((s, e) -> {
            if (e != null) {
                read.future().completeExceptionally(e);
            } else {
                read.future().complete(s);
            }
        });
    }

    /** Fails the {@code i}-th read. */
    void fail(int i, String message) {
        issued().get(i).future().completeExceptionally(new QuireIoException(message));
    }

    @Override
    public void close() {}
}
