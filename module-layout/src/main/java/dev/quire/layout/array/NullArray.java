package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;

/** The canonical array of the null dtype: only a length. */
public final class NullArray implements Array {
    public static final String ID = "vortex.null";
    private static final DType.Null DTYPE = new DType.Null();

    private final long length;

    public NullArray(long length) {
        if (length < 0) {
            throw new InvalidArgumentException("negative length " + length);
        }
        this.length = length;
    }

    @Override
    public DType dtype() {
        return DTYPE;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public String encodingId() {
        return ID;
    }

    @Override
    public boolean isValid(long index) {
        return false;
    }

    @Override
    public long nullCount() {
        return length;
    }

    @Override
    public NullArray slice(long from, long to) {
        Arrays2.checkSlice(from, to, length);
        return new NullArray(to - from);
    }

    @Override
    public NullArray toCanonical() {
        return this;
    }

    @Override
    public Scalar scalarAt(long index) {
        Arrays2.checkIndex(index, length);
        return Scalar.nullOf(DTYPE);
    }
}
