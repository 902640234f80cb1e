package dev.quire.bench.tpch;

import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.expr.CompareOp;
import dev.quire.layout.expr.Expr;
import dev.quire.layout.expr.Literal;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Quire filters ({@link Expr}) as SQL conditions for DuckDB, covering the same operators as {@link ReferenceFilters}.
 * Columns are quoted identifiers; literals are typed like their column ({@code 24.00::DECIMAL(15,2)},
 * {@code DATE '1994-01-01'}, quoted strings), so DuckDB compares the same values the reference does.
 */
final class SqlFilters {
    private SqlFilters() {}

    /** {@code filter} as a SQL boolean expression over the columns of {@code schema}. */
    static String translate(Expr filter, Schema schema) {
        return switch (filter) {
            case Expr.And(Expr l, Expr r) -> "(" + translate(l, schema) + " AND " + translate(r, schema) + ")";
            case Expr.Or(Expr l, Expr r) -> "(" + translate(l, schema) + " OR " + translate(r, schema) + ")";
            case Expr.Not(Expr e) -> "(NOT " + translate(e, schema) + ")";
            case Literal.Bool(boolean b) -> b ? "TRUE" : "FALSE";
            case Expr.IsNull(Expr.Column c) -> "(" + column(c, schema) + " IS NULL)";
            case Expr.IsNotNull(Expr.Column c) -> "(" + column(c, schema) + " IS NOT NULL)";
            case Expr.Compare(CompareOp op, Expr.Column c, Literal l) ->
                    "(" + column(c, schema) + " " + op(op) + " " + literal(c, l, schema) + ")";
            case Expr.Compare(CompareOp op, Literal l, Expr.Column c) ->
                    "(" + column(c, schema) + " " + op(op.flip()) + " " + literal(c, l, schema) + ")";
            case Expr.Between(Expr.Column c, Literal lo, Literal hi) -> "(" + column(c, schema) + " BETWEEN "
                    + literal(c, lo, schema) + " AND " + literal(c, hi, schema) + ")";
            case Expr.In(Expr.Column c, List<Literal> values) -> {
                if (values.isEmpty()) {
                    yield "FALSE";
                }
                StringJoiner in = new StringJoiner(", ", "(" + column(c, schema) + " IN (", "))");
                for (Literal v : values) {
                    in.add(literal(c, v, schema));
                }
                yield in.toString();
            }
            case Expr.Like(Expr.Column c, String pattern, Optional<Character> escape, boolean caseInsensitive) ->
                    "(" + utf8(c, schema) + (caseInsensitive ? " ILIKE " : " LIKE ")
                            + string(LikePatterns.withBackslashEscape(pattern, escape)) + " ESCAPE '\\')";
            case Expr.StartsWith(Expr.Column c, Literal.Str(String prefix)) ->
                    "(" + utf8(c, schema) + " LIKE " + string(LikePatterns.prefix(prefix)) + " ESCAPE '\\')";
            default -> throw new UnsupportedFeatureException("no translation into SQL for " + filter);
        };
    }

    /** A column name as a quoted SQL identifier. */
    static String identifier(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }

    private static String column(Expr.Column c, Schema schema) {
        ColumnType.of(schema, c);
        return identifier(c.path().head());
    }

    private static String utf8(Expr.Column c, Schema schema) {
        if (!(ColumnType.of(schema, c) instanceof ColumnType.Utf8)) {
            throw new UnsupportedFeatureException("like and starts_with need a utf8 column, not " + c);
        }
        return identifier(c.path().head());
    }

    private static String op(CompareOp op) {
        return switch (op) {
            case EQ -> "=";
            case NE -> "<>";
            case LT -> "<";
            case LE -> "<=";
            case GT -> ">";
            case GE -> ">=";
        };
    }

    private static String string(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    private static String literal(Expr.Column c, Literal l, Schema schema) {
        return switch (ColumnType.of(schema, c)) {
            case ColumnType.Int i -> Long.toString(ColumnType.integer(i, l, c));
            case ColumnType.Decimal d -> new BigDecimal(ColumnType.unscaled(d, l, c), d.scale()).toPlainString()
                    + "::DECIMAL(" + d.precision() + "," + d.scale() + ")";
            case ColumnType.DateDays d -> "DATE '" + ColumnType.date(l, c) + "'";
            case ColumnType.Utf8 u -> string(ColumnType.string(l, c));
        };
    }
}
