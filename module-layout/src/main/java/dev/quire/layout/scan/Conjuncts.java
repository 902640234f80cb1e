package dev.quire.layout.scan;

import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.expr.BoundExpr;
import dev.quire.layout.expr.Expr;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * A filter split into the conjuncts of its top-level {@code and}, each bound on its own with the columns it reads,
 * and the selectivity each has shown so far. Tasks evaluate the conjuncts in order of observed selectivity (the one
 * keeping the smallest share of its input first), so later conjuncts read and evaluate fewer rows, and a split
 * whose mask empties stops reading. Conjuncts ask encoded columns' filter kernels, or decode every row, as the
 * scan was told ({@link Scan#filterKernels(boolean)}).
 */
final class Conjuncts {
    /** One conjunct and what it has done so far. */
    static final class Conjunct {
        final BoundExpr expr;
        final Projection columns;
        final LongAdder rowsIn = new LongAdder();
        final LongAdder rowsOut = new LongAdder();

        Conjunct(BoundExpr expr, Projection columns) {
            this.expr = expr;
            this.columns = columns;
        }

        /** The share of its input this conjunct kept; 0.5 until it has seen rows. */
        double selectivity() {
            long in = rowsIn.sum();
            return in == 0 ? 0.5 : (double) rowsOut.sum() / in;
        }

        void record(long in, long out) {
            rowsIn.add(in);
            rowsOut.add(out);
        }
    }

    private final List<Conjunct> conjuncts;
    private final boolean useKernels;

    Conjuncts(BoundExpr filter, DType.Struct schema, boolean useKernels) {
        this.useKernels = useKernels;
        // Top-level conjuncts, those on the same single column joined again: `x >= 1 and x < 5` stays one conjunct,
        // which binds to one range test, so the column is read and tested once per split, not once per comparison.
        Map<Object, Expr> byColumn = new LinkedHashMap<>();
        for (Expr e : filter.expr().conjuncts()) {
            List<FieldPath> columns = e.bind(schema).columns();
            Object key = columns.size() == 1 ? columns.getFirst() : new Object();
            byColumn.merge(key, e, Expr.And::new);
        }
        List<Conjunct> list = new ArrayList<>();
        for (Expr e : byColumn.values()) {
            BoundExpr bound = e.bind(schema);
            Projection columns = bound.columns().isEmpty() ? Projection.none()
                    : Projection.of(schema, bound.columns());
            list.add(new Conjunct(bound, columns));
        }
        this.conjuncts = List.copyOf(list);
    }

    /** Whether evaluation asks encoded columns' filter kernels. */
    boolean useKernels() {
        return useKernels;
    }

    int size() {
        return conjuncts.size();
    }

    /** The conjuncts, most selective first by what has been seen so far. */
    List<Conjunct> ordered() {
        Conjunct[] order = conjuncts.toArray(Conjunct[]::new);
        double[] keys = new double[order.length];
        for (int i = 0; i < order.length; i++) {
            keys[i] = order[i].selectivity();
        }
        Integer[] idx = new Integer[order.length];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        Arrays.sort(idx, (a, b) -> Double.compare(keys[a], keys[b]));
        List<Conjunct> out = new ArrayList<>(order.length);
        for (int i : idx) {
            out.add(order[i]);
        }
        return out;
    }
}
