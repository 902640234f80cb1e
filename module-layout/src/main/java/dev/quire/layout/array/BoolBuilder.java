package dev.quire.layout.array;

import dev.quire.layout.dtype.DType;

/** Builds {@link BoolArray}s. */
public final class BoolBuilder extends ArrayBuilder {
    private final DType.Bool dtype;
    private final BitSink bits = new BitSink();
    private final ValiditySink validity;

    BoolBuilder(DType.Bool dtype) {
        this.dtype = dtype;
        this.validity = new ValiditySink(dtype.nullable());
    }

    @Override
    public DType.Bool dtype() {
        return dtype;
    }

    @Override
    public long length() {
        return bits.length();
    }

    @Override
    public long byteSize() {
        return (bits.length() + 7) / 8 + validity.byteSize();
    }

    public void appendBoolean(boolean value) {
        bits.append(value);
        validity.append(true);
    }

    @Override
    public void appendNull() {
        checkNullable();
        bits.append(false);
        validity.append(false);
    }

    @Override
    void appendCanonical(Array canonical, long from, long to) {
        BoolArray src = (BoolArray) canonical;
        bits.appendBits(src.bits(), from, to);
        validity.append(src.validity(), from, to);
    }

    @Override
    public void appendScalar(Scalar value) {
        if (value.isNull()) {
            appendNull();
        } else {
            appendBoolean((Boolean) value.value());
        }
    }

    @Override
    public BoolArray finish() {
        BitBuffer b = bits.take();
        return new BoolArray(b, validity.take());
    }
}
