package dev.quire.bench.runner.results;

/**
 * One run of a query by an engine, in its own process.
 *
 * @param index the run's place in the order the runs ran, from 0: the warm-up runs are 0 to {@code warmup - 1}, the
 *     counted ones follow
 * @param counted whether the run counts towards the median (warm-up runs do not)
 * @param wallMillis the query's wall time, from opening the file to the result
 * @param cpuMillis the process CPU time the query used (all threads), or -1 when it could not be measured
 * @param jitCpuMillis the part of {@code cpuMillis} the JIT compiler threads used, or -1 when it could not be measured
 *     (results written before the runner measured it read as -1)
 * @param rows the rows the query's scans returned
 * @param io what the engine's reader read in the run (reads, bytes, latency, the posix fast path's counters), or null
 *     for engines whose reads the runner cannot see
 */
public record Run(int index, boolean counted, double wallMillis, double cpuMillis, double jitCpuMillis, long rows,
        IoReport io) {
    /** A run without I/O statistics or the JIT's share of its CPU. */
    public Run(int index, boolean counted, double wallMillis, double cpuMillis, long rows) {
        this(index, counted, wallMillis, cpuMillis, -1, rows, null);
    }
}
