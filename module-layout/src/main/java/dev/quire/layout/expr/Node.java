package dev.quire.layout.expr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A node of a bound expression: a predicate with SQL's three values. Evaluation writes two bit sets over the batch's
 * rows, TRUE rows and FALSE rows; a row in neither is NULL. Kleene logic is then plain bit arithmetic: AND is
 * {@code (t1 & t2, f1 | f2)}, OR is {@code (t1 | t2, f1 & f2)}, NOT swaps the two.
 *
 * <p>Pruning returns the set of values the node may take on some row of a zone, as {@link #TRUE}, {@link #FALSE}
 * and {@link #NULL} bits. Sets only ever over-approximate, so a zone whose root set lacks TRUE has no matching row.
 */
sealed interface Node permits Node.Const, Node.And, Node.Or, Node.Not, Node.BoolCompare, Node.IsNullOf, LeafNode,
        ColumnCompareNode {
    int TRUE = 1;
    int FALSE = 2;
    int NULL = 4;

    /**
     * Writes the TRUE rows into {@code t} and the FALSE rows into {@code f} ({@link EvalContext#words} words each,
     * bits at and above the row count zero). With {@code needFalse} unset only {@code t} must be right.
     */
    void eval(EvalContext ctx, long[] t, long[] f, boolean needFalse);

    /** The values this node may take on some row of the zone. */
    int prune(PruneContext ctx);

    /** The value of a constant, or -1. */
    default int constant() {
        return -1;
    }

    /** One of the three values on every row. */
    record Const(int value) implements Node {
        static final Const TRUE_NODE = new Const(TRUE);
        static final Const FALSE_NODE = new Const(FALSE);
        static final Const NULL_NODE = new Const(NULL);

        static Const of(boolean b) {
            return b ? TRUE_NODE : FALSE_NODE;
        }

        @Override
        public void eval(EvalContext ctx, long[] t, long[] f, boolean needFalse) {
            long[] ones = Bits.ones(ctx.n);
            System.arraycopy(value == TRUE ? ones : new long[ones.length], 0, t, 0, t.length);
            System.arraycopy(value == FALSE ? ones : new long[ones.length], 0, f, 0, f.length);
        }

        @Override
        public int prune(PruneContext ctx) {
            return value;
        }

        @Override
        public int constant() {
            return value;
        }
    }

    static Node and(Node a, Node b) {
        return andAll(List.of(a, b));
    }

    /**
     * The conjunction of nodes: nested conjunctions flattened, TRUE dropped, FALSE absorbing, and plain range tests
     * of one column fused into one.
     */
    static Node andAll(List<Node> nodes) {
        List<Node> children = new ArrayList<>();
        Map<Object, Integer> rangeOf = new HashMap<>();
        for (Node n : nodes) {
            for (Node x : n instanceof And and ? List.of(and.children) : List.of(n)) {
                if (x.constant() == FALSE) {
                    return Const.FALSE_NODE;
                }
                if (x.constant() == TRUE) {
                    continue;
                }
                if (x instanceof RangeNode r) {
                    Integer at = rangeOf.get(r.fusionKey());
                    Optional<RangeNode> fused = at == null ? Optional.empty()
                            : ((RangeNode) children.get(at)).intersect(r);
                    if (fused.isPresent()) {
                        children.set(at, fused.get());
                        continue;
                    }
                    if (at == null && r.fusionKey() != null) {
                        rangeOf.put(r.fusionKey(), children.size());
                    }
                }
                children.add(x);
            }
        }
        if (children.isEmpty()) {
            return Const.TRUE_NODE;
        }
        return children.size() == 1 ? children.getFirst() : new And(children.toArray(Node[]::new));
    }

    static Node or(Node a, Node b) {
        return orAll(List.of(a, b));
    }

    /** The disjunction of nodes: nested disjunctions flattened, FALSE dropped, TRUE absorbing. */
    static Node orAll(List<Node> nodes) {
        List<Node> children = new ArrayList<>();
        for (Node n : nodes) {
            for (Node x : n instanceof Or or ? List.of(or.children) : List.of(n)) {
                if (x.constant() == TRUE) {
                    return Const.TRUE_NODE;
                }
                if (x.constant() != FALSE) {
                    children.add(x);
                }
            }
        }
        if (children.isEmpty()) {
            return Const.FALSE_NODE;
        }
        return children.size() == 1 ? children.getFirst() : new Or(children.toArray(Node[]::new));
    }

    static Node not(Node a) {
        return switch (a) {
            case Const c when c.value == TRUE -> Const.FALSE_NODE;
            case Const c when c.value == FALSE -> Const.TRUE_NODE;
            case Const c -> c;
            case Not n -> n.child;
            default -> new Not(a);
        };
    }

    /** Kleene AND of two value sets, every pair considered. */
    static int andOutcomes(int a, int b) {
        int out = 0;
        if ((a & FALSE) != 0 && b != 0 || (b & FALSE) != 0 && a != 0) {
            out |= FALSE;
        }
        if ((a & TRUE) != 0 && (b & TRUE) != 0) {
            out |= TRUE;
        }
        if ((a & NULL) != 0 && (b & (TRUE | NULL)) != 0 || (b & NULL) != 0 && (a & (TRUE | NULL)) != 0) {
            out |= NULL;
        }
        return out;
    }

    static int notOutcomes(int a) {
        return (a & NULL) | ((a & TRUE) != 0 ? FALSE : 0) | ((a & FALSE) != 0 ? TRUE : 0);
    }

    static int orOutcomes(int a, int b) {
        return notOutcomes(andOutcomes(notOutcomes(a), notOutcomes(b)));
    }

    /** Conjunction of two or more children. */
    final class And implements Node {
        final Node[] children;

        And(Node[] children) {
            this.children = children;
        }

        @Override
        public void eval(EvalContext ctx, long[] t, long[] f, boolean needFalse) {
            children[0].eval(ctx, t, f, needFalse);
            long[] t2 = new long[t.length];
            long[] f2 = new long[t.length];
            for (int c = 1; c < children.length; c++) {
                if (!needFalse && isZero(t)) {
                    return; // no row can become TRUE any more, and FALSE rows are not wanted
                }
                children[c].eval(ctx, t2, f2, needFalse);
                for (int i = 0; i < t.length; i++) {
                    t[i] &= t2[i];
                    f[i] |= f2[i];
                }
            }
        }

        private static boolean isZero(long[] w) {
            for (long x : w) {
                if (x != 0) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public int prune(PruneContext ctx) {
            int out = children[0].prune(ctx);
            for (int c = 1; c < children.length && (out & (TRUE | NULL)) != 0; c++) {
                out = andOutcomes(out, children[c].prune(ctx));
            }
            return out;
        }

        @Override
        public String toString() {
            return "And" + Arrays.toString(children);
        }
    }

    /** Disjunction of two or more children. */
    final class Or implements Node {
        final Node[] children;

        Or(Node[] children) {
            this.children = children;
        }

        @Override
        public void eval(EvalContext ctx, long[] t, long[] f, boolean needFalse) {
            children[0].eval(ctx, t, f, needFalse);
            long[] t2 = new long[t.length];
            long[] f2 = new long[t.length];
            for (int c = 1; c < children.length; c++) {
                children[c].eval(ctx, t2, f2, needFalse);
                for (int i = 0; i < t.length; i++) {
                    t[i] |= t2[i];
                    f[i] &= f2[i];
                }
            }
        }

        @Override
        public int prune(PruneContext ctx) {
            int out = children[0].prune(ctx);
            for (int c = 1; c < children.length; c++) {
                out = orOutcomes(out, children[c].prune(ctx));
            }
            return out;
        }

        @Override
        public String toString() {
            return "Or" + Arrays.toString(children);
        }
    }

    /** Negation: TRUE and FALSE swap, NULL stays. */
    record Not(Node child) implements Node {
        @Override
        public void eval(EvalContext ctx, long[] t, long[] f, boolean needFalse) {
            child.eval(ctx, f, t, true);
        }

        @Override
        public int prune(PruneContext ctx) {
            return notOutcomes(child.prune(ctx));
        }
    }

    /** A comparison of two boolean operands (FALSE below TRUE); NULL when either is. */
    record BoolCompare(CompareOp op, Node left, Node right) implements Node {
        @Override
        public void eval(EvalContext ctx, long[] t, long[] f, boolean needFalse) {
            long[] lt = new long[t.length];
            long[] lf = new long[t.length];
            long[] rt = new long[t.length];
            long[] rf = new long[t.length];
            left.eval(ctx, lt, lf, true);
            right.eval(ctx, rt, rf, true);
            for (int i = 0; i < t.length; i++) {
                long known = (lt[i] | lf[i]) & (rt[i] | rf[i]);
                long a = lt[i];
                long b = rt[i];
                long holds = switch (op) {
                    case EQ -> ~(a ^ b);
                    case NE -> a ^ b;
                    case LT -> ~a & b;
                    case LE -> ~a | b;
                    case GT -> a & ~b;
                    case GE -> a | ~b;
                };
                t[i] = known & holds;
                f[i] = known & ~holds;
            }
        }

        @Override
        public int prune(PruneContext ctx) {
            int a = left.prune(ctx);
            int b = right.prune(ctx);
            int out = 0;
            for (int x : new int[] {TRUE, FALSE, NULL}) {
                for (int y : new int[] {TRUE, FALSE, NULL}) {
                    if ((a & x) == 0 || (b & y) == 0) {
                        continue;
                    }
                    if (x == NULL || y == NULL) {
                        out |= NULL;
                    } else {
                        out |= op.test(Boolean.compare(x == TRUE, y == TRUE)) ? TRUE : FALSE;
                    }
                }
            }
            return out;
        }
    }

    /** {@code (predicate) is [not] null}: never NULL itself. */
    record IsNullOf(Node child, boolean negated) implements Node {
        @Override
        public void eval(EvalContext ctx, long[] t, long[] f, boolean needFalse) {
            long[] ct = new long[t.length];
            long[] cf = new long[t.length];
            child.eval(ctx, ct, cf, true);
            long[] ones = Bits.ones(ctx.n);
            for (int i = 0; i < t.length; i++) {
                long known = ct[i] | cf[i];
                long isNull = ones[i] & ~known;
                t[i] = negated ? known : isNull;
                f[i] = negated ? isNull : known;
            }
        }

        @Override
        public int prune(PruneContext ctx) {
            int c = child.prune(ctx);
            int isNull = ((c & NULL) != 0 ? TRUE : 0) | ((c & (TRUE | FALSE)) != 0 ? FALSE : 0);
            return negated ? notOutcomes(isNull) : isNull;
        }
    }
}
