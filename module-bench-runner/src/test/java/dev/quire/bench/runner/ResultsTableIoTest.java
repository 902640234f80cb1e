package dev.quire.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.results.BenchResults;
import dev.quire.bench.runner.results.Environment;
import dev.quire.bench.runner.results.IoReport;
import dev.quire.bench.runner.results.Measurement;
import dev.quire.bench.runner.results.Run;
import dev.quire.bench.runner.results.Settings;
import dev.quire.bench.runner.results.Status;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The table's I/O lines for a run read through an object store. */
class ResultsTableIoTest {
    @Test
    void aStoreReadersGetsBytesAndSlowestGetAreShown() {
        IoReport.Store store = new IoReport.Store(12, 3L << 20, 5, 4L << 20, 1, 0, 512, 2048, 4096, 3500);
        List<Run> runs = List.of(new Run(0, true, 20, 20, -1, 100, new IoReport("own reader factory", 30, 3L << 20,
                12, 3L << 20, 4, 22, 0, 256, 1024, 1500, null, store, "")));
        Measurement m = new Measurement("q6", "quire", "", Status.OK, "", "sum=42", List.of(), runs, 20, 20, 20,
                null);
        BenchResults r = new BenchResults(BenchResults.FORMAT_VERSION, "2026-12-02T15:00:00Z",
                new Environment("Linux", 2, 4L << 30, "25", "0.1.0-SNAPSHOT"),
                new Settings(0.01, 0, 1, 0, 0, true, "", 0, List.of("quire"), List.of("q6")), List.of(m));
        List<String> lines = ResultsTable.ioLines(r);
        assertTrue(lines.stream().anyMatch(l -> l.contains(
                "store: 5 GETs (1 retries), 4.0 MiB fetched for 3.0 MiB requested, slowest GET 3500 us")),
                String.join("\n", lines));
        assertEquals(1, lines.stream().filter(l -> l.contains("30 req -> 12 reads")).count(), String.join("\n", lines));
    }
}
