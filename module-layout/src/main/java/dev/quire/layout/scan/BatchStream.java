package dev.quire.layout.scan;

import dev.quire.errors.ClosedException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.internal.format.CanonicalTrees;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The batches of a running scan. Iterate once, from one thread; close when done. Closing (also early, or after a
 * failure) stops the scan's tasks and returns once none is running; the batches already handed out stay valid.
 *
 * <p>Batches hold no resources of their own: their memory (heap buffers, or pages of a file mapping) is reclaimed
 * once nothing refers to them. The stream keeps at most the scan's concurrency in batches that were produced ahead of
 * the caller.
 */
public final class BatchStream implements Iterable<StructArray>, Iterator<StructArray>, AutoCloseable {
    private final ScanRun run;
    private final DType.Struct dtype;
    private StructArray next;
    private long returned;
    private boolean closed;
    private boolean done;

    BatchStream(ScanRun run, DType.Struct dtype) {
        this.run = run;
        this.dtype = dtype;
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
        if (closed) {
            return false;
        }
        if (next == null && !done) {
            next = run.next();
            done = next == null;
        }
        return next != null;
    }

    @Override
    public StructArray next() {
        if (closed) {
            throw new ClosedException("scan");
        }
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        StructArray batch = next;
        next = null;
        returned += batch.length();
        return batch;
    }

    /** What the scan has done so far. */
    public ScanMetrics metrics() {
        return run.metrics(returned);
    }

    /** Canonicalises a batch and, through structs and extensions, every field in it. */
    static Array canonical(Array array) {
        return CanonicalTrees.of(array);
    }

    public Stream<StructArray> stream() {
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(this, Spliterator.ORDERED), false)
                .onClose(this::close);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            run.close();
        }
    }

    /** Whether every task the scan started has ended (for tests). */
    boolean quiescent() {
        return run.quiescent();
    }
}
