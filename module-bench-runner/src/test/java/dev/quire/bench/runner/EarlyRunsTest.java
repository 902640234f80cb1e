package dev.quire.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.report.HtmlReport;
import dev.quire.bench.runner.results.BenchResults;
import dev.quire.bench.runner.results.Environment;
import dev.quire.bench.runner.results.Measurement;
import dev.quire.bench.runner.results.Run;
import dev.quire.bench.runner.results.Settings;
import dev.quire.bench.runner.results.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs 2 to 6, what a user meets right after the first run: taken in run order across warm-up and counted runs,
 * summarised by their median, and reported beside the first run with a ratio to the reference's.
 */
class EarlyRunsTest {
    /** A measurement whose runs took {@code walls} in order, the first {@code warmup} of them warm-up runs. */
    private static Measurement measured(String engine, int warmup, double... walls) {
        List<Run> warm = new ArrayList<>();
        List<Run> counted = new ArrayList<>();
        for (int i = 0; i < walls.length; i++) {
            (i < warmup ? warm : counted).add(new Run(i, i >= warmup, walls[i], -1, 10));
        }
        return new Measurement("q6", engine, Status.OK, "", "sum=1", warm, counted, 1, 1, 1, 1.0);
    }

    @Test
    void runsTwoToSixSpanWarmupAndCountedRunsInRunOrder() {
        // Warm-up runs 0-2, counted 3-7; runs 2-6 are indices 1-5: 90, 70, 50, 30, 20.
        Measurement m = measured("quire", 3, 1000, 90, 70, 50, 30, 20, 10, 5);
        assertEquals(List.of(1, 2, 3, 4, 5), m.earlyRuns().stream().map(Run::index).toList());
        assertEquals(50, m.earlyRunsMillis());
        // Fewer runs: what there is; one run alone has none after it.
        assertEquals(80, measured("quire", 1, 1000, 90, 80, 70).earlyRunsMillis());
        assertEquals(80, measured("quire", 1, 1000, 90, 70).earlyRunsMillis(), "the middle two of an even count");
        assertEquals(-1, measured("quire", 1, 1000).earlyRunsMillis());
    }

    @Test
    void theTableGivesTheMedianAndTheRatioToTheReference() {
        Measurement quire = measured("quire", 6, 1000, 90, 70, 50, 30, 20, 10);
        Measurement reference = measured(Runner.REFERENCE_ENGINE, 6, 800, 30, 25, 25, 25, 20, 20);
        assertEquals("50.0 ms   2.00x", ResultsTable.earlyRunsCell(quire, reference));
        assertEquals("25.0 ms", ResultsTable.earlyRunsCell(reference, reference));
        assertEquals("80.0 ms (2 runs)", ResultsTable.earlyRunsCell(measured("quire", 1, 1000, 90, 70), null));

        BenchResults results = new BenchResults(BenchResults.FORMAT_VERSION, "2026-12-02T00:00:00Z",
                new Environment("Linux", 2, 4L << 30, "25", "0.1.0-SNAPSHOT"),
                new Settings(1, 6, 1, 0, 0, false, "", 0, List.of("quire", Runner.REFERENCE_ENGINE), List.of("q6")),
                List.of(quire, reference));
        List<String> lines = ResultsTable.lines(results);
        int at = lines.indexOf(lines.stream().filter(l -> l.startsWith("Runs 2-6")).findFirst()
                .orElseThrow(() -> new AssertionError(lines)));
        assertTrue(lines.get(at + 3).matches("q6 +50\\.0 ms +2\\.00x +25\\.0 ms"), lines.toString());

        Element table = Jsoup.parse(HtmlReport.render(results)).selectFirst("table.early-runs");
        assertEquals(List.of("q6", "50.00", "25.00"), table.select("tbody tr").getFirst().select("th, td").eachText());
        assertEquals("50.000", table.selectFirst("td").attr("data-early-runs"));
    }

    /** The warm-up curve has a line per engine through every run, first at the top, in run order. */
    @Test
    void theJitsShareOfTheFirstRunsCpuIsTabledAndOldResultsReadItAsUnknown(@TempDir Path dir) throws IOException {
        List<Run> warm = List.of(new Run(0, false, 500, 900, 400, 10, null));
        List<Run> counted = new ArrayList<>();
        double[] jit = {60, 40, 50, 10, 0};
        for (int i = 0; i < jit.length; i++) {
            counted.add(new Run(i + 1, true, 50, 100 + i, jit[i], 10, null));
        }
        Measurement m = new Measurement("q6", "quire", Status.OK, "", "sum=1", warm, counted, 1, 1, 1, 1.0);
        assertEquals(400, m.firstRunJitMillis());
        assertEquals(40, m.earlyRunsJitMillis());
        assertEquals(102, m.earlyRunsCpuMillis());
        assertEquals("400 of 900 / 40 of 102", ResultsTable.jitCell(m));
        assertEquals("- / -", ResultsTable.jitCell(measured("quire", 1, 1000, 90, 70)));

        BenchResults results = new BenchResults(BenchResults.FORMAT_VERSION, "2026-12-02T00:00:00Z",
                new Environment("Linux", 2, 4L << 30, "25", "0.1.0-SNAPSHOT"),
                new Settings(1, 5, 1, 0, 0, false, "", 0, List.of("quire"), List.of("q6")), List.of(m));
        List<String> lines = ResultsTable.lines(results);
        int at = lines.indexOf(lines.stream().filter(l -> l.startsWith("CPU of the JIT")).findFirst()
                .orElseThrow(() -> new AssertionError(lines)));
        assertTrue(lines.get(at + 3).matches("q6 +400 of 900 / 40 of 102"), lines.toString());

        // A file of the format before the JIT was measured: its runs' figures are unknown, not zero.
        Path file = dir.resolve("old.json");
        results.write(file);
        String old = Files.readString(file).replace("\"formatVersion\" : " + BenchResults.FORMAT_VERSION,
                "\"formatVersion\" : 3").replaceAll(",\\s*\"jitCpuMillis\" : [0-9.]+", "");
        Files.writeString(file, old);
        Measurement read = BenchResults.read(file).measurements().getFirst();
        assertEquals(-1, read.firstRunJitMillis());
        assertEquals(-1, read.earlyRunsJitMillis());
        assertEquals(900, read.firstRunCpuMillis());
    }

    @Test
    void theReportDrawsEachEnginesWarmupCurve() {
        Measurement quire = measured("quire", 6, 1000, 90, 70, 50, 30, 20, 10);
        Measurement reference = measured(Runner.REFERENCE_ENGINE, 6, 800, 30, 25, 25, 25, 20, 20);
        BenchResults results = new BenchResults(BenchResults.FORMAT_VERSION, "2026-12-02T00:00:00Z",
                new Environment("Linux", 2, 4L << 30, "25", "0.1.0-SNAPSHOT"),
                new Settings(1, 6, 1, 0, 0, false, "", 0, List.of("quire", Runner.REFERENCE_ENGINE), List.of("q6")),
                List.of(quire, reference));
        Element curve = Jsoup.parse(HtmlReport.render(results)).selectFirst("svg.curve");
        List<Element> lines = curve.select("g.line");
        assertEquals(List.of("quire", Runner.REFERENCE_ENGINE),
                lines.stream().map(l -> l.attr("data-engine")).toList());
        assertEquals("7", lines.getFirst().attr("data-runs"));
        String[] points = lines.getFirst().selectFirst("polyline").attr("points").split(" ");
        assertEquals(7, points.length);
        double[] x = new double[points.length];
        double[] y = new double[points.length];
        for (int i = 0; i < points.length; i++) {
            x[i] = Double.parseDouble(points[i].split(",")[0]);
            y[i] = Double.parseDouble(points[i].split(",")[1]);
        }
        for (int i = 1; i < points.length; i++) {
            assertTrue(x[i] > x[i - 1], "runs left to right");
            assertTrue(y[i] > y[i - 1], "each run faster than the one before, so lower on the chart");
        }
        // The slowest run of all (quire's first, 1000 ms) is at the top; the fastest (its last, 10 ms) at the bottom.
        assertEquals(Math.round(y[0]), Math.round(Double.parseDouble(curve.select("line.axis").get(1).attr("y1"))));
        assertEquals(Math.round(y[6]), Math.round(Double.parseDouble(curve.select("line.axis").get(0).attr("y1"))));
    }
}
