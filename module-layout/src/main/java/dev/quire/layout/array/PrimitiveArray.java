package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * The canonical array of a primitive dtype: {@code length} little-endian values of the ptype's width, back to back,
 * viewed in place. The typed getters read the raw value at an index whatever its validity.
 */
public final class PrimitiveArray implements Array {
    public static final String ID = "vortex.primitive";

    static final ValueLayout.OfShort SHORT = LittleEndian.SHORT;
    static final ValueLayout.OfInt INT = LittleEndian.INT;
    static final ValueLayout.OfLong LONG = LittleEndian.LONG;
    static final ValueLayout.OfFloat FLOAT = LittleEndian.FLOAT;
    static final ValueLayout.OfDouble DOUBLE = LittleEndian.DOUBLE;

    private final DType.Primitive dtype;
    private final MemorySegment values;
    private final long length;
    private final Validity validity;

    public PrimitiveArray(DType.Primitive dtype, MemorySegment values, Validity validity) {
        this.dtype = Objects.requireNonNull(dtype, "dtype is null");
        this.values = Objects.requireNonNull(values, "values is null");
        int width = dtype.ptype().byteWidth();
        if (values.byteSize() % width != 0) {
            throw new InvalidArgumentException("a " + dtype.ptype() + " buffer of " + values.byteSize()
                    + " bytes is not a whole number of values");
        }
        this.length = values.byteSize() / width;
        Arrays2.checkValidity(validity, dtype.nullable(), length);
        this.validity = validity;
    }

    public static PrimitiveArray ofLongs(long... v) {
        return new PrimitiveArray(new DType.Primitive(PType.I64, false), MemorySegment.ofArray(v.clone()),
                Validity.NON_NULLABLE);
    }

    public static PrimitiveArray ofInts(int... v) {
        return new PrimitiveArray(new DType.Primitive(PType.I32, false), MemorySegment.ofArray(v.clone()),
                Validity.NON_NULLABLE);
    }

    public static PrimitiveArray ofDoubles(double... v) {
        return new PrimitiveArray(new DType.Primitive(PType.F64, false), MemorySegment.ofArray(v.clone()),
                Validity.NON_NULLABLE);
    }

    @Override
    public DType.Primitive dtype() {
        return dtype;
    }

    public PType ptype() {
        return dtype.ptype();
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public String encodingId() {
        return ID;
    }

    /** The values: {@code length * width} bytes, little-endian. */
    public MemorySegment values() {
        return values;
    }

    public Validity validity() {
        return validity;
    }

    @Override
    public boolean isValid(long index) {
        return validity.isValid(index);
    }

    @Override
    public long nullCount() {
        return validity.nullCount(length);
    }

    public byte getByte(long i) {
        return values.get(ValueLayout.JAVA_BYTE, i);
    }

    public short getShort(long i) {
        return values.get(SHORT, i << 1);
    }

    public int getInt(long i) {
        return values.get(INT, i << 2);
    }

    public long getLong(long i) {
        return values.get(LONG, i << 3);
    }

    public float getFloat(long i) {
        return values.get(FLOAT, i << 2);
    }

    public double getDouble(long i) {
        return values.get(DOUBLE, i << 3);
    }

    /** The f16 value at {@code i}, widened to a float. */
    public float getHalf(long i) {
        return Float.float16ToFloat(getShort(i));
    }

    /**
     * The integer at {@code i} widened to a long: sign-extended for signed types, zero-extended for unsigned ones
     * (a {@code u64} keeps its bits).
     */
    public long getLongValue(long i) {
        return switch (dtype.ptype()) {
            case I8 -> getByte(i);
            case U8 -> getByte(i) & 0xFFL;
            case I16 -> getShort(i);
            case U16 -> getShort(i) & 0xFFFFL;
            case I32 -> getInt(i);
            case U32 -> getInt(i) & 0xFFFFFFFFL;
            case I64, U64 -> getLong(i);
            case F16, F32, F64 -> throw new InvalidArgumentException("getLongValue on " + dtype.ptype());
        };
    }

    /** The value at {@code i} as a double, for any ptype. */
    public double getDoubleValue(long i) {
        return switch (dtype.ptype()) {
            case F16 -> getHalf(i);
            case F32 -> getFloat(i);
            case F64 -> getDouble(i);
            case U64 -> {
                long v = getLong(i);
                yield v >= 0 ? v : Double.parseDouble(Long.toUnsignedString(v));
            }
            default -> getLongValue(i);
        };
    }

    @Override
    public PrimitiveArray slice(long from, long to) {
        Arrays2.checkSlice(from, to, length);
        int width = dtype.ptype().byteWidth();
        return new PrimitiveArray(dtype, values.asSlice(from * width, (to - from) * width),
                validity.slice(from, to));
    }

    @Override
    public PrimitiveArray toCanonical() {
        return this;
    }

    @Override
    public Scalar scalarAt(long index) {
        Arrays2.checkIndex(index, length);
        if (!isValid(index)) {
            return Scalar.nullOf(dtype);
        }
        Object v = switch (dtype.ptype()) {
            case F16 -> getHalf(index);
            case F32 -> getFloat(index);
            case F64 -> getDouble(index);
            default -> getLongValue(index);
        };
        return new Scalar(dtype, v);
    }

    @Override
    public String toString() {
        return "PrimitiveArray[" + dtype + ", " + length + "]";
    }
}
