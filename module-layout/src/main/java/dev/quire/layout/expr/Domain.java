package dev.quire.layout.expr;

import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Optional;

/**
 * How a column's values compare: the family of its dtype and, for ordered numeric families, the integer keys its
 * values map to (see {@link Coercion}). Temporal columns compare as their signed integer storage.
 */
record Domain(Family family, PType ptype, int scale, Optional<Temporal.Kind> temporal, DType dtype) {

    enum Family { BOOL, INT, FLOAT, DECIMAL, TEMPORAL, UTF8, BINARY, NULL, STRUCT, OTHER }

    static Domain of(DType dtype) {
        return switch (dtype) {
            case DType.Null n -> new Domain(Family.NULL, PType.I64, 0, Optional.empty(), dtype);
            case DType.Bool b -> new Domain(Family.BOOL, PType.U8, 0, Optional.empty(), dtype);
            case DType.Primitive p -> new Domain(p.ptype().isFloat() ? Family.FLOAT : Family.INT, p.ptype(), 0,
                    Optional.empty(), dtype);
            case DType.Decimal d -> new Domain(Family.DECIMAL, PType.I64, d.scale(), Optional.empty(), dtype);
            case DType.Utf8 u -> new Domain(Family.UTF8, PType.U8, 0, Optional.empty(), dtype);
            case DType.Binary b -> new Domain(Family.BINARY, PType.U8, 0, Optional.empty(), dtype);
            case DType.Struct s -> new Domain(Family.STRUCT, PType.U8, 0, Optional.empty(), dtype);
            case DType.Extension e -> {
                Optional<Temporal.Kind> kind = Temporal.kind(e);
                if (kind.isPresent() && e.storage() instanceof DType.Primitive p) {
                    yield new Domain(Family.TEMPORAL, p.ptype(), 0, kind, dtype);
                }
                yield new Domain(Family.OTHER, PType.U8, 0, Optional.empty(), dtype);
            }
        };
    }

    boolean isOrderedNumber() {
        return family == Family.INT || family == Family.FLOAT || family == Family.DECIMAL
                || family == Family.TEMPORAL;
    }

    Kernels.KeyKind keyKind() {
        return Kernels.KeyKind.of(ptype);
    }

    /** The smallest key; decimals use the bound of the widest storage (256 bits). */
    BigInteger min() {
        return family == Family.DECIMAL ? Coercion.decimalMin(32) : Coercion.minOf(ptype);
    }

    BigInteger max() {
        return family == Family.DECIMAL ? Coercion.decimalMax(32) : Coercion.maxOf(ptype);
    }

    /**
     * The key of a statistics value used as a lower ({@code upper} false) or upper bound; empty when the scalar's
     * value is of the wrong Java type. A bound that the column's type cannot hold exactly (a decimal with more
     * digits, a double bound of an f32 column) is rounded inwards to the nearest value of the type: every value of
     * the column is of that type, so it is still a bound, and a tighter one. A NaN is only an upper bound.
     */
    Optional<BigInteger> statKey(Scalar s, boolean upper) {
        Object v = s.value();
        if (v == null) {
            return Optional.empty();
        }
        switch (family) {
            case INT, TEMPORAL -> {
                return v instanceof Long l ? Optional.of(family == Family.INT ? Coercion.intKey(l, ptype)
                        : BigInteger.valueOf(l)) : Optional.empty();
            }
            case DECIMAL -> {
                BigDecimal d = v instanceof BigDecimal b ? b : v instanceof Long l ? BigDecimal.valueOf(l) : null;
                // a bound beyond every 256-bit key, or absurdly precise, is no use and costly to scale
                if (d == null || Math.abs((long) d.precision() - d.scale()) > 200
                        || Math.abs((long) d.scale()) > 400) {
                    return Optional.empty();
                }
                return Optional.of(d.movePointRight(scale).setScale(0, upper ? RoundingMode.FLOOR
                        : RoundingMode.CEILING).toBigIntegerExact());
            }
            case FLOAT -> {
                if (!(v instanceof Double) && !(v instanceof Float)) {
                    return Optional.empty();
                }
                double d = ((Number) v).doubleValue();
                if (Double.isNaN(d)) {
                    return upper ? Optional.of(max()) : Optional.empty();
                }
                return Optional.of(BigInteger.valueOf(inwardKey(d, upper)));
            }
            default -> {
                return Optional.empty();
            }
        }
    }

    /** The key of the largest value of the float type at most {@code d} (upper) or smallest at least {@code d}. */
    private long inwardKey(double d, boolean upper) {
        return switch (ptype) {
            case F32 -> {
                float f = (float) d;
                if (upper && f > d) {
                    f = Math.nextDown(f);
                } else if (!upper && f < d) {
                    f = Math.nextUp(f);
                }
                yield Coercion.keyF32(f);
            }
            case F16 -> {
                short h = Float.floatToFloat16((float) d);
                long key = Coercion.keyF16(h);
                double back = Float.float16ToFloat(h);
                if (upper && back > d) {
                    key--;
                } else if (!upper && back < d) {
                    key++;
                }
                yield key;
            }
            default -> Coercion.keyF64(d);
        };
    }
}
