package dev.quire.bench.runner.protocol;

import com.sun.management.OperatingSystemMXBean;
import dev.quire.bench.runner.results.IoReport;
import dev.quire.bench.runner.spi.Engine;
import dev.quire.bench.runner.spi.EngineOptions;
import dev.quire.bench.runner.spi.Query;
import dev.quire.bench.runner.spi.ReadLog;
import dev.quire.bench.runner.spi.Table;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The runs of one query by one engine, the same in a child JVM and in-process: evict the page cache when asked, open
 * the table, run the query, close; the uncounted warm-up runs then the counted ones, resting as planned. Each run is
 * reported as it completes; the first failure ends the loop.
 */
public final class RunLoop {
    private RunLoop() {}

    /** Runs the plan and reports {@link Event.Started}, each run, then {@link Event.Finished} or {@link Event.Failed}. */
    public static void run(Engine engine, Query query, Path file, RunPlan plan, Consumer<Event> sink) {
        sink.accept(new Event.Started(Runtime.getRuntime().maxMemory()));
        for (int index = 0; index < plan.totalRuns(); index++) {
            RunReport report;
            try {
                report = once(engine, query, file, plan, index);
            } catch (Exception | Error t) {
                // Errors too: a query's OutOfMemoryError or StackOverflowError is that run's failure.
                sink.accept(new Event.Failed(plan.describe(index) + " failed: " + describe(t)));
                return;
            }
            sink.accept(new Event.RunDone(report));
            if (plan.restsAfter(index)) {
                try {
                    Thread.sleep(plan.restMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    sink.accept(new Event.Failed("interrupted while resting after run " + index));
                    return;
                }
            }
        }
        sink.accept(new Event.Finished());
    }

    private static RunReport once(Engine engine, Query query, Path file, RunPlan plan, int index) throws Exception {
        if (plan.evictPageCache()) {
            PageCache.evict(file);
        }
        ReadStats reads = plan.logReads() ? new ReadStats() : null;
        EngineOptions options = new EngineOptions(plan.io(), plan.threads(), Optional.<ReadLog>ofNullable(reads));
        long cpuStart = processCpuNanos();
        long jitStart = JitCpu.nanos();
        long wallStart = System.nanoTime();
        Query.Outcome outcome;
        long wallEnd;
        long cpuEnd;
        long jitEnd;
        Optional<IoReport> io;
        try (Table table = engine.open(file, options)) {
            outcome = query.run(table);
            wallEnd = System.nanoTime();
            cpuEnd = processCpuNanos();
            jitEnd = JitCpu.nanos();
            io = table.io();
        }
        if (outcome == null || outcome.result() == null) {
            throw new IllegalStateException("query " + query.name() + " returned no result");
        }
        double cpuMillis = cpuStart < 0 || cpuEnd < 0 ? -1 : (cpuEnd - cpuStart) / 1e6;
        // A compiler thread stopped during the run takes its time with it: never below zero.
        double jitMillis = jitStart < 0 || jitEnd < 0 ? -1 : Math.max(0, jitEnd - jitStart) / 1e6;
        return new RunReport(index, plan.counted(index), (wallEnd - wallStart) / 1e6, cpuMillis, jitMillis,
                outcome.rows(),
                outcome.result(), reads == null ? Optional.empty() : Optional.of(reads.summary()), io);
    }

    /** The JVM's CPU time over all its threads, or -1 when the platform does not say. */
    static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** A failure in one line: the exception's type and message, and its causes'. */
    static String describe(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (!b.isEmpty()) {
                b.append("; caused by ");
            }
            b.append(c.getClass().getName());
            if (c.getMessage() != null) {
                b.append(": ").append(c.getMessage());
            }
            if (b.length() > 2000) {
                break;
            }
        }
        return b.toString();
    }
}
