package dev.quire.layout.expr;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A filter expression: an immutable tree of column references, literals, comparisons and boolean connectives.
 * Build one from text with {@link #parse(String)} or in code:
 *
 * <pre>{@code
 * Expr e = Expr.col("l_shipdate").ge(LocalDate.of(1994, 1, 1)).and(Expr.col("l_quantity").lt(24));
 * Expr same = Expr.parse("l_shipdate >= date '1994-01-01' and l_quantity < 24");
 * BoundExpr bound = e.bind(fileSchema);     // type errors surface here, before any data is read
 * RowMask selected = bound.evaluate(batch);
 * }</pre>
 *
 * <p>{@link #toString()} prints the text syntax, with only the parentheses that are needed, so
 * {@code Expr.parse(e.toString()).equals(e)}.
 *
 * <p>Text syntax, loosest binding first: {@code or}; {@code and}; {@code not}; the predicates {@code a = b}
 * ({@code != <> < <= > >=}), {@code a [not] between b and c}, {@code a [not] in (literal, ...)},
 * {@code a is [not] null}, {@code a [not] like 'pattern' [escape 'c']} and {@code ilike}; then primaries:
 * parenthesised expressions, literals (see {@link Literal}), column paths ({@code a.b}, with {@code `odd name`}
 * quoted in backticks, backticks doubled) and {@code starts_with(a, 'prefix')}. Keywords are case-insensitive.
 */
public sealed interface Expr
        permits Expr.Column, Literal, Expr.Compare, Expr.Between, Expr.In, Expr.IsNull, Expr.IsNotNull, Expr.And,
                Expr.Or, Expr.Not, Expr.StartsWith, Expr.Like {

    /** The escape character of {@code like} patterns unless one is given. */
    char DEFAULT_ESCAPE = '\\';

    /** A column, or a field nested in struct columns. */
    record Column(FieldPath path) implements Expr {
        public Column {
            Objects.requireNonNull(path, "path is null");
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /** {@code left op right}. */
    record Compare(CompareOp op, Expr left, Expr right) implements Expr {
        public Compare {
            Objects.requireNonNull(op, "op is null");
            Objects.requireNonNull(left, "left is null");
            Objects.requireNonNull(right, "right is null");
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /** {@code value between low and high}: {@code value >= low and value <= high}, both ends included. */
    record Between(Expr value, Expr low, Expr high) implements Expr {
        public Between {
            Objects.requireNonNull(value, "value is null");
            Objects.requireNonNull(low, "low is null");
            Objects.requireNonNull(high, "high is null");
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /**
     * {@code value in (v1, v2, ...)}: true when value equals one of the literals, null when it equals none and the
     * value or one of the literals is null, false otherwise. An empty list is false.
     */
    record In(Expr value, List<Literal> values) implements Expr {
        public In {
            Objects.requireNonNull(value, "value is null");
            values = List.copyOf(values);
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /** {@code value is null}; never null itself. */
    record IsNull(Expr value) implements Expr {
        public IsNull {
            Objects.requireNonNull(value, "value is null");
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /** {@code value is not null}; never null itself. */
    record IsNotNull(Expr value) implements Expr {
        public IsNotNull {
            Objects.requireNonNull(value, "value is null");
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /**
     * Kleene conjunction: false if either side is false, else null if either is null. Long left-deep chains
     * ({@code a and b and c ...}) are compared, hashed, printed and bound without recursion.
     */
    record And(Expr left, Expr right) implements Expr {
        public And {
            Objects.requireNonNull(left, "left is null");
            Objects.requireNonNull(right, "right is null");
        }

        @Override
        public boolean equals(Object o) {
            Expr a = this;
            Object b = o;
            while (a instanceof And(Expr l, Expr r) && b instanceof And(Expr ol, Expr or)) {
                if (!r.equals(or)) {
                    return false;
                }
                a = l;
                b = ol;
            }
            return !(a instanceof And) && !(b instanceof And) && a.equals(b);
        }

        @Override
        public int hashCode() {
            int h = 1;
            Expr a = this;
            while (a instanceof And(Expr l, Expr r)) {
                h = 31 * h + r.hashCode();
                a = l;
            }
            return 31 * h + a.hashCode();
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /** Kleene disjunction: true if either side is true, else null if either is null. Long chains as for And. */
    record Or(Expr left, Expr right) implements Expr {
        public Or {
            Objects.requireNonNull(left, "left is null");
            Objects.requireNonNull(right, "right is null");
        }

        @Override
        public boolean equals(Object o) {
            Expr a = this;
            Object b = o;
            while (a instanceof Or(Expr l, Expr r) && b instanceof Or(Expr ol, Expr or)) {
                if (!r.equals(or)) {
                    return false;
                }
                a = l;
                b = ol;
            }
            return !(a instanceof Or) && !(b instanceof Or) && a.equals(b);
        }

        @Override
        public int hashCode() {
            int h = 2;
            Expr a = this;
            while (a instanceof Or(Expr l, Expr r)) {
                h = 31 * h + r.hashCode();
                a = l;
            }
            return 31 * h + a.hashCode();
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /** Negation; the negation of null is null. */
    record Not(Expr value) implements Expr {
        public Not {
            Objects.requireNonNull(value, "value is null");
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /**
     * {@code starts_with(value, prefix)}: whether a utf8 (or binary) value begins with the prefix, a string (or
     * bytes) literal.
     */
    record StartsWith(Expr value, Literal prefix) implements Expr {
        public StartsWith {
            Objects.requireNonNull(value, "value is null");
            Objects.requireNonNull(prefix, "prefix is null");
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /**
     * {@code value like pattern} on utf8: {@code %} matches any run of characters, {@code _} exactly one character
     * (code point), the escape character makes the next character literal. With {@code caseInsensitive}
     * ({@code ilike}) characters compare after simple Unicode case folding.
     *
     * @param escape the escape character, or empty for none ({@code escape ''})
     * @throws InvalidArgumentException when the pattern ends with the escape character
     */
    record Like(Expr value, String pattern, Optional<Character> escape, boolean caseInsensitive) implements Expr {
        public Like {
            Objects.requireNonNull(value, "value is null");
            Objects.requireNonNull(pattern, "pattern is null");
            Objects.requireNonNull(escape, "escape is null");
            LikePattern.checkEscapes(pattern, escape);
        }

        @Override
        public String toString() {
            return ExprPrinter.print(this);
        }
    }

    /**
     * Parses the text syntax.
     *
     * @throws ExpressionSyntaxException with the position of the first error
     */
    static Expr parse(String text) {
        return new ExprParser(Objects.requireNonNull(text, "text is null")).parse();
    }

    /** The column at a path in {@link FieldPath} text form ({@code a.b}, {@code `odd.name`.c}). */
    static Column col(String path) {
        return new Column(FieldPath.parse(path));
    }

    /** The column at a path. */
    static Column col(FieldPath path) {
        return new Column(path);
    }

    /** A literal for a Java value; see {@link Literal#of(Object)}. */
    static Literal lit(Object value) {
        return Literal.of(value);
    }

    /** The conjunction of all the given expressions, grouped from the left; {@code true} when there are none. */
    static Expr allOf(Expr... exprs) {
        return fold(List.of(exprs), true);
    }

    /** The conjunction of a list of expressions; see {@link #allOf(Expr...)}. */
    static Expr allOf(List<? extends Expr> exprs) {
        return fold(exprs, true);
    }

    /** The disjunction of all the given expressions, grouped from the left; {@code false} when there are none. */
    static Expr anyOf(Expr... exprs) {
        return fold(List.of(exprs), false);
    }

    /** The disjunction of a list of expressions; see {@link #anyOf(Expr...)}. */
    static Expr anyOf(List<? extends Expr> exprs) {
        return fold(exprs, false);
    }

    private static Expr fold(List<? extends Expr> exprs, boolean and) {
        if (exprs.isEmpty()) {
            return new Literal.Bool(and);
        }
        Expr out = exprs.getFirst();
        for (int i = 1; i < exprs.size(); i++) {
            out = and ? new And(out, exprs.get(i)) : new Or(out, exprs.get(i));
        }
        return out;
    }

    /** {@code not e}. */
    static Expr not(Expr e) {
        return new Not(e);
    }

    /** An operand: an expression as is, any other value as {@link Literal#of(Object)}. */
    private static Expr operand(Object o) {
        return o instanceof Expr e ? e : Literal.of(o);
    }

    /** {@code this op other}; {@code other} is an expression or a Java value made a literal. */
    default Compare compare(CompareOp op, Object other) {
        return new Compare(op, this, operand(other));
    }

    /** {@code this = other}; {@code other} is an expression or a Java value made a literal. */
    default Compare eq(Object other) {
        return compare(CompareOp.EQ, other);
    }

    /** {@code this != other}. */
    default Compare ne(Object other) {
        return compare(CompareOp.NE, other);
    }

    /** {@code this < other}. */
    default Compare lt(Object other) {
        return compare(CompareOp.LT, other);
    }

    /** {@code this <= other}. */
    default Compare le(Object other) {
        return compare(CompareOp.LE, other);
    }

    /** {@code this > other}. */
    default Compare gt(Object other) {
        return compare(CompareOp.GT, other);
    }

    /** {@code this >= other}. */
    default Compare ge(Object other) {
        return compare(CompareOp.GE, other);
    }

    /** {@code this between low and high}, both ends included. */
    default Between between(Object low, Object high) {
        return new Between(this, operand(low), operand(high));
    }

    /** {@code this in (values...)}, each value made a literal. */
    default In in(Object... values) {
        List<Literal> lits = new ArrayList<>(values.length);
        for (Object v : values) {
            lits.add(Literal.of(v));
        }
        return new In(this, lits);
    }

    /** {@code this is null}. */
    default IsNull isNull() {
        return new IsNull(this);
    }

    /** {@code this is not null}. */
    default IsNotNull isNotNull() {
        return new IsNotNull(this);
    }

    /** {@code this like pattern}, with the default escape character {@code \}. */
    default Like like(String pattern) {
        return new Like(this, pattern, Optional.of(DEFAULT_ESCAPE), false);
    }

    /** {@code this ilike pattern}: case-insensitive, with the default escape character {@code \}. */
    default Like ilike(String pattern) {
        return new Like(this, pattern, Optional.of(DEFAULT_ESCAPE), true);
    }

    /** {@code starts_with(this, prefix)}; the prefix is a string or {@code byte[]}. */
    default StartsWith startsWith(Object prefix) {
        return new StartsWith(this, Literal.of(prefix));
    }

    /** {@code this and other}. */
    default And and(Expr other) {
        return new And(this, other);
    }

    /**
     * The top-level conjuncts, left to right: the operands of this expression's nested {@code and}s, or the expression
     * itself when it is not an {@code and}. Each row that passes the expression passes every one of them.
     */
    default List<Expr> conjuncts() {
        List<Expr> out = new ArrayList<>();
        ArrayDeque<Expr> stack = new ArrayDeque<>();
        stack.push(this);
        while (!stack.isEmpty()) {
            Expr e = stack.pop();
            if (e instanceof And and) {
                stack.push(and.right());
                stack.push(and.left());
            } else {
                out.add(e);
            }
        }
        return out;
    }

    /** {@code this or other}. */
    default Or or(Expr other) {
        return new Or(this, other);
    }

    /** {@code not this}. */
    default Not not() {
        return new Not(this);
    }

    /**
     * Type-checks this expression against a file's (or batch's) schema in one walk and returns the executable form.
     *
     * @throws InvalidArgumentException naming the column or the operands, when a column does not exist, operands
     *     cannot be compared, a literal cannot be read as the column's type, or the result is not a boolean
     */
    default BoundExpr bind(DType.Struct schema) {
        return BoundExpr.bind(this, schema);
    }

    /** Every column path this expression names, in order of first appearance, without repeats. */
    default List<FieldPath> columns() {
        List<FieldPath> out = new ArrayList<>();
        ExprPrinter.collectColumns(this, out);
        return List.copyOf(out);
    }
}
