package dev.quire.bench.tpch;

import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.expr.CompareOp;
import dev.quire.layout.expr.Expr;
import dev.quire.layout.expr.Literal;
import dev.vortex.api.Expression;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Quire filters ({@link Expr}) as the reference's {@link Expression}s, for what the benchmark queries use: {@code and},
 * {@code or}, {@code not}, comparisons and {@code between} of a column with literals, {@code in} (as a disjunction of
 * equalities), {@code like} and {@code starts_with} on utf8, {@code is [not] null}. Literals are typed like the
 * column they meet (i32/i64, decimal with the column's precision and scale, day dates, utf8), because the reference
 * compares only values of one type. Anything else fails with an {@link UnsupportedFeatureException} naming it.
 */
final class ReferenceFilters {
    private ReferenceFilters() {}

    /** {@code filter} as the reference's expression, for the columns of {@code schema}. */
    static Expression translate(Expr filter, Schema schema) {
        return switch (filter) {
            case Expr.And(Expr l, Expr r) -> Expression.and(translate(l, schema), translate(r, schema));
            case Expr.Or(Expr l, Expr r) -> Expression.or(translate(l, schema), translate(r, schema));
            case Expr.Not(Expr e) -> Expression.not(translate(e, schema));
            case Literal.Bool(boolean b) -> Expression.literal(b);
            case Expr.IsNull(Expr.Column c) -> Expression.isNull(column(c, schema));
            case Expr.IsNotNull(Expr.Column c) -> Expression.isNotNull(column(c, schema));
            case Expr.Compare(CompareOp op, Expr.Column c, Literal l) ->
                    Expression.binary(op(op), column(c, schema), literal(c, l, schema));
            case Expr.Compare(CompareOp op, Literal l, Expr.Column c) ->
                    Expression.binary(op(op.flip()), column(c, schema), literal(c, l, schema));
            case Expr.Between(Expr.Column c, Literal lo, Literal hi) -> Expression.between(column(c, schema),
                    literal(c, lo, schema), literal(c, hi, schema), false, false);
            case Expr.In(Expr.Column c, List<Literal> values) -> {
                if (values.isEmpty()) {
                    yield Expression.literal(false);
                }
                Expression[] eqs = new Expression[values.size()];
                for (int i = 0; i < eqs.length; i++) {
                    eqs[i] = Expression.binary(Expression.BinaryOp.EQ, column(c, schema),
                            literal(c, values.get(i), schema));
                }
                yield eqs.length == 1 ? eqs[0] : Expression.or(eqs);
            }
            case Expr.Like(Expr.Column c, String pattern, Optional<Character> escape, boolean caseInsensitive) ->
                    Expression.like(utf8(c, schema), Expression.literal(
                            LikePatterns.withBackslashEscape(pattern, escape)), false, caseInsensitive);
            case Expr.StartsWith(Expr.Column c, Literal.Str(String prefix)) ->
                    Expression.like(utf8(c, schema), Expression.literal(LikePatterns.prefix(prefix)), false, false);
            default -> throw new UnsupportedFeatureException("no translation into the reference's expressions for "
                    + filter);
        };
    }

    private static Expression column(Expr.Column c, Schema schema) {
        ColumnType.of(schema, c);
        return Expression.column(c.path().head());
    }

    private static Expression utf8(Expr.Column c, Schema schema) {
        if (!(ColumnType.of(schema, c) instanceof ColumnType.Utf8)) {
            throw new UnsupportedFeatureException("like and starts_with need a utf8 column, not " + c);
        }
        return Expression.column(c.path().head());
    }

    private static Expression.BinaryOp op(CompareOp op) {
        return switch (op) {
            case EQ -> Expression.BinaryOp.EQ;
            case NE -> Expression.BinaryOp.NOT_EQ;
            case LT -> Expression.BinaryOp.LT;
            case LE -> Expression.BinaryOp.LTE;
            case GT -> Expression.BinaryOp.GT;
            case GE -> Expression.BinaryOp.GTE;
        };
    }

    /** {@code l} as a reference literal of the type of column {@code c}. */
    private static Expression literal(Expr.Column c, Literal l, Schema schema) {
        return switch (ColumnType.of(schema, c)) {
            case ColumnType.Int i when i.bits() == 32 -> Expression.literal((int) ColumnType.integer(i, l, c));
            case ColumnType.Int i -> Expression.literal(ColumnType.integer(i, l, c));
            case ColumnType.Decimal d -> Expression.literalDecimal(ColumnType.unscaled(d, l, c), d.precision(),
                    d.scale());
            case ColumnType.DateDays d -> Expression.literalDate(ColumnType.date(l, c).toEpochDay(),
                    Expression.TimeUnit.DAYS);
            case ColumnType.Utf8 u -> Expression.literal(ColumnType.string(l, c));
        };
    }
}
