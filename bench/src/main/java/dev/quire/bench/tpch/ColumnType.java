package dev.quire.bench.tpch;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.expr.Expr;
import dev.quire.layout.expr.Literal;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.LocalDate;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The types of the columns a filter may name, read from an Arrow schema, and the conversion of Quire literals to
 * values of those types. Both filter translations ({@link ReferenceFilters}, {@link SqlFilters}) type their literals
 * like the column they meet, since the reference compares only values of one type.
 */
sealed interface ColumnType {
    /** A signed integer column of {@code bits} bits (32 or 64). */
    record Int(int bits) implements ColumnType {}

    /** A decimal column. */
    record Decimal(int precision, int scale) implements ColumnType {}

    /** A date column in days since 1970-01-01. */
    record DateDays() implements ColumnType {}

    /** A utf8 column. */
    record Utf8() implements ColumnType {}

    /** The type of top-level column {@code c} in {@code schema}. */
    static ColumnType of(Schema schema, Expr.Column c) {
        if (c.path().parts().size() != 1) {
            throw new UnsupportedFeatureException("nested column " + c + " cannot be translated; lineitem is flat");
        }
        String name = c.path().head();
        Field field = schema.getFields().stream().filter(f -> f.getName().equals(name)).findFirst()
                .orElseThrow(() -> new InvalidArgumentException("no column " + name + " in the file; it has "
                        + schema.getFields().stream().map(Field::getName).toList()));
        return switch (field.getType()) {
            case ArrowType.Int i when i.getIsSigned() && (i.getBitWidth() == 32 || i.getBitWidth() == 64) ->
                    new Int(i.getBitWidth());
            case ArrowType.Decimal d -> new Decimal(d.getPrecision(), d.getScale());
            case ArrowType.Date d when d.getUnit() == DateUnit.DAY -> new DateDays();
            case ArrowType.Utf8 u -> new Utf8();
            case ArrowType.Utf8View u -> new Utf8();
            case ArrowType.LargeUtf8 u -> new Utf8();
            default -> throw new UnsupportedFeatureException("column " + name + " has Arrow type " + field.getType()
                    + ", which filters cannot be translated for (signed 32/64-bit integers, decimals, day dates"
                    + " and utf8 can)");
        };
    }

    /** {@code l} as an integer of this column, or an error naming the literal. */
    static long integer(Int type, Literal l, Expr.Column c) {
        BigDecimal v = switch (l) {
            case Literal.Num(BigDecimal n) -> n;
            case Literal.Typed(Scalar s) when s.value() instanceof Long x -> BigDecimal.valueOf(x);
            default -> throw mismatch(l, c, "an integer");
        };
        try {
            long x = v.longValueExact();
            if (type.bits() == 32 && (int) x != x) {
                throw new ArithmeticException();
            }
            return x;
        } catch (ArithmeticException e) {
            throw new InvalidArgumentException("literal " + l + " is not an i" + type.bits() + " value, which "
                    + "column " + c + " holds");
        }
    }

    /** {@code l} as the unscaled value of this decimal column, or an error when it is not exact at its scale. */
    static BigInteger unscaled(Decimal type, Literal l, Expr.Column c) {
        BigDecimal v = switch (l) {
            case Literal.Num(BigDecimal n) -> n;
            case Literal.Typed(Scalar s) when s.dtype() instanceof DType.Decimal -> (BigDecimal) s.value();
            case Literal.Typed(Scalar s) when s.value() instanceof Long x -> BigDecimal.valueOf(x);
            default -> throw mismatch(l, c, "a decimal");
        };
        try {
            BigInteger u = v.setScale(type.scale(), RoundingMode.UNNECESSARY).unscaledValue();
            if (u.abs().compareTo(BigInteger.TEN.pow(type.precision())) >= 0) {
                throw new ArithmeticException();
            }
            return u;
        } catch (ArithmeticException e) {
            throw new InvalidArgumentException("literal " + l + " is not exactly a decimal(" + type.precision() + ","
                    + type.scale() + ") value, which column " + c + " holds");
        }
    }

    /** {@code l}, a date literal, as days since 1970-01-01. */
    static LocalDate date(Literal l, Expr.Column c) {
        if (l instanceof Literal.Date(LocalDate d)) {
            return d;
        }
        throw mismatch(l, c, "a date");
    }

    /** {@code l}, a string literal. */
    static String string(Literal l, Expr.Column c) {
        if (l instanceof Literal.Str(String s)) {
            return s;
        }
        throw mismatch(l, c, "a string");
    }

    private static InvalidArgumentException mismatch(Literal l, Expr.Column c, String expected) {
        return new InvalidArgumentException("literal " + l + " compared with column " + c + " is not " + expected);
    }
}
