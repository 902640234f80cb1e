package dev.quire.layout.expr;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import java.util.List;
import java.util.Objects;

/**
 * An expression type-checked against a schema, ready to evaluate over batches and to prune zones. Immutable and safe
 * to share between threads.
 *
 * <h2>Semantics</h2>
 * <ul>
 *   <li><b>Nulls.</b> SQL's three-valued logic: a comparison with NULL is NULL; NOT NULL is NULL; AND and OR follow
 *       Kleene (FALSE AND NULL is FALSE, TRUE OR NULL is TRUE). {@link #evaluate} selects the rows that are TRUE; a
 *       field nested in a null struct is null.</li>
 *   <li><b>Numbers.</b> Integer and decimal columns compare with numeric literals by exact value: {@code x < 2.5}
 *       on an integer column is {@code x <= 2}, {@code x = 2.5} is false on every non-null row. A literal outside
 *       the column's type is not an error: {@code x < 300} on a {@code u8} column is true on every non-null row,
 *       {@code x = -1} false. {@code u64} values above {@link Long#MAX_VALUE} compare as unsigned.</li>
 *   <li><b>Floats.</b> A literal compared with a float column is first rounded to the column's type, to nearest
 *       (ties to even), as a cast would: {@code x = 0.1} on an {@code f32} column matches the f32 nearest 0.1. A
 *       finite literal beyond the type's range stays finite (it is above the largest finite value and below
 *       infinity). Float values are totally ordered: {@code -0.0 = 0.0}, and NaN equals NaN and is greater than
 *       every other value, infinity included (so {@code x > 1} is true for NaN). Typed literals
 *       ({@code f64 'NaN'}) reach NaN and infinities.</li>
 *   <li><b>Temporal.</b> Date, time and timestamp columns compare with {@code date}, {@code time} and
 *       {@code timestamp} literals (and strings in those forms) by exact position in the column's unit, so a
 *       literal between two ticks behaves like a fractional number. A date literal is midnight; a timestamp literal
 *       without offset is a wall-clock time in the column's zone (UTC for columns without one); one with an offset
 *       is an instant and compares only with zoned columns. Timestamps also compare with dates.</li>
 *   <li><b>Strings and bytes.</b> utf8 compares with string literals and binary with strings and {@code x'..'}
 *       bytes, both in unsigned byte order (for UTF-8, code point order). {@code like} runs on utf8: {@code %} any
 *       run of characters, {@code _} one code point, the escape character (default {@code \}) makes the next one
 *       literal; {@code ilike} compares after simple case folding
 *       ({@code Character.toLowerCase(Character.toUpperCase(cp))}). {@code starts_with} runs on utf8 and binary.
 *       </li>
 *   <li><b>Columns against columns</b> compare when both are integers or floats (in any mix, exactly), decimals of
 *       one scale, temporal of one kind, unit and zoning, both utf8, both binary, or both bool. Other pairs are
 *       binding errors.</li>
 *   <li><b>In.</b> {@code x in (a, b)} is {@code x = a or x = b}: NULL when nothing matches and a null is involved;
 *       an empty list is FALSE.</li>
 * </ul>
 *
 * <h2>Filter kernels</h2>
 * A column in an encoding that offers a {@link dev.quire.layout.expr.FilterKernel} (a dictionary, a bit-packed array,
 * the byte parts of decimals) may answer a predicate from its encoded form, for example by evaluating it once on a
 * dictionary's values, instead of being decoded row by row. Both ways give the same rows. {@link #evaluate(StructArray,
 * boolean)} chooses; {@link #evaluate(StructArray)} uses kernels. Scans take the choice from their context's
 * {@code quire.filter.kernels} setting: turning kernels off is a way to measure them, or to rule a kernel out when a
 * filtered result looks wrong.
 *
 * <h2>Pruning</h2>
 * {@link #mightMatch(ZoneStats)} answers from zone statistics whether any row could be TRUE. It computes, for every
 * node, the set of values (TRUE, FALSE, NULL) it may take on some row, which handles NOT and OR soundly without
 * rewriting; it answers false only when the statistics prove no row matches.
 */
public final class BoundExpr {
    private final Expr expr;
    private final DType.Struct schema;
    private final Node root;
    private final List<FieldPath> columns;

    private BoundExpr(Expr expr, DType.Struct schema, Node root) {
        this.expr = expr;
        this.schema = schema;
        this.root = root;
        this.columns = expr.columns();
    }

    /**
     * Type-checks {@code expr} against {@code schema}; see {@link Expr#bind(DType.Struct)}.
     *
     * @throws InvalidArgumentException for a missing column, incomparable operands or a non-boolean result
     */
    public static BoundExpr bind(Expr expr, DType.Struct schema) {
        Objects.requireNonNull(expr, "expr is null");
        Objects.requireNonNull(schema, "schema is null");
        return new BoundExpr(expr, schema, new Binder(schema).predicate(expr));
    }

    /** The expression as written. */
    public Expr expr() {
        return expr;
    }

    /** The schema the expression was bound to. */
    public DType.Struct schema() {
        return schema;
    }

    /** The columns the expression reads, in order of first appearance: what a scan must read to evaluate it. */
    public List<FieldPath> columns() {
        return columns;
    }

    /**
     * Whether the expression is the same on every row whatever the data, as after folding {@code 1 < 2}: then
     * evaluation never reads a column.
     */
    public boolean isConstant() {
        return root.constant() >= 0;
    }

    /**
     * The rows of {@code batch} where the expression is TRUE. The batch must hold every column in
     * {@link #columns()} (it may hold others, and nested structs may be projected), each of the bound dtype up to
     * nullability, in any encoding; constant columns are evaluated once, not expanded.
     *
     * @throws InvalidArgumentException when the batch lacks a column or has one of another dtype
     */
    public RowMask evaluate(StructArray batch) {
        return evaluate(batch, true);
    }

    /**
     * The rows of {@code batch} where the expression is TRUE, as {@link #evaluate(StructArray)}, with encoded columns
     * asked for their filter kernels' answers ({@code useKernels}) or decoded to their canonical form first (every
     * row, as if no kernel existed). The result is the same either way.
     *
     * @throws InvalidArgumentException when the batch lacks a column or has one of another dtype
     */
    public RowMask evaluate(StructArray batch, boolean useKernels) {
        Objects.requireNonNull(batch, "batch is null");
        EvalContext ctx = new EvalContext(batch, useKernels);
        long[] t = new long[ctx.words];
        long[] f = new long[ctx.words];
        root.eval(ctx, t, f, false);
        return new RowMask(t, ctx.n);
    }

    /**
     * The rows of {@code within} where the expression is TRUE over {@code batch}: {@code within.and(evaluate(batch,
     * useKernels))}, but rows outside {@code within} need not be evaluated, so encoded columns may skip them (a
     * bit-packed column reads just the codes of the candidate rows when they are few). A scan evaluating its filter's
     * conjuncts one after the other passes the rows the earlier ones kept.
     *
     * @throws InvalidArgumentException when the batch lacks a column or has one of another dtype, or when
     *     {@code within} is not as long as the batch
     */
    public RowMask evaluate(StructArray batch, boolean useKernels, RowMask within) {
        Objects.requireNonNull(batch, "batch is null");
        Objects.requireNonNull(within, "within is null");
        if (within.length() != batch.length()) {
            throw new InvalidArgumentException("the rows to evaluate are a mask of " + within.length()
                    + " rows, but the batch has " + batch.length());
        }
        long[] w = within.words();
        EvalContext ctx = new EvalContext(batch, useKernels, w);
        long[] t = new long[ctx.words];
        long[] f = new long[ctx.words];
        root.eval(ctx, t, f, false);
        for (int i = 0; i < t.length; i++) {
            t[i] &= w[i];
        }
        return new RowMask(t, ctx.n);
    }

    /**
     * Whether some row of a zone with these statistics might satisfy the expression: false only when the statistics
     * prove that none can (a zone of no rows never matches). Missing statistics mean anything is possible.
     */
    public boolean mightMatch(ZoneStats stats) {
        Objects.requireNonNull(stats, "stats is null");
        if (stats.rowCount() == 0) {
            return false;
        }
        return (root.prune(new PruneContext(stats, schema)) & Node.TRUE) != 0;
    }

    /** The node tree evaluation runs; for white-box tests. */
    Node root() {
        return root;
    }

    /** The expression's text syntax. */
    @Override
    public String toString() {
        return expr.toString();
    }
}
