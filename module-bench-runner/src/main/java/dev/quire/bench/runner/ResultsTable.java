package dev.quire.bench.runner;

import dev.quire.bench.runner.results.BenchResults;
import dev.quire.bench.runner.results.IoReport;
import dev.quire.bench.runner.results.Measurement;
import dev.quire.bench.runner.results.Status;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The results as an aligned table for a terminal: a row per query, a column per engine (and I/O variant,
 * {@code quire/posix:direct}) holding the median in milliseconds and the ratio to {@value Runner#REFERENCE_ENGINE}
 * ({@code 12.3 ms  0.85x}), or the status when the measurement is not OK. Its header names the counted and warm-up
 * runs. Tables of the same shape follow for each measurement's first run (a fresh JVM's cold cost, which the
 * median leaves out) and for runs 2 to 6 (what a user meets before the JIT settles), with their ratio to the
 * reference's. The messages of measurements that are not OK follow, then for measurements whose runs carry I/O
 * statistics, the reads of the run with the median wall time.
 */
public final class ResultsTable {
    private ResultsTable() {}

    /** Prints the table of {@code results} to {@code out}. */
    public static void print(BenchResults results, PrintWriter out) {
        for (String line : lines(results)) {
            out.println(line);
        }
        out.flush();
    }

    /** The table's lines. */
    public static List<String> lines(BenchResults results) {
        Set<String> queries = new LinkedHashSet<>();
        Set<String> engines = new LinkedHashSet<>();
        Map<String, Measurement> byCell = new LinkedHashMap<>();
        for (Measurement m : results.measurements()) {
            queries.add(m.query());
            engines.add(m.label());
            byCell.put(m.query() + "\0" + m.label(), m);
        }
        List<String> notes = new ArrayList<>();
        for (String q : queries) {
            for (String e : engines) {
                Measurement m = byCell.get(q + "\0" + e);
                if (m != null && m.status() != Status.OK) {
                    notes.add(q + " on " + e + ": " + m.status() + ": " + m.message());
                }
            }
        }
        List<String> lines = new ArrayList<>();
        lines.add(header(results));
        lines.addAll(grid(queries, engines, byCell, ResultsTable::cell));
        if (results.measurements().stream().anyMatch(m -> m.firstRunMillis() >= 0)) {
            lines.add("");
            lines.add("First run (ms), in a JVM just started unless --in-process: class loading and first JIT "
                    + "compilations included");
            lines.addAll(grid(queries, engines, byCell, ResultsTable::firstRunCell));
        }
        if (results.measurements().stream().anyMatch(m -> m.earlyRunsMillis() >= 0)) {
            lines.add("");
            lines.add("Runs 2-6 (median, ms), right after the first, warm-up runs included; ratio to "
                    + Runner.REFERENCE_ENGINE + "'s runs 2-6");
            lines.addAll(grid(queries, engines, byCell, m -> earlyRunsCell(m,
                    byCell.get(m.query() + "\0" + Runner.REFERENCE_ENGINE))));
        }
        if (results.measurements().stream().anyMatch(m -> m.firstRunJitMillis() >= 0)) {
            lines.add("");
            lines.add("CPU of the JIT compiler threads (ms): in the first run / the median of runs 2-6, of the process's "
                    + "CPU in the same runs");
            lines.addAll(grid(queries, engines, byCell, ResultsTable::jitCell));
        }
        if (!notes.isEmpty()) {
            lines.add("");
            lines.addAll(notes);
        }
        List<String> io = ioLines(results);
        if (!io.isEmpty()) {
            lines.add("");
            lines.add("Reads of the median run (requests -> reads after merging, latency issue to completion; posix "
                    + "fast path: reads tried inline, served inline):");
            lines.addAll(io);
        }
        return lines;
    }

    /** The table's first line: {@code ..., median of 5 runs after 1 warm-up run (ms), ratio to vortex-jni}. */
    static String header(BenchResults results) {
        int runs = results.settings().runs();
        int warmup = results.settings().warmup();
        return String.format(Locale.ROOT, "TPC-H lineitem, scale factor %s, median of %d run%s after %d warm-up run%s "
                + "(ms), ratio to %s", scale(results.settings().scaleFactor()), runs, runs == 1 ? "" : "s", warmup,
                warmup == 1 ? "" : "s", Runner.REFERENCE_ENGINE);
    }

    /** A row per query and a column per engine, under a header row and a rule; figures right-aligned. */
    private static List<String> grid(Set<String> queries, Set<String> engines, Map<String, Measurement> byCell,
            Function<Measurement, String> cell) {
        List<String[]> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("query"));
        header.addAll(engines);
        rows.add(header.toArray(String[]::new));
        for (String q : queries) {
            List<String> row = new ArrayList<>(List.of(q));
            for (String e : engines) {
                Measurement m = byCell.get(q + "\0" + e);
                row.add(m == null ? "-" : cell.apply(m));
            }
            rows.add(row.toArray(String[]::new));
        }
        int[] width = new int[header.size()];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        List<String> lines = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < width.length; i++) {
                String v = rows.get(r)[i];
                if (i > 0) {
                    b.append("  ");
                }
                // Query names left-aligned; figures, and the engine names above them, right-aligned.
                b.append(pad(v, width[i], i > 0));
            }
            lines.add(b.toString().stripTrailing());
            if (r == 0) {
                lines.add("-".repeat(lines.getLast().length()));
            }
        }
        return lines;
    }

    /** A line per measurement whose median run has I/O statistics. */
    static List<String> ioLines(BenchResults results) {
        List<String[]> rows = new ArrayList<>();
        for (Measurement m : results.measurements()) {
            IoReport io = m.medianRunIo();
            if (io == null) {
                continue;
            }
            String reads = String.format(Locale.ROOT, "%d req -> %d reads, %s, %d merged", io.requests(), io.reads(),
                    mib(io.bytesRead()), io.mergedReads());
            String latency = String.format(Locale.ROOT, "p50 <= %d us, p99 <= %d us, max %d us", io.p50Micros(),
                    io.p99Micros(), io.maxMicros());
            IoReport.FastPath f = io.fastPath();
            String fast = f == null ? "" : String.format(Locale.ROOT,
                    "fast path: %d tried (%d hit, %d partial, %d miss), %d skipped; %s inline, %s to the pool",
                    f.attempted(), f.hit(), f.partial(), f.miss(), f.skipped(), mib(f.bytesServed()),
                    mib(f.bytesMissed()));
            IoReport.Store g = io.store();
            String store = g == null ? "" : String.format(Locale.ROOT,
                    "store: %d GETs (%d retries), %s fetched for %s requested, slowest GET %d us", g.gets(),
                    g.retries(), mib(g.fetchedBytes()), mib(g.requestedBytes()), g.slowestGetMicros());
            String notes = String.join("; ", Stream.of(fast, store, io.note())
                    .filter(t -> !t.isEmpty()).toList());
            rows.add(new String[] {m.query(), m.label(), reads, latency, notes});
        }
        if (rows.isEmpty()) {
            return List.of();
        }
        int[] width = new int[4];
        for (String[] r : rows) {
            for (int i = 0; i < width.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        List<String> lines = new ArrayList<>();
        for (String[] r : rows) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                if (i > 0) {
                    b.append("  ");
                }
                b.append(i < width.length ? pad(r[i], width[i], false) : r[i]);
            }
            lines.add(b.toString().stripTrailing());
        }
        return lines;
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1 << 20));
    }

    private static String cell(Measurement m) {
        return switch (m.status()) {
            case OK -> String.format(Locale.ROOT, "%.1f ms", m.medianMillis())
                    + (m.ratioToReference() == null || m.engine().equals(Runner.REFERENCE_ENGINE) ? ""
                            : String.format(Locale.ROOT, " %6.2fx", m.ratioToReference()));
            case UNAVAILABLE -> "unavailable";
            case FAILED -> "FAILED";
            case MISMATCH -> "MISMATCH";
        };
    }

    private static String firstRunCell(Measurement m) {
        return m.firstRunMillis() >= 0 ? String.format(Locale.ROOT, "%.1f ms", m.firstRunMillis())
                : m.status() == Status.UNAVAILABLE ? "unavailable" : "-";
    }

    /** Runs 2-6's median and its ratio to the reference's, with the number of runs when fewer than five ran. */
    /** {@code JIT-first of CPU-first / JIT-early of CPU-early}, each {@code -} when not measured. */
    static String jitCell(Measurement m) {
        return share(m.firstRunJitMillis(), m.firstRunCpuMillis()) + " / "
                + share(m.earlyRunsJitMillis(), m.earlyRunsCpuMillis());
    }

    private static String share(double jit, double cpu) {
        if (jit < 0) {
            return "-";
        }
        return cpu > 0 ? String.format(Locale.ROOT, "%.0f of %.0f", jit, cpu) : String.format(Locale.ROOT, "%.0f", jit);
    }

    static String earlyRunsCell(Measurement m, Measurement reference) {
        double early = m.earlyRunsMillis();
        if (early < 0) {
            return m.status() == Status.UNAVAILABLE ? "unavailable" : "-";
        }
        int count = m.earlyRuns().size();
        String cell = String.format(Locale.ROOT, "%.1f ms", early)
                + (count < Measurement.EARLY_RUNS ? " (" + count + " run" + (count == 1 ? "" : "s") + ")" : "");
        double base = reference == null || reference == m ? -1 : reference.earlyRunsMillis();
        return base > 0 ? cell + String.format(Locale.ROOT, " %6.2fx", early / base) : cell;
    }

    private static String pad(String s, int width, boolean right) {
        String space = " ".repeat(width - s.length());
        return right ? space + s : s + space;
    }

    private static String scale(double sf) {
        return java.math.BigDecimal.valueOf(sf).stripTrailingZeros().toPlainString();
    }
}
