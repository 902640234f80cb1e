package dev.quire.splits.internal;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.splits.RowRange;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a sparse selection of row indices into exact row ranges to scan: each range starts at a selected row and
 * ends just past a selected row, so no task reads rows before its first or after its last selected row.
 *
 * <p>A range takes in the following selected rows until it holds {@link #MAX_SELECTED_ROWS} of them (so one task
 * never gathers more than that), and a gap of {@link #MIN_GAP_ROWS} rows or more between two selected rows always
 * starts a new range (so no task spans a long stretch of rows it does not need).
 */
public final class SparseRanges {
    /** The most selected rows one range holds. */
    public static final int MAX_SELECTED_ROWS = 4_000;
    /** A gap of at least this many rows between selected rows starts a new range. */
    public static final long MIN_GAP_ROWS = 50_000;

    private SparseRanges() {}

    /** The ranges of {@code rows} (ascending, distinct) under the default rules. */
    public static List<RowRange> of(long[] rows) {
        return of(rows, MAX_SELECTED_ROWS, MIN_GAP_ROWS);
    }

    /**
     * The ranges of {@code rows} (ascending, distinct): at most {@code maxSelected} selected rows in a range, and a
     * new range after any gap of {@code minGap} rows or more (the gap from row {@code a} to row {@code b} being
     * {@code b - a}).
     *
     * @throws InvalidArgumentException when the rows are not ascending and distinct, one is negative, or a rule is
     *     not positive
     */
    public static List<RowRange> of(long[] rows, int maxSelected, long minGap) {
        if (maxSelected < 1 || minGap < 1) {
            throw new InvalidArgumentException("range rules must be positive, got " + maxSelected + " rows and a gap of "
                    + minGap);
        }
        List<RowRange> out = new ArrayList<>();
        if (rows.length == 0) {
            return out;
        }
        if (rows[0] < 0) {
            throw new InvalidArgumentException("row index " + rows[0] + " is negative");
        }
        long start = rows[0];
        long last = rows[0];
        int count = 1;
        for (int i = 1; i < rows.length; i++) {
            long row = rows[i];
            if (row <= last) {
                throw new InvalidArgumentException("row indices must be ascending and distinct: " + row + " follows "
                        + last);
            }
            if (count == maxSelected || row - last >= minGap) {
                out.add(new RowRange(start, last + 1));
                start = row;
                count = 0;
            }
            last = row;
            count++;
        }
        out.add(new RowRange(start, last + 1));
        return out;
    }
}
