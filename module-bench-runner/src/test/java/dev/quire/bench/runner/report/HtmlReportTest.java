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
        runs.add(new Run(0, false, max * 2, max, 100));
        runs.add(new Run(1, true, min, min, 100));
        runs.add(new Run(2, true, median, median, 100));
        runs.add(new Run(3, true, max, max, 100));
        return new Measurement(query, engine, Status.OK, "", "sum=42", runs, median, min, max, ratio);
    }

    static BenchResults sample() {
        List<Measurement> m = List.of(
                ok("q1", "quire", 50, 45, 60, 0.25),
                ok("q1", "vortex-jni", 200, 190, 230, 1.0),
                new Measurement("q1", "duckdb-parquet", Status.UNAVAILABLE, "the reference is not on the path", "",
                        List.of(), -1, -1, -1, null),
                ok("q6", "quire", 10, 9, 12, 0.5),
                ok("q6", "vortex-jni", 20, 18, 25, 1.0),
                new Measurement("q6", "duckdb-parquet", Status.FAILED, HOSTILE, "", List.of(), -1, -1, -1, null));
        return new BenchResults(BenchResults.FORMAT_VERSION, "2026-11-30T02:00:00Z",
                new Environment("Linux 6.18 amd64", 2, 4L << 30, "25.0.3 Eclipse Adoptium", "0.1.0-SNAPSHOT"),
                new Settings(0.01, 3, 0, 0, false, "", 0, List.of("quire", "vortex-jni", "duckdb-parquet"),
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
            runs.add(new Run(i, i > 0, wall, wall, 100, new IoReport(io, n, n << 20, n, n << 20, 0, 0, 0, 256,
                    1024, 1500, fastPath, note)));
        }
        return new Measurement("q6", "quire", io, Status.OK, "", "sum=42", runs, 20, 10, 30, null);
    }

    @Test
    void ioVariantsAreColumnsAndTheReadsOfTheirMedianRunsATable() {
        IoReport.FastPath f = new IoReport.FastPath(7, 4, 2, 1, 3, 0, 6L << 20, 1L << 20);
        BenchResults r = new BenchResults(BenchResults.FORMAT_VERSION, "2026-11-30T02:00:00Z",
                new Environment("Linux", 2, 4L << 30, "25", "0.1.0-SNAPSHOT"),
                new Settings(0.01, 3, 0, 0, true, "mmap,posix:window=64k-4m", 0, List.of("quire", "vortex-jni"),
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
    void writesThroughJsonAndBack(@TempDir Path dir) throws Exception {
        BenchResults results = sample();
        Path json = dir.resolve("results.json");
        results.write(json);
        BenchResults back = BenchResults.read(json);
        assertEquals(results, back);
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
