package dev.quire.layout.expr;

import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A straightforward row-at-a-time evaluator of the documented semantics, written independently of the engine: values
 * are plain Java objects, numbers compare as exact {@link BigDecimal}s (with NaN above +infinity), strings by code
 * point, temporal values as exact nanoseconds, like patterns by recursive matching. Returns TRUE, FALSE or null.
 */
final class Reference {
    private final Map<FieldPath, DType> types;
    private final Map<FieldPath, Object[]> values;

    Reference(Map<FieldPath, DType> types, Map<FieldPath, Object[]> values) {
        this.types = types;
        this.values = values;
    }

    private sealed interface V permits Col, Lit, Bool {}

    private record Col(DType dtype, Object value) implements V {}

    private record Lit(Literal literal) implements V {}

    private record Bool(Boolean value) implements V {}

    Boolean eval(Expr e, int row) {
        return switch (e) {
            case Expr.Column c -> {
                Object v = values.get(c.path())[row];
                yield types.get(c.path()) instanceof DType.Bool ? (Boolean) v : null;
            }
            case Literal.Bool b -> b.value();
            case Literal l -> null;
            case Expr.Compare c -> compare(c.op(), operand(c.left(), row), operand(c.right(), row));
            case Expr.Between b -> and(compare(CompareOp.GE, operand(b.value(), row), operand(b.low(), row)),
                    compare(CompareOp.LE, operand(b.value(), row), operand(b.high(), row)));
            case Expr.In in -> {
                Boolean out = false;
                for (Literal v : in.values()) {
                    out = or(out, compare(CompareOp.EQ, operand(in.value(), row), new Lit(v)));
                }
                yield out;
            }
            case Expr.IsNull x -> isNull(operand(x.value(), row));
            case Expr.IsNotNull x -> !isNull(operand(x.value(), row));
            case Expr.And a -> and(eval(a.left(), row), eval(a.right(), row));
            case Expr.Or o -> or(eval(o.left(), row), eval(o.right(), row));
            case Expr.Not n -> {
                Boolean v = eval(n.value(), row);
                yield v == null ? null : !v;
            }
            case Expr.StartsWith s -> {
                V v = operand(s.value(), row);
                if (isNull(v) || s.prefix() instanceof Literal.Null) {
                    yield null;
                }
                byte[] value = bytes(v);
                byte[] prefix = bytes(new Lit(s.prefix()));
                yield value.length >= prefix.length && Arrays.equals(value, 0, prefix.length, prefix, 0,
                        prefix.length);
            }
            case Expr.Like l -> {
                V v = operand(l.value(), row);
                if (isNull(v)) {
                    yield null;
                }
                yield like(text(v), l.pattern(), l.escape(), l.caseInsensitive());
            }
        };
    }

    private V operand(Expr e, int row) {
        return switch (e) {
            case Expr.Column c -> new Col(types.get(c.path()), values.get(c.path())[row]);
            case Literal l -> new Lit(l);
            default -> new Bool(eval(e, row));
        };
    }

    private static boolean isNull(V v) {
        return switch (v) {
            case Col c -> c.value() == null || c.dtype() instanceof DType.Null;
            case Lit l -> l.literal() instanceof Literal.Null;
            case Bool b -> b.value() == null;
        };
    }

    static Boolean and(Boolean a, Boolean b) {
        if (Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b)) {
            return false;
        }
        return a == null || b == null ? null : true;
    }

    static Boolean or(Boolean a, Boolean b) {
        if (Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b)) {
            return true;
        }
        return a == null || b == null ? null : false;
    }

    private static Optional<Boolean> asBool(V v) {
        return switch (v) {
            case Bool b -> Optional.of(b.value());
            case Col c when c.dtype() instanceof DType.Bool -> Optional.of((Boolean) c.value());
            case Lit l when l.literal() instanceof Literal.Bool b -> Optional.of(b.value());
            default -> Optional.empty();
        };
    }

    private Boolean compare(CompareOp op, V a, V b) {
        if (a instanceof Lit && !(b instanceof Lit)) {
            return compare(op.flip(), b, a);
        }
        if (isNull(a) || isNull(b)) {
            return null;
        }
        Optional<Boolean> ba = asBool(a);
        Optional<Boolean> bb = asBool(b);
        if (ba.isPresent() && bb.isPresent()) {
            return op.test(Boolean.compare(ba.get(), bb.get()));
        }
        return op.test(cmp(a, b));
    }

    private static int cmp(V a, V b) {
        if (a instanceof Lit x && b instanceof Lit y) {
            return cmpLiterals(x.literal(), y.literal());
        }
        Col col = (Col) a;
        DType dtype = col.dtype();
        return switch (dtype) {
            case DType.Primitive p -> {
                RNum x = RNum.ofValue(col.value(), p.ptype());
                RNum y = b instanceof Col o ? RNum.ofValue(o.value(), o.dtype())
                        : RNum.ofLiteral(((Lit) b).literal(), p.ptype());
                yield x.compareTo(y);
            }
            case DType.Decimal d -> RNum.finite((BigDecimal) col.value()).compareTo(b instanceof Col o
                    ? RNum.finite((BigDecimal) o.value()) : RNum.ofLiteral(((Lit) b).literal(), null));
            case DType.Utf8 u -> codePoints(text(a), text(b));
            case DType.Binary x -> unsigned(bytes(a), bytes(b));
            case DType.Extension e -> {
                Temporal.Kind kind = Temporal.kind(e).orElseThrow();
                BigInteger x = BigInteger.valueOf((Long) col.value())
                        .multiply(BigInteger.valueOf(Coercion.nanosPerUnit(kind.unit())));
                BigInteger y = b instanceof Col o ? BigInteger.valueOf((Long) o.value())
                        .multiply(BigInteger.valueOf(Coercion.nanosPerUnit(kind.unit())))
                        : nanos(((Lit) b).literal(), kind);
                yield x.compareTo(y);
            }
            default -> throw new AssertionError("cannot compare " + dtype);
        };
    }

    private static int cmpLiterals(Literal a, Literal b) {
        if (a instanceof Literal.Bool x && b instanceof Literal.Bool y) {
            return Boolean.compare(x.value(), y.value());
        }
        if (a instanceof Literal.Str x && b instanceof Literal.Str y) {
            return codePoints(x.value(), y.value());
        }
        return RNum.ofLiteral(a, null).compareTo(RNum.ofLiteral(b, null));
    }

    private static String text(V v) {
        return switch (v) {
            case Col c -> (String) c.value();
            case Lit l -> ((Literal.Str) l.literal()).value();
            case Bool b -> throw new AssertionError("not text");
        };
    }

    private static byte[] bytes(V v) {
        Object o = switch (v) {
            case Col c -> c.value();
            case Lit l -> switch (l.literal()) {
                case Literal.Str s -> s.value();
                case Literal.Bin x -> x.value();
                default -> throw new AssertionError(l);
            };
            case Bool b -> throw new AssertionError("not bytes");
        };
        return o instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : (byte[]) o;
    }

    static int codePoints(String a, String b) {
        int[] x = a.codePoints().toArray();
        int[] y = b.codePoints().toArray();
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            if (x[i] != y[i]) {
                return Integer.compare(x[i], y[i]);
            }
        }
        return Integer.compare(x.length, y.length);
    }

    static int unsigned(byte[] a, byte[] b) {
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            int c = Integer.compare(a[i] & 0xFF, b[i] & 0xFF);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.length, b.length);
    }

    // ---------------------------------------------------------------- temporal

    static BigInteger nanos(Literal lit, Temporal.Kind kind) {
        Optional<ZoneId> zone = kind.zone().map(ZoneId::of);
        return switch (lit) {
            case Literal.Str s -> nanos(kind.id().equals(Temporal.TIME_ID)
                    ? new Literal.Time(LocalTime.parse(s.value())) : parseDateOrTimestamp(s.value()), kind);
            case Literal.Time t -> BigInteger.valueOf(t.value().toNanoOfDay());
            case Literal.Date d -> instantNanos(zone.isPresent() ? d.value().atStartOfDay(zone.get()).toInstant()
                    : d.value().atStartOfDay().toInstant(ZoneOffset.UTC));
            case Literal.Timestamp t when t.offset().isPresent() ->
                    instantNanos(t.value().toInstant(t.offset().get()));
            case Literal.Timestamp t -> instantNanos(zone.isPresent() ? t.value().atZone(zone.get()).toInstant()
                    : t.value().toInstant(ZoneOffset.UTC));
            default -> throw new AssertionError(lit);
        };
    }

    private static Literal parseDateOrTimestamp(String s) {
        try {
            return new Literal.Date(LocalDate.parse(s));
        } catch (DateTimeParseException e) {
            return new Literal.Timestamp(LocalDateTime.parse(s.replace(' ', 'T')), Optional.empty());
        }
    }

    private static BigInteger instantNanos(Instant t) {
        return BigInteger.valueOf(t.getEpochSecond()).multiply(BigInteger.valueOf(1_000_000_000L))
                .add(BigInteger.valueOf(t.getNano()));
    }

    // ---------------------------------------------------------------- like

    static boolean like(String value, String pattern, Optional<Character> escape, boolean caseInsensitive) {
        List<Integer> tokens = new ArrayList<>();
        int[] p = pattern.codePoints().toArray();
        for (int i = 0; i < p.length; i++) {
            if (escape.isPresent() && p[i] == escape.get()) {
                tokens.add(fold(p[++i], caseInsensitive));
            } else if (p[i] == '%') {
                tokens.add(-2);
            } else if (p[i] == '_') {
                tokens.add(-1);
            } else {
                tokens.add(fold(p[i], caseInsensitive));
            }
        }
        int[] s = value.codePoints().map(c -> fold(c, caseInsensitive)).toArray();
        return match(s, 0, tokens.stream().mapToInt(Integer::intValue).toArray(), 0);
    }

    private static int fold(int cp, boolean caseInsensitive) {
        return caseInsensitive ? Character.toLowerCase(Character.toUpperCase(cp)) : cp;
    }

    private static boolean match(int[] s, int i, int[] p, int j) {
        if (j == p.length) {
            return i == s.length;
        }
        if (p[j] == -2) {
            for (int k = i; k <= s.length; k++) {
                if (match(s, k, p, j + 1)) {
                    return true;
                }
            }
            return false;
        }
        if (i == s.length) {
            return false;
        }
        return (p[j] == -1 || p[j] == s[i]) && match(s, i + 1, p, j + 1);
    }

    // ---------------------------------------------------------------- numbers

    /** A number: -infinity, finite (exact), +infinity or NaN, in that order. */
    record RNum(int rank, BigDecimal value) implements Comparable<RNum> {
        static RNum finite(BigDecimal v) {
            return new RNum(1, v);
        }

        static RNum of(double d) {
            if (Double.isNaN(d)) {
                return new RNum(3, BigDecimal.ZERO);
            }
            if (Double.isInfinite(d)) {
                return new RNum(d > 0 ? 2 : 0, BigDecimal.ZERO);
            }
            return finite(new BigDecimal(d));
        }

        static RNum ofValue(Object v, DType dtype) {
            return switch (dtype) {
                case DType.Primitive p -> ofValue(v, p.ptype());
                case DType.Decimal d -> finite((BigDecimal) v);
                default -> throw new AssertionError(dtype);
            };
        }

        static RNum ofValue(Object v, PType p) {
            if (v instanceof Long l) {
                return finite(p == PType.U64 ? new BigDecimal(Long.toUnsignedString(l)) : BigDecimal.valueOf(l));
            }
            return of(((Number) v).doubleValue());
        }

        /** A literal's number; compared with a float column ({@code column} a float type) it is rounded first. */
        static RNum ofLiteral(Literal lit, PType column) {
            RNum exact = switch (lit) {
                case Literal.Num n -> finite(n.value());
                case Literal.Typed t -> t.scalar().value() instanceof BigDecimal d ? finite(d)
                        : ofValue(t.scalar().value(), ((DType.Primitive) t.scalar().dtype()).ptype());
                default -> throw new AssertionError(lit);
            };
            if (column == null || !column.isFloat() || exact.rank != 1) {
                return exact;
            }
            BigDecimal v = exact.value;
            return switch (column) {
                case F64 -> Double.isInfinite(v.doubleValue()) ? exact : finite(new BigDecimal(v.doubleValue()));
                case F32 -> Float.isInfinite(v.floatValue()) ? exact : finite(new BigDecimal(v.floatValue()));
                default -> nearestHalf(v);
            };
        }

        @Override
        public int compareTo(RNum o) {
            if (rank != o.rank) {
                return Integer.compare(rank, o.rank);
            }
            return rank == 1 ? value.compareTo(o.value) : 0;
        }
    }

    /** Every finite f16 value in increasing order, with its bits; -0.0 left out (it equals 0.0). */
    private static final BigDecimal[] HALVES;
    private static final short[] HALF_BITS;

    static {
        List<Short> bits = new ArrayList<>();
        for (int b = 0x7BFF; b > 0; b--) {
            bits.add((short) (0x8000 | b));
        }
        for (int b = 0; b <= 0x7BFF; b++) {
            bits.add((short) b);
        }
        HALVES = new BigDecimal[bits.size()];
        HALF_BITS = new short[bits.size()];
        for (int i = 0; i < bits.size(); i++) {
            HALF_BITS[i] = bits.get(i);
            HALVES[i] = new BigDecimal(Float.float16ToFloat(bits.get(i)));
        }
    }

    /** The f16 nearest {@code v} (ties to an even significand), or {@code v} itself beyond the f16 range. */
    private static RNum nearestHalf(BigDecimal v) {
        if (v.abs().compareTo(new BigDecimal(65520)) >= 0) {
            return RNum.finite(v);
        }
        int i = Arrays.binarySearch(HALVES, v);
        if (i >= 0) {
            return RNum.finite(HALVES[i]);
        }
        int hi = -i - 1;
        int lo = hi - 1;
        if (lo < 0) {
            return RNum.finite(HALVES[hi]);
        }
        if (hi >= HALVES.length) {
            return RNum.finite(HALVES[lo]);
        }
        int c = v.subtract(HALVES[lo]).compareTo(HALVES[hi].subtract(v));
        if (c == 0) {
            return RNum.finite((HALF_BITS[lo] & 1) == 0 ? HALVES[lo] : HALVES[hi]);
        }
        return RNum.finite(c < 0 ? HALVES[lo] : HALVES[hi]);
    }
}
