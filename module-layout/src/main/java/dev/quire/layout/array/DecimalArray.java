package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Objects;

/**
 * The canonical array of a decimal dtype: each value's unscaled integer, little-endian two's complement, in a fixed
 * width of 1, 2, 4, 8, 16 or 32 bytes.
 */
public final class DecimalArray implements Array {
    public static final String ID = "vortex.decimal";

    private final DType.Decimal dtype;
    private final MemorySegment values;
    private final int valueWidth;
    private final long length;
    private final Validity validity;

    public DecimalArray(DType.Decimal dtype, MemorySegment values, int valueWidth, Validity validity) {
        this.dtype = Objects.requireNonNull(dtype, "dtype is null");
        this.values = Objects.requireNonNull(values, "values is null");
        if (valueWidth != 1 && valueWidth != 2 && valueWidth != 4 && valueWidth != 8 && valueWidth != 16
                && valueWidth != 32) {
            throw new InvalidArgumentException("decimal value width must be 1, 2, 4, 8, 16 or 32 bytes, got "
                    + valueWidth);
        }
        if (values.byteSize() % valueWidth != 0) {
            throw new InvalidArgumentException("decimal buffer of " + values.byteSize() + " bytes is not a multiple of "
                    + valueWidth);
        }
        this.valueWidth = valueWidth;
        this.length = values.byteSize() / valueWidth;
        Arrays2.checkValidity(validity, dtype.nullable(), length);
        this.validity = validity;
    }

    /** The narrowest storage width Vortex uses for a precision: 1 byte up to 2 digits, ... 32 bytes up to 76. */
    public static int widthForPrecision(int precision) {
        if (precision <= 2) {
            return 1;
        } else if (precision <= 4) {
            return 2;
        } else if (precision <= 9) {
            return 4;
        } else if (precision <= 18) {
            return 8;
        } else if (precision <= 38) {
            return 16;
        }
        return 32;
    }

    @Override
    public DType.Decimal dtype() {
        return dtype;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public String encodingId() {
        return ID;
    }

    public MemorySegment values() {
        return values;
    }

    public int valueWidth() {
        return valueWidth;
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

    /** The unscaled value at {@code i}. */
    public BigInteger getUnscaled(long i) {
        long base = i * valueWidth;
        return switch (valueWidth) {
            case 1 -> BigInteger.valueOf(values.get(ValueLayout.JAVA_BYTE, base));
            case 2 -> BigInteger.valueOf(values.get(LittleEndian.SHORT, base));
            case 4 -> BigInteger.valueOf(values.get(LittleEndian.INT, base));
            case 8 -> BigInteger.valueOf(values.get(LittleEndian.LONG, base));
            default -> {
                byte[] be = new byte[valueWidth];
                for (int k = 0; k < valueWidth; k++) {
                    be[valueWidth - 1 - k] = values.get(ValueLayout.JAVA_BYTE, base + k);
                }
                yield new BigInteger(be);
            }
        };
    }

    public BigDecimal getDecimal(long i) {
        return new BigDecimal(getUnscaled(i), dtype.scale());
    }

    @Override
    public DecimalArray slice(long from, long to) {
        Arrays2.checkSlice(from, to, length);
        return new DecimalArray(dtype, values.asSlice(from * valueWidth, (to - from) * valueWidth), valueWidth,
                validity.slice(from, to));
    }

    @Override
    public DecimalArray toCanonical() {
        return this;
    }

    @Override
    public Scalar scalarAt(long index) {
        Arrays2.checkIndex(index, length);
        return isValid(index) ? new Scalar(dtype, getDecimal(index)) : Scalar.nullOf(dtype);
    }
}
