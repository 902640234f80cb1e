package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;

/** Builds {@link PrimitiveArray}s. Nulls occupy a zero value slot. */
public final class PrimitiveBuilder extends ArrayBuilder {
    private final DType.Primitive dtype;
    private final int width;
    private final ByteSink values = new ByteSink(1024);
    private final ValiditySink validity;

    PrimitiveBuilder(DType.Primitive dtype) {
        this.dtype = dtype;
        this.width = dtype.ptype().byteWidth();
        this.validity = new ValiditySink(dtype.nullable());
    }

    @Override
    public DType.Primitive dtype() {
        return dtype;
    }

    @Override
    public long length() {
        return values.size() / width;
    }

    @Override
    public long byteSize() {
        return values.size() + validity.byteSize();
    }

    /**
     * Appends an integer, which must fit the ptype (unsigned types take non-negative values; {@code u64} takes any
     * bits).
     */
    public void appendLong(long v) {
        PType p = dtype.ptype();
        switch (p) {
            case I8 -> values.writeByte(checked(v, Byte.MIN_VALUE, Byte.MAX_VALUE));
            case U8 -> values.writeByte(checked(v, 0, 0xFF));
            case I16 -> values.writeShort((short) checked(v, Short.MIN_VALUE, Short.MAX_VALUE));
            case U16 -> values.writeShort((short) checked(v, 0, 0xFFFF));
            case I32 -> values.writeInt(checked(v, Integer.MIN_VALUE, Integer.MAX_VALUE));
            case U32 -> values.writeInt((int) checkedLong(v, 0, 0xFFFFFFFFL));
            case I64, U64 -> values.writeLong(v);
            case F16, F32, F64 -> throw new InvalidArgumentException("appendLong on a " + p + " builder");
        }
        validity.append(true);
    }

    private int checked(long v, long min, long max) {
        return (int) checkedLong(v, min, max);
    }

    private long checkedLong(long v, long min, long max) {
        if (v < min || v > max) {
            throw new InvalidArgumentException(v + " does not fit " + dtype.ptype());
        }
        return v;
    }

    public void appendDouble(double v) {
        switch (dtype.ptype()) {
            case F64 -> values.writeLong(Double.doubleToRawLongBits(v));
            case F32 -> values.writeInt(Float.floatToRawIntBits((float) v));
            case F16 -> values.writeShort(Float.floatToFloat16((float) v));
            default -> throw new InvalidArgumentException("appendDouble on a " + dtype.ptype() + " builder");
        }
        validity.append(true);
    }

    @Override
    public void appendNull() {
        checkNullable();
        values.writeZeros(width);
        validity.append(false);
    }

    @Override
    public void appendNulls(long count) {
        checkNullable();
        values.writeZeros(count * width);
        validity.appendMany(false, count);
    }

    @Override
    void appendCanonical(Array canonical, long from, long to) {
        PrimitiveArray src = (PrimitiveArray) canonical;
        values.write(src.values().asSlice(from * width, (to - from) * width));
        validity.append(src.validity(), from, to);
    }

    @Override
    public void appendScalar(Scalar value) {
        if (value.isNull()) {
            appendNull();
        } else if (value.value() instanceof Long l) {
            appendLong(l);
        } else {
            appendDouble(((Number) value.value()).doubleValue());
        }
    }

    @Override
    public PrimitiveArray finish() {
        return new PrimitiveArray(dtype, values.take(), validity.take());
    }
}
