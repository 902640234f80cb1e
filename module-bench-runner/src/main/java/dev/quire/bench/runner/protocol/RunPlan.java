package dev.quire.bench.runner.protocol;

import java.util.Optional;

/**
 * What one query and engine go through: one uncounted first run, then {@code runs} counted ones.
 *
 * @param runs counted runs, at least 1
 * @param restRuns rest after every this many runs (the first one included), 0 for never
 * @param restMillis how long each rest lasts
 * @param io the I/O variant ({@link dev.quire.bench.runner.spi.IoVariant} as text), or empty for the engine's default
 * @param threads scan threads, 0 for the engine's default
 * @param evictPageCache evict the data files from the page cache before every run
 * @param logReads collect read statistics through {@link dev.quire.bench.runner.spi.EngineOptions#readLog()}
 */
public record RunPlan(int runs, int restRuns, long restMillis, Optional<String> io, int threads,
        boolean evictPageCache, boolean logReads) {
    public RunPlan {
        if (runs < 1 || restRuns < 0 || restMillis < 0 || threads < 0) {
            throw new IllegalArgumentException("bad run plan: runs " + runs + ", rest " + restRuns + "/" + restMillis
                    + " ms, threads " + threads);
        }
    }

    /** This plan read through {@code variant} instead. */
    public RunPlan withIo(Optional<String> variant) {
        return new RunPlan(runs, restRuns, restMillis, variant, threads, evictPageCache, logReads);
    }

    /** Whether to rest after the run with this index (0 is the first run). */
    boolean restsAfter(int index) {
        return restRuns > 0 && restMillis > 0 && (index + 1) % restRuns == 0 && index < runs;
    }
}
