package dev.quire.layout.spi;

import dev.quire.layout.array.Array;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.expr.RowMask;
import dev.quire.splits.RowSplits;
import java.util.concurrent.CompletableFuture;

/** Reads the rows of one layout node. Thread-safe. */
public interface LayoutReader {

    Layout layout();

    default DType dtype() {
        return layout().dtype();
    }

    default long rowCount() {
        return layout().rowCount();
    }

    /**
     * Reports where splits may fall in this node's rows, for the fields {@code projection} selects: every boundary
     * as an absolute row ({@code rowOffset} + local row), in ascending order, including this node's end.
     */
    void registerSplits(Projection projection, long rowOffset, RowSplits splits);

    /**
     * Reads rows {@code [from, to)} of this node (local row numbers), keeping the fields {@code projection} selects.
     * The array has {@code projection.apply(dtype())} as its dtype.
     */
    CompletableFuture<Array> read(long from, long to, Projection projection);

    /**
     * Which rows of {@code [from, to)} (local row numbers) might satisfy the request's filter, judged from
     * statistics alone: a cleared bit means statistics prove the row cannot match. Must be sound (never clear a row
     * that matches); reads no data, only statistics. The default knows nothing and keeps every row.
     */
    default CompletableFuture<RowMask> prune(long from, long to, Pruning pruning) {
        return CompletableFuture.completedFuture(RowMask.all(to - from));
    }

    /**
     * Drops whatever this reader (and the readers of its children) cached to serve reads, such as a decoded
     * segment, so its memory can be reclaimed. Later reads work as before, reading again. Scans call it on the root
     * when they end.
     */
    default void release() {}
}
