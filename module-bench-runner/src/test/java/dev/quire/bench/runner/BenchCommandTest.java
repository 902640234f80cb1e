package dev.quire.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.results.BenchResults;
import dev.quire.bench.runner.results.Status;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command's options: their defaults, their errors (exit 2) and a whole in-process run. */
class BenchCommandTest {
    @TempDir
    Path dir;

    record Result(int code, String out, String err) {}

    private Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        BenchCommand command = new BenchCommand(() -> new Workload(List.of(new TestEngines.Good(),
                new TestEngines.Wrong()), List.of(new TestQueries.Sum())));
        int code = BenchMain.run(command, new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void badOptionsAreUsageErrorsThatSayWhatIsWrong() {
        String[][] cases = {
            {"--runs", "0"}, {"--runs must be at least 1"},
            {"--warmup", "0"}, {"--warmup must be at least 1 (uncounted runs before the counted ones; the first one's "
                + "result is what the others are checked against), got 0"},
            {"--warmup=-2"}, {"--warmup must be at least 1", "got -2"},
            {"--warmup", "many"}, {"Invalid value for option '--warmup': 'many' is not an int"},
            {"--sf", "0"}, {"--sf must be above 0 and at most 1000, got 0.0"},
            {"--sf", "abc"}, {"Invalid value for option '--sf': 'abc' is not a double"},
            {"--rest-ms", "100"}, {"--rest-ms 100 needs --rest-runs N"},
            {"--rest-runs", "-1"}, {"--rest-runs must be 0 (never rest) or positive, got -1"},
            {"--threads", "5000"}, {"--threads must be 0 (each engine's default) to 1024, got 5000"},
            {"--timeout", "soon"}, {"'soon' is not a duration; write e.g. 500ms, 90s, 10m or 1h"},
            {"--timeout", "0s"}, {"--timeout must be positive"},
            {"--engines", "good,good"}, {"--engines names 'good' twice"},
            {"--io", " "}, {"--io must name an I/O provider"},
            {"--io", "posix:nowait=maybe"}, {"--io `posix:nowait=maybe`: nowait takes on or off"},
            {"--io", "mmap,no-such-io"}, {"--io no-such-io: "},
            {"--nope"}, {"Unknown option: '--nope'"},
        };
        for (int i = 0; i < cases.length; i += 2) {
            Result r = run(cases[i]);
            assertEquals(2, r.code(), String.join(" ", cases[i]) + ": " + r.err());
            for (String expected : cases[i + 1]) {
                assertTrue(r.err().startsWith("bench: ") && r.err().contains(expected),
                        String.join(" ", cases[i]) + ": " + r.err());
            }
            assertTrue(r.err().contains("Try 'bench --help'"), r.err());
            assertEquals("", r.out());
        }
    }

    @Test
    void unknownEnginesAndQueriesAreUsageErrorsListingTheAvailableOnes() {
        Result r = run("--engines", "good,duckdb", "--in-process", "--data-dir", dir.toString(), "--out",
                dir.resolve("out").toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--engines: no engine named 'duckdb'; available: good, wrong"), r.err());
        r = run("--queries", "q1", "--in-process", "--data-dir", dir.toString());
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--queries: no query named 'q1'; available: test-sum"), r.err());
    }

    @Test
    void defaultsAreTheDocumentedOnes() {
        BenchCommand command = new BenchCommand();
        new picocli.CommandLine(command).parseArgs();
        BenchOptions o = command.options();
        assertEquals(BenchOptions.defaults(), o);
        assertEquals(0.1, o.scaleFactor());
        assertEquals(5, o.runs());
        assertEquals(1, o.warmup(), "one warm-up run, as before --warmup existed");
        assertEquals(java.time.Duration.ofMinutes(10), o.timeout());
        assertTrue(o.dataDir().endsWith(Path.of("quire", "tpch")), o.dataDir().toString());
        assertEquals(Path.of("bench-results"), o.outDir());
    }

    @Test
    void aRunPrintsTheTableWritesResultsAndExitsNonZeroOnAMismatch() throws IOException {
        Path out = dir.resolve("out");
        Result r = run("--sf", "0.01", "--runs", "2", "--in-process", "--timeout", "30s", "--data-dir",
                dir.resolve("data").toString(), "--out", out.toString(), "--rest-runs", "2", "--rest-ms", "1");
        assertEquals(1, r.code(), r.err());
        assertTrue(r.out().contains("test-sum on wrong: MISMATCH: differs from good"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("test-sum +\\d+\\.\\d ms +MISMATCH")), r.out());
        assertTrue(r.out().contains("results: " + out.resolve("results.json")), r.out());
        assertTrue(r.err().contains("test-sum on good: first run 1 2 median "), r.err());
        BenchResults results = BenchResults.read(out.resolve("results.json"));
        assertEquals(List.of(Status.OK, Status.MISMATCH),
                results.measurements().stream().map(m -> m.status()).toList());
        assertTrue(Files.isRegularFile(dir.resolve("data/sf0.01/lineitem-good-1.txt")));
    }

    @Test
    void warmupRunsAreDoneRecordedApartAndNamedInTheTable() throws IOException {
        Path out = dir.resolve("out");
        Result r = run("--sf", "0.01", "--warmup=3", "--runs", "2", "--in-process", "--engines", "good",
                "--data-dir", dir.resolve("data").toString(), "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("TPC-H lineitem, scale factor 0.01, median of 2 runs after 3 warm-up runs (ms)"),
                r.out());
        assertTrue(r.out().contains("First run (ms)"), r.out());
        assertTrue(r.err().contains("test-sum on good: first run w2 w3 1 2 median "), r.err());
        BenchResults results = BenchResults.read(out.resolve("results.json"));
        assertEquals(3, results.settings().warmup());
        assertEquals(3, results.measurements().getFirst().warmupRuns().size());
        assertEquals(2, results.measurements().getFirst().runs().size());
    }

    @Test
    void theHelpNamesTheWarmupOption() {
        Result r = run("--help");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("--warmup=N") && r.out().contains("Uncounted warm-up runs"), r.out());
        assertTrue(r.out().contains("(default: 1)"), r.out());
    }

    @Test
    void onlyAGoodEngineExitsZero() {
        Result r = run("--sf", "0.01", "--runs", "1", "--in-process", "--engines", "good", "--data-dir",
                dir.resolve("data").toString(), "--out", dir.resolve("out").toString());
        assertEquals(0, r.code(), r.err());
    }
}
