package dev.quire.bench.runner.results;

/**
 * One run of a query by an engine, in its own process.
 *
 * @param index 0 for the first run (not counted), then 1, 2, ...
 * @param counted whether the run counts towards the median (the first does not)
 * @param wallMillis the query's wall time, from opening the file to the result
 * @param cpuMillis the process CPU time the query used (all threads), or -1 when it could not be measured
 * @param rows the rows the query's scans returned
 */
public record Run(int index, boolean counted, double wallMillis, double cpuMillis, long rows) {}
