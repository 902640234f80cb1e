package dev.quire.splits;

import dev.quire.errors.InvalidArgumentException;

/**
 * The rows a layout reader is asked to register split boundaries for: local rows {@code [from, to)} of one node,
 * and {@code offset}, the row of the whole file at which the node's row 0 sits. A reader reports boundaries as
 * file rows ({@code offset + local}).
 *
 * @param offset the file row of the node's first row
 * @param from the first local row of the range
 * @param to the local row just past the range
 */
public record SplitRange(long offset, long from, long to) {
    public SplitRange {
        if (offset < 0 || from < 0 || to < from || to > Long.MAX_VALUE - offset) {
            throw new InvalidArgumentException("invalid split range [" + from + ", " + to + ") at offset " + offset);
        }
    }

    /** All rows of a node of {@code rows} rows at the start of the file. */
    public static SplitRange whole(long rows) {
        return new SplitRange(0, 0, rows);
    }

    /** File rows {@code [from, to)} of a root node. */
    public static SplitRange ofRows(RowRange rows) {
        return new SplitRange(0, rows.from(), rows.to());
    }

    /** The number of rows in the range. */
    public long length() {
        return to - from;
    }

    /** The file row of the range's first row. */
    public long rootFrom() {
        return offset + from;
    }

    /** The file row just past the range. */
    public long rootTo() {
        return offset + to;
    }

    /** Whether local rows {@code [start, end)} of the node share at least one row with the range. */
    public boolean overlaps(long start, long end) {
        return start < to && end > from;
    }

    /**
     * The part of this range that falls in the child whose rows are local rows {@code [start, start + rows)} of this
     * node, in the child's own row numbers. Empty (and placed at the nearer end of the child) when they do not meet.
     */
    public SplitRange child(long start, long rows) {
        long childFrom = Math.clamp(from - start, 0, rows);
        long childTo = Math.clamp(to - start, childFrom, rows);
        return new SplitRange(offset + start, childFrom, childTo);
    }

    @Override
    public String toString() {
        return "[" + from + ", " + to + ") at " + offset;
    }
}
