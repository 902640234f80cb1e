package dev.quire.compat;

import dev.quire.compat.Values.Bin;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.CompareOp;
import dev.quire.layout.expr.Expr;
import dev.quire.layout.expr.Literal;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Filters evaluated row by row over the {@link Values} model, written from SQL's rules and nothing of Quire's
 * evaluator: three-valued logic ({@code null} is unknown), rows kept where the filter is true. Covers what
 * {@link RandomFilters} generates: top-level columns of bool, integer, f64, utf8 and binary type compared with
 * literals or with columns of their type, {@code between}, {@code in}, {@code is [not] null}, {@code like} and {@code ilike},
 * {@code and}, {@code or}, {@code not}. Floats order as Quire documents: {@code -0.0 = 0.0}, NaN equals NaN and is
 * above everything.
 */
final class BruteForce {
    private final DType.Struct schema;

    BruteForce(DType.Struct schema) {
        this.schema = schema;
    }

    /** The rows where {@code filter} is true, in order. */
    List<List<Object>> filter(List<List<Object>> rows, Expr filter) {
        List<List<Object>> out = new ArrayList<>();
        for (List<Object> row : rows) {
            if (Boolean.TRUE.equals(eval(filter, row))) {
                out.add(row);
            }
        }
        return out;
    }

    /** TRUE, FALSE or null (unknown). */
    Boolean eval(Expr e, List<Object> row) {
        return switch (e) {
            case Expr.And(Expr l, Expr r) -> {
                Boolean a = eval(l, row);
                Boolean b = eval(r, row);
                yield Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b) ? Boolean.FALSE
                        : a == null || b == null ? null : Boolean.TRUE;
            }
            case Expr.Or(Expr l, Expr r) -> {
                Boolean a = eval(l, row);
                Boolean b = eval(r, row);
                yield Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b) ? Boolean.TRUE
                        : a == null || b == null ? null : Boolean.FALSE;
            }
            case Expr.Not(Expr inner) -> {
                Boolean v = eval(inner, row);
                yield v == null ? null : !v;
            }
            case Expr.IsNull(Expr.Column c) -> value(c, row) == null;
            case Expr.IsNotNull(Expr.Column c) -> value(c, row) != null;
            case Expr.Column c -> (Boolean) value(c, row);
            case Expr.Compare(CompareOp op, Expr.Column a, Expr.Column b) -> {
                Object x = value(a, row);
                Object y = value(b, row);
                yield x == null || y == null ? null : op.test(compareValues(type(a), x, y));
            }
            case Expr.Compare(CompareOp op, Expr.Column c, Literal l) -> {
                Object x = value(c, row);
                yield x == null ? null : op.test(compareToLiteral(type(c), x, l));
            }
            case Expr.Between(Expr.Column c, Literal lo, Literal hi) -> {
                Object x = value(c, row);
                yield x == null ? null : compareToLiteral(type(c), x, lo) >= 0 && compareToLiteral(type(c), x, hi) <= 0;
            }
            case Expr.In(Expr.Column c, List<Literal> values) -> {
                Object x = value(c, row);
                if (x == null) {
                    yield values.isEmpty() ? Boolean.FALSE : null;
                }
                yield values.stream().anyMatch(l -> compareToLiteral(type(c), x, l) == 0);
            }
            case Expr.Like(Expr.Column c, String pattern, var escape, boolean caseInsensitive) -> {
                Object x = value(c, row);
                yield x == null ? null : like(pattern, caseInsensitive)
                        .matcher(new String(((Bin) x).bytes(), StandardCharsets.UTF_8)).matches();
            }
            default -> throw new IllegalArgumentException("brute force does not cover " + e);
        };
    }

    private int index(Expr.Column c) {
        return schema.indexOf(c.path().head()).orElseThrow();
    }

    private DType type(Expr.Column c) {
        return schema.field(index(c)).dtype();
    }

    private Object value(Expr.Column c, List<Object> row) {
        return row.get(index(c));
    }

    /** Compares two non-null values of one dtype. */
    static int compareValues(DType type, Object x, Object y) {
        return switch (type) {
            case DType.Bool b -> Boolean.compare((Boolean) x, (Boolean) y);
            case DType.Primitive p when p.ptype().isFloat() -> compareFloats(p.ptype(), (Long) x, (Long) y);
            case DType.Primitive p -> number(p.ptype(), (Long) x).compareTo(number(p.ptype(), (Long) y));
            case DType.Utf8 u -> Arrays.compareUnsigned(((Bin) x).bytes(), ((Bin) y).bytes());
            case DType.Binary b -> Arrays.compareUnsigned(((Bin) x).bytes(), ((Bin) y).bytes());
            default -> throw new IllegalArgumentException("brute force does not compare " + type);
        };
    }

    /** Compares a non-null value with a literal, exactly (numbers by value, not by type). */
    static int compareToLiteral(DType type, Object x, Literal l) {
        return switch (l) {
            case Literal.Bool(boolean v) -> Boolean.compare((Boolean) x, v);
            case Literal.Num(BigDecimal v) when type instanceof DType.Primitive p && p.ptype().isFloat() -> {
                double d = p.ptype() == PType.F64 ? Double.longBitsToDouble((Long) x)
                        : Float.intBitsToFloat((int) (long) (Long) x);
                // Quire rounds the literal to the column's type first, as a cast would.
                double lit = p.ptype() == PType.F64 ? v.doubleValue() : v.floatValue();
                yield compareDoubles(d, lit);
            }
            case Literal.Num(BigDecimal v) when type instanceof DType.Primitive p ->
                    new BigDecimal(number(p.ptype(), (Long) x)).compareTo(v);
            case Literal.Str(String v) -> Arrays.compareUnsigned(((Bin) x).bytes(),
                    v.getBytes(StandardCharsets.UTF_8));
            case Literal.Bin bin -> Arrays.compareUnsigned(((Bin) x).bytes(), bin.value());
            default -> throw new IllegalArgumentException("brute force does not compare " + type + " with " + l);
        };
    }

    /** The integer a bit pattern of the {@link Values} model stands for. */
    static java.math.BigInteger number(PType ptype, long bits) {
        return switch (ptype) {
            case I8 -> java.math.BigInteger.valueOf((byte) bits);
            case I16 -> java.math.BigInteger.valueOf((short) bits);
            case I32 -> java.math.BigInteger.valueOf((int) bits);
            case I64 -> java.math.BigInteger.valueOf(bits);
            case U8, U16, U32 -> java.math.BigInteger.valueOf(bits);
            case U64 -> new java.math.BigInteger(Long.toUnsignedString(bits));
            default -> throw new IllegalArgumentException(ptype + " is not an integer");
        };
    }

    private static int compareFloats(PType ptype, long x, long y) {
        return ptype == PType.F64 ? compareDoubles(Double.longBitsToDouble(x), Double.longBitsToDouble(y))
                : compareDoubles(Float.intBitsToFloat((int) x), Float.intBitsToFloat((int) y));
    }

    /** NaN equals NaN and is above everything; -0.0 equals 0.0. */
    static int compareDoubles(double a, double b) {
        boolean nanA = Double.isNaN(a);
        boolean nanB = Double.isNaN(b);
        if (nanA || nanB) {
            return nanA && nanB ? 0 : nanA ? 1 : -1;
        }
        return a < b ? -1 : a > b ? 1 : 0;
    }

    /**
     * A SQL like pattern as a regular expression: {@code %} any run, {@code _} one code point, {@code \} makes the
     * next character literal.
     */
    static Pattern like(String pattern, boolean caseInsensitive) {
        StringBuilder re = new StringBuilder();
        int[] cps = pattern.codePoints().toArray();
        for (int i = 0; i < cps.length; i++) {
            int cp = cps[i];
            if (cp == '\\' && i + 1 < cps.length) {
                re.append(Pattern.quote(new String(Character.toChars(cps[++i]))));
            } else if (cp == '%') {
                re.append(".*");
            } else if (cp == '_') {
                re.append('.');
            } else {
                re.append(Pattern.quote(new String(Character.toChars(cp))));
            }
        }
        int flags = Pattern.DOTALL | (caseInsensitive ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0);
        return Pattern.compile(re.toString(), flags);
    }
}
