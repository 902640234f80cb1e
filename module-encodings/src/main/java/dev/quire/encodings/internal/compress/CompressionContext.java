package dev.quire.encodings.internal.compress;

import dev.quire.encodings.internal.IntegerStats;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.spi.Plugins;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Where a {@link Scheme} stands in a cascade: how deep, how much decode cost is left, which schemes may no longer
 * be used below it, and whether it is working on a sample (then its children are not sampled again). Schemes compress
 * their children through {@link #compress}, which goes one level deeper. Immutable, except for the statistics it
 * remembers for the arrays of one compression (shared by the contexts made from the same top-level one, so a
 * chunk's statistics are computed once for all its schemes, then dropped with the contexts).
 */
public final class CompressionContext {
    private final Compressor compressor;
    /** The writer's plugins, which measure what schemes build. */
    private final Plugins plugins;
    private final int level;
    private final int budget;
    private final boolean sampling;
    private final Set<String> excluded;
    private final Map<PrimitiveArray, IntegerStats> stats;

    /** The context of a top-level compression (a chunk), with nothing remembered yet. */
    CompressionContext(Compressor compressor, Plugins plugins, int level, int budget, boolean sampling,
            Set<String> excluded) {
        this(compressor, plugins, level, budget, sampling, excluded, new IdentityHashMap<>());
    }

    private CompressionContext(Compressor compressor, Plugins plugins, int level, int budget, boolean sampling,
            Set<String> excluded, Map<PrimitiveArray, IntegerStats> stats) {
        this.compressor = compressor;
        this.plugins = plugins;
        this.level = level;
        this.budget = budget;
        this.sampling = sampling;
        this.excluded = Set.copyOf(excluded);
        this.stats = stats;
    }

    /** The cascade depth of the array being compressed: 0 for a chunk, 1 for its children, ... */
    public int level() {
        return level;
    }

    /** The decode cost still allowed below this point. */
    public int budget() {
        return budget;
    }

    /** Whether the array being compressed is a sample (for an estimate) rather than the data to write. */
    public boolean sampling() {
        return sampling;
    }

    /** The ids of schemes that may not be used at this point. */
    public Set<String> excluded() {
        return excluded;
    }

    /** Compresses a child array (a scheme's residuals, run values, ...) one level deeper, with the best scheme. */
    public Array compress(Array child) {
        return compressor.compress(child, this);
    }

    /** Compresses a child array one level deeper, where the schemes {@code alsoExcluded} may not be used either. */
    public Array compress(Array child, Set<String> alsoExcluded) {
        if (alsoExcluded.isEmpty()) {
            return compress(child);
        }
        Set<String> all = new HashSet<>(excluded);
        all.addAll(alsoExcluded);
        return compressor.compress(child, new CompressionContext(compressor, plugins, level, budget, sampling, all,
                stats));
    }

    /** The bytes {@code array} takes when written: the sum of its buffers and its children's, as serialized. */
    public long byteSize(Array array) {
        return plugins.encode(array).byteSize();
    }

    /**
     * The statistics of {@code array} (an integer array), computed on the first request in this compression and
     * remembered by identity for the rest of it.
     */
    IntegerStats integerStats(PrimitiveArray array) {
        return stats.computeIfAbsent(array, IntegerStats::of);
    }

    /** The context for the children of an array that {@code scheme} compresses here. */
    CompressionContext below(Scheme scheme) {
        Set<String> all = new HashSet<>(excluded);
        all.add(scheme.id());
        return new CompressionContext(compressor, plugins, level + 1, budget - scheme.decodeCost(), sampling, all,
                stats);
    }

    /** This context, marked as working on a sample. */
    CompressionContext asSampling() {
        return sampling ? this : new CompressionContext(compressor, plugins, level, budget, true, excluded, stats);
    }
}
