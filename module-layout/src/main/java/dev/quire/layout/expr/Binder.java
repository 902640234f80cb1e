package dev.quire.layout.expr;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.Temporal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Type-checks an expression against a schema in one walk and builds its {@link Node} tree. Every error names the
 * column or operands at fault and the sub-expression it is in.
 */
final class Binder {
    /** An operand of a comparison: a column, a literal, or a boolean condition. */
    private sealed interface Operand permits ColumnOperand, LiteralOperand, PredicateOperand {}

    private record ColumnOperand(FieldPath path, DType dtype) implements Operand {}

    private record LiteralOperand(Literal literal) implements Operand {}

    private record PredicateOperand(Expr expr, Node node) implements Operand {}

    private final DType.Struct schema;

    Binder(DType.Struct schema) {
        this.schema = schema;
    }

    Node predicate(Expr e) {
        return switch (e) {
            case Expr.Column c -> {
                ColumnOperand col = column(c.path());
                yield switch (col.dtype()) {
                    case DType.Bool b -> new LeafNode.BoolColumn(col.path(), col.dtype());
                    case DType.Null n -> Node.Const.NULL_NODE;
                    default -> throw new InvalidArgumentException("`" + col.path() + "` is " + col.dtype()
                            + ", not a boolean: a filter needs a condition, such as `" + col.path() + " = ...`");
                };
            }
            case Literal.Bool b -> Node.Const.of(b.value());
            case Literal.Null n -> Node.Const.NULL_NODE;
            case Literal l -> throw new InvalidArgumentException("the literal " + l + " is not a boolean: a filter"
                    + " needs a condition");
            case Expr.Compare c -> compare(c.op(), c.left(), c.right(), e);
            case Expr.Between b -> Node.and(compare(CompareOp.GE, b.value(), b.low(), e),
                    compare(CompareOp.LE, b.value(), b.high(), e));
            case Expr.In in -> in(in);
            case Expr.IsNull x -> isNull(x.value(), false);
            case Expr.IsNotNull x -> isNull(x.value(), true);
            case Expr.And a -> Node.andAll(chain(a, true));
            case Expr.Or o -> Node.orAll(chain(o, false));
            case Expr.Not n -> Node.not(predicate(n.value()));
            case Expr.StartsWith s -> startsWith(s);
            case Expr.Like l -> like(l);
        };
    }

    /** The bound operands of a left-deep and (or or) chain, left to right, walked without recursion. */
    private List<Node> chain(Expr e, boolean and) {
        List<Expr> rights = new ArrayList<>();
        Expr leftmost = e;
        while (true) {
            if (and && leftmost instanceof Expr.And(Expr l, Expr r)) {
                rights.add(r);
                leftmost = l;
            } else if (!and && leftmost instanceof Expr.Or(Expr l, Expr r)) {
                rights.add(r);
                leftmost = l;
            } else {
                break;
            }
        }
        List<Node> nodes = new ArrayList<>(rights.size() + 1);
        nodes.add(predicate(leftmost));
        for (int i = rights.size() - 1; i >= 0; i--) {
            nodes.add(predicate(rights.get(i)));
        }
        return nodes;
    }

    private Operand operand(Expr e) {
        return switch (e) {
            case Expr.Column c -> column(c.path());
            case Literal l -> new LiteralOperand(l);
            default -> new PredicateOperand(e, predicate(e));
        };
    }

    /**
     * The column at a path.
     *
     * @throws InvalidArgumentException listing the fields available where the path leaves the schema
     */
    private ColumnOperand column(FieldPath path) {
        DType current = schema;
        List<String> parts = path.parts();
        for (int k = 0; k < parts.size(); k++) {
            if (!(current instanceof DType.Struct struct)) {
                throw new InvalidArgumentException("no column `" + path + "`: `"
                        + new FieldPath(parts.subList(0, k)) + "` is " + current + ", not a struct");
            }
            String part = parts.get(k);
            Optional<Integer> index = struct.indexOf(part);
            if (index.isEmpty()) {
                throw new InvalidArgumentException("no column `" + path + "`: `" + part + "` is not one of "
                        + struct.names() + (k > 0 ? " (the fields of `" + new FieldPath(parts.subList(0, k)) + "`)"
                        : ""));
            }
            current = struct.field(index.get()).dtype();
        }
        return new ColumnOperand(path, current);
    }

    // ---------------------------------------------------------------- comparisons

    private Node compare(CompareOp op, Expr l, Expr r, Expr whole) {
        Operand a = operand(l);
        Operand b = operand(r);
        if (a instanceof LiteralOperand && !(b instanceof LiteralOperand)) {
            Operand swap = a;
            a = b;
            b = swap;
            op = op.flip();
        }
        if (isNull(a) || isNull(b)) {
            return Node.Const.NULL_NODE;
        }
        if (a instanceof LiteralOperand(Literal x) && b instanceof LiteralOperand(Literal y)) {
            Optional<Integer> c = compareLiterals(x, y);
            if (c.isEmpty()) {
                throw incomparable(a, b, "", whole);
            }
            return Node.Const.of(op.test(c.get()));
        }
        if (isBoolValued(a) && isBoolValued(b)) {
            return boolCompare(op, boolNode(a), boolNode(b));
        }
        if (a instanceof PredicateOperand || b instanceof PredicateOperand) {
            throw incomparable(a, b, "a condition compares only with booleans", whole);
        }
        ColumnOperand col = (ColumnOperand) a;
        if (b instanceof LiteralOperand(Literal lit)) {
            return columnLiteral(op, col, lit, whole);
        }
        return columnColumn(op, col, (ColumnOperand) b, whole);
    }

    private static boolean isNull(Operand o) {
        return o instanceof LiteralOperand(Literal.Null n)
                || o instanceof ColumnOperand c && c.dtype() instanceof DType.Null;
    }

    private static boolean isBoolValued(Operand o) {
        return switch (o) {
            case PredicateOperand p -> true;
            case ColumnOperand c -> c.dtype() instanceof DType.Bool;
            case LiteralOperand l -> l.literal() instanceof Literal.Bool;
        };
    }

    private static Node boolNode(Operand o) {
        return switch (o) {
            case PredicateOperand p -> p.node();
            case ColumnOperand c -> new LeafNode.BoolColumn(c.path(), c.dtype());
            case LiteralOperand l -> Node.Const.of(((Literal.Bool) l.literal()).value());
        };
    }

    /** A comparison of boolean operands, folded when both are constants. */
    private static Node boolCompare(CompareOp op, Node a, Node b) {
        if (a.constant() == Node.NULL || b.constant() == Node.NULL) {
            return Node.Const.NULL_NODE;
        }
        if (a.constant() >= 0 && b.constant() >= 0) {
            return Node.Const.of(op.test(Boolean.compare(a.constant() == Node.TRUE, b.constant() == Node.TRUE)));
        }
        return new Node.BoolCompare(op, a, b);
    }

    private Node columnLiteral(CompareOp op, ColumnOperand col, Literal lit, Expr whole) {
        Domain d = Domain.of(col.dtype());
        return switch (d.family()) {
            case INT, FLOAT, DECIMAL, TEMPORAL -> new RangeNode(col.path(), col.dtype(), d,
                    Coercion.keySet(op, position(d, col, lit, whole)));
            case UTF8, BINARY -> new LeafNode.BytesCompare(col.path(), col.dtype(), op, bytes(d, col, lit, whole));
            default -> throw incomparable(col, new LiteralOperand(lit), hint(d), whole);
        };
    }

    /** Where a literal falls among the keys of a numeric, decimal or temporal column. */
    private Coercion.Position position(Domain d, ColumnOperand col, Literal lit, Expr whole) {
        if (d.family() == Domain.Family.TEMPORAL) {
            return temporalPosition(d, col, lit, whole);
        }
        Coercion.Numeric n = Coercion.numeric(lit).orElseThrow(() -> incomparable(col, new LiteralOperand(lit),
                hint(d), whole));
        return d.family() == Domain.Family.FLOAT ? Coercion.floatPosition(n, d.ptype())
                : Coercion.numericPosition(n, d.scale());
    }

    private byte[] bytes(Domain d, ColumnOperand col, Literal lit, Expr whole) {
        return switch (lit) {
            case Literal.Str s -> s.value().getBytes(StandardCharsets.UTF_8);
            case Literal.Bin b when d.family() == Domain.Family.BINARY -> b.value();
            default -> throw incomparable(col, new LiteralOperand(lit), hint(d), whole);
        };
    }

    private Coercion.Position temporalPosition(Domain d, ColumnOperand col, Literal lit, Expr whole) {
        Temporal.Kind kind = d.temporal().orElseThrow();
        BigInteger nanos = switch (kind.id()) {
            case Temporal.TIME_ID -> switch (lit) {
                case Literal.Time t -> BigInteger.valueOf(t.value().toNanoOfDay());
                case Literal.Str s -> BigInteger.valueOf(parse(s, col, "time",
                        () -> LocalTime.parse(s.value().strip())).toNanoOfDay());
                default -> throw incomparable(col, new LiteralOperand(lit), hint(d), whole);
            };
            case Temporal.DATE_ID -> switch (lit) {
                case Literal.Date x -> BigInteger.valueOf(x.value().toEpochDay())
                        .multiply(BigInteger.valueOf(Coercion.NANOS_PER_DAY));
                case Literal.Timestamp t when t.offset().isEmpty() ->
                        Coercion.epochNanos(t.value().toInstant(ZoneOffset.UTC));
                case Literal.Timestamp t -> throw incomparable(col, new LiteralOperand(lit),
                        "a timestamp with an offset is an instant, and dates have no time zone", whole);
                case Literal.Str s -> {
                    Literal parsed = parse(s, col, "date or timestamp", () -> ExprParser.dateOrTimestamp(s.value()));
                    yield temporalPosition(d, col, parsed, whole).num();
                }
                default -> throw incomparable(col, new LiteralOperand(lit), hint(d), whole);
            };
            default -> {
                Optional<ZoneId> zone = zone(kind, col);
                yield switch (lit) {
                    case Literal.Date x -> Coercion.epochNanos(zone.isPresent()
                            ? x.value().atStartOfDay(zone.get()).toInstant()
                            : x.value().atStartOfDay().toInstant(ZoneOffset.UTC));
                    case Literal.Timestamp t when t.offset().isPresent() -> {
                        if (zone.isEmpty()) {
                            throw incomparable(col, new LiteralOperand(lit), "a timestamp with an offset is an"
                                    + " instant, and the column has no time zone; leave the offset out", whole);
                        }
                        yield Coercion.epochNanos(t.value().toInstant(t.offset().get()));
                    }
                    case Literal.Timestamp t -> Coercion.epochNanos(zone.isPresent()
                            ? t.value().atZone(zone.get()).toInstant() : t.value().toInstant(ZoneOffset.UTC));
                    case Literal.Str s -> {
                        Literal parsed = parse(s, col, "timestamp", () -> ExprParser.dateOrTimestamp(s.value()));
                        yield temporalPosition(d, col, parsed, whole).num();
                    }
                    default -> throw incomparable(col, new LiteralOperand(lit), hint(d), whole);
                };
            }
        };
        return Coercion.Position.ratio(nanos, BigInteger.valueOf(Coercion.nanosPerUnit(kind.unit())));
    }

    private interface Parse<T> {
        T get();
    }

    private static <T> T parse(Literal.Str s, ColumnOperand col, String what, Parse<T> parse) {
        try {
            return parse.get();
        } catch (DateTimeParseException e) {
            throw new InvalidArgumentException("cannot read " + s + " as a " + what + " to compare with `"
                    + col.path() + "` (" + col.dtype() + ")");
        }
    }

    private static Optional<ZoneId> zone(Temporal.Kind kind, ColumnOperand col) {
        try {
            return kind.zone().map(ZoneId::of);
        } catch (DateTimeException e) {
            throw new InvalidArgumentException("column `" + col.path() + "` has the unknown time zone '"
                    + kind.zone().orElseThrow() + "'");
        }
    }

    private Node columnColumn(CompareOp op, ColumnOperand a, ColumnOperand b, Expr whole) {
        Domain da = Domain.of(a.dtype());
        Domain db = Domain.of(b.dtype());
        Domain.Family fa = da.family();
        Domain.Family fb = db.family();
        ColumnCompareNode.Mode mode;
        if (fa == Domain.Family.INT && fb == Domain.Family.INT) {
            mode = ColumnCompareNode.Mode.INTS;
        } else if (fa == Domain.Family.FLOAT && fb == Domain.Family.FLOAT) {
            mode = ColumnCompareNode.Mode.FLOATS;
        } else if (fa == Domain.Family.INT && fb == Domain.Family.FLOAT) {
            mode = ColumnCompareNode.Mode.INT_FLOAT;
        } else if (fa == Domain.Family.FLOAT && fb == Domain.Family.INT) {
            return new ColumnCompareNode(ColumnCompareNode.Mode.INT_FLOAT, op.flip(), b.path(), b.dtype(), a.path(),
                    a.dtype());
        } else if (fa == Domain.Family.DECIMAL && fb == Domain.Family.DECIMAL) {
            if (da.scale() != db.scale()) {
                throw incomparable(a, b, "decimal columns compare only at the same scale", whole);
            }
            mode = ColumnCompareNode.Mode.DECIMALS;
        } else if (fa == Domain.Family.TEMPORAL && fb == Domain.Family.TEMPORAL) {
            Temporal.Kind ka = da.temporal().orElseThrow();
            Temporal.Kind kb = db.temporal().orElseThrow();
            if (!ka.id().equals(kb.id()) || ka.unit() != kb.unit()
                    || ka.zone().isPresent() != kb.zone().isPresent()) {
                throw incomparable(a, b, "temporal columns compare only with the same kind, unit and zoning", whole);
            }
            mode = ColumnCompareNode.Mode.INTS;
        } else if (fa == fb && (fa == Domain.Family.UTF8 || fa == Domain.Family.BINARY)) {
            mode = ColumnCompareNode.Mode.BYTES;
        } else {
            throw incomparable(a, b, fa == fb ? hint(da) : "", whole);
        }
        return new ColumnCompareNode(mode, op, a.path(), a.dtype(), b.path(), b.dtype());
    }

    // ---------------------------------------------------------------- in, is null, like, starts_with

    private Node in(Expr.In in) {
        Operand a = operand(in.value());
        List<Literal> values = in.values();
        if (values.isEmpty()) {
            return Node.Const.FALSE_NODE;
        }
        boolean hasNull = values.stream().anyMatch(v -> v instanceof Literal.Null);
        if (isNull(a)) {
            return Node.Const.NULL_NODE;
        }
        if (a instanceof LiteralOperand(Literal x)) {
            boolean found = false;
            for (Literal v : values) {
                if (v instanceof Literal.Null) {
                    continue;
                }
                Optional<Integer> c = compareLiterals(x, v);
                if (c.isEmpty()) {
                    throw incomparable(a, new LiteralOperand(v), "", in);
                }
                found |= c.get() == 0;
            }
            return found ? Node.Const.TRUE_NODE : hasNull ? Node.Const.NULL_NODE : Node.Const.FALSE_NODE;
        }
        if (isBoolValued(a)) {
            Node out = Node.Const.FALSE_NODE;
            for (Literal v : values) {
                Operand b = new LiteralOperand(v);
                if (!(v instanceof Literal.Null) && !isBoolValued(b)) {
                    throw incomparable(a, b, "a boolean compares only with true and false", in);
                }
                out = Node.or(out, v instanceof Literal.Null ? Node.Const.NULL_NODE
                        : boolCompare(CompareOp.EQ, boolNode(a), boolNode(b)));
            }
            return out;
        }
        ColumnOperand col = (ColumnOperand) a;
        Domain d = Domain.of(col.dtype());
        switch (d.family()) {
            case INT, FLOAT, DECIMAL, TEMPORAL -> {
                List<BigInteger> keys = new ArrayList<>();
                for (Literal v : values) {
                    if (!(v instanceof Literal.Null)) {
                        Coercion.Position p = position(d, col, v, in);
                        if (p.where() == Coercion.Position.EXACT && p.integral()) {
                            keys.add(p.floor());
                        }
                    }
                }
                return new SetNode(col.path(), col.dtype(), d, keys, hasNull);
            }
            case UTF8, BINARY -> {
                List<byte[]> bytes = new ArrayList<>();
                for (Literal v : values) {
                    if (!(v instanceof Literal.Null)) {
                        byte[] b = bytes(d, col, v, in);
                        if (bytes.stream().noneMatch(x -> Arrays.equals(x, b))) {
                            bytes.add(b);
                        }
                    }
                }
                return new LeafNode.BytesIn(col.path(), col.dtype(), bytes, hasNull);
            }
            default -> throw incomparable(col, new LiteralOperand(values.getFirst()), hint(d), in);
        }
    }

    private Node isNull(Expr value, boolean negated) {
        return switch (operand(value)) {
            case ColumnOperand c -> new LeafNode.IsNull(c.path(), c.dtype(), negated);
            case LiteralOperand l -> Node.Const.of(l.literal() instanceof Literal.Null != negated);
            case PredicateOperand p -> new Node.IsNullOf(p.node(), negated);
        };
    }

    private Node startsWith(Expr.StartsWith s) {
        Operand a = operand(s.value());
        Literal prefix = s.prefix();
        if (isNull(a) || prefix instanceof Literal.Null) {
            return Node.Const.NULL_NODE;
        }
        byte[] p = switch (prefix) {
            case Literal.Str x -> x.value().getBytes(StandardCharsets.UTF_8);
            case Literal.Bin x -> x.value();
            default -> throw new InvalidArgumentException("the prefix of starts_with must be a string or bytes, not "
                    + prefix + " (in `" + s + "`)");
        };
        switch (a) {
            case ColumnOperand c when c.dtype() instanceof DType.Utf8 && prefix instanceof Literal.Str
                    || c.dtype() instanceof DType.Binary -> {
                return new LeafNode.Like(c.path(), c.dtype(), LikePattern.startingWith(p));
            }
            case LiteralOperand(Literal.Str x) when prefix instanceof Literal.Str -> {
                return Node.Const.of(LikePattern.startingWith(p).matches(x.value().getBytes(StandardCharsets.UTF_8)));
            }
            case LiteralOperand(Literal.Bin x) -> {
                return Node.Const.of(LikePattern.startingWith(p).matches(x.value()));
            }
            default -> throw new InvalidArgumentException("starts_with needs a utf8 value and a string prefix, or a"
                    + " binary value and a string or bytes prefix; found " + describe(a) + " and " + prefix
                    + " (in `" + s + "`)");
        }
    }

    private Node like(Expr.Like l) {
        Operand a = operand(l.value());
        if (isNull(a)) {
            return Node.Const.NULL_NODE;
        }
        LikePattern pattern = LikePattern.compile(l.pattern(), l.escape(), l.caseInsensitive());
        return switch (a) {
            case ColumnOperand c when c.dtype() instanceof DType.Utf8 ->
                    new LeafNode.Like(c.path(), c.dtype(), pattern);
            case LiteralOperand(Literal.Str x) -> Node.Const.of(pattern.matches(
                    x.value().getBytes(StandardCharsets.UTF_8)));
            default -> throw new InvalidArgumentException((l.caseInsensitive() ? "ilike" : "like")
                    + " needs a utf8 value, found " + describe(a) + " (in `" + l + "`)");
        };
    }

    // ---------------------------------------------------------------- literals

    /** Compares two non-null literals; empty when they are of kinds that do not compare. */
    static Optional<Integer> compareLiterals(Literal a, Literal b) {
        Optional<Coercion.Numeric> na = Coercion.numeric(a);
        Optional<Coercion.Numeric> nb = Coercion.numeric(b);
        if (na.isPresent() && nb.isPresent()) {
            return Optional.of(na.get().compareTo(nb.get()));
        }
        Optional<byte[]> ba = literalBytes(a);
        Optional<byte[]> bb = literalBytes(b);
        if (ba.isPresent() && bb.isPresent()) {
            return Optional.of(Arrays.compareUnsigned(ba.get(), bb.get()));
        }
        return switch (a) {
            case Literal.Bool x when b instanceof Literal.Bool y -> Optional.of(Boolean.compare(x.value(), y.value()));
            case Literal.Time x when b instanceof Literal.Time y -> Optional.of(x.value().compareTo(y.value()));
            case Literal.Date x when b instanceof Literal.Date y -> Optional.of(x.value().compareTo(y.value()));
            default -> {
                Optional<Instant> ia = instant(a);
                Optional<Instant> ib = instant(b);
                Optional<LocalDateTime> la = local(a);
                Optional<LocalDateTime> lb = local(b);
                if (ia.isPresent() && ib.isPresent()) {
                    yield Optional.of(ia.get().compareTo(ib.get()));
                }
                if (la.isPresent() && lb.isPresent()) {
                    yield Optional.of(la.get().compareTo(lb.get()));
                }
                yield Optional.empty();
            }
        };
    }

    private static Optional<byte[]> literalBytes(Literal l) {
        return switch (l) {
            case Literal.Str s -> Optional.of(s.value().getBytes(StandardCharsets.UTF_8));
            case Literal.Bin b -> Optional.of(b.value());
            default -> Optional.empty();
        };
    }

    private static Optional<Instant> instant(Literal l) {
        return l instanceof Literal.Timestamp t && t.offset().isPresent()
                ? Optional.of(t.value().toInstant(t.offset().get())) : Optional.empty();
    }

    private static Optional<LocalDateTime> local(Literal l) {
        return switch (l) {
            case Literal.Timestamp t when t.offset().isEmpty() -> Optional.of(t.value());
            case Literal.Date d -> Optional.of(d.value().atStartOfDay());
            default -> Optional.empty();
        };
    }

    // ---------------------------------------------------------------- messages

    private static String describe(Operand o) {
        return switch (o) {
            case ColumnOperand c -> "`" + c.path() + "` (" + c.dtype() + ")";
            case LiteralOperand l -> l.literal().toString();
            case PredicateOperand p -> "the condition `" + p.expr() + "`";
        };
    }

    private static String hint(Domain d) {
        return switch (d.family()) {
            case INT, FLOAT, DECIMAL -> "numbers compare with numbers";
            case UTF8 -> "utf8 compares with strings";
            case BINARY -> "binary compares with strings and x'..' bytes";
            case BOOL -> "bools compare with true, false and conditions";
            case TEMPORAL -> switch (d.temporal().orElseThrow().id()) {
                case Temporal.TIME_ID -> "times compare with time '...' literals";
                case Temporal.DATE_ID -> "dates compare with date '...' and timestamp '...' literals";
                default -> "timestamps compare with timestamp '...' and date '...' literals";
            };
            case STRUCT -> "structs cannot be compared; compare their fields";
            case NULL -> "";
            case OTHER -> "values of extension " + ((DType.Extension) d.dtype()).id() + " cannot be compared";
        };
    }

    private static InvalidArgumentException incomparable(Operand a, Operand b, String why, Expr whole) {
        return new InvalidArgumentException("cannot compare " + describe(a) + " with " + describe(b)
                + (why.isEmpty() ? "" : ": " + why) + " (in `" + whole + "`)");
    }
}
