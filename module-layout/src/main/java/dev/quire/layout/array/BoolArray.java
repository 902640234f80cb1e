package dev.quire.layout.array;

import dev.quire.layout.dtype.DType;
import java.util.Objects;

/** The canonical array of the bool dtype: one bit per value, LSB-first. */
public final class BoolArray implements Array {
    public static final String ID = "vortex.bool";

    private final DType.Bool dtype;
    private final BitBuffer bits;
    private final Validity validity;

    public BoolArray(BitBuffer bits, Validity validity) {
        this.bits = Objects.requireNonNull(bits, "bits is null");
        this.dtype = new DType.Bool(validity.isNullable());
        Arrays2.checkValidity(validity, dtype.nullable(), bits.length());
        this.validity = validity;
    }

    public static BoolArray of(boolean... values) {
        byte[] packed = new byte[(values.length + 7) / 8];
        for (int i = 0; i < values.length; i++) {
            if (values[i]) {
                packed[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        return new BoolArray(BitBuffer.ofBytes(packed, values.length), Validity.NON_NULLABLE);
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
    public String encodingId() {
        return ID;
    }

    public BitBuffer bits() {
        return bits;
    }

    public Validity validity() {
        return validity;
    }

    public boolean getBoolean(long i) {
        return bits.get(i);
    }

    @Override
    public boolean isValid(long index) {
        return validity.isValid(index);
    }

    @Override
    public long nullCount() {
        return validity.nullCount(length());
    }

    @Override
    public BoolArray slice(long from, long to) {
        Arrays2.checkSlice(from, to, length());
        return new BoolArray(bits.slice(from, to), validity.slice(from, to));
    }

    @Override
    public BoolArray toCanonical() {
        return this;
    }

    @Override
    public Scalar scalarAt(long index) {
        Arrays2.checkIndex(index, length());
        return isValid(index) ? new Scalar(dtype, getBoolean(index)) : Scalar.nullOf(dtype);
    }

    @Override
    public String toString() {
        return "BoolArray[" + dtype + ", " + length() + "]";
    }
}
