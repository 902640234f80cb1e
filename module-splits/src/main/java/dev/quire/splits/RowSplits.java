package dev.quire.splits;

import dev.quire.errors.InvalidArgumentException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Collects row boundaries (absolute row indices where a split may start or end) as layout readers report them.
 *
 * <p>Readers walk their columns in row order, so boundaries arrive as ascending runs, one per column. A run equal to
 * the run before it (columns whose chunks line up) is dropped as soon as it ends, and when a single run survives,
 * {@link #boundaries()} needs no merge. Merging (through a bitmap over the rows the runs span when they are dense
 * enough, else a sort) and de-duplication happen only when runs really differ. A boundary
 * equal to the one just added adds nothing, so a struct that pushes its own end after its fields keeps their run
 * going.
 *
 * <p>A collection also carries the policy readers follow: whether a parent may skip a child whose layout registers
 * no interior splits, adding its end straight from what the parent knows ({@link #skipsSplitlessChildren()}). It is
 * chosen by whoever creates the collection ({@link #skippingSplitlessChildren()}, the usual one, or
 * {@link #walkingEveryChild()}, which builds and asks every child layout and reader, what tests and benchmarks
 * compare against), so that two scans in one JVM may follow different policies.
 */
public final class RowSplits {
    /**
     * How many 64-bit words of bitmap per boundary the merge may spend before sorting is cheaper: boundaries spread
     * over a span of rows at most this many words per boundary are merged by setting bits and reading them back in
     * order, in time linear in the span, instead of an O(n log n) sort.
     */
    static final int BITMAP_WORDS_PER_BOUNDARY = 8;

    /** Finished distinct runs, each strictly ascending. */
    private final List<Run> runs = new ArrayList<>();
    private final boolean skipSplitless;
    /** The current run, when it was built boundary by boundary. */
    private long[] current = new long[16];
    private int size;
    /**
     * The current run, when it is (so far) exactly one caller's slice: kept as a reference, not copied, so that a
     * column whose chunk offsets equal the previous column's costs one vectorized comparison. {@code size} is zero
     * while it is set.
     */
    private Run pending;

    /** {@code base + rows[i]} for {@code i} in {@code [from, to)}, strictly ascending and not empty. */
    private record Run(long base, long[] rows, int from, int to) {
        long first() {
            return base + rows[from];
        }

        long last() {
            return base + rows[to - 1];
        }

        int length() {
            return to - from;
        }

        boolean sameAs(long otherBase, long[] otherRows, int otherFrom, int otherTo) {
            if (otherTo - otherFrom != to - from) {
                return false;
            }
            if (otherBase == base) {
                // Chunked readers of aligned columns share one offsets array: then this is all it costs.
                return (otherRows == rows && otherFrom == from)
                        || Arrays.equals(rows, from, to, otherRows, otherFrom, otherTo);
            }
            for (int i = from, j = otherFrom; i < to; i++, j++) {
                if (base + rows[i] != otherBase + otherRows[j]) {
                    return false;
                }
            }
            return true;
        }

        boolean sameAs(Run other) {
            return sameAs(other.base, other.rows, other.from, other.to);
        }

        void copyTo(long[] target, int at) {
            for (int i = from; i < to; i++) {
                target[at++] = base + rows[i];
            }
        }
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
            throw new InvalidArgumentException("negative row boundary " + row);
        }
        if (pending != null) {
            long last = pending.last();
            if (row == last) {
                return;
            }
            if (row < last) {
                endRun();
            } else {
                materializePending();
            }
        } else if (size > 0) {
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
     * chunked reader calls with its chunk offsets. {@code rows} must not descend inside the slice. The collection
     * may keep a reference to {@code rows} instead of copying it, so the caller must not change the slice until
     * {@link #boundaries()} has returned (chunk offsets never change).
     */
    public void addAll(long base, long[] rows, int from, int to) {
        if (from < 0 || to > rows.length || to < from) {
            throw new InvalidArgumentException("invalid slice [" + from + ", " + to + ") of " + rows.length + " rows");
        }
        if (from == to) {
            return;
        }
        long first = base + rows[from];
        if (first < 0) {
            throw new InvalidArgumentException("negative row boundary " + first);
        }
        if (pending != null || size > 0) {
            long last = pending != null ? pending.last() : current[size - 1];
            if (first < last) {
                endRun();
            }
        }
        if (pending == null && size == 0) {
            // A new run that is this slice: keep a reference. Equal to the previous run, it is known to ascend;
            // otherwise check once here.
            if (!runs.isEmpty() && runs.getLast().sameAs(base, rows, from, to)) {
                pending = new Run(base, rows, from, to);
                return;
            }
            if (strictlyAscending(rows, from, to)) {
                pending = new Run(base, rows, from, to);
                return;
            }
        }
        appendAll(base, rows, from, to);
    }

    /**
     * Records the ends {@code base + offsets.start(i)} for {@code i} in {@code [from, to)}: what a reader of many
     * children calls with their offsets to extend split boundaries without building them. Readers whose children line
     * up hand in one shared instance, which the collection recognises as a repeated run without comparing it.
     */
    public void addAll(long base, RowOffsets offsets, int from, int to) {
        addAll(base, offsets.shared(), from, to);
    }

    /**
     * Whether {@code rows[from, to)} strictly ascends; throws if it descends anywhere (repeated values are allowed in
     * a slice and answered {@code false}).
     */
    private static boolean strictlyAscending(long[] rows, int from, int to) {
        boolean strict = true;
        for (int i = from + 1; i < to; i++) {
            if (rows[i] < rows[i - 1]) {
                throw new InvalidArgumentException("rows descend at index " + i + ": " + rows[i] + " after "
                        + rows[i - 1]);
            }
            strict &= rows[i] != rows[i - 1];
        }
        return strict;
    }

    /** Appends a slice to the current run one value at a time, skipping repeats. */
    private void appendAll(long base, long[] rows, int from, int to) {
        if (pending != null) {
            materializePending();
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
                throw new InvalidArgumentException("rows descend at index " + i + ": " + row + " after " + last);
            }
        }
    }

    /** Turns the pending slice into the current run, so that more boundaries can follow it. */
    private void materializePending() {
        Run p = pending;
        pending = null;
        if (current.length < p.length()) {
            current = new long[Math.max(current.length * 2, p.length())];
        }
        p.copyTo(current, 0);
        size = p.length();
    }

    /** Ends the current run; the next {@link #add} starts a new one even if it is ascending. */
    public void endRun() {
        if (pending != null) {
            Run p = pending;
            pending = null;
            if (runs.isEmpty() || !runs.getLast().sameAs(p)) {
                runs.add(p);
            }
            return;
        }
        if (size == 0) {
            return;
        }
        int n = size;
        size = 0;
        // Compared before it is copied: a column whose chunks line up with the one before costs no allocation.
        if (!runs.isEmpty() && runs.getLast().sameAs(0, current, 0, n)) {
            return;
        }
        runs.add(new Run(0, Arrays.copyOf(current, n), 0, n));
    }

    /** The number of distinct runs kept so far (for tests and diagnostics). */
    public int runCount() {
        boolean pendingDistinct;
        if (pending != null) {
            pendingDistinct = runs.isEmpty() || !runs.getLast().sameAs(pending);
        } else {
            pendingDistinct = size > 0 && (runs.isEmpty() || !runs.getLast().sameAs(0, current, 0, size));
        }
        return runs.size() + (pendingDistinct ? 1 : 0);
    }

    /** All boundaries, ascending and without duplicates. */
    public long[] boundaries() {
        endRun();
        if (runs.isEmpty()) {
            return new long[0];
        }
        if (runs.size() == 1) {
            Run only = runs.getFirst();
            long[] out = new long[only.length()];
            only.copyTo(out, 0);
            return out;
        }
        long total = 0;
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (Run run : runs) {
            total += run.length();
            lo = Math.min(lo, run.first());
            hi = Math.max(hi, run.last());
        }
        long words = ((hi - lo) >>> 6) + 1;
        if (words <= Math.min(BITMAP_WORDS_PER_BOUNDARY * total, Integer.MAX_VALUE - 8)) {
            return mergeByBitmap(lo, (int) words);
        }
        return mergeBySorting((int) total);
    }

    /** Sets one bit per boundary over {@code [lo, lo + 64 * words)} and reads them back in order. */
    private long[] mergeByBitmap(long lo, int words) {
        long[] bits = new long[words];
        for (Run run : runs) {
            long shift = run.base() - lo;
            long[] rows = run.rows();
            for (int i = run.from(); i < run.to(); i++) {
                long d = rows[i] + shift;
                bits[(int) (d >>> 6)] |= 1L << d;
            }
        }
        int count = 0;
        for (long word : bits) {
            count += Long.bitCount(word);
        }
        long[] out = new long[count];
        int n = 0;
        for (int w = 0; w < words; w++) {
            long word = bits[w];
            long at = lo + ((long) w << 6);
            while (word != 0) {
                out[n++] = at + Long.numberOfTrailingZeros(word);
                word &= word - 1;
            }
        }
        return out;
    }

    /** Concatenates the runs, sorts and drops repeats: for boundaries too sparse for a bitmap. */
    private long[] mergeBySorting(int total) {
        long[] all = new long[total];
        int pos = 0;
        for (Run run : runs) {
            run.copyTo(all, pos);
            pos += run.length();
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
