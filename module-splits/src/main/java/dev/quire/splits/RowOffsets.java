package dev.quire.splits;

import dev.quire.errors.InvalidArgumentException;
import java.util.Arrays;

/**
 * Where each of a layout's children starts, as rows of the layout: {@code count() + 1} offsets, the first 0, each
 * the sum of the row counts of the children before it, the last the layout's row count. Immutable. A reader of many
 * children extends split boundaries straight from these ({@link RowSplits#addAll(long, RowOffsets, int, int)})
 * without building a child; readers of one file whose children line up share one instance, which split collection
 * recognises without comparing values.
 *
 * <p>Offsets come from a file's footer and are not trusted: they may descend (a row count that overflowed the sum),
 * which the layout's validation reports. Use {@link #isAscending()} to check.
 */
public final class RowOffsets {
    private static final RowOffsets NONE = new RowOffsets(new long[] {0});

    private final long[] offsets;

    private RowOffsets(long[] offsets) {
        this.offsets = offsets;
    }

    /**
     * Offsets from the row counts of the children, in order. Sums wrap on overflow (a later offset smaller than an
     * earlier one), for the caller's validation to report.
     */
    public static RowOffsets ofRowCounts(long... rowCounts) {
        long[] offsets = new long[rowCounts.length + 1];
        long sum = 0;
        for (int i = 0; i < rowCounts.length; i++) {
            sum += rowCounts[i];
            offsets[i + 1] = sum;
        }
        return new RowOffsets(offsets);
    }

    /**
     * These offsets ({@code count + 1} of them, the first 0), copied.
     *
     * @throws InvalidArgumentException when there are none or the first is not 0
     */
    public static RowOffsets of(long... offsets) {
        if (offsets.length == 0 || offsets[0] != 0) {
            throw new InvalidArgumentException("row offsets start with 0, got " + Arrays.toString(
                    Arrays.copyOf(offsets, Math.min(offsets.length, 4))));
        }
        return offsets.length == 1 ? NONE : new RowOffsets(offsets.clone());
    }

    /** The number of children. */
    public int count() {
        return offsets.length - 1;
    }

    /** The first row of child {@code i}, or the total for {@code i == count()}. */
    public long start(int i) {
        return offsets[i];
    }

    /** The row after the last of child {@code i}. */
    public long end(int i) {
        return offsets[i + 1];
    }

    /** The rows of child {@code i}; exact even when the sums wrapped, since every row count is below 2^63. */
    public long rows(int i) {
        return offsets[i + 1] - offsets[i];
    }

    /** The sum of every child's rows. */
    public long total() {
        return offsets[offsets.length - 1];
    }

    /** Whether the offsets never descend (true of every well-formed layout). */
    public boolean isAscending() {
        for (int i = 1; i < offsets.length; i++) {
            if (offsets[i] < offsets[i - 1]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The child that holds row {@code row} (in {@code [0, total())}); the last of several children starting there
     * when some are empty. Offsets must ascend.
     */
    public int childAt(long row) {
        int i = Arrays.binarySearch(offsets, row);
        if (i < 0) {
            return -i - 2;
        }
        while (i + 1 < offsets.length - 1 && offsets[i + 1] == row) {
            i++;
        }
        return Math.min(i, offsets.length - 2);
    }

    /** The offsets as an array: a copy. */
    public long[] toArray() {
        return offsets.clone();
    }

    /** The shared array, for split collection only: never modified. */
    long[] shared() {
        return offsets;
    }

    /** Equal when the offsets are. */
    @Override
    public boolean equals(Object o) {
        return o instanceof RowOffsets other && Arrays.equals(other.offsets, offsets);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(offsets);
    }

    @Override
    public String toString() {
        return offsets.length <= 8 ? Arrays.toString(offsets)
                : "[" + offsets[0] + ", " + offsets[1] + ", ... " + total() + "] (" + count() + " children)";
    }
}
