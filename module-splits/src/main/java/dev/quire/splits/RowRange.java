package dev.quire.splits;

import dev.quire.errors.InvalidArgumentException;

/** Rows {@code [from, to)} of a file. */
public record RowRange(long from, long to) {
    public RowRange {
        if (from < 0 || to < from) {
            throw new InvalidArgumentException("invalid row range [" + from + ", " + to + ")");
        }
    }

    public long length() {
        return to - from;
    }

    @Override
    public String toString() {
        return "[" + from + ", " + to + ")";
    }
}
