package dev.quire.layout.spi;

/**
 * A {@link SegmentSource} that registers reads instead of issuing them: {@link #close()} hands every read registered
 * to the I/O provider in one call (so it can merge neighbours), and each read's future completes on the executor the
 * batch was opened with ({@link Layout#batchSegments}). Reads of one segment registered twice are read once. Only reads
 * made by the thread that opened the batch, before it closes, are registered: a stage chained to a future that runs
 * later on another thread may be handed the batch and reads at once. Never wait for a read of an open batch, since
 * nothing is issued before it closes.
 */
public interface SegmentBatch extends SegmentSource, AutoCloseable {

    /** The number of distinct segments registered so far. */
    int size();

    /** Issues the reads registered. */
    @Override
    void close();
}
