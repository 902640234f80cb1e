package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * The views of a {@link VarBinViewArray}'s values copied to the heap, followed by one empty view, for arrays that
 * pick values of the source by index many times: a dictionary decoding its codes, a take. The views of the source's
 * null values are replaced by the empty view, so every view in the table is one the source's constructor checked
 * against its data buffers, or the empty one.
 *
 * <p>A gathered array ({@link Gatherer}, {@link #repeat}) holds copies of views from this table and shares the
 * source's data buffers. Building it costs one bounds check per index, not a check of every view as the public
 * constructor makes: an index names a view of the table or fails with a typed error, so a gathered view can only be
 * a checked one. The table is immutable once made and may be shared by threads; a gatherer belongs to one.
 */
public final class ViewTable {
    /** The most values a table holds: two {@code long}s per view, one more view for the empty one. */
    public static final int MAX_VALUES = (Integer.MAX_VALUE - 8) / 2 - 1;

    private final VarBinViewArray source;
    /**
     * The first and second word of each view, in two arrays indexed by value: an index needs no arithmetic, and the
     * JVM's bounds check on these arrays is the check of the index (an index outside them fails before anything is
     * copied into the row).
     */
    private final long[] low;
    private final long[] high;
    private final int count;

    private ViewTable(VarBinViewArray source, long[] low, long[] high, int count) {
        this.source = source;
        this.low = low;
        this.high = high;
        this.count = count;
    }

    /**
     * The views of {@code source}, with its null values' views emptied, and the empty view at index
     * {@link #count()}.
     *
     * @throws InvalidArgumentException when {@code source} has more than {@link #MAX_VALUES} values
     */
    public static ViewTable of(VarBinViewArray source) {
        Objects.requireNonNull(source, "source is null");
        long length = source.length();
        if (length > MAX_VALUES) {
            throw new InvalidArgumentException("a view table holds at most " + MAX_VALUES + " values, not "
                    + length);
        }
        int n = (int) length;
        long[] low = new long[n + 1];
        long[] high = new long[n + 1];
        MemorySegment views = source.views();
        Validity validity = source.validity();
        boolean allValid = !(validity instanceof Validity.Mask) && !(validity instanceof Validity.AllInvalid);
        if (!(validity instanceof Validity.AllInvalid)) {
            // Native order: the words hold the views' bytes as they are, whatever the platform.
            for (int i = 0; i < n; i++) {
                if (allValid || validity.isValid(i)) {
                    low[i] = views.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, 2L * i);
                    high[i] = views.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, 2L * i + 1);
                }
            }
        }
        return new ViewTable(source, low, high, n);
    }

    /** The number of the source's values; it is also the index of the empty view. */
    public int count() {
        return count;
    }

    /** The array whose views these are, and whose data buffers gathered arrays share. */
    public VarBinViewArray source() {
        return source;
    }

    /**
     * An array of {@code rows} copies of the view at {@code index}.
     *
     * @throws InvalidArgumentException when {@code index} is outside {@code [0, count()]}, {@code rows} is negative,
     *     or the dtype or validity does not fit (see {@link Gatherer#finish})
     */
    public VarBinViewArray repeat(DType dtype, int index, int rows, Validity validity) {
        checkIndex(index, -1);
        if (rows < 0 || rows > MAX_VALUES) {
            throw new InvalidArgumentException("cannot repeat a view " + rows + " times");
        }
        long[] out = new long[2 * rows];
        if (rows > 0) {
            out[0] = low[index];
            out[1] = high[index];
            for (int filled = 1; filled < rows; filled <<= 1) {
                System.arraycopy(out, 0, out, 2 * filled, 2 * Math.min(filled, rows - filled));
            }
        }
        return build(dtype, out, validity);
    }

    /**
     * A gatherer of {@code rows} views from this table.
     *
     * @throws InvalidArgumentException when {@code rows} is negative or above {@link #MAX_VALUES}
     */
    public Gatherer gatherer(int rows) {
        if (rows < 0 || rows > MAX_VALUES) {
            throw new InvalidArgumentException("cannot gather " + rows + " views");
        }
        return new Gatherer(rows);
    }

    /** Copies views from the table by index, in row order, into a new array of a fixed number of rows. */
    public final class Gatherer {
        private final long[] out;
        private final int rows;
        private int row;

        private Gatherer(int rows) {
            this.rows = rows;
            this.out = new long[2 * rows];
        }

        /** The rows gathered so far. */
        public int rows() {
            return row;
        }

        /**
         * Appends the views at {@code indices[from .. from + length)}: each index names a view in
         * {@code [0, count()]}, {@code count()} being the empty view (for null rows).
         *
         * @throws InvalidArgumentException when an index is outside {@code [0, count()]} (naming the row and the
         *     index) or the gatherer would hold more rows than it was made for
         */
        public void add(int[] indices, int from, int length) {
            Objects.checkFromIndexSize(from, length, indices.length);
            if (length > rows - row) {
                throw new InvalidArgumentException("cannot add " + length + " views to a gatherer of " + rows
                        + " rows holding " + row);
            }
            long[] lo = low;
            long[] hi = high;
            long[] o = out;
            int j = 0;
            try {
                for (int at = 2 * row; j < length; j++, at += 2) {
                    int c = indices[from + j];
                    o[at] = lo[c];
                    o[at + 1] = hi[c];
                }
            } catch (ArrayIndexOutOfBoundsException e) {
                checkIndex(indices[from + j], row + j);
                throw e;
            }
            row += length;
        }

        /**
         * The gathered array: its views are the copies, its data buffers the source's.
         *
         * @throws InvalidArgumentException when fewer rows were added than the gatherer was made for, the dtype is
         *     not the source's kind (utf8 or binary; nullability may differ), or the validity does not fit the dtype
         *     and the number of rows
         */
        public VarBinViewArray finish(DType dtype, Validity validity) {
            if (row != rows) {
                throw new InvalidArgumentException("a gatherer of " + rows + " rows finished with " + row);
            }
            return build(dtype, out, validity);
        }
    }

    private void checkIndex(int index, long row) {
        if (Integer.compareUnsigned(index, count) > 0) {
            throw new InvalidArgumentException("index " + index + (row >= 0 ? " at row " + row : "")
                    + " is outside the view table's [0, " + count + "]");
        }
    }

    private VarBinViewArray build(DType dtype, long[] views, Validity validity) {
        Objects.requireNonNull(dtype, "dtype is null");
        Objects.requireNonNull(validity, "validity is null");
        if (dtype.getClass() != source.dtype().getClass()) {
            throw new InvalidArgumentException("views of a " + source.dtype() + " array cannot make a " + dtype
                    + " array");
        }
        return VarBinViewArray.gathered(dtype, source, MemorySegment.ofArray(views), validity);
    }
}
