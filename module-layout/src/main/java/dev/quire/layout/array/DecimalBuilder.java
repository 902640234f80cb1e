package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/** Builds {@link DecimalArray}s in the narrowest width for the precision. */
public final class DecimalBuilder extends ArrayBuilder {
    private final DType.Decimal dtype;
    private final int width;
    private final ByteSink values = new ByteSink(1024);
    private final ValiditySink validity;
    private final BigInteger limit;

    DecimalBuilder(DType.Decimal dtype) {
        this.dtype = dtype;
        this.width = DecimalArray.widthForPrecision(dtype.precision());
        this.validity = new ValiditySink(dtype.nullable());
        this.limit = BigInteger.TEN.pow(dtype.precision());
    }

    @Override
    public DType.Decimal dtype() {
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

    /** Appends a value, which must be exact at the dtype's scale and fit its precision. */
    public void appendDecimal(BigDecimal v) {
        BigDecimal scaled;
        try {
            scaled = v.setScale(dtype.scale(), RoundingMode.UNNECESSARY);
        } catch (ArithmeticException e) {
            throw new InvalidArgumentException(v + " is not exact at scale " + dtype.scale());
        }
        appendUnscaled(scaled.unscaledValue());
    }

    public void appendUnscaled(BigInteger unscaled) {
        if (unscaled.abs().compareTo(limit) >= 0) {
            throw new InvalidArgumentException(unscaled + " (unscaled) does not fit " + dtype);
        }
        byte[] be = unscaled.toByteArray();
        byte sign = (byte) (unscaled.signum() < 0 ? -1 : 0);
        for (int k = 0; k < width; k++) {
            int src = be.length - 1 - k;
            values.writeByte(src >= 0 ? be[src] : sign);
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
    void appendCanonical(Array canonical, long from, long to) {
        DecimalArray src = (DecimalArray) canonical;
        if (src.valueWidth() == width) {
            values.write(src.values().asSlice(from * width, (to - from) * width));
            validity.append(src.validity(), from, to);
            return;
        }
        for (long i = from; i < to; i++) {
            if (src.isValid(i)) {
                appendUnscaled(src.getUnscaled(i));
            } else {
                appendNull();
            }
        }
    }

    @Override
    public void appendScalar(Scalar value) {
        if (value.isNull()) {
            appendNull();
        } else {
            appendDecimal((BigDecimal) value.value());
        }
    }

    @Override
    public DecimalArray finish() {
        return new DecimalArray(dtype, values.take(), width, validity.take());
    }
}
