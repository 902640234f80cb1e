package dev.quire.splits.internal;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.splits.RowRange;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The splits of a scan, produced one at a time: the natural boundaries (from {@link dev.quire.splits.RowSplits})
 * inside {@code [from, end)}, with spans longer than the most rows a split may have cut into pieces of at most that
 * many rows.
 * Subdividing never moves a natural boundary: every one of them inside the range is the end of a split.
 *
 * <p>A span is cut into as few pieces as the limit allows, of about equal length: when the limit is at least
 * {@value #BLOCK_ROWS} rows, every piece but the last is a whole number of {@value #BLOCK_ROWS}-row blocks from the
 * span's start. A natural boundary is usually where an encoded chunk starts, and FastLanes encodings lay values out in
 * blocks of {@value #BLOCK_ROWS} rows from there, so each piece then starts on a block of its chunk (a piece starting
 * inside one decodes the whole block and copies out its tail) and no piece is a sliver that still pays for reading its
 * chunk. Lazy because a
 * file may claim far more rows than there could ever be splits in memory (an all-null column of 2^63 - 1 rows is
 * valid).
 *
 * <p>{@link #nextSplit()} also applies a selection: it skips ahead to the next kept row, cuts splits to the exact
 * ranges of a sparse index selection ({@link SparseRanges}), and drops splits that keep no row. Used by one thread.
 */
public final class SplitPlan {
    /**
     * The most rows a split has unless configured otherwise: 128 blocks of {@value #BLOCK_ROWS}, so that the chunks of
     * 131,072 rows the reference writer often makes are one split each and those of 262,144 two.
     */
    public static final long DEFAULT_MAX_ROWS = 131_072;

    /** Rows of a FastLanes block: where a span is cut, counted from its start, when the limit allows it. */
    public static final long BLOCK_ROWS = 1024;

    private final long[] natural;
    private final long end;
    private final long maxRows;
    private final RowSelector selector;
    private final List<RowRange> exact;
    private int index;
    private int exactIndex;
    private long pos;
    /**
     * The end of the span being cut into pieces and the rows of each piece but its last, set when {@link #next()}
     * starts cutting it; {@code cutStop} is -1 when no cut is under way (moving {@link #pos} other than by a piece
     * starts a new one from there).
     */
    private long cutStop = -1;
    private long cutPiece;

    /**
     * A plan of rows {@code [from, end)} cut at {@code natural} (ascending boundaries; those outside the range are
     * ignored) and into pieces of at most {@code maxRows} rows.
     */
    public SplitPlan(long[] natural, long from, long end, long maxRows) {
        this(natural, from, end, maxRows, null, null);
    }

    /**
     * A plan as above whose {@link #nextSplit()} keeps only splits with a row {@code selector} keeps (null: every
     * row), cut to {@code exact} (ascending, disjoint ranges from {@link SparseRanges}; null: no such cut).
     */
    public SplitPlan(long[] natural, long from, long end, long maxRows, RowSelector selector, List<RowRange> exact) {
        Objects.requireNonNull(natural, "natural is null");
        if (from < 0 || end < from || maxRows < 1) {
            throw new InvalidArgumentException("invalid plan of [" + from + ", " + end + ") in splits of at most "
                    + maxRows + " rows");
        }
        this.natural = natural;
        this.end = end;
        this.maxRows = maxRows;
        this.selector = selector;
        this.exact = exact == null ? null : List.copyOf(exact);
        int i = Arrays.binarySearch(natural, from);
        this.index = i < 0 ? -i - 1 : i + 1;
        this.pos = from;
    }

    /**
     * The next split that keeps at least one selected row, or null when none is left. It starts at the first
     * selected row at or after the previous split's end and ends at the next boundary, the most rows a split may
     * have, or the end of the exact range it lies in, whichever comes first.
     */
    public RowRange nextSplit() {
        while (pos < end) {
            if (selector != null) {
                long row = selector.nextSelected(pos);
                if (row < 0 || row >= end) {
                    pos = end;
                    return null;
                }
                skipTo(row);
            }
            long limit = end;
            if (exact != null) {
                while (exactIndex < exact.size() && exact.get(exactIndex).to() <= pos) {
                    exactIndex++;
                }
                if (exactIndex == exact.size()) {
                    pos = end;
                    return null;
                }
                skipTo(exact.get(exactIndex).from());
                limit = exact.get(exactIndex).to();
                if (pos >= end) {
                    return null;
                }
            }
            long start = pos;
            long stop = next();
            if (stop > limit) {
                stop = limit;
                pos = limit;
                cutStop = -1;
            }
            if (selector == null || selector.anySelected(start, stop)) {
                return new RowRange(start, stop);
            }
        }
        return null;
    }

    /** Moves the start of the next split forward to {@code row} (rows before it are skipped). */
    public void skipTo(long row) {
        if (row > pos) {
            pos = Math.min(row, end);
            cutStop = -1;
        }
    }

    /** The end of the planned rows. */
    public long end() {
        return end;
    }

    /** Whether rows are left to plan. */
    public boolean hasNext() {
        return pos < end;
    }

    /** Where the next split starts (the previous one's end). */
    public long start() {
        return pos;
    }

    /** The end of the next split, which starts at {@link #start()}, ignoring any selection. */
    public long next() {
        while (index < natural.length && natural[index] <= pos) {
            index++;
        }
        long stop = index < natural.length && natural[index] < end ? natural[index] : end;
        if (stop != cutStop) {
            cutStop = stop;
            cutPiece = piece(stop - pos);
        }
        pos = stop - pos > cutPiece ? pos + cutPiece : stop;
        return pos;
    }

    /** The rows of each piece but the last of a span of {@code span} rows (at least 1), cut as the class says. */
    private long piece(long span) {
        if (span <= maxRows) {
            return span;
        }
        if (maxRows < BLOCK_ROWS) {
            return maxRows;
        }
        long blocks = Math.ceilDiv(span, BLOCK_ROWS);
        // as few pieces as whole blocks allow, then the blocks shared out evenly (which needs no more pieces)
        return Math.ceilDiv(blocks, Math.ceilDiv(blocks, maxRows / BLOCK_ROWS)) * BLOCK_ROWS;
    }

    /** How many splits {@link #next()} would still produce, ignoring any selection, or {@link Long#MAX_VALUE} if more than that. */
    public long remaining() {
        long count = 0;
        long at = pos;
        int i = index;
        while (at < end) {
            while (i < natural.length && natural[i] <= at) {
                i++;
            }
            long stop = i < natural.length && natural[i] < end ? natural[i] : end;
            long span = stop - at;
            long piece = at == pos && stop == cutStop ? cutPiece : piece(span);
            long pieces = Math.ceilDiv(span, piece);
            if (count > Long.MAX_VALUE - pieces) {
                return Long.MAX_VALUE;
            }
            count += pieces;
            at = stop;
        }
        return count;
    }
}
