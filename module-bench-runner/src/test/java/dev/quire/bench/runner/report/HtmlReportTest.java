package dev.quire.bench.runner.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.results.BenchResults;
import dev.quire.bench.runner.results.Environment;
import dev.quire.bench.runner.results.IoReport;
import dev.quire.bench.runner.results.Measurement;
import dev.quire.bench.runner.results.Run;
import dev.quire.bench.runner.results.Settings;
import dev.quire.bench.runner.results.Status;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {
    private static final String HOSTILE = "<script>alert(\"x\")</script> & 'quotes'";

    static Measurement ok(String query, String engine, double median, double min, double max, Double ratio) {
        List<Run> runs = new ArrayList<>();
        runs.add(new Run(1, true, min, min, 100));
        runs.add(new Run(2, true, median, median, 100));
        runs.add(new Run(3, true, max, max, 100));
        return new Measurement(query, engine, Status.OK, "", "sum=42", List.of(new Run(0, false, max * 2, max, 100)),
                runs, median, min, max, ratio);
    }

    static BenchResults sample() {
        List<Measurement> m = List.of(
                ok("q1", "quire", 50, 45, 60, 0.25),
                ok("q1", "vortex-jni", 200, 190, 230, 1.0),
                new Measurement("q1", "duckdb-parquet", Status.UNAVAILABLE, "the reference is not on the path", "",
                        List.of(), List.of(), -1, -1, -1, null),
                ok("q6", "quire", 10, 9, 12, 0.5),
                ok("q6", "vortex-jni", 20, 18, 25, 1.0),
                new Measurement("q6", "duckdb-parquet", Status.FAILED, HOSTILE, "", List.of(), List.of(), -1, -1, -1,
                        null));
        return new BenchResults(BenchResults.FORMAT_VERSION, "2026-11-30T02:00:00Z",
                new Environment("Linux 6.18 amd64", 2, 4L << 30, "25.0.3 Eclipse Adoptium", "0.1.0-SNAPSHOT"),
                new Settings(0.01, 1, 3, 0, 0, false, "", 0, List.of("quire", "vortex-jni", "duckdb-parquet"),
                        List.of("q1", "q6")),
                m);
    }

    @Test
    void theSummaryHasAQueryPerRowAndAnEnginePerColumn() {
        Document doc = Jsoup.parse(HtmlReport.render(sample()));
        assertTrue(doc.title().endsWith("scale factor 0.01"), doc.title());
        Element summary = doc.selectFirst("table.summary");
        List<String> header = summary.select("thead th").eachText();
        assertEquals(List.of("query", "quire", "vortex-jni", "duckdb-parquet"), header);
        Elements rows = summary.select("tbody tr");
        assertEquals(2, rows.size());
        Elements q1 = rows.get(0).select("td");
        assertEquals("50.000", q1.get(0).attr("data-median"));
        assertEquals("50.00 (0.25)", q1.get(0).text());
        assertEquals("unavailable", q1.get(2).text());
        assertEquals("the reference is not on the path", q1.get(2).attr("title"));
        assertEquals("failed", rows.get(1).select("td").get(2).text());
    }

    @Test
    void eachQueryHasABarPerEngineThatRanScaledToItsMedian() {
        Document doc = Jsoup.parse(HtmlReport.render(sample()));
        Elements sections = doc.select("section.query");
        assertEquals(List.of("q-q1", "q-q6"), sections.eachAttr("id"));
        Elements bars = sections.get(0).select("g.bar");
        assertEquals(List.of("quire", "vortex-jni"), bars.eachAttr("data-engine"));
        assertEquals(List.of("50.000", "200.000"), bars.eachAttr("data-median"));
        double quire = Double.parseDouble(bars.get(0).selectFirst("rect").attr("width"));
        double reference = Double.parseDouble(bars.get(1).selectFirst("rect").attr("width"));
        // The longest whisker (230 ms) spans the plot; bars are proportional to the medians.
        assertEquals(200.0 / 50.0, reference / quire, 1e-4);
        Element whisker = bars.get(1).selectFirst("line.whisker");
        assertTrue(Double.parseDouble(whisker.attr("x1")) < Double.parseDouble(whisker.attr("x2")));
        assertTrue(bars.get(0).selectFirst("title").text().contains("over 3 runs"), bars.get(0).html());
        // The engine that did not run is listed with its reason, not drawn.
        assertEquals(1, sections.get(0).select("li.unavailable").size());
        assertEquals(1, sections.get(1).select("li.failed").size());
    }

    @Test
    void thePageIsSelfContainedAndEscapesWhatItShows() {
        String html = HtmlReport.render(sample());
        Document doc = Jsoup.parse(html);
        assertTrue(doc.select("script").isEmpty(), "no scripts, hostile text included");
        assertTrue(doc.select("[src]").isEmpty(), "nothing loaded from elsewhere");
        for (Element link : doc.select("[href]")) {
            assertTrue(link.attr("href").startsWith("#"), link.outerHtml());
        }
        assertTrue(doc.select("link").isEmpty());
        assertTrue(doc.text().contains(HOSTILE), "the message is shown as text");
        assertTrue(html.contains("&lt;script&gt;"), "and escaped in the source");
    }

    static Measurement withReads(String io, long reads, IoReport.FastPath fastPath, String note) {
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            // The counted run with the median wall time (20 ms) read 10 times more than the others.
            long n = i == 2 ? reads : reads / 10;
            double wall = new double[] {50, 10, 20, 30}[i];
            runs.add(new Run(i, i > 0, wall, wall, -1, 100, new IoReport(io, n, n << 20, n, n << 20, 0, 0, 0, 256,
                    1024, 1500, fastPath, null, note)));
        }
        return new Measurement("q6", "quire", io, Status.OK, "", "sum=42", runs.subList(0, 1),
                runs.subList(1, runs.size()), 20, 10, 30, null);
    }

    @Test
    void ioVariantsAreColumnsAndTheReadsOfTheirMedianRunsATable() {
        IoReport.FastPath f = new IoReport.FastPath(7, 4, 2, 1, 3, 0, 6L << 20, 1L << 20);
        BenchResults r = new BenchResults(BenchResults.FORMAT_VERSION, "2026-11-30T02:00:00Z",
                new Environment("Linux", 2, 4L << 30, "25", "0.1.0-SNAPSHOT"),
                new Settings(0.01, 1, 3, 0, 0, true, "mmap,posix:window=64k-4m", 0, List.of("quire", "vortex-jni"),
                        List.of("q6")),
                List.of(withReads("mmap", 40, null, ""), withReads("posix:window=64k-4m", 50, f, HOSTILE),
                        ok("q6", "vortex-jni", 20, 18, 25, 1.0)));
        String html = HtmlReport.render(r);
        Document doc = Jsoup.parse(html);
        assertEquals(List.of("query", "quire/mmap", "quire/posix:window=64k-4m", "vortex-jni"),
                doc.selectFirst("table.summary").select("thead th").eachText());
        Elements rows = doc.select("table.reads tbody tr");
        assertEquals(2, rows.size(), "the engine whose reads are not seen has no row");
        assertEquals(List.of("q6", "quire/mmap", "40", "40", "40.0", "0", "256", "1024", "1500", "-"),
                rows.get(0).select("th, td").eachText());
        assertEquals(List.of("q6", "quire/posix:window=64k-4m *", "50", "50", "50.0", "0", "256", "1024", "1500", "7",
                "4", "2", "1", "3", "6.0", "1.0"), rows.get(1).select("th, td").eachText());
        assertTrue(doc.text().contains(HOSTILE) && doc.select("script").isEmpty(), "the note is shown as text");
    }

    @Test
    void theProtocolSummaryAndFirstRunsNameTheWarmupRuns() {
        BenchResults r = sample();
        BenchResults three = new BenchResults(r.formatVersion(), r.startedAt(), r.environment(),
                new Settings(0.01, 3, 5, 0, 0, false, "", 0, r.settings().engines(), r.settings().queries()),
                r.measurements());
        Document doc = Jsoup.parse(HtmlReport.render(three));
        Element protocol = doc.select("table.facts tr").stream().filter(tr -> tr.selectFirst("th").text()
                .equals("protocol")).findFirst().orElseThrow();
        assertEquals("one process per query and engine; 3 uncounted warm-up runs, then 5 counted runs",
                protocol.selectFirst("td").text());
        assertTrue(doc.text().contains("Median of 5 runs after 3 warm-up runs"), doc.text());
        assertTrue(Jsoup.parse(HtmlReport.render(r)).text().contains("Median of 3 runs after 1 warm-up run:"));
        // The first run of each measurement (sample(): twice its slowest counted run) has a table of its own.
        Element first = doc.selectFirst("table.first-run");
        assertEquals(List.of("query", "quire", "vortex-jni", "duckdb-parquet"), first.select("thead th").eachText());
        Elements rows = first.select("tbody tr");
        assertEquals(List.of("q1", "120", "460", "-"), rows.get(0).select("th, td").eachText());
        assertEquals(List.of("q6", "24.00", "50.00", "-"), rows.get(1).select("th, td").eachText());
        assertEquals("120.000", rows.get(0).selectFirst("td").attr("data-first-run"));
    }

    /** A results file as the runner wrote it before warm-up runs (format 2): the first run among the counted ones. */
    private static final String FORMAT_2 = """
            {"formatVersion": 2, "startedAt": "2026-11-30T09:25:26Z",
             "environment": {"os": "Linux 6.18 amd64", "cores": 2, "maxHeapBytes": 6320816128,
                             "java": "25.0.3+9-LTS (Eclipse Adoptium)", "quireVersion": "0.1.0-SNAPSHOT"},
             "settings": {"scaleFactor": 1.0, "runs": 2, "restRuns": 0, "restMillis": 0, "evictPageCache": false,
                          "io": "mmap", "threads": 0, "engines": ["quire", "vortex-jni"], "queries": ["q1"]},
             "measurements": [
              {"query": "q1", "engine": "quire", "io": "mmap", "status": "OK", "message": "", "result": "sum=1",
               "runs": [
                {"index": 0, "counted": false, "wallMillis": 2417.5, "cpuMillis": 4640.0, "rows": 5916591,
                 "io": {"reader": "mmap", "requests": 396, "requestedBytes": 45186776, "reads": 396,
                        "bytesRead": 45186776, "mergedReads": 0, "readsSaved": 0, "errors": 0, "p50Micros": 16,
                        "p99Micros": 1024, "maxMicros": 6288, "fastPath": null, "note": ""}},
                {"index": 1, "counted": true, "wallMillis": 718.1, "cpuMillis": 1310.0, "rows": 5916591,
                 "io": null},
                {"index": 2, "counted": true, "wallMillis": 491.9, "cpuMillis": 960.0, "rows": 5916591,
                 "io": null}],
               "medianMillis": 605.0, "minMillis": 491.9, "maxMillis": 718.1, "ratioToReference": 0.68},
              {"query": "q1", "engine": "vortex-jni", "io": "", "status": "UNAVAILABLE", "message": "not here",
               "result": "", "runs": [], "medianMillis": -1, "minMillis": -1, "maxMillis": -1,
               "ratioToReference": null}]}
            """;

    @Test
    void olderResultsAreReadWithTheirFirstRunAsTheOneWarmupRun(@TempDir Path dir) throws Exception {
        Path json = Files.writeString(dir.resolve("old.json"), FORMAT_2);
        BenchResults r = BenchResults.read(json);
        assertEquals(BenchResults.FORMAT_VERSION, r.formatVersion());
        assertEquals(1, r.settings().warmup());
        assertEquals(2, r.settings().runs());
        Measurement quire = r.measurements().getFirst();
        assertEquals(List.of(0), quire.warmupRuns().stream().map(Run::index).toList());
        assertEquals(2417.5, quire.firstRunMillis());
        assertEquals(4640.0, quire.warmupRuns().getFirst().cpuMillis());
        assertEquals(396, quire.warmupRuns().getFirst().io().requests());
        assertEquals(List.of(1, 2), quire.runs().stream().map(Run::index).toList());
        assertEquals(605.0, quire.medianMillis());
        Measurement absent = r.measurements().get(1);
        assertTrue(absent.warmupRuns().isEmpty() && absent.runs().isEmpty());
        assertEquals(-1, absent.firstRunMillis());
        // Format 1 had no I/O variants: its measurements read each engine's default way.
        Path v1 = Files.writeString(dir.resolve("v1.json"), FORMAT_2.replace("\"formatVersion\": 2",
                "\"formatVersion\": 1").replace("\"io\": \"mmap\", \"status\"", "\"status\""));
        assertEquals("", BenchResults.read(v1).measurements().getFirst().io());
        // A newer format, or none, is refused with a message that says so.
        Path v9 = Files.writeString(dir.resolve("v9.json"), FORMAT_2.replace("\"formatVersion\": 2",
                "\"formatVersion\": 9"));
        java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> BenchResults.read(v9));
        assertEquals(v9 + " has results format 9; this runner reads 1 to " + BenchResults.FORMAT_VERSION,
                e.getMessage());
        Path none = Files.writeString(dir.resolve("none.json"), "{\"measurements\": []}");
        e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, () -> BenchResults.read(none));
        assertEquals(none + " is not benchmark results: no formatVersion", e.getMessage());
    }

    @Test
    void writesThroughJsonAndBack(@TempDir Path dir) throws Exception {
        BenchResults results = sample();
        Path json = dir.resolve("results.json");
        results.write(json);
        BenchResults back = BenchResults.read(json);
        assertEquals(results, back);
        assertEquals(1, back.measurements().getFirst().warmupRuns().size(), "warm-up runs survive the round trip");
        assertEquals(BenchResults.FORMAT_VERSION, new com.fasterxml.jackson.databind.ObjectMapper().readTree(
                json.toFile()).get("formatVersion").asInt());
        Path html = dir.resolve("out/report.html");
        HtmlReport.write(back, html);
        assertEquals(HtmlReport.render(results), Files.readString(html, StandardCharsets.UTF_8));
        try (var files = Files.list(html.getParent())) {
            assertEquals(List.of(html), files.toList(), "no temporary file left behind");
        }
        // The report gets the permissions any new file gets here (the umask's), not a temporary file's owner-only ones.
        Path plain = Files.createFile(dir.resolve("plain.txt"));
        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(html));
    }
}
