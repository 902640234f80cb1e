package dev.quire.splits;

/** Rows {@code [from, to)} of a file. */
public record RowRange(long from, long to) {
    public RowRange {
        if (from < 0 || to < from) {
            throw new IllegalArgumentException("invalid row range [" + from + ", " + to + ")");
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
