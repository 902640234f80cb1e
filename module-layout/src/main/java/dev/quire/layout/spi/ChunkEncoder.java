package dev.quire.layout.spi;

import dev.quire.layout.array.Array;

/**
 * Writes the chunks of one column for a {@link ColumnStrategy}. The writer calls {@link #write} with every chunk in
 * row order (canonical arrays of the column's dtype, cut at the writer's chunk size), then {@link #finish} once. Used
 * by one thread at a time: the writer's worker threads take turns with a column, each call seeing what the one before
 * it did.
 *
 * <p>An encoder keeps no more than it needs between chunks: what it retains must not grow with the number of rows
 * (a dictionary grows with its distinct values, up to its cap), which {@link #retainedBytes()} reports.
 */
public interface ChunkEncoder {

    /** Writes (or starts writing) one chunk; segments go to {@code sink}. The chunk may be reused after this returns. */
    void write(Array chunk, ChunkSink sink);

    /**
     * Writes whatever is pending and returns the column's data layout, covering every row written, in order (a
     * {@link WrittenLayout#flat flat} for one chunk, a {@link WrittenLayout#chunked chunked} for several, or the
     * strategy's own layouts).
     */
    WrittenLayout finish(ChunkSink sink);

    /**
     * The heap bytes this encoder holds between chunks, estimated: maps, buffered values. The layout nodes of chunks
     * already written are not counted.
     */
    long retainedBytes();
}
