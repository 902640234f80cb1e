package dev.quire.splits.internal;

/**
 * Which rows of a file a plan keeps, as far as planning needs to know: a plan skips ahead to the next kept row
 * and drops splits that keep no row at all.
 */
public interface RowSelector {

    /** The first kept row at or after {@code from}, or -1 when there is none. */
    long nextSelected(long from);

    /** Whether any row of {@code [from, to)} is kept. */
    boolean anySelected(long from, long to);
}
