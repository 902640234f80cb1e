package dev.quire.bench.runner.protocol;

import dev.quire.bench.runner.results.IoReport;
import java.util.Optional;

/**
 * One run as the run loop reports it.
 *
 * @param index the run's place in the order they ran, from 0; the warm-up runs come first
 * @param counted whether the run counts towards the statistics (false for a warm-up run)
 * @param wallMillis opening the table to the query's result
 * @param cpuMillis the process CPU time over the same span, or -1 when the JVM cannot measure it
 * @param jitCpuMillis the part of it the JIT compiler threads used ({@link JitCpu}), or -1 when unknown
 * @param rows the rows the query's scans returned
 * @param result the query's result text
 * @param reads the run's read statistics, when they were asked for
 * @param io what the engine's reader read, for engines that read through Quire's I/O providers
 */
public record RunReport(int index, boolean counted, double wallMillis, double cpuMillis, double jitCpuMillis, long rows,
        String result,
        Optional<ReadStats.Summary> reads, Optional<IoReport> io) {}
