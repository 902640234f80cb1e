package dev.quire.bench.runner.spi;

import dev.quire.bench.runner.results.IoReport;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** An engine's opened file: one run of one query. */
public interface Table extends AutoCloseable {
    /** The number of rows in the file. */
    long rowCount();

    /**
     * Reads the request's rows and hands them to {@code sink} in batches. A batch is valid only during the call that
     * receives it: engines may reuse or free its memory afterwards. Batches may arrive in any order.
     */
    void scan(ScanRequest request, Consumer<Batch> sink);

    /**
     * Reads the request's rows like {@link #scan}, but may hand batches to several sinks at once, each on a thread of
     * its own: the engine takes a sink from {@code sinks} for each thread it consumes batches on and calls that sink
     * from that thread only, so a sink's state needs no locking. {@code sinks} may be called from several threads at
     * once. The query merges what its sinks gathered once this returns. The default takes one sink and calls
     * {@link #scan}: engines whose reader hands out batches on one thread keep it.
     */
    default void scanConcurrently(ScanRequest request, Supplier<? extends Consumer<Batch>> sinks) {
        scan(request, sinks.get());
    }

    /**
     * What the table has read so far, for engines that read through Quire's I/O providers; empty (the default) for
     * engines whose reads the runner cannot see. The runner asks once the query is done, before closing the table.
     */
    default Optional<IoReport> io() {
        return Optional.empty();
    }

    /** Releases the file and everything the runs left open. */
    @Override
    void close();
}
