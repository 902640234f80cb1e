package dev.quire.compat;

import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.expr.CompareOp;
import dev.quire.layout.expr.Expr;
import dev.quire.layout.expr.Literal;
import dev.vortex.api.DataSource;
import dev.vortex.api.Expression;
import dev.vortex.api.Partition;
import dev.vortex.api.Scan;
import dev.vortex.api.ScanOptions;
import dev.vortex.api.Session;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Quire filter expressions translated into the reference's ({@link Expression}), for the operators both have:
 * comparisons, {@code between}, {@code in} (as a disjunction of equalities, which is what it means), {@code is [not]
 * null}, {@code like} and {@code ilike}, {@code and}, {@code or}, {@code not}. Literals take the type of the column
 * they are compared with, since the reference compares only values of one type. And the reference's filtered scan:
 * the translated filter pushed down through {@link ScanOptions}.
 */
final class ReferenceFilter {
    /** A session of its own: the shared one in {@link Reference} is private to it. */
    private static final Session SESSION = Session.create();

    private ReferenceFilter() {}

    /** Thrown for an expression this translation does not cover. */
    static final class Untranslatable extends RuntimeException {
        Untranslatable(String message) {
            super(message);
        }
    }

    /** {@code filter} as the reference's expression, for columns of {@code schema}. */
    static Expression translate(Expr filter, DType.Struct schema) {
        return switch (filter) {
            case Expr.And(Expr l, Expr r) -> Expression.and(translate(l, schema), translate(r, schema));
            case Expr.Or(Expr l, Expr r) -> Expression.or(translate(l, schema), translate(r, schema));
            case Expr.Not(Expr e) -> Expression.not(translate(e, schema));
            case Expr.Column c -> column(c);
            case Expr.IsNull(Expr.Column c) -> Expression.isNull(column(c));
            case Expr.IsNotNull(Expr.Column c) -> Expression.isNotNull(column(c));
            case Expr.Compare(CompareOp op, Expr.Column a, Expr.Column b) ->
                    Expression.binary(op(op), column(a), column(b));
            case Expr.Compare(CompareOp op, Expr.Column c, Literal l) ->
                    Expression.binary(op(op), column(c), literal(type(c, schema), l));
            case Expr.Between(Expr.Column c, Literal lo, Literal hi) -> Expression.between(column(c),
                    literal(type(c, schema), lo), literal(type(c, schema), hi), false, false);
            case Expr.In(Expr.Column c, List<Literal> values) when !values.isEmpty() -> {
                Expression[] eqs = new Expression[values.size()];
                for (int i = 0; i < eqs.length; i++) {
                    eqs[i] = Expression.binary(Expression.BinaryOp.EQ, column(c), literal(type(c, schema),
                            values.get(i)));
                }
                yield eqs.length == 1 ? eqs[0] : Expression.or(eqs);
            }
            case Expr.Like(Expr.Column c, String pattern, Optional<Character> escape, boolean caseInsensitive) ->
                    Expression.like(column(c), Expression.literal(pattern), false, caseInsensitive);
            default -> throw new Untranslatable("no translation for " + filter);
        };
    }

    private static Expression column(Expr.Column c) {
        FieldPath path = c.path();
        return path.parts().size() == 1 ? Expression.column(path.head())
                : Expression.column(path.parts().toArray(String[]::new));
    }

    private static DType type(Expr.Column c, DType.Struct schema) {
        DType t = schema;
        for (String part : c.path().parts()) {
            DType.Struct s = (DType.Struct) t;
            t = s.field(s.indexOf(part).orElseThrow()).dtype();
        }
        return t;
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

    /** A literal of the column's type. */
    static Expression literal(DType column, Literal l) {
        return switch (column) {
            case DType.Bool b when l instanceof Literal.Bool(boolean v) -> Expression.literal(v);
            case DType.Primitive p when l instanceof Literal.Num(var v) -> switch (p.ptype()) {
                case I8 -> Expression.literal(v.byteValueExact());
                case I16 -> Expression.literal(v.shortValueExact());
                case I32 -> Expression.literal(v.intValueExact());
                case I64 -> Expression.literal(v.longValueExact());
                case F32 -> Expression.literal(v.floatValue());
                case F64 -> Expression.literal(v.doubleValue());
                default -> throw new Untranslatable("the reference's Java API has no " + p.ptype() + " literal");
            };
            case DType.Utf8 u when l instanceof Literal.Str(String v) -> Expression.literal(v);
            case DType.Binary b when l instanceof Literal.Bin bin -> Expression.literal(bin.value());
            default -> throw new Untranslatable("no literal of " + column + " for " + l);
        };
    }

    /** A reference scan of every column of {@code path} with {@code filter} pushed down, in row order. */
    static List<List<Object>> scan(Path path, Expression filter) {
        DataSource source = DataSource.open(SESSION, path.toAbsolutePath().toUri().toString());
        Scan scan = source.scan(ScanOptions.builder().filter(filter).ordered(true).build());
        List<List<Object>> rows = new ArrayList<>();
        while (scan.hasNext()) {
            Partition partition = scan.next();
            try (ArrowReader reader = partition.scanArrow(Reference.ALLOCATOR)) {
                while (reader.loadNextBatch()) {
                    rows.addAll(ArrowBridge.rows(reader.getVectorSchemaRoot()));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return rows;
    }
}
