package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import java.util.Objects;

/** One scalar repeated {@code length} times. */
public final class ConstantArray implements Array {
    public static final String ID = "vortex.constant";

    private final Scalar scalar;
    private final long length;

    public ConstantArray(Scalar scalar, long length) {
        this.scalar = Objects.requireNonNull(scalar, "scalar is null");
        if (length < 0) {
            throw new InvalidArgumentException("negative length " + length);
        }
        this.length = length;
    }

    public Scalar scalar() {
        return scalar;
    }

    @Override
    public DType dtype() {
        return scalar.dtype();
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
        return !scalar.isNull();
    }

    @Override
    public long nullCount() {
        return scalar.isNull() ? length : 0;
    }

    @Override
    public ConstantArray slice(long from, long to) {
        Arrays2.checkSlice(from, to, length);
        return new ConstantArray(scalar, to - from);
    }

    @Override
    public Array toCanonical() {
        DType dtype = scalar.dtype();
        if (dtype instanceof DType.Null) {
            return new NullArray(length);
        }
        if (dtype instanceof DType.Bool b) {
            Validity validity = scalar.isNull() ? Validity.ALL_INVALID : Validity.allValid(b.nullable());
            boolean value = !scalar.isNull() && (Boolean) scalar.value();
            return new BoolArray(BitBuffer.filled(length, value), validity);
        }
        ArrayBuilder builder = ArrayBuilder.forType(dtype);
        if (scalar.isNull()) {
            builder.appendNulls(length);
        } else {
            for (long i = 0; i < length; i++) {
                builder.appendScalar(scalar);
            }
        }
        return builder.finish();
    }

    @Override
    public Scalar scalarAt(long index) {
        Arrays2.checkIndex(index, length);
        return scalar;
    }

    @Override
    public String toString() {
        return "ConstantArray[" + scalar + " x " + length + "]";
    }
}
