package dev.quire.layout.expr;

import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.PType;
import java.math.BigDecimal;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Prints expressions in the text syntax {@link ExprParser} reads, with only the parentheses that are needed. */
final class ExprPrinter {
    private ExprPrinter() {}

    /** Words that are never column names unless quoted. */
    static final Set<String> RESERVED = Set.of("and", "or", "not", "is", "null", "true", "false", "between", "in",
            "like", "ilike", "escape");

    /**
     * Words that start literals or calls when followed by a string or a parenthesis; the printer quotes columns with
     * these names too, so that the printed text never depends on what follows a name.
     */
    static final Set<String> SOFT = Set.of("date", "time", "timestamp", "decimal", "starts_with", "u8", "u16",
            "u32", "u64", "i8", "i16", "i32", "i64", "f16", "f32", "f64");

    private static final int OR = 1;
    private static final int AND = 2;
    private static final int NOT = 3;
    private static final int PREDICATE = 4;
    private static final int PRIMARY = 5;

    static String print(Expr e) {
        StringBuilder sb = new StringBuilder();
        print(e, sb, 0);
        return sb.toString();
    }

    private static int precedence(Expr e) {
        return switch (e) {
            case Expr.Or o -> OR;
            case Expr.And a -> AND;
            case Expr.Not n -> NOT;
            case Expr.Compare c -> PREDICATE;
            case Expr.Between b -> PREDICATE;
            case Expr.In i -> PREDICATE;
            case Expr.IsNull i -> PREDICATE;
            case Expr.IsNotNull i -> PREDICATE;
            case Expr.Like l -> PREDICATE;
            case Expr.Column c -> PRIMARY;
            case Literal l -> PRIMARY;
            case Expr.StartsWith s -> PRIMARY;
        };
    }

    private static void print(Expr e, StringBuilder sb, int min) {
        boolean parens = precedence(e) < min;
        if (parens) {
            sb.append('(');
        }
        switch (e) {
            case Expr.Or o -> {
                // a left-deep chain a or b or c ..., walked without recursion so that long chains cannot
                // exhaust the stack
                List<Expr> rights = new ArrayList<>();
                Expr leftmost = o;
                while (leftmost instanceof Expr.Or(Expr l, Expr r)) {
                    rights.add(r);
                    leftmost = l;
                }
                print(leftmost, sb, OR);
                for (int i = rights.size() - 1; i >= 0; i--) {
                    sb.append(" or ");
                    print(rights.get(i), sb, AND);
                }
            }
            case Expr.And a -> {
                List<Expr> rights = new ArrayList<>();
                Expr leftmost = a;
                while (leftmost instanceof Expr.And(Expr l, Expr r)) {
                    rights.add(r);
                    leftmost = l;
                }
                print(leftmost, sb, AND);
                for (int i = rights.size() - 1; i >= 0; i--) {
                    sb.append(" and ");
                    print(rights.get(i), sb, NOT);
                }
            }
            case Expr.Not(Expr v) -> {
                sb.append("not ");
                print(v, sb, NOT);
            }
            case Expr.Compare(CompareOp op, Expr l, Expr r) -> {
                print(l, sb, PRIMARY);
                sb.append(' ').append(op.symbol()).append(' ');
                print(r, sb, PRIMARY);
            }
            case Expr.Between(Expr v, Expr lo, Expr hi) -> {
                print(v, sb, PRIMARY);
                sb.append(" between ");
                print(lo, sb, PRIMARY);
                sb.append(" and ");
                print(hi, sb, PRIMARY);
            }
            case Expr.In(Expr v, List<Literal> values) -> {
                print(v, sb, PRIMARY);
                sb.append(" in (");
                for (int i = 0; i < values.size(); i++) {
                    if (i > 0) {
                        sb.append(", ");
                    }
                    print(values.get(i), sb, PRIMARY);
                }
                sb.append(')');
            }
            case Expr.IsNull(Expr v) -> {
                print(v, sb, PRIMARY);
                sb.append(" is null");
            }
            case Expr.IsNotNull(Expr v) -> {
                print(v, sb, PRIMARY);
                sb.append(" is not null");
            }
            case Expr.Like like -> {
                print(like.value(), sb, PRIMARY);
                sb.append(like.caseInsensitive() ? " ilike " : " like ");
                string(like.pattern(), sb);
                if (like.escape().isEmpty()) {
                    sb.append(" escape ''");
                } else if (like.escape().get() != Expr.DEFAULT_ESCAPE) {
                    sb.append(" escape ");
                    string(like.escape().get().toString(), sb);
                }
            }
            case Expr.StartsWith(Expr v, Literal prefix) -> {
                sb.append("starts_with(");
                print(v, sb, 0);
                sb.append(", ");
                print(prefix, sb, 0);
                sb.append(')');
            }
            case Expr.Column(FieldPath path) -> path(path, sb);
            case Literal l -> literal(l, sb);
        }
        if (parens) {
            sb.append(')');
        }
    }

    private static void path(FieldPath path, StringBuilder sb) {
        boolean first = true;
        for (String part : path.parts()) {
            if (!first) {
                sb.append('.');
            }
            first = false;
            if (isPlainName(part)) {
                sb.append(part);
            } else {
                sb.append('`').append(part.replace("`", "``")).append('`');
            }
        }
    }

    /** Whether a name can be written without backticks: an identifier that is not a keyword. */
    static boolean isPlainName(String name) {
        if (name.isEmpty() || !ExprParser.isIdentifierStart(name.charAt(0))) {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            if (!ExprParser.isIdentifierPart(name.charAt(i))) {
                return false;
            }
        }
        String lower = name.toLowerCase(Locale.ROOT);
        return !RESERVED.contains(lower) && !SOFT.contains(lower);
    }

    static void string(String s, StringBuilder sb) {
        sb.append('\'').append(s.replace("'", "''")).append('\'');
    }

    private static void literal(Literal l, StringBuilder sb) {
        switch (l) {
            case Literal.Null n -> sb.append("null");
            case Literal.Bool(boolean b) -> sb.append(b);
            case Literal.Num(BigDecimal v) -> sb.append(v);
            case Literal.Str(String s) -> string(s, sb);
            case Literal.Bin b -> sb.append("x'").append(b.hex()).append('\'');
            case Literal.Date d -> sb.append("date '").append(d.value()).append('\'');
            case Literal.Time t -> sb.append("time '").append(DateTimeFormatter.ISO_LOCAL_TIME.format(t.value()))
                    .append('\'');
            case Literal.Timestamp t -> {
                sb.append("timestamp '").append(t.value().toLocalDate()).append(' ')
                        .append(DateTimeFormatter.ISO_LOCAL_TIME.format(t.value().toLocalTime()));
                t.offset().ifPresent(sb::append);
                sb.append('\'');
            }
            case Literal.Typed t -> {
                DType dtype = t.scalar().dtype();
                Object v = t.scalar().value();
                if (dtype instanceof DType.Decimal d) {
                    sb.append("decimal(").append(d.precision()).append(',').append(d.scale()).append(") '")
                            .append(((BigDecimal) v).toPlainString()).append('\'');
                } else {
                    PType p = ((DType.Primitive) dtype).ptype();
                    String text = switch (p) {
                        case U64 -> Long.toUnsignedString((Long) v);
                        case F16, F32 -> Float.toString((Float) v);
                        case F64 -> Double.toString((Double) v);
                        default -> Long.toString((Long) v);
                    };
                    sb.append(p.displayName()).append(" '").append(text).append('\'');
                }
            }
        }
    }

    /** Adds the columns of {@code e} to {@code out} in order of first appearance; iterative, for deep trees. */
    static void collectColumns(Expr e, List<FieldPath> out) {
        Set<FieldPath> seen = new HashSet<>(out);
        Deque<Expr> todo = new ArrayDeque<>();
        todo.push(e);
        while (!todo.isEmpty()) {
            Expr x = todo.pop();
            if (x instanceof Expr.Column(FieldPath p)) {
                if (seen.add(p)) {
                    out.add(p);
                }
                continue;
            }
            List<Expr> children = children(x);
            for (int i = children.size() - 1; i >= 0; i--) {
                todo.push(children.get(i));
            }
        }
    }

    /** The operands of an expression, left to right (literal lists and patterns are not operands). */
    static List<Expr> children(Expr e) {
        return switch (e) {
            case Expr.Column c -> List.of();
            case Literal l -> List.of();
            case Expr.Compare(CompareOp op, Expr l, Expr r) -> List.of(l, r);
            case Expr.Between(Expr v, Expr lo, Expr hi) -> List.of(v, lo, hi);
            case Expr.In(Expr v, List<Literal> values) -> List.of(v);
            case Expr.IsNull(Expr v) -> List.of(v);
            case Expr.IsNotNull(Expr v) -> List.of(v);
            case Expr.And(Expr l, Expr r) -> List.of(l, r);
            case Expr.Or(Expr l, Expr r) -> List.of(l, r);
            case Expr.Not(Expr v) -> List.of(v);
            case Expr.StartsWith(Expr v, Literal p) -> List.of(v);
            case Expr.Like like -> List.of(like.value());
        };
    }
}
