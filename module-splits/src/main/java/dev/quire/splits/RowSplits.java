package dev.quire.splits;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Collects row boundaries (absolute row indices where a split may start or end) as layout readers report them.
 *
 * <p>Readers walk their columns in row order, so boundaries arrive as ascending runs, one per column. A run equal to
 * the run before it (columns whose chunks line up) is dropped as soon as it ends, and when a single run survives,
 * {@link #boundaries()} needs no sort. Sorting and de-duplication happen only when runs really differ. A boundary
 * equal to the one just added adds nothing, so a struct that pushes its own end after its fields keeps their run
 * going.
 *
 * <p>A collection also carries the policy readers follow: whether a parent may skip a child whose layout registers
 * no interior splits, adding its end straight from what the parent knows ({@link #skipsSplitlessChildren()}). It is
 * on by default; {@link #walkingEveryChild()} (or the system property {@value #SKIP_PROPERTY}{@code =false}) turns
 * it off, so every child layout and reader is built and asked, which is what tests and benchmarks compare against.
 */
public final class RowSplits {
    /** System property that, set to {@code false}, makes {@link #RowSplits()} walk every child. */
    public static final String SKIP_PROPERTY = "quire.splits.skipSplitless";

    private final List<long[]> runs = new ArrayList<>();
    private final boolean skipSplitless;
    private long[] current = new long[16];
    private int size;

    /** A collection that skips splitless children unless {@value #SKIP_PROPERTY} is {@code false}. */
    public RowSplits() {
        this(!"false".equalsIgnoreCase(System.getProperty(SKIP_PROPERTY, "true").strip()));
    }

    private RowSplits(boolean skipSplitless) {
        this.skipSplitless = skipSplitless;
    }

    /** A collection whose readers skip children that register no interior splits. */
    public static RowSplits skippingSplitlessChildren() {
        return new RowSplits(true);
    }

    /** A collection whose readers build and ask every child, the straightforward walk. */
    public static RowSplits walkingEveryChild() {
        return new RowSplits(false);
    }

    /**
     * Whether a reader may take the end of a child that registers no interior splits from its own knowledge (chunk
     * offsets, its row count) instead of building the child's layout and reader and asking it.
     */
    public boolean skipsSplitlessChildren() {
        return skipSplitless;
    }

    /**
     * Records a boundary. A value equal to the previous one adds nothing; a smaller one starts a new run.
     */
    public void add(long row) {
        if (row < 0) {
            throw new IllegalArgumentException("negative row boundary " + row);
        }
        if (size > 0) {
            long last = current[size - 1];
            if (row == last) {
                return;
            }
            if (row < last) {
                endRun();
            }
        }
        if (size == current.length) {
            current = Arrays.copyOf(current, size * 2);
        }
        current[size++] = row;
    }

    /**
     * Records {@code base + rows[i]} for {@code i} in {@code [from, to)}, as {@link #add} would one by one; what a
     * chunked reader calls with its chunk offsets. {@code rows} must not descend inside the slice.
     */
    public void addAll(long base, long[] rows, int from, int to) {
        if (from < 0 || to > rows.length || to < from) {
            throw new IllegalArgumentException("invalid slice [" + from + ", " + to + ") of " + rows.length + " rows");
        }
        if (from == to) {
            return;
        }
        add(base + rows[from]);
        if (size + (to - from) > current.length) {
            current = Arrays.copyOf(current, Math.max(current.length * 2, size + (to - from)));
        }
        long last = current[size - 1];
        for (int i = from + 1; i < to; i++) {
            long row = base + rows[i];
            if (row > last) {
                current[size++] = row;
                last = row;
            } else if (row < last) {
                throw new IllegalArgumentException("rows descend at index " + i + ": " + row + " after " + last);
            }
        }
    }

    /** Ends the current run; the next {@link #add} starts a new one even if it is ascending. */
    public void endRun() {
        if (size == 0) {
            return;
        }
        int n = size;
        size = 0;
        // Compared before it is copied: a column whose chunks line up with the one before costs no allocation.
        if (!runs.isEmpty() && Arrays.equals(runs.getLast(), 0, runs.getLast().length, current, 0, n)) {
            return;
        }
        runs.add(Arrays.copyOf(current, n));
    }

    /** The number of distinct runs kept so far (for tests and diagnostics). */
    public int runCount() {
        boolean pending = size > 0 && (runs.isEmpty()
                || !Arrays.equals(runs.getLast(), 0, runs.getLast().length, current, 0, size));
        return runs.size() + (pending ? 1 : 0);
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
