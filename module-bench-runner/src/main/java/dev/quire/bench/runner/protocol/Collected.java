package dev.quire.bench.runner.protocol;

import java.util.List;
import java.util.Optional;

/**
 * What the runs of one query by one engine produced.
 *
 * @param maxHeapBytes the maximum heap of the JVM that ran them, or -1 when it never started
 * @param runs the runs that completed, in order
 * @param failure why the runs stopped early (a run's error, a crash, a timeout), or empty when all completed
 */
public record Collected(long maxHeapBytes, List<RunReport> runs, Optional<String> failure) {
    public Collected {
        runs = List.copyOf(runs);
    }
}
