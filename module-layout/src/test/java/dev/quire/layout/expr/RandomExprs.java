package dev.quire.layout.expr;

import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.PType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/** Random expression trees for syntax round trips: any shape, any names, any literals; not necessarily well typed. */
final class RandomExprs {
    private RandomExprs() {}

    private static final String[] NAMES = {"a", "b", "l_shipdate", "and", "date", "x", "In", "sp ace", "dot.ted",
        "back`tick", "", "1st", "ünï", "starts_with", "f64", "NULL", "_"};

    static Expr anyTree(Random r, int depth) {
        if (depth <= 0 || r.nextInt(4) == 0) {
            return r.nextBoolean() ? column(r) : literal(r);
        }
        return switch (r.nextInt(12)) {
            case 0 -> new Expr.And(anyTree(r, depth - 1), anyTree(r, depth - 1));
            case 1 -> new Expr.Or(anyTree(r, depth - 1), anyTree(r, depth - 1));
            case 2 -> new Expr.Not(anyTree(r, depth - 1));
            case 3, 4 -> new Expr.Compare(CompareOp.values()[r.nextInt(6)], anyTree(r, depth - 1),
                    anyTree(r, depth - 1));
            case 5 -> new Expr.Between(anyTree(r, depth - 1), anyTree(r, depth - 1), anyTree(r, depth - 1));
            case 6 -> {
                List<Literal> values = new ArrayList<>();
                int n = r.nextInt(4);
                for (int i = 0; i < n; i++) {
                    values.add(literal(r));
                }
                yield new Expr.In(anyTree(r, depth - 1), values);
            }
            case 7 -> new Expr.IsNull(anyTree(r, depth - 1));
            case 8 -> new Expr.IsNotNull(anyTree(r, depth - 1));
            case 9 -> new Expr.StartsWith(anyTree(r, depth - 1), literal(r));
            default -> like(r, anyTree(r, depth - 1));
        };
    }

    static Expr.Column column(Random r) {
        int parts = 1 + (r.nextInt(4) == 0 ? r.nextInt(3) : 0);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < parts; i++) {
            names.add(NAMES[r.nextInt(NAMES.length)]);
        }
        return new Expr.Column(new FieldPath(names));
    }

    static Expr.Like like(Random r, Expr value) {
        String chars = "ab%_\\!'é語";
        StringBuilder p = new StringBuilder();
        int n = r.nextInt(8);
        for (int i = 0; i < n; i++) {
            p.append(chars.charAt(r.nextInt(chars.length())));
        }
        Optional<Character> escape = switch (r.nextInt(4)) {
            case 0 -> Optional.empty();
            case 1 -> Optional.of('!');
            case 2 -> Optional.of('\'');
            default -> Optional.of(Expr.DEFAULT_ESCAPE);
        };
        String pattern = p.toString();
        try {
            LikePattern.checkEscapes(pattern, escape);
        } catch (dev.quire.errors.InvalidArgumentException e) {
            pattern = pattern + "x";
        }
        return new Expr.Like(value, pattern, escape, r.nextBoolean());
    }

    static Literal literal(Random r) {
        return switch (r.nextInt(10)) {
            case 0 -> Literal.nullValue();
            case 1 -> new Literal.Bool(r.nextBoolean());
            case 2 -> new Literal.Num(new BigDecimal(new BigInteger(70, r).subtract(BigInteger.ONE.shiftLeft(69)),
                    r.nextInt(30) - 10));
            case 3 -> new Literal.Str(r.nextBoolean() ? "it's" : "x'y" + r.nextInt(100) + "'語\n");
            case 4 -> {
                byte[] b = new byte[r.nextInt(5)];
                r.nextBytes(b);
                yield new Literal.Bin(b);
            }
            case 5 -> new Literal.Date(LocalDate.ofEpochDay(r.nextInt(2_000_000) - 700_000));
            case 6 -> {
                long nanos = Math.floorMod(r.nextLong(), 86_400_000_000_000L);
                yield new Literal.Time(LocalTime.ofNanoOfDay(r.nextBoolean() ? nanos : nanos / 1_000_000_000L
                        * 1_000_000_000L));
            }
            case 7 -> new Literal.Timestamp(LocalDateTime.of(LocalDate.ofEpochDay(r.nextInt(100_000)),
                    LocalTime.ofNanoOfDay(Math.floorMod(r.nextLong(), 86_400_000_000_000L))),
                    r.nextBoolean() ? Optional.empty()
                            : Optional.of(ZoneOffset.ofTotalSeconds((r.nextInt(48) - 24) * 1800)));
            case 8 -> typed(r);
            default -> new Literal.Num(BigDecimal.valueOf(r.nextInt(200) - 100));
        };
    }

    static Literal.Typed typed(Random r) {
        PType p = PType.values()[r.nextInt(PType.values().length)];
        if (r.nextInt(6) == 0) {
            int precision = 1 + r.nextInt(76);
            int scale = r.nextInt(precision + 1);
            BigInteger unscaled = new BigInteger(precision * 3, r).mod(BigInteger.TEN.pow(precision));
            return new Literal.Typed(new Scalar(new DType.Decimal(precision, scale, false),
                    new BigDecimal(r.nextBoolean() ? unscaled : unscaled.negate(), scale)));
        }
        Object v = switch (p) {
            case F16 -> Float.float16ToFloat((short) r.nextInt());
            case F32 -> switch (r.nextInt(4)) {
                case 0 -> Float.NaN;
                case 1 -> r.nextBoolean() ? Float.POSITIVE_INFINITY : Float.NEGATIVE_INFINITY;
                default -> Float.intBitsToFloat(r.nextInt());
            };
            case F64 -> r.nextBoolean() ? Double.longBitsToDouble(r.nextLong()) : -0.0;
            case U8 -> (long) r.nextInt(256);
            case I8 -> (long) (byte) r.nextInt();
            case U16 -> (long) r.nextInt(65536);
            case I16 -> (long) (short) r.nextInt();
            case U32 -> r.nextLong() >>> 32;
            case I32 -> (long) r.nextInt();
            case U64, I64 -> r.nextLong();
        };
        return new Literal.Typed(new Scalar(DType.primitive(p, false), v));
    }
}
