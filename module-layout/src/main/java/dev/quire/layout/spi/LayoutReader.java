package dev.quire.layout.spi;

import dev.quire.layout.array.Array;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.expr.RowMask;
import dev.quire.splits.FieldMask;
import dev.quire.splits.RowSplits;
import dev.quire.splits.SplitRange;
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
     * Reports where splits may fall in local rows {@code range.from()} to {@code range.to()} of this node, for the
     * fields {@code mask} selects: every boundary strictly inside the range, then the range's end, as file rows
     * ({@code range.offset()} + local row), in ascending order. Boundaries outside the range may be left out.
     *
     * <p>A child whose layout registers no interior splits ({@link Layout#childHasNoInteriorSplits(int)}) ends where
     * its parent already knows ({@link Layout#childOffsets()}), so when {@link RowSplits#skipsSplitlessChildren()} a
     * reader adds that end itself and builds neither the child's layout nor its reader. A reader of several fields pushes its own end once, after
     * walking them, so that aligned columns stay one ascending run.
     */
    void registerSplits(FieldMask mask, SplitRange range, RowSplits splits);

    /**
     * Reads rows {@code [from, to)} of this node (local row numbers), keeping the fields {@code projection} selects.
     * The array has {@code projection.apply(dtype())} as its dtype. Segments are read through {@code segments}, which
     * is also what children are handed.
     */
    CompletableFuture<Array> read(long from, long to, Projection projection, SegmentSource segments);

    /**
     * Which rows of {@code [from, to)} (local row numbers) might satisfy the request's filter, judged from
     * statistics alone: a cleared bit means statistics prove the row cannot match. Must be sound (never clear a row
     * that matches); reads no data, only statistics (through {@code segments}). The default knows nothing and keeps
     * every row.
     */
    default CompletableFuture<RowMask> prune(long from, long to, Pruning pruning, SegmentSource segments) {
        return CompletableFuture.completedFuture(RowMask.all(to - from));
    }

    /**
     * Drops whatever this reader (and the readers of its children) cached to serve reads, such as a decoded
     * segment, so its memory can be reclaimed. Later reads work as before, reading again. Scans call it on the root
     * when they end.
     */
    default void release() {}
}
