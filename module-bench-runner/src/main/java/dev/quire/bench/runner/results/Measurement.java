package dev.quire.bench.runner.results;

import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One query by one engine, read one way: its runs and their summary.
 *
 * @param query the query's name, e.g. {@code q1}
 * @param engine the engine's name, e.g. {@code vortex-jni}
 * @param io the I/O variant the engine read with ({@code posix:direct}, ...; see {@code --io}), or empty for the
 *     engine's default
 * @param status how it went
 * @param message why it is not {@link Status#OK}, or empty
 * @param result the query's result, rendered as text (the same for every engine when they agree)
 * @param warmupRuns the uncounted warm-up runs, in order; the first is a fresh JVM's first run
 * @param runs the counted runs, in order
 * @param medianMillis the median wall time of the counted runs, or -1 when there are none
 * @param minMillis the fastest counted run, or -1
 * @param maxMillis the slowest counted run, or -1
 * @param ratioToReference this median over vortex-jni's for the same query, or null when there is none
 */
public record Measurement(String query, String engine, String io, Status status, String message, String result,
        List<Run> warmupRuns, List<Run> runs, double medianMillis, double minMillis, double maxMillis,
        Double ratioToReference) {
    public Measurement {
        warmupRuns = List.copyOf(warmupRuns);
        runs = List.copyOf(runs);
        io = io == null ? "" : io;
        message = message == null ? "" : message;
        result = result == null ? "" : result;
    }

    /** A measurement of an engine read its default way. */
    public Measurement(String query, String engine, Status status, String message, String result,
            List<Run> warmupRuns, List<Run> runs, double medianMillis, double minMillis, double maxMillis,
            Double ratioToReference) {
        this(query, engine, "", status, message, result, warmupRuns, runs, medianMillis, minMillis, maxMillis,
                ratioToReference);
    }

    /**
     * The wall time of the first run, a fresh JVM's first (its class loading and JIT compiling are in it), or -1 when
     * no run completed.
     */
    public double firstRunMillis() {
        return warmupRuns.isEmpty() ? -1 : warmupRuns.getFirst().wallMillis();
    }

    /** How many runs after the first {@link #earlyRuns()} holds at most: runs 2 to 6. */
    public static final int EARLY_RUNS = 5;

    /**
     * The runs right after the first, what a user meets before the JIT has settled: runs 2 to 6 in the order they ran
     * (warm-up and counted alike), fewer when fewer ran.
     */
    public List<Run> earlyRuns() {
        return allRuns().stream().skip(1).limit(EARLY_RUNS).toList();
    }

    /** Every run, warm-up and counted, in the order they ran. */
    public List<Run> allRuns() {
        return java.util.stream.Stream.concat(warmupRuns.stream(), runs.stream())
                .sorted(Comparator.comparingInt(Run::index)).toList();
    }

    /**
     * The median wall time of {@link #earlyRuns()} (the mean of the middle two of an even count, as the counted
     * runs' median is), or -1 when only one run completed.
     */
    public double earlyRunsMillis() {
        return median(earlyRuns().stream().mapToDouble(Run::wallMillis).sorted().toArray());
    }

    /** The median of sorted values (the mean of the middle two of an even count), or -1 for none. */
    private static double median(double[] sorted) {
        int n = sorted.length;
        return n == 0 ? -1 : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The JIT compiler threads' CPU time in the first run, or -1 when it was not measured or no run completed. */
    public double firstRunJitMillis() {
        return warmupRuns.isEmpty() ? -1 : warmupRuns.getFirst().jitCpuMillis();
    }

    /**
     * The median of the JIT compiler threads' CPU time over {@link #earlyRuns()}, or -1 when a run of them did not
     * measure it or there are none.
     */
    public double earlyRunsJitMillis() {
        return earlyMedian(Run::jitCpuMillis);
    }

    /** The process CPU time of the first run, or -1 when it was not measured or no run completed. */
    public double firstRunCpuMillis() {
        return warmupRuns.isEmpty() ? -1 : warmupRuns.getFirst().cpuMillis();
    }

    /** The median process CPU time of {@link #earlyRuns()}, or -1 when a run of them did not measure it. */
    public double earlyRunsCpuMillis() {
        return earlyMedian(Run::cpuMillis);
    }

    private double earlyMedian(ToDoubleFunction<Run> figure) {
        double[] values = earlyRuns().stream().mapToDouble(figure).sorted().toArray();
        return values.length == 0 || values[0] < 0 ? -1 : median(values);
    }

    /** The engine's name, followed by {@code /} and the I/O variant when there is one: how tables name a column. */
    public String label() {
        return label(engine, io);
    }

    /** {@code engine} or {@code engine/io}. */
    public static String label(String engine, String io) {
        return io == null || io.isEmpty() ? engine : engine + "/" + io;
    }

    /**
     * The I/O statistics of the counted run whose wall time is the median (the lower middle one of an even count),
     * or null when the runs have none.
     */
    public IoReport medianRunIo() {
        List<Run> counted = runs.stream().sorted(Comparator.comparingDouble(Run::wallMillis)).toList();
        return counted.isEmpty() ? null : counted.get((counted.size() - 1) / 2).io();
    }
}
