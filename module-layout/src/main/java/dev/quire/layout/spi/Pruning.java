package dev.quire.layout.spi;

import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.expr.BoundExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
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
        List<String> child = new ArrayList<>(path.size() + 1);
        child.addAll(path);
        child.add(name);
        return new Pruning(filter, List.copyOf(child), counters);
    }

    /** Whether the filter reads this path, a field inside it, or the struct it is in. */
    public boolean isReferenced() {
        for (FieldPath column : filter.columns()) {
            List<String> parts = column.parts();
            int n = Math.min(parts.size(), path.size());
            if (parts.subList(0, n).equals(path.subList(0, n))) {
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

    private static final class Counters {
        final LongAdder considered = new LongAdder();
        final LongAdder pruned = new LongAdder();
    }

    @Override
    public String toString() {
        return "Pruning[" + filter + " at " + (path.isEmpty() ? "root" : new FieldPath(path)) + "]";
    }
}
