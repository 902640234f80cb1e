package dev.quire.layout.expr;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;

/**
 * A constant in an expression. Most literals are untyped, as the parser reads them: binding converts them to the
 * type of the column they meet (see {@link BoundExpr} for the rules). {@link Typed} carries an exact primitive or
 * decimal type, for values an untyped number cannot spell (NaN, infinities, the exact bits of a float).
 *
 * <p>Text forms: {@code null}, {@code true}, {@code -12.5e3}, {@code 'it''s'}, {@code x'00ff'},
 * {@code date '1994-01-01'}, {@code time '12:30:00'}, {@code timestamp '1994-01-01 12:30:00.5+02:00'},
 * {@code f64 'NaN'}, {@code u64 '18446744073709551615'}, {@code decimal(12,2) '3.50'}.
 */
public sealed interface Literal extends Expr
        permits Literal.Null, Literal.Bool, Literal.Num, Literal.Str, Literal.Bin, Literal.Date, Literal.Time,
                Literal.Timestamp, Literal.Typed {

    /** SQL's NULL: compares as unknown with everything. */
    record Null() implements Literal {
        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /** {@code true} or {@code false}. */
    record Bool(boolean value) implements Literal {
        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /** An exact number, integer or not, as written ({@code 1.50} keeps its scale). */
    record Num(BigDecimal value) implements Literal {
        public Num {
            Objects.requireNonNull(value, "value is null");
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /** A string; compares with utf8 columns (and, as its UTF-8 bytes, with binary ones). */
    record Str(String value) implements Literal {
        public Str {
            Objects.requireNonNull(value, "value is null");
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /** Bytes, written {@code x'00ff'}; compares with binary columns. */
    record Bin(byte[] value) implements Literal {
        public Bin {
            value = Objects.requireNonNull(value, "value is null").clone();
        }

        @Override
        public byte[] value() {
            return value.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Bin b && Arrays.equals(value, b.value);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(value);
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }

        String hex() {
            return HexFormat.of().formatHex(value);
        }
    }

    /** A date: midnight when compared with timestamps. */
    record Date(LocalDate value) implements Literal {
        public Date {
            Objects.requireNonNull(value, "value is null");
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /** A time of day. */
    record Time(LocalTime value) implements Literal {
        public Time {
            Objects.requireNonNull(value, "value is null");
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /**
     * A date and time. Without an offset it is a wall-clock time, read in the zone of the timestamp column it meets
     * (UTC for columns without a zone); with an offset it is an instant, and only compares with zoned columns.
     */
    record Timestamp(LocalDateTime value, Optional<ZoneOffset> offset) implements Literal {
        public Timestamp {
            Objects.requireNonNull(value, "value is null");
            Objects.requireNonNull(offset, "offset is null");
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /**
     * A non-null value of a primitive or decimal dtype, compared by its exact value (a float by its binary value;
     * NaN sorts above everything). The scalar is normalised: its dtype is made non-nullable, an {@code f16} value
     * rounded to the nearest half, a decimal brought to the dtype's scale.
     */
    record Typed(Scalar scalar) implements Literal {
        public Typed {
            Objects.requireNonNull(scalar, "scalar is null");
            if (scalar.isNull()) {
                throw new InvalidArgumentException("a typed literal needs a value; use Literal.nullValue() for null");
            }
            DType dtype = scalar.dtype().withNullable(false);
            Object v = scalar.value();
            switch (dtype) {
                case DType.Primitive p when p.ptype() == PType.F16 ->
                        v = Float.float16ToFloat(Float.floatToFloat16((Float) v));
                case DType.Primitive p when p.ptype().isInteger() -> {
                    BigInteger key = Coercion.intKey((Long) v, p.ptype());
                    if (!Coercion.fits(key, p.ptype())) {
                        throw new InvalidArgumentException(key + " does not fit " + p.ptype().displayName());
                    }
                }
                case DType.Primitive p -> { }
                case DType.Decimal d -> v = scaled((BigDecimal) v, d);
                default -> throw new InvalidArgumentException("typed literals are primitive or decimal, not " + dtype);
            }
            scalar = new Scalar(dtype, v);
        }

        private static BigDecimal scaled(BigDecimal v, DType.Decimal d) {
            BigDecimal s;
            try {
                s = v.setScale(d.scale(), RoundingMode.UNNECESSARY);
            } catch (ArithmeticException e) {
                throw new InvalidArgumentException(v.toPlainString() + " is not exact at the scale of " + d);
            }
            if (s.unscaledValue().abs().compareTo(BigInteger.TEN.pow(d.precision())) >= 0) {
                throw new InvalidArgumentException(v.toPlainString() + " has more digits than " + d + " holds");
            }
            return s;
        }

        /** The primitive type, or empty for a decimal. */
        Optional<PType> ptype() {
            return scalar.dtype() instanceof DType.Primitive p ? Optional.of(p.ptype()) : Optional.empty();
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /** The null literal. */
    static Null nullValue() {
        return new Null();
    }

    /**
     * The literal for a scalar: null scalars give {@link Null}, bool, utf8 and binary scalars their untyped
     * literal, primitives and decimals a {@link Typed} literal, and temporal extension scalars a date, time or
     * timestamp literal (a zoned timestamp becomes an instant at offset UTC).
     *
     * @throws InvalidArgumentException for structs and extensions other than the temporal ones
     */
    static Literal of(Scalar scalar) {
        Objects.requireNonNull(scalar, "scalar is null");
        if (scalar.isNull()) {
            return new Null();
        }
        return switch (scalar.dtype()) {
            case DType.Null n -> new Null();
            case DType.Bool b -> new Bool((Boolean) scalar.value());
            case DType.Utf8 u -> new Str((String) scalar.value());
            case DType.Binary b -> new Bin((byte[]) scalar.value());
            case DType.Primitive p -> new Typed(scalar);
            case DType.Decimal d -> new Typed(scalar);
            case DType.Struct s -> throw new InvalidArgumentException("struct values cannot be literals: " + scalar);
            case DType.Extension e -> temporal(e, (Long) scalar.value());
        };
    }

    private static Literal temporal(DType.Extension ext, long v) {
        Temporal.Kind kind = Temporal.kind(ext).orElseThrow(() -> new InvalidArgumentException(
                "extension " + ext.id() + " values cannot be literals"));
        try {
            return temporal(kind, v);
        } catch (java.time.DateTimeException | ArithmeticException e) {
            throw new InvalidArgumentException(v + " " + kind.unit().symbol() + " is outside the dates java.time"
                    + " represents");
        }
    }

    private static Literal temporal(Temporal.Kind kind, long v) {
        BigInteger nanos = BigInteger.valueOf(v).multiply(BigInteger.valueOf(Coercion.nanosPerUnit(kind.unit())));
        switch (kind.id()) {
            case Temporal.TIME_ID -> {
                if (nanos.signum() < 0 || nanos.compareTo(BigInteger.valueOf(Coercion.NANOS_PER_DAY)) >= 0) {
                    throw new InvalidArgumentException("time of day " + v + " " + kind.unit().symbol()
                            + " is outside one day");
                }
                return new Time(LocalTime.ofNanoOfDay(nanos.longValueExact()));
            }
            case Temporal.DATE_ID -> {
                if (kind.unit() == TimeUnit.DAYS) {
                    return new Date(LocalDate.ofEpochDay(v));
                }
                LocalDateTime t = Coercion.utcDateTime(nanos);
                return t.toLocalTime().equals(LocalTime.MIDNIGHT) ? new Date(t.toLocalDate())
                        : new Timestamp(t, Optional.empty());
            }
            default -> {
                LocalDateTime t = Coercion.utcDateTime(nanos);
                return new Timestamp(t, kind.zone().isPresent() ? Optional.of(ZoneOffset.UTC) : Optional.empty());
            }
        }
    }

    /**
     * The literal for a Java value: an {@link Expr} literal as is; integers, {@link BigInteger} and
     * {@link BigDecimal} as exact numbers; finite doubles and floats as the shortest decimal that reads back as
     * them ({@code 0.1} stays 0.1), non-finite ones as typed literals; {@link String}, {@link Character},
     * {@link Boolean}, {@code byte[]}, {@link LocalDate}, {@link LocalTime}, {@link LocalDateTime},
     * {@link OffsetDateTime}, {@link Instant} and {@link Scalar}.
     *
     * @throws InvalidArgumentException for {@code null} (use {@link #nullValue()}) and other types
     */
    static Literal of(Object value) {
        return switch (value) {
            case null -> throw new InvalidArgumentException(
                    "a Java null is not a literal: use Literal.nullValue(), isNull() or isNotNull()");
            case Literal l -> l;
            case Long l -> new Num(BigDecimal.valueOf(l));
            case Integer i -> new Num(BigDecimal.valueOf(i));
            case Short s -> new Num(BigDecimal.valueOf(s));
            case Byte b -> new Num(BigDecimal.valueOf(b));
            case BigInteger b -> new Num(new BigDecimal(b));
            case BigDecimal d -> new Num(d);
            case Double d -> Double.isFinite(d) ? new Num(new BigDecimal(Double.toString(d)))
                    : new Typed(new Scalar(DType.primitive(PType.F64, false), d));
            case Float f -> Float.isFinite(f) ? new Num(new BigDecimal(Float.toString(f)))
                    : new Typed(new Scalar(DType.primitive(PType.F32, false), f));
            case String s -> new Str(s);
            case Character c -> new Str(c.toString());
            case Boolean b -> new Bool(b);
            case byte[] b -> new Bin(b);
            case LocalDate d -> new Date(d);
            case LocalTime t -> new Time(t);
            case LocalDateTime t -> new Timestamp(t, Optional.empty());
            case OffsetDateTime t -> new Timestamp(t.toLocalDateTime(), Optional.of(t.getOffset()));
            case Instant i -> new Timestamp(LocalDateTime.ofInstant(i, ZoneOffset.UTC), Optional.of(ZoneOffset.UTC));
            case Scalar s -> of(s);
            default -> throw new InvalidArgumentException("no literal for a " + value.getClass().getName()
                    + "; use a number, string, boolean, byte[], java.time value or Scalar");
        };
    }
}
