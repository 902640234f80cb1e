package dev.quire.layout.spi;

import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.expr.BoundExpr;
import dev.quire.layout.expr.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * A request to rule rows out with statistics alone: the scan's bound filter, the column path of the layout being
 * asked (empty at the root) and counters of what was pruned, shared by the whole request. See
 * {@link LayoutReader#prune}.
 */
public final class Pruning {
    private final BoundExpr filter;
    private final List<String> path;
    private final Counters counters;

    private Pruning(BoundExpr filter, List<String> path, Counters counters) {
        this.filter = filter;
        this.path = path;
        this.counters = counters;
    }

    /** A request for the root of a file, whose dtype {@code filter} is bound to. */
    public static Pruning of(BoundExpr filter) {
        return new Pruning(Objects.requireNonNull(filter, "filter is null"), List.of(), new Counters());
    }

    public BoundExpr filter() {
        return filter;
    }

    /** The path of the column this request is for; empty at the root. */
    public Optional<FieldPath> path() {
        return path.isEmpty() ? Optional.empty() : Optional.of(new FieldPath(path));
    }

    /** The request for field {@code name} of the struct at this path. */
    public Pruning field(String name) {
        String[] child = path.toArray(new String[path.size() + 1]);
        child[path.size()] = Objects.requireNonNull(name, "name is null");
        return new Pruning(filter, List.of(child), counters);
    }

    /**
     * The part of the filter that this path's statistics alone can decide, for asking zone after zone: the conjuncts
     * of the filter's top-level {@code and} that read this path, a field inside it or the struct it is in, joined
     * again with those that read no column; the whole filter when none reads this path (at the root, or for a filter
     * with no column) or when all are kept. The filter implies each of its conjuncts, so a zone ruled out by them is
     * ruled out by the filter. Conjuncts on other columns are left out because this column's statistics tell nothing
     * about them, and evaluating them zone after zone only costs. Bound once per path for the whole request.
     */
    public BoundExpr columnFilter() {
        if (path.isEmpty()) {
            return filter;
        }
        return counters.columnFilters.computeIfAbsent(path, this::conjunctsOnPath);
    }

    private BoundExpr conjunctsOnPath(List<String> at) {
        List<Expr> conjuncts = filter.expr().conjuncts();
        List<Expr> kept = new ArrayList<>();
        boolean readsPath = false;
        for (Expr e : conjuncts) {
            boolean reads = false;
            for (FieldPath column : e.columns()) {
                reads |= related(column.parts(), at);
            }
            readsPath |= reads;
            // A conjunct with no column (a literal, say) is decided in every zone: kept, as the whole filter had it.
            if (reads || e.columns().isEmpty()) {
                kept.add(e);
            }
        }
        if (!readsPath || kept.size() == conjuncts.size()) {
            return filter;
        }
        return BoundExpr.bind(Expr.allOf(kept), filter.schema());
    }

    /** Whether one of the two paths starts with the other. */
    private static boolean related(List<String> a, List<String> b) {
        int n = Math.min(a.size(), b.size());
        for (int i = 0; i < n; i++) {
            if (!a.get(i).equals(b.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** Whether the filter reads this path, a field inside it, or the struct it is in. */
    public boolean isReferenced() {
        for (FieldPath column : filter.columns()) {
            if (related(column.parts(), path)) {
                return true;
            }
        }
        return false;
    }

    /** Counts zones that statistics were consulted for, and how many of them were ruled out. */
    public void recordZones(long considered, long pruned) {
        counters.considered.add(considered);
        counters.pruned.add(pruned);
    }

    public long zonesConsidered() {
        return counters.considered.sum();
    }

    public long zonesPruned() {
        return counters.pruned.sum();
    }

    /** What the whole request shares: its counters, and each path's {@link #columnFilter()}. */
    private static final class Counters {
        final LongAdder considered = new LongAdder();
        final LongAdder pruned = new LongAdder();
        final Map<List<String>, BoundExpr> columnFilters = new ConcurrentHashMap<>();
    }

    @Override
    public String toString() {
        return "Pruning[" + filter + " at " + (path.isEmpty() ? "root" : new FieldPath(path)) + "]";
    }
}
