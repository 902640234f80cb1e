package dev.quire.splits;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Collects row boundaries (absolute row indices where a split may start or end) as layout readers report them.
 *
 * <p>Readers walk their columns in row order, so boundaries arrive as ascending runs, one per column. A run equal to
 * the run before it (columns whose chunks line up) is dropped as soon as it ends, and when a single run survives,
 * {@link #boundaries()} needs no sort. Sorting and de-duplication happen only when runs really differ.
 */
public final class RowSplits {
    private final List<long[]> runs = new ArrayList<>();
    private long[] current = new long[16];
    private int size;

    /** Records a boundary. A value not greater than the previous one starts a new run. */
    public void add(long row) {
        if (row < 0) {
            throw new IllegalArgumentException("negative row boundary " + row);
        }
        if (size > 0 && row <= current[size - 1]) {
            endRun();
        }
        if (size == current.length) {
            current = Arrays.copyOf(current, size * 2);
        }
        current[size++] = row;
    }

    /** Ends the current run; the next {@link #add} starts a new one even if it is ascending. */
    public void endRun() {
        if (size == 0) {
            return;
        }
        long[] run = Arrays.copyOf(current, size);
        size = 0;
        if (!runs.isEmpty() && Arrays.equals(runs.getLast(), run)) {
            return;
        }
        runs.add(run);
    }

    /** The number of distinct runs kept so far (for tests and diagnostics). */
    public int runCount() {
        return runs.size() + (size > 0 ? 1 : 0);
    }

    /** All boundaries, ascending and without duplicates. */
    public long[] boundaries() {
        endRun();
        if (runs.isEmpty()) {
            return new long[0];
        }
        if (runs.size() == 1) {
            return runs.getFirst().clone();
        }
        int total = 0;
        for (long[] run : runs) {
            total += run.length;
        }
        long[] all = new long[total];
        int pos = 0;
        for (long[] run : runs) {
            System.arraycopy(run, 0, all, pos, run.length);
            pos += run.length;
        }
        Arrays.sort(all);
        int unique = 0;
        for (int i = 0; i < all.length; i++) {
            if (unique == 0 || all[i] != all[unique - 1]) {
                all[unique++] = all[i];
            }
        }
        return Arrays.copyOf(all, unique);
    }
}
