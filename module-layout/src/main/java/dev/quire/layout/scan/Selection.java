package dev.quire.layout.scan;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.expr.RowMask;
import dev.quire.splits.RowRange;
import dev.quire.splits.internal.SparseRanges;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Which rows of a file a scan may return, before any filter: all of them, a list of row indices, or a bitmap over
 * the file's rows, each either included or excluded.
 */
public sealed interface Selection {

    /** The selected rows of {@code [from, to)}, as a mask of {@code to - from} bits; null when all are selected. */
    RowMask mask(long from, long to);

    /** The first selected row at or after {@code from}, or -1 when there is none. */
    long nextSelected(long from);

    /** Whether any row of {@code [from, to)} is selected. */
    default boolean anySelected(long from, long to) {
        return count(from, to) > 0;
    }

    /**
     * The exact row ranges a scan of this selection should plan, or empty when it plans its natural splits: for a
     * list of included rows, the ranges {@link SparseRanges} makes of them.
     */
    default Optional<List<RowRange>> exactRanges() {
        return Optional.empty();
    }

    /** The number of selected rows in {@code [from, to)}. */
    default long count(long from, long to) {
        RowMask m = mask(from, to);
        return m == null ? to - from : m.countOnes();
    }

    static Selection all() {
        return All.INSTANCE;
    }

    /** Only these rows (any order, duplicates ignored). */
    static Selection include(long... rows) {
        return new Rows(sortedUnique(rows), true);
    }

    /** Every row but these. */
    static Selection exclude(long... rows) {
        return new Rows(sortedUnique(rows), false);
    }

    /** The rows whose bit is set; bit {@code i} is row {@code i} of the file, rows past the mask are not selected. */
    static Selection include(RowMask rows) {
        return new Bitmap(Objects.requireNonNull(rows, "rows is null"), true);
    }

    /** The rows whose bit is clear; rows past the mask are selected. */
    static Selection exclude(RowMask rows) {
        return new Bitmap(Objects.requireNonNull(rows, "rows is null"), false);
    }

    private static long[] sortedUnique(long[] rows) {
        long[] sorted = rows.clone();
        Arrays.sort(sorted);
        int n = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (sorted[i] < 0) {
                throw new InvalidArgumentException("row index " + sorted[i] + " is negative");
            }
            if (n == 0 || sorted[i] != sorted[n - 1]) {
                sorted[n++] = sorted[i];
            }
        }
        return Arrays.copyOf(sorted, n);
    }

    /** Every row. */
    enum All implements Selection {
        INSTANCE;

        @Override
        public RowMask mask(long from, long to) {
            return null;
        }

        @Override
        public long nextSelected(long from) {
            return from;
        }

        @Override
        public boolean anySelected(long from, long to) {
            return from < to;
        }
    }

    /** Sorted, distinct row indices, included or excluded. */
    record Rows(long[] rows, boolean include) implements Selection {
        @Override
        public Optional<List<RowRange>> exactRanges() {
            return include ? Optional.of(SparseRanges.of(rows)) : Optional.empty();
        }

        @Override
        public boolean anySelected(long from, long to) {
            return from < to && count(from, to) > 0;
        }

        @Override
        public RowMask mask(long from, long to) {
            int lo = lowerBound(from);
            int hi = lowerBound(to);
            if (include) {
                long[] local = new long[hi - lo];
                for (int i = lo; i < hi; i++) {
                    local[i - lo] = rows[i] - from;
                }
                return RowMask.of(to - from, local);
            }
            if (lo == hi) {
                return null;
            }
            long[] local = new long[hi - lo];
            for (int i = lo; i < hi; i++) {
                local[i - lo] = rows[i] - from;
            }
            return RowMask.of(to - from, local).not();
        }

        @Override
        public long nextSelected(long from) {
            int i = lowerBound(from);
            if (include) {
                return i < rows.length ? rows[i] : -1;
            }
            long row = from;
            while (i < rows.length && rows[i] == row) {
                i++;
                row++;
            }
            return row;
        }

        @Override
        public long count(long from, long to) {
            long inside = lowerBound(to) - lowerBound(from);
            return include ? inside : to - from - inside;
        }

        private int lowerBound(long row) {
            int i = Arrays.binarySearch(rows, row);
            return i < 0 ? -i - 1 : i;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Rows r && include == r.include && Arrays.equals(rows, r.rows);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(rows) + Boolean.hashCode(include);
        }

        @Override
        public String toString() {
            return (include ? "include " : "exclude ") + rows.length + " rows";
        }
    }

    /** A bitmap over the file's rows, included or excluded. */
    record Bitmap(RowMask rows, boolean include) implements Selection {
        @Override
        public RowMask mask(long from, long to) {
            long n = rows.length();
            long inFrom = Math.min(from, n);
            long inTo = Math.min(to, n);
            RowMask inside = rows.slice(inFrom, inTo);
            long beyond = to - from - (inTo - inFrom);
            return include ? RowMask.concat(List.of(inside, RowMask.none(beyond)))
                    : RowMask.concat(List.of(inside.not(), RowMask.all(beyond)));
        }

        @Override
        public long nextSelected(long from) {
            long n = rows.length();
            if (from >= n) {
                return include ? -1 : from;
            }
            long next = include ? rows.nextSetBit(from) : rows.nextClearBit(from);
            return next >= 0 ? next : (include ? -1 : n);
        }
    }
}
