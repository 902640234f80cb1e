package dev.quire.layout.array;

import dev.quire.layout.dtype.DType;

/** Builds {@link NullArray}s. */
public final class NullBuilder extends ArrayBuilder {
    private long length;

    @Override
    public DType dtype() {
        return new DType.Null();
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public long byteSize() {
        return 0;
    }

    @Override
    public void appendNull() {
        length++;
    }

    @Override
    public void appendNulls(long count) {
        length += count;
    }

    @Override
    void appendCanonical(Array canonical, long from, long to) {
        length += to - from;
    }

    @Override
    public void appendScalar(Scalar value) {
        length++;
    }

    @Override
    public NullArray finish() {
        NullArray out = new NullArray(length);
        length = 0;
        return out;
    }
}
