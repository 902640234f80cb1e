package dev.quire.encodings.internal.runs;

import dev.quire.encodings.internal.Buffers;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.expr.ValuePredicate;
import dev.quire.layout.expr.FilterKernel;
import dev.quire.layout.spi.IntegerBlocks;
import dev.quire.layout.spi.TakeKernel;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.IntPredicate;

/**
 * A {@code vortex.runend} array of integers as read, not expanded yet: one value per run and the run ends, checked and
 * made relative to the array ({@code ends()[r]} is where run {@code r} stops, non-decreasing, the last equal to the
 * length).
 *
 * <p>{@link #toCanonical()} expands the runs once (the result is kept). As {@link LongBlocks} it writes the runs of
 * each block straight into the reader's {@code long[]}, so a scan's consumer reads the column without an expanded
 * copy. As {@link IntegerBlocks} it does the same into an {@code int[]}, and bounds the values from the runs alone: a
 * dictionary whose codes are run-end encoded gathers through it without an expanded codes array or a pass over one to
 * check them. Slices share the run ends (a view of the runs that cover them, nothing copied), so a scan split expands
 * only its own rows. As a {@link TakeKernel} it gives a selective scan's rows from the runs that hold them, without
 * expanding the others. As a {@link FilterKernel} it evaluates a predicate on the run values alone and sets the rows of
 * the runs that match.
 */
final class RunEndArray implements Array, IntegerBlocks, LongBlocks, TakeKernel, FilterKernel {
    private final DType dtype;
    private final PrimitiveArray values;
    /**
     * The run ends as decoded for the whole array this one was sliced from (or this one): run {@code r} ends at
     * {@code min(shared[endsFrom + r] - shift, length)}. Slices share them instead of copying their part.
     */
    private final int[] shared;
    private final int endsFrom;
    private final int shift;
    private final int runs;
    /** The run ends relative to this array and capped at its length, once something asked for them. */
    private volatile int[] relative;
    private final int length;
    private volatile PrimitiveArray canonical;
    /** The run values widened to {@code int}, once a cursor asked for them. */
    private volatile Widened widened;

    /** Run values as {@code int}s and a bound above all of them, or -1 when one is negative. */
    private record Widened(int[] values, long bound) {}

    /** {@code values} (canonical, of an integer type) over the checked, relative {@code ends}. */
    RunEndArray(DType dtype, PrimitiveArray values, int[] ends, int length) {
        this(dtype, values, ends, 0, 0, length);
        if (values.length() != ends.length) {
            throw new IllegalArgumentException(values + " as the values of " + ends.length + " runs");
        }
        relative = ends;
    }

    /**
     * The runs {@code [endsFrom, endsFrom + values.length())} of checked ends {@code shared}, made relative by
     * subtracting {@code shift} and capped at {@code length}: a slice's view of the ends it was cut from.
     */
    private RunEndArray(DType dtype, PrimitiveArray values, int[] shared, int endsFrom, int shift, int length) {
        long runs = values.length();
        if (runs > shared.length - endsFrom || !values.ptype().isInteger()) {
            throw new IllegalArgumentException(values + " as the values of runs " + endsFrom + " on of "
                    + shared.length);
        }
        this.dtype = dtype;
        this.values = values;
        this.shared = shared;
        this.endsFrom = endsFrom;
        this.shift = shift;
        this.runs = (int) runs;
        this.length = length;
    }

    /** The run ends relative to this array and capped at its length (made once for a slice; kept). */
    private int[] ends() {
        int[] e = relative;
        if (e == null) {
            e = new int[runs];
            for (int r = 0; r < runs; r++) {
                e[r] = Math.min(shared[endsFrom + r] - shift, length);
            }
            relative = e;
        }
        return e;
    }

    @Override
    public DType dtype() {
        return dtype;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public String encodingId() {
        return RunEndEncoding.ID;
    }

    /** The run that holds row {@code index}: the first whose end is past it. */
    private int runOf(long index) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException("row " + index + " of " + length);
        }
        // the cap at the length changes no answer: index is below it
        long at = index + shift;
        int lo = 0;
        int hi = runs - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (shared[endsFrom + mid] > at) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    @Override
    public boolean isValid(long index) {
        return values.isValid(runOf(index));
    }

    @Override
    public long nullCount() {
        if (values.nullCount() == 0) {
            return 0;
        }
        int[] ends = ends();
        long nulls = 0;
        int from = 0;
        for (int r = 0; r < ends.length; r++) {
            if (!values.isValid(r)) {
                nulls += ends[r] - from;
            }
            from = ends[r];
        }
        return nulls;
    }

    /**
     * Rows {@code [from, to)}: the runs that cover them, over this array's ends seen from {@code from} and capped at
     * the slice's length, shared rather than copied (a slice of the expanded values once there are some).
     */
    @Override
    public Array slice(long from, long to) {
        if (from < 0 || to < from || to > length) {
            throw new IndexOutOfBoundsException("slice [" + from + ", " + to + ") of " + length + " values");
        }
        PrimitiveArray c = canonical;
        if (c != null) {
            return c.slice(from, to);
        }
        if (from == 0 && to == length) {
            return this;
        }
        int n = (int) (to - from);
        if (n == 0) {
            return new RunEndArray(dtype, (PrimitiveArray) values.slice(0, 0), new int[0], 0);
        }
        int first = runOf(from);
        int last = runOf(to - 1);
        return new RunEndArray(dtype, (PrimitiveArray) values.slice(first, last + 1), shared, endsFrom + first,
                shift + (int) from, n);
    }

    @Override
    public boolean isCanonical() {
        return false;
    }

    @Override
    public PrimitiveArray toCanonical() {
        PrimitiveArray c = canonical;
        if (c == null) {
            c = (PrimitiveArray) RunEndEncoding.expand(dtype, values, ends(), length);
            canonical = c;
        }
        return c;
    }

    @Override
    public Scalar scalarAt(long index) {
        return values.scalarAt(runOf(index));
    }

    /**
     * A cursor when the array has not been expanded and no run value is negative as an {@code int} (zero-extended
     * unsigned values below {@code 2^31}, or signed values of at least zero).
     */
    @Override
    public Optional<IntegerBlocks.Cursor> intBlocks() {
        if (canonical != null) {
            return Optional.empty();
        }
        Widened w = widened;
        if (w == null) {
            w = widen();
            widened = w;
        }
        return w.bound() < 0 ? Optional.empty() : Optional.of(new RunCursor(w.values(), w.bound()));
    }

    private Widened widen() {
        MemorySegment s = values.values();
        boolean unsigned = values.ptype().isUnsigned();
        int[] v = switch (values.ptype().byteWidth()) {
            case 1 -> {
                int[] w = new int[runs];
                for (int r = 0; r < runs; r++) {
                    byte b = s.get(ValueLayout.JAVA_BYTE, r);
                    w[r] = unsigned ? b & 0xFF : b;
                }
                yield w;
            }
            case 2 -> {
                int[] w = new int[runs];
                for (int r = 0; r < runs; r++) {
                    short x = s.get(LittleEndian.SHORT, (long) r << 1);
                    w[r] = unsigned ? x & 0xFFFF : x;
                }
                yield w;
            }
            // 4-byte run values are read where they are (the decoded child's array, only read): no copy
            case 4 -> Buffers.ints(s, runs);
            default -> {
                // 8-byte values are codes only when each is in [0, 2^31): then they fit an int as they are (one
                // that does not is made -1, which declines the cursor below)
                int[] w = new int[runs];
                for (int r = 0; r < runs; r++) {
                    long x = s.get(LittleEndian.LONG, (long) r << 3);
                    w[r] = x < 0 || x > Integer.MAX_VALUE ? -1 : (int) x;
                }
                yield w;
            }
        };
        int max = 0;
        int signs = 0;
        for (int r = 0; r < runs; r++) {
            int x = v[r];
            max = Math.max(max, x);
            signs |= x;
        }
        return new Widened(v, signs < 0 ? -1 : max + 1L);
    }

    /** Writes the runs into blocks of {@link IntegerBlocks#MAX_BLOCK_ROWS} rows, a fill per run piece. */
    private final class RunCursor implements IntegerBlocks.Cursor {
        private final int[] ends = ends();
        private final int[] v;
        private final long bound;
        private int row;
        private int run;

        RunCursor(int[] v, long bound) {
            this.v = v;
            this.bound = bound;
        }

        @Override
        public long bound() {
            return bound;
        }

        @Override
        public int next(int[] out) {
            int stop = Math.min(length, row + MAX_BLOCK_ROWS);
            int count = stop - row;
            int at = row;
            int r = run;
            while (at < stop) {
                // runs ending here or before were used up (empty runs included)
                int end = Math.min(ends[r], stop);
                if (end > at) {
                    Arrays.fill(out, at - row, end - row, v[r]);
                    at = end;
                }
                if (ends[r] <= at) {
                    r++;
                }
            }
            run = r;
            row = stop;
            return count;
        }
    }

    /**
     * The values at {@code rows}, each its run's value and validity, found by walking the runs alongside the rows
     * (both ascend): no row outside {@code rows} is expanded. Declines once the array has been expanded.
     */
    @Override
    public Optional<Array> take(long[] rows) {
        if (canonical != null) {
            return Optional.empty();
        }
        int n = rows.length;
        if (n > 0 && (rows[0] < 0 || rows[n - 1] >= length)) {
            throw new IndexOutOfBoundsException("rows " + rows[0] + " to " + rows[n - 1] + " of " + length);
        }
        int[] ends = ends();
        int[] runOfRow = new int[n];
        int r = 0;
        for (int i = 0; i < n; i++) {
            long row = rows[i];
            while (ends[r] <= row) {
                r++;
            }
            runOfRow[i] = r;
        }
        MemorySegment src = values.values();
        MemorySegment dst = Buffers.allocate(values.ptype(), n);
        switch (values.ptype().byteWidth()) {
            case 1 -> {
                for (int i = 0; i < n; i++) {
                    dst.set(ValueLayout.JAVA_BYTE, i, src.get(ValueLayout.JAVA_BYTE, runOfRow[i]));
                }
            }
            case 2 -> {
                for (int i = 0; i < n; i++) {
                    dst.setAtIndex(LittleEndian.SHORT, i, src.getAtIndex(LittleEndian.SHORT, runOfRow[i]));
                }
            }
            case 4 -> {
                for (int i = 0; i < n; i++) {
                    dst.setAtIndex(LittleEndian.INT, i, src.getAtIndex(LittleEndian.INT, runOfRow[i]));
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    dst.setAtIndex(LittleEndian.LONG, i, src.getAtIndex(LittleEndian.LONG, runOfRow[i]));
                }
            }
        }
        Validity validity = values.validity();
        if (validity instanceof Validity.Mask m) {
            BitBuffer bits = m.bits();
            byte[] out = new byte[(n + 7) >>> 3];
            for (int i = 0; i < n; i++) {
                if (bits.get(runOfRow[i])) {
                    out[i >>> 3] |= (byte) (1 << (i & 7));
                }
            }
            validity = new Validity.Mask(BitBuffer.ofBytes(out, n));
        }
        return Optional.of(new PrimitiveArray(values.dtype(), dst, validity));
    }

    /**
     * A cursor over the values as longs (sign- or zero-extended as the type says) while the array has not been
     * expanded. The run values are read from the decoded child's {@code long[]} where they are one, else widened once
     * per cursor (one long per run).
     */
    @Override
    public Optional<LongBlocks.Cursor> longBlocks() {
        if (canonical != null) {
            return Optional.empty();
        }
        MemorySegment s = values.values();
        if (s.heapBase().orElse(null) instanceof long[] a && (s.address() & 7) == 0
                && s.address() / 8 + runs <= a.length) {
            return Optional.of(new LongRunCursor(a, (int) (s.address() / 8)));
        }
        long[] v = new long[runs];
        for (int r = 0; r < runs; r++) {
            v[r] = values.getLongValue(r);
        }
        return Optional.of(new LongRunCursor(v, 0));
    }

    /**
     * Writes the runs into blocks of {@link LongBlocks#BLOCK_ROWS} rows: a run of at most
     * {@link RunEndEncoding#SHORT_RUN} rows as a fixed group of stores (the ones past it are overwritten by the runs
     * after it, or fall in the block's room past its rows), a longer one as a fill. It reads the shared ends where
     * they are, in the coordinates of the array they were decoded for (rows and stops shifted into them, runs counted
     * from {@code endsFrom}): the last run's end may lie past this array's, which only ends the last block.
     */
    private final class LongRunCursor implements LongBlocks.Cursor {
        /** The room past a block's start where a fixed group of stores still fits. */
        private static final int GROUP_END = LongBlocks.BLOCK_ROWS - RunEndEncoding.SHORT_RUN;
        private final long[] v;
        private final int base;
        private int row;
        private int run;

        LongRunCursor(long[] v, int base) {
            this.v = v;
            this.base = base;
        }

        @Override
        public int next(long[] out) {
            int first = row;
            int stop = Math.min(length, first + LongBlocks.BLOCK_ROWS);
            int count = stop - first;
            if (count <= 0) {
                return 0;
            }
            java.util.Objects.checkFromIndexSize(0, LongBlocks.BLOCK_ROWS, out.length);
            int[] e = shared;
            long[] values = v;
            // r counts runs in the shared ends; the values of this array's runs start at base
            int b = base - endsFrom;
            int r = endsFrom + run;
            int firstAt = first + shift;
            int stopAt = stop + shift;
            int from = 0;
            // the runs that end inside the block (the last run ends at or past the array's end, so this stops)
            for (int end = e[r]; end < stopAt; end = e[++r]) {
                int to = end - firstAt;
                long x = values[b + r];
                if (to - from <= RunEndEncoding.SHORT_RUN & from <= GROUP_END) {
                    out[from] = x;
                    out[from + 1] = x;
                    out[from + 2] = x;
                    out[from + 3] = x;
                    out[from + 4] = x;
                    out[from + 5] = x;
                    out[from + 6] = x;
                    out[from + 7] = x;
                } else if (to > from) {
                    Arrays.fill(out, from, to, x);
                }
                from = Math.max(from, to);
            }
            // the run that reaches the block's end, used up when it ends there
            Arrays.fill(out, from, count, values[b + r]);
            run = (e[r] == stopAt ? r + 1 : r) - endsFrom;
            row = stop;
            return count;
        }
    }

    /** Each run's validity over its rows. */
    @Override
    public void validity(long[] out) {
        int words = RowBits.words(length);
        Arrays.fill(out, 0, words, 0L);
        if (values.nullCount() == 0) {
            RowBits.setRange(out, 0, length);
            return;
        }
        setRuns(out, values::isValid);
    }

    /**
     * The predicate evaluated once per run, on the run values (a canonical array as long as the runs), and the rows
     * of each matching run set; declines once the array has been expanded (then the expanded values are cheaper to
     * test than to walk the runs again).
     */
    @Override
    public boolean match(ValuePredicate predicate, long[] out) {
        if (canonical != null) {
            return false;
        }
        long[] matched = predicate.matches(values);
        Arrays.fill(out, 0, RowBits.words(length), 0L);
        setRuns(out, r -> (matched[r >>> 6] & (1L << r)) != 0);
        return true;
    }

    /** Sets in {@code out} the rows of every run {@code r} that {@code set} holds for. */
    private void setRuns(long[] out, IntPredicate set) {
        int[] ends = ends();
        int from = 0;
        for (int r = 0; r < runs; r++) {
            if (set.test(r)) {
                RowBits.setRange(out, from, ends[r]);
            }
            from = Math.max(from, ends[r]);
        }
    }

    @Override
    public String toString() {
        return RunEndEncoding.ID + "[" + dtype + ", " + length + " values in " + runs + " runs]";
    }
}
