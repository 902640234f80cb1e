package dev.quire.bench.runner.results;

import java.util.List;

/**
 * What a benchmark session was asked to do.
 *
 * @param scaleFactor the TPC-H scale factor
 * @param warmup uncounted warm-up runs per query and engine, before the counted ones (1 in results of format 2
 *     and earlier, which had one uncounted first run)
 * @param runs counted runs per query and engine, after the warm-up runs
 * @param restRuns after how many runs (warm-up runs included) the runner rests, 0 for never
 * @param restMillis how long each rest lasts
 * @param evictPageCache whether the data files' pages were evicted before every run
 * @param io the I/O variants engines that read through Quire's providers were run with, comma-separated as
 *     {@code --io} takes them, or empty for each engine's default
 * @param threads the scan threads, 0 for each engine's default
 * @param engines the engines asked for
 * @param queries the queries asked for
 */
public record Settings(double scaleFactor, int warmup, int runs, int restRuns, long restMillis,
        boolean evictPageCache, String io, int threads, List<String> engines, List<String> queries) {
    public Settings {
        engines = List.copyOf(engines);
        queries = List.copyOf(queries);
        io = io == null ? "" : io;
    }
}
