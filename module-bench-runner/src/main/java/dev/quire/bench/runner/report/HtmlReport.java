package dev.quire.bench.runner.report;

import dev.quire.bench.runner.results.BenchResults;
import dev.quire.bench.runner.results.IoReport;
import dev.quire.bench.runner.results.Measurement;
import dev.quire.bench.runner.results.Run;
import dev.quire.bench.runner.results.Settings;
import dev.quire.bench.runner.results.Status;
import dev.quire.bench.runner.spi.CachedFile;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Renders a session's {@link BenchResults} as one self-contained HTML page: a summary table (per query, each engine's
 * median of the counted runs after the warm-up runs and its ratio to vortex-jni), a table of each measurement's first
 * run (a fresh JVM's cold cost, left out of the median) and, per query, a bar chart of the engines' medians with their
 * min-max range drawn as whiskers. Styles and charts (inline SVG) are in the page, so it opens in a browser without a
 * network.
 *
 * <p>Usage from the command line: {@code HtmlReport results.json report.html}.
 */
public final class HtmlReport {
    /** The engine the ratios are relative to. */
    static final String REFERENCE = "vortex-jni";

    private static final int CHART_WIDTH = 800;
    private static final int LABEL_WIDTH = 230;
    private static final int VALUE_WIDTH = 130;
    private static final int BAR_HEIGHT = 22;
    private static final int BAR_GAP = 8;
    private static final String[] COLOURS = {"#3b6fb6", "#d9822b", "#3a9a5b", "#8e5bb5", "#c0392b", "#5d6d7e"};

    private HtmlReport() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: HtmlReport RESULTS.json REPORT.html");
            System.exit(2);
        }
        write(BenchResults.read(Path.of(args[0])), Path.of(args[1]));
    }

    /** Writes the report to {@code file}, through a temporary file moved into place. */
    public static void write(BenchResults results, Path file) throws IOException {
        String html = render(results);
        CachedFile.replace(file, tmp -> Files.writeString(tmp, html, StandardCharsets.UTF_8));
    }

    /** The report as HTML text. */
    public static String render(BenchResults results) {
        Map<String, Map<String, Measurement>> byQuery = new LinkedHashMap<>();
        Set<String> engines = new LinkedHashSet<>();
        for (String e : results.settings().engines()) {
            // An engine measured once per I/O variant is a column per variant (quire/posix:direct).
            List<String> labels = results.measurements().stream().filter(m -> m.engine().equals(e))
                    .map(Measurement::label).toList();
            if (labels.isEmpty()) {
                engines.add(e);
            } else {
                engines.addAll(labels);
            }
        }
        for (Measurement m : results.measurements()) {
            byQuery.computeIfAbsent(m.query(), q -> new LinkedHashMap<>()).put(m.label(), m);
            engines.add(m.label());
        }
        List<String> engineList = new ArrayList<>(engines);
        StringBuilder h = new StringBuilder(16_384);
        Settings s = results.settings();
        String title = "Quire TPC-H benchmark, scale factor "
                + BigDecimal.valueOf(s.scaleFactor()).stripTrailingZeros().toPlainString();
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(escape(title)).append("</title>\n<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n");
        h.append("<h1>").append(escape(title)).append("</h1>\n");
        header(h, results);
        summary(h, byQuery, engineList, s);
        firstRuns(h, byQuery, engineList);
        earlyRuns(h, byQuery, engineList);
        h.append("<h2>Queries</h2>\n<p class=\"note\">Bars are the median wall time of the counted runs; whiskers span"
                + " the fastest and slowest counted run. Shorter is faster. Below them, the warm-up curve: every run's"
                + " wall time by run number, warm-up runs included, on a logarithmic scale.</p>\n");
        for (Map.Entry<String, Map<String, Measurement>> q : byQuery.entrySet()) {
            chart(h, q.getKey(), q.getValue(), engineList);
        }
        reads(h, results);
        h.append("</body>\n</html>\n");
        return h.toString();
    }

    private static void header(StringBuilder h, BenchResults r) {
        Settings s = r.settings();
        h.append("<table class=\"facts\">\n");
        fact(h, "started", r.startedAt());
        fact(h, "machine", r.environment().os() + ", " + r.environment().cores() + " cores, max heap "
                + (r.environment().maxHeapBytes() >> 20) + " MiB");
        fact(h, "java", r.environment().java());
        fact(h, "quire", r.environment().quireVersion());
        fact(h, "protocol", "one process per query and engine; " + runs(s.warmup(), "uncounted warm-up run")
                + ", then " + runs(s.runs(), "counted run")
                + (s.restRuns() > 0 ? "; resting " + s.restMillis() + " ms every " + s.restRuns() + " runs, warm-up "
                        + "runs included" : "")
                + (s.evictPageCache() ? "; page cache evicted before every run" : ""));
        fact(h, "I/O", s.io().isEmpty() ? "each engine's default"
                : s.io() + " (each engine that reads through Quire's I/O providers once per variant)");
        fact(h, "threads", s.threads() == 0 ? "each engine's default" : Integer.toString(s.threads()));
        h.append("</table>\n");
    }

    private static void fact(StringBuilder h, String name, String value) {
        h.append("<tr><th>").append(escape(name)).append("</th><td>").append(escape(value)).append("</td></tr>\n");
    }

    /** {@code 1 counted run}, {@code 5 counted runs}. */
    private static String runs(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    private static void summary(StringBuilder h, Map<String, Map<String, Measurement>> byQuery, List<String> engines,
            Settings s) {
        h.append("<h2>Summary</h2>\n<p class=\"note\">Median of ").append(runs(s.runs(), "run")).append(" after ")
                .append(runs(s.warmup(), "warm-up run")).append(": wall time in milliseconds; in brackets, the ratio "
                        + "to ").append(REFERENCE).append(" (below 1 is faster than the reference).</p>\n");
        h.append("<table class=\"summary\">\n<thead><tr><th>query</th>");
        for (String e : engines) {
            h.append("<th>").append(escape(e)).append("</th>");
        }
        h.append("</tr></thead>\n<tbody>\n");
        for (Map.Entry<String, Map<String, Measurement>> q : byQuery.entrySet()) {
            h.append("<tr><th><a href=\"#").append(anchor(q.getKey())).append("\">").append(escape(q.getKey()))
                    .append("</a></th>");
            for (String e : engines) {
                Measurement m = q.getValue().get(e);
                if (m == null) {
                    h.append("<td class=\"absent\">-</td>");
                } else if (m.status() == Status.OK) {
                    h.append("<td class=\"ok\" data-median=\"").append(number(m.medianMillis())).append("\">")
                            .append(millis(m.medianMillis()));
                    if (m.ratioToReference() != null) {
                        h.append(" <span class=\"ratio\">(").append(String.format(Locale.ROOT, "%.2f",
                                m.ratioToReference())).append(")</span>");
                    }
                    h.append("</td>");
                } else {
                    h.append("<td class=\"").append(m.status().name().toLowerCase(Locale.ROOT)).append("\" title=\"")
                            .append(escape(m.message())).append("\">")
                            .append(m.status().name().toLowerCase(Locale.ROOT)).append("</td>");
                }
            }
            h.append("</tr>\n");
        }
        h.append("</tbody>\n</table>\n");
    }

    /** Each measurement's first run: the first warm-up run, in a JVM just started, which the medians leave out. */
    private static void firstRuns(StringBuilder h, Map<String, Map<String, Measurement>> byQuery,
            List<String> engines) {
        runTable(h, byQuery, engines, "First run", "Wall time in milliseconds of each measurement's first "
                + "warm-up run, in a JVM just started (unless the session ran in-process): class loading and the JIT's "
                + "first compilations are in it. The medians above leave it out.", "first-run",
                Measurement::firstRunMillis, m -> "");
    }

    /**
     * A table of one figure per query and engine, under a heading and a note; absent when no measurement has it (a
     * negative figure is none).
     *
     * @param kind the table's second class and, as {@code data-kind}, the attribute that holds each cell's figure
     * @param suffix what follows a cell's figure
     */
    private static void runTable(StringBuilder h, Map<String, Map<String, Measurement>> byQuery, List<String> engines,
            String heading, String note, String kind, java.util.function.ToDoubleFunction<Measurement> figure,
            java.util.function.Function<Measurement, String> suffix) {
        boolean any = byQuery.values().stream().flatMap(m -> m.values().stream())
                .anyMatch(m -> figure.applyAsDouble(m) >= 0);
        if (!any) {
            return;
        }
        h.append("<h2>").append(escape(heading)).append("</h2>\n<p class=\"note\">").append(escape(note))
                .append("</p>\n");
        h.append("<table class=\"summary ").append(kind).append("\">\n<thead><tr><th>query</th>");
        for (String e : engines) {
            h.append("<th>").append(escape(e)).append("</th>");
        }
        h.append("</tr></thead>\n<tbody>\n");
        for (Map.Entry<String, Map<String, Measurement>> q : byQuery.entrySet()) {
            h.append("<tr><th>").append(escape(q.getKey())).append("</th>");
            for (String e : engines) {
                Measurement m = q.getValue().get(e);
                double value = m == null ? -1 : figure.applyAsDouble(m);
                if (value < 0) {
                    h.append("<td class=\"absent\">-</td>");
                } else {
                    h.append("<td data-").append(kind).append("=\"").append(number(value)).append("\">")
                            .append(millis(value)).append(escape(suffix.apply(m))).append("</td>");
                }
            }
            h.append("</tr>\n");
        }
        h.append("</tbody>\n</table>\n");
    }

    /** The height of a warm-up curve's plot, and its margins for the axes' labels. */
    private static final int CURVE_HEIGHT = 220;
    private static final int CURVE_TOP = 10;
    private static final int CURVE_BOTTOM = 24;
    private static final int CURVE_LEFT = 70;
    private static final int CURVE_RIGHT = 130;

    /**
     * The warm-up curve of a query: each engine's wall time by run number, warm-up and counted runs alike, one line an
     * engine, on a logarithmic time axis (a first run is often ten times the steady state). Drawn when an engine ran
     * more than once.
     */
    private static void curve(StringBuilder h, String query, List<Measurement> ok, List<String> engines) {
        List<List<Run>> series = new ArrayList<>();
        double lo = Double.MAX_VALUE;
        double hi = 0;
        int last = 0;
        for (Measurement m : ok) {
            List<Run> all = m.allRuns().stream().filter(r -> r.wallMillis() > 0).toList();
            series.add(all);
            for (Run r : all) {
                lo = Math.min(lo, r.wallMillis());
                hi = Math.max(hi, r.wallMillis());
                last = Math.max(last, r.index());
            }
        }
        if (last == 0) {
            return;
        }
        if (hi <= lo) {
            hi = lo * 2;
        }
        double logLo = Math.log(lo);
        double span = Math.log(hi) - logLo;
        int plotWidth = CHART_WIDTH - CURVE_LEFT - CURVE_RIGHT;
        int height = CURVE_TOP + CURVE_HEIGHT + CURVE_BOTTOM;
        h.append("<svg class=\"curve\" xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(CHART_WIDTH)
                .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(CHART_WIDTH).append(' ')
                .append(height).append("\" role=\"img\" aria-label=\"")
                .append(escape("wall time by run number, " + query)).append("\">\n");
        int bottom = CURVE_TOP + CURVE_HEIGHT;
        h.append("<line class=\"axis\" x1=\"").append(CURVE_LEFT).append("\" y1=\"").append(bottom)
                .append("\" x2=\"").append(CURVE_LEFT + plotWidth).append("\" y2=\"").append(bottom).append("\"/>")
                .append("<line class=\"axis\" x1=\"").append(CURVE_LEFT).append("\" y1=\"").append(CURVE_TOP)
                .append("\" x2=\"").append(CURVE_LEFT).append("\" y2=\"").append(bottom).append("\"/>\n");
        h.append("<text x=\"").append(CURVE_LEFT - 6).append("\" y=\"").append(CURVE_TOP + 10)
                .append("\" text-anchor=\"end\">").append(millis(hi)).append(" ms</text>")
                .append("<text x=\"").append(CURVE_LEFT - 6).append("\" y=\"").append(bottom)
                .append("\" text-anchor=\"end\">").append(millis(lo)).append(" ms</text>")
                .append("<text x=\"").append(CURVE_LEFT).append("\" y=\"").append(bottom + 16).append("\">run 1</text>")
                .append("<text x=\"").append(CURVE_LEFT + plotWidth).append("\" y=\"").append(bottom + 16)
                .append("\" text-anchor=\"end\">run ").append(last + 1).append("</text>\n");
        for (int i = 0; i < ok.size(); i++) {
            List<Run> runs = series.get(i);
            if (runs.isEmpty()) {
                continue;
            }
            String colour = COLOURS[Math.floorMod(engines.indexOf(ok.get(i).label()), COLOURS.length)];
            StringBuilder points = new StringBuilder();
            double endY = 0;
            for (Run r : runs) {
                double x = CURVE_LEFT + plotWidth * (double) r.index() / last;
                endY = bottom - CURVE_HEIGHT * (Math.log(r.wallMillis()) - logLo) / span;
                points.append(points.isEmpty() ? "" : " ").append(number(x)).append(',').append(number(endY));
            }
            h.append("<g class=\"line\" data-engine=\"").append(escape(ok.get(i).label())).append("\" data-runs=\"")
                    .append(runs.size()).append("\"><title>").append(escape(ok.get(i).label() + ": "
                            + runs.size() + " runs, first " + millis(runs.getFirst().wallMillis()) + " ms, last "
                            + millis(runs.getLast().wallMillis()) + " ms")).append("</title>")
                    .append("<polyline fill=\"none\" stroke=\"").append(colour).append("\" points=\"")
                    .append(points).append("\"/>")
                    .append("<text x=\"").append(CURVE_LEFT + plotWidth + 6).append("\" y=\"")
                    .append(number(endY + 4)).append("\" fill=\"").append(colour).append("\">")
                    .append(escape(ok.get(i).label())).append("</text></g>\n");
        }
        h.append("</svg>\n");
    }

    /** Each measurement's runs 2 to 6: the median of the runs right after the first, warm-up runs included. */
    private static void earlyRuns(StringBuilder h, Map<String, Map<String, Measurement>> byQuery,
            List<String> engines) {
        runTable(h, byQuery, engines, "Runs 2-6", "Median wall time in milliseconds of the five runs after the "
                + "first, warm-up runs included (fewer where fewer ran, with their number): what a user meets before "
                + "the JIT has settled.", "early-runs", Measurement::earlyRunsMillis, m -> {
                    int count = m.earlyRuns().size();
                    return count < Measurement.EARLY_RUNS ? " (" + count + ")" : "";
                });
    }

    private static void chart(StringBuilder h, String query, Map<String, Measurement> measurements,
            List<String> engines) {
        List<Measurement> ok = new ArrayList<>();
        List<Measurement> other = new ArrayList<>();
        for (String e : engines) {
            Measurement m = measurements.get(e);
            if (m != null) {
                (m.status() == Status.OK ? ok : other).add(m);
            }
        }
        h.append("<section class=\"query\" id=\"").append(anchor(query)).append("\">\n<h3>").append(escape(query))
                .append("</h3>\n");
        if (!ok.isEmpty()) {
            double scale = 0;
            for (Measurement m : ok) {
                scale = Math.max(scale, Math.max(m.maxMillis(), m.medianMillis()));
            }
            scale = scale > 0 ? scale : 1;
            int plot = CHART_WIDTH - LABEL_WIDTH - VALUE_WIDTH;
            int height = ok.size() * (BAR_HEIGHT + BAR_GAP) + BAR_GAP;
            h.append("<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(CHART_WIDTH)
                    .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(CHART_WIDTH).append(' ')
                    .append(height).append("\" role=\"img\" aria-label=\"").append(escape("median times of " + query))
                    .append("\">\n");
            for (int i = 0; i < ok.size(); i++) {
                Measurement m = ok.get(i);
                int y = BAR_GAP + i * (BAR_HEIGHT + BAR_GAP);
                double width = plot * m.medianMillis() / scale;
                double lo = LABEL_WIDTH + plot * Math.max(0, m.minMillis()) / scale;
                double hi = LABEL_WIDTH + plot * Math.max(0, m.maxMillis()) / scale;
                int mid = y + BAR_HEIGHT / 2;
                String colour = COLOURS[Math.floorMod(engines.indexOf(m.label()), COLOURS.length)];
                h.append("<g class=\"bar\" data-engine=\"").append(escape(m.label())).append("\" data-median=\"")
                        .append(number(m.medianMillis())).append("\" data-min=\"").append(number(m.minMillis()))
                        .append("\" data-max=\"").append(number(m.maxMillis())).append("\">")
                        .append("<title>").append(escape(m.label() + ": median " + millis(m.medianMillis())
                                + " ms, min " + millis(m.minMillis()) + ", max " + millis(m.maxMillis())
                                + " over " + counted(m) + " runs")).append("</title>")
                        .append("<text x=\"").append(LABEL_WIDTH - 8).append("\" y=\"").append(mid + 4)
                        .append("\" text-anchor=\"end\">").append(escape(m.label())).append("</text>")
                        .append("<rect x=\"").append(LABEL_WIDTH).append("\" y=\"").append(y).append("\" width=\"")
                        .append(number(Math.max(width, 1))).append("\" height=\"").append(BAR_HEIGHT)
                        .append("\" fill=\"").append(colour).append("\"/>")
                        .append("<line class=\"whisker\" x1=\"").append(number(lo)).append("\" x2=\"")
                        .append(number(hi)).append("\" y1=\"").append(mid).append("\" y2=\"").append(mid)
                        .append("\"/>")
                        .append("<text x=\"").append(number(Math.max(hi, LABEL_WIDTH + width) + 6)).append("\" y=\"")
                        .append(mid + 4).append("\">").append(millis(m.medianMillis())).append(" ms");
                if (m.ratioToReference() != null && !m.engine().equals(REFERENCE)) {
                    h.append(String.format(Locale.ROOT, " (%.2fx)", m.ratioToReference()));
                }
                h.append("</text></g>\n");
            }
            h.append("</svg>\n");
            curve(h, query, ok, engines);
            String result = ok.getFirst().result();
            if (!result.isEmpty()) {
                h.append("<details><summary>result</summary><pre>").append(escape(shorten(result, 4000)))
                        .append("</pre></details>\n");
            }
        }
        if (!other.isEmpty()) {
            h.append("<ul class=\"problems\">\n");
            for (Measurement m : other) {
                h.append("<li class=\"").append(m.status().name().toLowerCase(Locale.ROOT)).append("\"><b>")
                        .append(escape(m.label())).append("</b> ")
                        .append(m.status().name().toLowerCase(Locale.ROOT)).append(": ")
                        .append(escape(shorten(m.message(), 2000))).append("</li>\n");
            }
            h.append("</ul>\n");
        }
        h.append("</section>\n");
    }

    /** A table of the reads of each measurement's median run, for engines that report them. */
    private static void reads(StringBuilder h, BenchResults results) {
        List<Measurement> withIo = results.measurements().stream().filter(m -> m.medianRunIo() != null).toList();
        if (withIo.isEmpty()) {
            return;
        }
        h.append("<h2>Reads</h2>\n<p class=\"note\">The run with the median wall time: requests the scan made, reads "
                + "issued after merging neighbours, bytes read, read latency from issue to completion (percentiles are "
                + "upper bounds of power-of-two buckets) and, for the posix reader, what its page-cache fast path "
                + "did (reads tried inline, fully or partly served or missed, and skipped; bytes served inline and "
                + "left to the read pool).</p>\n");
        h.append("<table class=\"summary reads\">\n<thead><tr><th>query</th><th>engine</th><th>requests</th>"
                + "<th>reads</th><th>MiB read</th><th>merged</th><th>p50 us</th><th>p99 us</th><th>max us</th>"
                + "<th>tried</th><th>hit</th><th>partial</th><th>miss</th><th>skipped</th><th>MiB inline</th>"
                + "<th>MiB to pool</th></tr></thead>\n<tbody>\n");
        for (Measurement m : withIo) {
            IoReport io = m.medianRunIo();
            h.append("<tr><th>").append(escape(m.query())).append("</th><th").append(io.note().isEmpty() ? ""
                    : " title=\"" + escape(io.note()) + "\"").append('>').append(escape(m.label()))
                    .append(io.note().isEmpty() ? "" : " *").append("</th>");
            cells(h, io.requests(), io.reads());
            h.append("<td>").append(mib(io.bytesRead())).append("</td>");
            cells(h, io.mergedReads(), io.p50Micros(), io.p99Micros(), io.maxMicros());
            IoReport.FastPath f = io.fastPath();
            if (f == null) {
                h.append("<td class=\"absent\" colspan=\"7\">-</td>");
            } else {
                cells(h, f.attempted(), f.hit(), f.partial(), f.miss(), f.skipped());
                h.append("<td>").append(mib(f.bytesServed())).append("</td><td>").append(mib(f.bytesMissed()))
                        .append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</tbody>\n</table>\n");
        for (Measurement m : withIo) {
            String note = m.medianRunIo().note();
            if (!note.isEmpty()) {
                h.append("<p class=\"note\">* ").append(escape(m.query() + " on " + m.label() + ": " + note))
                        .append("</p>\n");
            }
        }
    }

    private static void cells(StringBuilder h, long... values) {
        for (long v : values) {
            h.append("<td>").append(v).append("</td>");
        }
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / (double) (1 << 20));
    }

    private static long counted(Measurement m) {
        return m.runs().size();
    }

    private static String shorten(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max) + " ...";
    }

    private static String anchor(String query) {
        return "q-" + query.replaceAll("[^A-Za-z0-9_-]", "_");
    }

    private static String millis(double ms) {
        return ms < 0 ? "-" : ms >= 100 ? String.format(Locale.ROOT, "%.0f", ms)
                : String.format(Locale.ROOT, "%.2f", ms);
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** Text safe in HTML element content and in double-quoted attribute values. */
    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    private static final String STYLE = """
            body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
            h1 { font-size: 1.5em; } h2 { font-size: 1.25em; margin-top: 2em; } h3 { font-size: 1.05em; }
            table { border-collapse: collapse; }
            th, td { padding: 0.25em 0.75em; text-align: left; border-bottom: 1px solid #ddd; }
            table.summary td { text-align: right; font-variant-numeric: tabular-nums; }
            td.unavailable, li.unavailable { color: #888; }
            td.failed, td.mismatch, li.failed, li.mismatch { color: #b00020; font-weight: bold; }
            .ratio { color: #666; } .note { color: #555; font-size: 0.9em; }
            svg.chart text { font-size: 12px; fill: #222; }
            svg.chart line.whisker { stroke: #222; stroke-width: 1.5; }
            svg.curve text { font-size: 12px; fill: #222; }
            svg.curve line.axis { stroke: #888; stroke-width: 1; }
            svg.curve polyline { stroke-width: 1.5; }
            section.query { margin-bottom: 1.5em; }
            pre { background: #f6f6f6; padding: 0.5em; overflow-x: auto; }
            """;
}
