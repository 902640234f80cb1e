package dev.quire.layout.scan;

import dev.quire.errors.ClosedException;
import dev.quire.io.spi.ReadAt;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.spi.LayoutReader;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The batches of a running scan, in row order. Iterate once; close when done (closing early stops the scan).
 * The read of the next batch is issued before the current one is handed out, so I/O overlaps the caller's work when
 * the reader is asynchronous.
 */
public final class BatchStream implements Iterable<StructArray>, Iterator<StructArray>, AutoCloseable {
    private final LayoutReader reader;
    private final Projection projection;
    private final DType.Struct dtype;
    private final BatchPlan plan;
    private CompletableFuture<Array> pending;
    private boolean closed;

    BatchStream(LayoutReader reader, Projection projection, DType.Struct dtype, BatchPlan plan) {
        this.reader = reader;
        this.projection = projection;
        this.dtype = dtype;
        this.plan = plan;
    }

    /** The dtype of every batch. */
    public DType.Struct dtype() {
        return dtype;
    }

    @Override
    public Iterator<StructArray> iterator() {
        return this;
    }

    @Override
    public boolean hasNext() {
        return !closed && (pending != null || plan.hasNext());
    }

    @Override
    public StructArray next() {
        if (closed) {
            throw new ClosedException("scan");
        }
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        CompletableFuture<Array> current = pending != null ? pending : issueNext();
        pending = plan.hasNext() ? issueNext() : null;
        Array batch = ReadAt.await(current);
        return (StructArray) canonical(batch);
    }

    private CompletableFuture<Array> issueNext() {
        long from = plan.start();
        return reader.read(from, plan.next(), projection);
    }

    /** Canonicalises a batch and, through structs and extensions, every field in it. */
    static Array canonical(Array array) {
        Array c = array.toCanonical();
        if (c instanceof StructArray s) {
            List<Array> fields = new ArrayList<>(s.fields().size());
            boolean changed = false;
            for (Array f : s.fields()) {
                Array cf = canonical(f);
                changed |= cf != f;
                fields.add(cf);
            }
            return changed ? new StructArray(s.dtype(), fields, s.length(), s.validity()) : s;
        }
        if (c instanceof ExtensionArray e) {
            Array storage = canonical(e.storage());
            return storage == e.storage() ? e : new ExtensionArray(e.dtype(), storage);
        }
        return c;
    }

    public Stream<StructArray> stream() {
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(this, Spliterator.ORDERED), false)
                .onClose(this::close);
    }

    @Override
    public void close() {
        closed = true;
        if (pending != null) {
            pending.cancel(false);
            pending = null;
        }
    }
}
