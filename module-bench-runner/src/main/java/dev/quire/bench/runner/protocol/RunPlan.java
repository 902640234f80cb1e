package dev.quire.bench.runner.protocol;

import java.util.Optional;

/**
 * What one query and engine go through: {@code warmup} uncounted warm-up runs, then {@code runs} counted ones. Runs
 * are numbered from 0 in the order they happen: indices below {@code warmup} are the warm-up runs.
 *
 * @param warmup uncounted warm-up runs, at least 1 (the first run's result is what the others are checked against)
 * @param runs counted runs, at least 1
 * @param restRuns rest after every this many runs, warm-up runs included (the first one included), 0 for never
 * @param restMillis how long each rest lasts
 * @param io the I/O variant ({@link dev.quire.bench.runner.spi.IoVariant} as text), or empty for the engine's default
 * @param threads scan threads, 0 for the engine's default
 * @param evictPageCache evict the data files from the page cache before every run
 * @param logReads collect read statistics through {@link dev.quire.bench.runner.spi.EngineOptions#readLog()}
 */
public record RunPlan(int warmup, int runs, int restRuns, long restMillis, Optional<String> io, int threads,
        boolean evictPageCache, boolean logReads) {
    public RunPlan {
        if (warmup < 1 || runs < 1 || restRuns < 0 || restMillis < 0 || threads < 0) {
            throw new IllegalArgumentException("bad run plan: warm-up " + warmup + ", runs " + runs + ", rest "
                    + restRuns + "/" + restMillis + " ms, threads " + threads);
        }
    }

    /** This plan read through {@code variant} instead. */
    public RunPlan withIo(Optional<String> variant) {
        return new RunPlan(warmup, runs, restRuns, restMillis, variant, threads, evictPageCache, logReads);
    }

    /** Every run, warm-up and counted. */
    public int totalRuns() {
        return warmup + runs;
    }

    /** Whether the run with this index (0 is the first run) counts towards the statistics. */
    public boolean counted(int index) {
        return index >= warmup;
    }

    /** How messages name the run with this index: {@code run 3}, or {@code run 1 (warm-up run 2 of 3, uncounted)}. */
    String describe(int index) {
        return "run " + index + (counted(index) ? "" : " (warm-up run " + (index + 1) + " of " + warmup
                + ", uncounted)");
    }

    /** Whether to rest after the run with this index (0 is the first run); never after the last run. */
    boolean restsAfter(int index) {
        return restRuns > 0 && restMillis > 0 && (index + 1) % restRuns == 0 && index < totalRuns() - 1;
    }
}
