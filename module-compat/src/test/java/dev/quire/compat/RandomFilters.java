package dev.quire.compat;

import dev.quire.compat.Values.Bin;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.CompareOp;
import dev.quire.layout.expr.Expr;
import dev.quire.layout.expr.Literal;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * Seeded random filters over the top-level columns of a schema, with literals mostly taken from the data (so that
 * comparisons split the rows rather than keep all or none): comparisons with literals and with columns of the same
 * type, {@code between}, {@code in}, {@code is [not] null}, bare and compared booleans, {@code like} and
 * {@code ilike} on utf8 (prefix, infix and {@code _} patterns, with {@code % _ \} in the data escaped), combined with
 * {@code and}, {@code or} and {@code not} up to a depth.
 *
 * <p>Columns of bool, i8..i64, u8..u64, f64, utf8 and binary are used; {@link #pushable} limits the generator to
 * those whose literals the reference's Java API can spell (it has no unsigned literals).
 */
final class RandomFilters {
    private final Random random;
    private final DType.Struct schema;
    private final List<List<Object>> rows;
    private final List<Integer> columns = new ArrayList<>();

    RandomFilters(long seed, DType.Struct schema, List<List<Object>> rows, boolean pushableOnly) {
        this.random = new Random(seed);
        this.schema = schema;
        this.rows = rows;
        for (int i = 0; i < schema.fieldCount(); i++) {
            DType t = schema.field(i).dtype();
            if (!pushableOnly || pushable(t)) {
                columns.add(i);
            }
        }
    }

    /** Whether filters on a column of {@code type} translate to the reference: it has no unsigned literals. */
    static boolean pushable(DType type) {
        return !(type instanceof DType.Primitive p && p.ptype().isUnsigned());
    }

    /** A random filter of at most {@code depth} levels of {@code and}, {@code or} and {@code not}. */
    Expr next(int depth) {
        if (depth == 0 || random.nextInt(10) < 4) {
            return leaf();
        }
        return switch (random.nextInt(5)) {
            case 0, 1 -> next(depth - 1).and(next(depth - 1));
            case 2, 3 -> next(depth - 1).or(next(depth - 1));
            default -> Expr.not(next(depth - 1));
        };
    }

    Expr leaf() {
        int index = columns.get(random.nextInt(columns.size()));
        Field field = schema.field(index);
        Expr.Column c = Expr.col(field.name());
        DType type = field.dtype();
        if (type.nullable() && random.nextInt(8) == 0) {
            return random.nextBoolean() ? c.isNull() : c.isNotNull();
        }
        if (type instanceof DType.Bool) {
            return switch (random.nextInt(3)) {
                case 0 -> c;
                case 1 -> c.eq(random.nextBoolean());
                default -> c.ne(random.nextBoolean());
            };
        }
        int kind = random.nextInt(10);
        if (kind == 0) {
            Optional<Expr.Column> other = sameType(index);
            if (other.isPresent()) {
                return c.compare(op(), other.get());
            }
        }
        if (kind <= 2 && type instanceof DType.Utf8) {
            return like(c, index);
        }
        if (kind <= 4) {
            Literal a = literal(index);
            Literal b = literal(index);
            if (random.nextInt(5) > 0 && compare(b, a) < 0) {
                Literal t = a;
                a = b;
                b = t;
            }
            return c.between(a, b);
        }
        if (kind == 5) {
            int n = random.nextInt(4);
            List<Literal> values = new ArrayList<>();
            for (int i = 0; i < n + 1; i++) {
                values.add(literal(index));
            }
            return new Expr.In(c, values);
        }
        return c.compare(op(), literal(index));
    }

    private CompareOp op() {
        return CompareOp.values()[random.nextInt(CompareOp.values().length)];
    }

    private Optional<Expr.Column> sameType(int index) {
        DType type = schema.field(index).dtype().withNullable(false);
        List<Integer> others = columns.stream().filter(i -> i != index
                && schema.field(i).dtype().withNullable(false).equals(type)).toList();
        return others.isEmpty() ? Optional.empty()
                : Optional.of(Expr.col(schema.field(others.get(random.nextInt(others.size()))).name()));
    }

    /** A value of the column from some row, or (for one in five) a value made up. */
    private Object sample(int index) {
        for (int attempt = 0; attempt < 20 && !rows.isEmpty(); attempt++) {
            Object v = rows.get(random.nextInt(rows.size())).get(index);
            if (v != null) {
                return v;
            }
        }
        return madeUp(schema.field(index).dtype());
    }

    private Object madeUp(DType type) {
        return switch (type) {
            case DType.Primitive p when p.ptype() == PType.F64 -> Double.doubleToLongBits(
                    (random.nextDouble() - 0.5) * 1e6);
            case DType.Primitive p -> Values.mask(random.nextLong(), p.ptype().byteWidth());
            case DType.Utf8 u -> Bin.of(Long.toString(random.nextLong(), 36));
            case DType.Binary b -> {
                byte[] bytes = new byte[random.nextInt(6)];
                random.nextBytes(bytes);
                yield new Bin(bytes);
            }
            default -> throw new IllegalArgumentException("no values made up for " + type);
        };
    }

    /** A literal of the column's values: usually one of them, sometimes one made up, or a prefix of one. */
    Literal literal(int index) {
        DType type = schema.field(index).dtype();
        Object v = random.nextInt(5) == 0 ? madeUp(type) : sample(index);
        return switch (type) {
            case DType.Primitive p when p.ptype() == PType.F64 -> {
                double d = Double.longBitsToDouble((Long) v);
                yield Double.isFinite(d) ? new Literal.Num(new BigDecimal(d)) : new Literal.Num(BigDecimal.ZERO);
            }
            case DType.Primitive p -> new Literal.Num(new BigDecimal(BruteForce.number(p.ptype(), (Long) v)));
            case DType.Utf8 u -> new Literal.Str(new String(((Bin) v).bytes(), StandardCharsets.UTF_8));
            case DType.Binary b -> {
                byte[] bytes = ((Bin) v).bytes();
                yield new Literal.Bin(random.nextInt(4) == 0 ? Arrays.copyOf(bytes, random.nextInt(bytes.length + 1))
                        : bytes);
            }
            default -> throw new IllegalArgumentException("no literals of " + type);
        };
    }

    /** Orders two literals of one column (to write most {@code between}s low end first). */
    private static int compare(Literal a, Literal b) {
        return switch (a) {
            case Literal.Num(BigDecimal x) -> x.compareTo(((Literal.Num) b).value());
            case Literal.Str(String x) -> Arrays.compareUnsigned(x.getBytes(StandardCharsets.UTF_8),
                    ((Literal.Str) b).value().getBytes(StandardCharsets.UTF_8));
            case Literal.Bin x -> Arrays.compareUnsigned(x.value(), ((Literal.Bin) b).value());
            default -> 0;
        };
    }

    private Expr like(Expr.Column c, int index) {
        String s = new String(((Bin) sample(index)).bytes(), StandardCharsets.UTF_8);
        int[] cps = s.codePoints().toArray();
        StringBuilder p = new StringBuilder();
        switch (random.nextInt(4)) {
            case 0 -> {
                // A prefix, then anything.
                appendEscaped(p, cps, 0, random.nextInt(cps.length + 1));
                p.append('%');
            }
            case 1 -> {
                // Anything, a piece of the value, anything.
                int from = random.nextInt(cps.length + 1);
                int to = from + random.nextInt(Math.min(3, cps.length - from) + 1);
                p.append('%');
                appendEscaped(p, cps, from, to);
                p.append('%');
            }
            case 2 -> {
                // The value with one character left to `_`.
                int at = cps.length == 0 ? -1 : random.nextInt(cps.length);
                for (int i = 0; i < cps.length; i++) {
                    if (i == at) {
                        p.append('_');
                    } else {
                        appendEscaped(p, cps, i, i + 1);
                    }
                }
            }
            default -> {
                // Anything, then a suffix.
                p.append('%');
                appendEscaped(p, cps, random.nextInt(cps.length + 1), cps.length);
            }
        }
        return random.nextInt(4) == 0 ? c.ilike(p.toString()) : c.like(p.toString());
    }

    private static void appendEscaped(StringBuilder p, int[] cps, int from, int to) {
        for (int i = from; i < to; i++) {
            if (cps[i] == '%' || cps[i] == '_' || cps[i] == '\\') {
                p.append('\\');
            }
            p.appendCodePoint(cps[i]);
        }
    }
}
