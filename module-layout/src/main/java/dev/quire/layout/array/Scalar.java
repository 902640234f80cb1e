package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * One value with its dtype. The Java type of {@link #value()} follows the dtype: {@code null} for a null;
 * {@link Boolean}; {@link Long} for every integer type (a {@code u64} above {@link Long#MAX_VALUE} keeps its bits, so
 * read it with {@link Long#toUnsignedString(long)}); {@link Float} for {@code f16} and {@code f32}; {@link Double} for
 * {@code f64}; {@link BigDecimal} for decimals; {@link String} for utf8; {@code byte[]} for binary; a {@link List} of
 * field scalars for structs; and the storage's type for extensions.
 */
public record Scalar(DType dtype, Object value) {
    public Scalar {
        Objects.requireNonNull(dtype, "dtype is null");
        if (value == null) {
            if (!dtype.nullable()) {
                throw new InvalidArgumentException("null value for non-nullable " + dtype);
            }
        } else {
            checkType(dtype, value);
            if (value instanceof byte[] b) {
                value = b.clone();
            } else if (value instanceof List<?> l) {
                value = List.copyOf(l);
            }
        }
    }

    public static Scalar nullOf(DType dtype) {
        return new Scalar(dtype, null);
    }

    public boolean isNull() {
        return value == null;
    }

    @Override
    public Object value() {
        return value instanceof byte[] b ? b.clone() : value;
    }

    private static void checkType(DType dtype, Object value) {
        boolean ok = switch (dtype) {
            case DType.Null n -> false;
            case DType.Bool b -> value instanceof Boolean;
            case DType.Primitive p -> switch (p.ptype()) {
                case F16, F32 -> value instanceof Float;
                case F64 -> value instanceof Double;
                default -> value instanceof Long;
            };
            case DType.Decimal d -> value instanceof BigDecimal;
            case DType.Utf8 u -> value instanceof String;
            case DType.Binary b -> value instanceof byte[];
            case DType.Struct s -> value instanceof List<?> l && l.size() == s.fieldCount();
            case DType.Extension e -> {
                checkType(e.storage(), value);
                yield true;
            }
        };
        if (!ok) {
            throw new InvalidArgumentException("value of " + value.getClass().getSimpleName() + " does not fit "
                    + dtype);
        }
    }

    /** The value as a long; for integer scalars (and extensions stored as integers). */
    public long asLong() {
        if (value instanceof Long l) {
            return l;
        }
        throw new InvalidArgumentException("scalar " + this + " is not an integer");
    }

    public double asDouble() {
        if (value instanceof Double d) {
            return d;
        }
        if (value instanceof Float f) {
            return f;
        }
        if (value instanceof Long l) {
            DType storage = dtype instanceof DType.Extension e ? e.storage() : dtype;
            if (storage instanceof DType.Primitive p && p.ptype() == PType.U64 && l < 0) {
                return Double.parseDouble(Long.toUnsignedString(l));
            }
            return l;
        }
        throw new InvalidArgumentException("scalar " + this + " is not a number");
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Scalar s) || !dtype.equals(s.dtype)) {
            return false;
        }
        if (value instanceof byte[] a && s.value instanceof byte[] b) {
            return Arrays.equals(a, b);
        }
        return Objects.equals(value, s.value);
    }

    @Override
    public int hashCode() {
        return 31 * dtype.hashCode() + (value instanceof byte[] b ? Arrays.hashCode(b) : Objects.hashCode(value));
    }

    @Override
    public String toString() {
        if (value == null) {
            return "null";
        }
        if (value instanceof byte[] b) {
            return "0x" + HexFormat.of().formatHex(b);
        }
        if (value instanceof Long l && dtype instanceof DType.Primitive p && p.ptype() == PType.U64) {
            return Long.toUnsignedString(l);
        }
        return value.toString();
    }
}
