package dev.quire.bench.runner.results;

import java.util.List;

/**
 * One query by one engine: its runs and their summary.
 *
 * @param query the query's name, e.g. {@code q1}
 * @param engine the engine's name, e.g. {@code vortex-jni}
 * @param status how it went
 * @param message why it is not {@link Status#OK}, or empty
 * @param result the query's result, rendered as text (the same for every engine when they agree)
 * @param runs every run, the uncounted first one included
 * @param medianMillis the median wall time of the counted runs, or -1 when there are none
 * @param minMillis the fastest counted run, or -1
 * @param maxMillis the slowest counted run, or -1
 * @param ratioToReference this median over vortex-jni's for the same query, or null when there is none
 */
public record Measurement(String query, String engine, Status status, String message, String result, List<Run> runs,
        double medianMillis, double minMillis, double maxMillis, Double ratioToReference) {
    public Measurement {
        runs = List.copyOf(runs);
        message = message == null ? "" : message;
        result = result == null ? "" : result;
    }
}
