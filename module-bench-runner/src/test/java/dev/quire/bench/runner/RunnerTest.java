package dev.quire.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.quire.bench.runner.results.BenchResults;
import dev.quire.bench.runner.results.Measurement;
import dev.quire.bench.runner.results.Run;
import dev.quire.bench.runner.results.Status;
import dev.quire.bench.runner.spi.Engine;
import dev.quire.bench.runner.spi.IoVariant;
import dev.quire.bench.runner.spi.Query;
import dev.quire.errors.InvalidArgumentException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The protocol in-process: checks across runs and engines, statuses, statistics, logs and outputs. */
class RunnerTest {
    @TempDir
    Path dir;

    private final StringWriter progress = new StringWriter();

    private BenchOptions options() {
        return BenchOptions.defaults().withScaleFactor(0.01).withRuns(3).withDataDir(dir.resolve("data"))
                .withOutDir(dir.resolve("out")).withInProcess(true).withTimeout(Duration.ofSeconds(30));
    }

    private BenchResults run(BenchOptions options, List<Engine> engines, List<Query> queries) throws IOException {
        return new Runner(options, new Workload(engines, queries), new PrintWriter(progress, true)).run();
    }

    private static Measurement find(BenchResults r, String query, String engine) {
        return r.measurements().stream().filter(m -> m.query().equals(query) && m.engine().equals(engine))
                .findFirst().orElseThrow(() -> new AssertionError("no " + query + " on " + engine + " in " + r));
    }

    @Test
    void aWrongEngineIsAMismatchShowingBothResultsAndTheExitCodeIsNonZero() throws IOException {
        BenchResults r = run(options(), List.of(new TestEngines.Good(), new TestEngines.Wrong()),
                List.of(new TestQueries.Sum(), new TestQueries.Even()));
        assertEquals(4, r.measurements().size());
        assertEquals(Status.OK, find(r, "test-sum", "good").status());
        Measurement wrong = find(r, "test-sum", "wrong");
        assertEquals(Status.MISMATCH, wrong.status());
        // 1,000 rows: sum 499500, and the wrong engine's row 7 is 8.
        assertTrue(wrong.message().contains("differs from good"), wrong.message());
        assertTrue(wrong.message().contains("\"sum=499501 head=[0, 1, 2, 3, 4, 5, 6, 8"), wrong.message());
        assertTrue(wrong.message().contains("\"sum=499500 head=[0, 1, 2, 3, 4, 5, 6, 7"), wrong.message());
        // The even count differs too (row 7 became 8), and the run went on to that query.
        assertEquals(Status.MISMATCH, find(r, "test-even", "wrong").status());
        assertTrue(find(r, "test-even", "wrong").message().contains("\"even=501\" vs \"even=500\""),
                find(r, "test-even", "wrong").message());
        assertEquals(Runner.EXIT_FAILED, Runner.exitCode(r));
        // A mismatch still has its timings.
        assertTrue(wrong.medianMillis() >= 0);
        assertEquals(1, wrong.warmupRuns().size());
        assertEquals(3, wrong.runs().size());
    }

    @Test
    void anEngineThatDoesNotReadThroughQuiresProvidersRunsOnceWhateverTheIoVariants() throws IOException {
        BenchResults r = run(options().withIo(IoVariant.parseList("mmap,posix:direct")),
                List.of(new TestEngines.Good()), List.of(new TestQueries.Sum()));
        assertEquals(1, r.measurements().size());
        Measurement good = r.measurements().getFirst();
        assertEquals("", good.io());
        assertEquals("good", good.label());
        assertNull(good.medianRunIo(), "its reads are not seen");
        assertEquals("mmap,posix:direct", r.settings().io());
        assertTrue(ResultsTable.ioLines(r).isEmpty());
    }

    @Test
    void anIoVariantNamingNoProviderFailsBeforeAnythingRuns() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> run(
                options().withIo(IoVariant.parseList("posix,nope")),
                List.of(new TestEngines.Good()), List.of(new TestQueries.Sum())));
        assertTrue(e.getMessage().startsWith("--io nope: ") && e.getMessage().contains("posix"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("data")), "no data was prepared");
    }

    @Test
    void anEngineWhoseRunsDisagreeIsAMismatchAgainstItsFirstRun() throws IOException {
        BenchResults r = run(options(), List.of(new TestEngines.Flaky()), List.of(new TestQueries.Sum()));
        Measurement flaky = find(r, "test-sum", "flaky");
        assertEquals(Status.MISMATCH, flaky.status());
        assertTrue(flaky.message().startsWith("run 1 differs from the first run: result \""), flaky.message());
        assertTrue(flaky.message().contains("103") && flaky.message().contains("first difference at character"),
                flaky.message());
        assertEquals(Runner.EXIT_FAILED, Runner.exitCode(r));
    }

    @Test
    void anUnavailableEngineIsReportedWithItsReasonAndIsNotAFailure() throws IOException {
        BenchResults r = run(options(), List.of(new TestEngines.Unavailable(), new TestEngines.Good()),
                List.of(new TestQueries.Sum()));
        Measurement absent = find(r, "test-sum", "absent");
        assertEquals(Status.UNAVAILABLE, absent.status());
        assertEquals(TestEngines.Unavailable.REASON, absent.message());
        assertTrue(absent.runs().isEmpty());
        assertEquals(-1, absent.medianMillis());
        assertEquals(Status.OK, find(r, "test-sum", "good").status());
        assertEquals(Runner.EXIT_OK, Runner.exitCode(r));
        assertTrue(ResultsTable.lines(r).stream().anyMatch(l -> l.contains("unavailable")), r.toString());
    }

    @Test
    void mediansMinimaMaximaAndRatiosComeFromTheCountedRuns() throws IOException {
        BenchResults r = run(options().withRuns(4), List.of(new TestEngines.Good(), new TestEngines.Reference()),
                List.of(new TestQueries.Sum()));
        Measurement good = find(r, "test-sum", "good");
        Measurement ref = find(r, "test-sum", Runner.REFERENCE_ENGINE);
        for (Measurement m : List.of(good, ref)) {
            assertEquals(Status.OK, m.status(), m.message());
            assertEquals(1, m.warmupRuns().size());
            assertFalse(m.warmupRuns().getFirst().counted());
            assertEquals(0, m.warmupRuns().getFirst().index());
            assertEquals(m.warmupRuns().getFirst().wallMillis(), m.firstRunMillis());
            assertEquals(4, m.runs().size());
            assertTrue(m.runs().stream().allMatch(Run::counted));
            double[] counted = m.runs().stream().mapToDouble(Run::wallMillis).sorted().toArray();
            assertEquals(4, counted.length);
            assertEquals((counted[1] + counted[2]) / 2, m.medianMillis());
            assertEquals(counted[0], m.minMillis());
            assertEquals(counted[3], m.maxMillis());
            assertTrue(m.runs().stream().allMatch(run -> run.rows() == 1000));
            assertEquals(1000, m.warmupRuns().getFirst().rows());
            assertEquals("sum=499500 head=[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]", m.result());
        }
        assertEquals(good.medianMillis() / ref.medianMillis(), good.ratioToReference());
        assertEquals(1.0, ref.ratioToReference());
        assertEquals(Runner.EXIT_OK, Runner.exitCode(r));
    }

    @Test
    void withoutTheReferenceThereIsNoRatio() throws IOException {
        BenchResults r = run(options(), List.of(new TestEngines.Good()), List.of(new TestQueries.Sum()));
        assertNull(find(r, "test-sum", "good").ratioToReference());
    }

    @Test
    void aRunThatThrowsFailsItsMeasurementAndTheSessionGoesOn() throws IOException {
        BenchResults r = run(options(), List.of(new TestEngines.Throwing(), new TestEngines.Good()),
                List.of(new TestQueries.Sum()));
        Measurement t = find(r, "test-sum", "throwing");
        assertEquals(Status.FAILED, t.status());
        assertTrue(t.message().contains("run 2 failed: java.lang.IllegalStateException: "
                + TestEngines.Throwing.MESSAGE), t.message());
        assertEquals(1, t.warmupRuns().size());
        assertEquals(1, t.runs().size());
        assertEquals(-1, t.medianMillis());
        assertEquals(Status.OK, find(r, "test-sum", "good").status());
        assertEquals(Runner.EXIT_FAILED, Runner.exitCode(r));
    }

    @Test
    void aRunPastTheTimeoutFails() throws IOException {
        BenchResults r = run(options().withTimeout(Duration.ofMillis(500)),
                List.of(new TestEngines.Slow(), new TestEngines.Good()), List.of(new TestQueries.Sum()));
        Measurement slow = find(r, "test-sum", "slow");
        assertEquals(Status.FAILED, slow.status());
        assertEquals("run 1 did not finish within 500 ms (--timeout) and was stopped", slow.message());
        assertEquals(1, slow.warmupRuns().size());
        assertEquals(0, slow.runs().size());
        assertEquals(Status.OK, find(r, "test-sum", "good").status());
    }

    @Test
    void aWarmupRunPastTheTimeoutFailsAndSaysItWasAWarmupRun() throws IOException {
        BenchResults r = run(options().withWarmup(3).withTimeout(Duration.ofMillis(500)),
                List.of(new TestEngines.Slow()), List.of(new TestQueries.Sum()));
        Measurement slow = find(r, "test-sum", "slow");
        assertEquals(Status.FAILED, slow.status());
        assertEquals("run 1 (warm-up run 2 of 3, uncounted) did not finish within 500 ms (--timeout) and was stopped",
                slow.message());
        assertEquals(1, slow.warmupRuns().size());
        assertTrue(slow.runs().isEmpty());
    }

    @Test
    void theFirstEngineWithAConsistentResultIsTheOthersReference() throws IOException {
        // flaky disagrees with itself, so good is the reference wrong is compared with.
        BenchResults r = run(options(), List.of(new TestEngines.Flaky(), new TestEngines.Good(),
                new TestEngines.Wrong()), List.of(new TestQueries.Sum()));
        assertEquals(Status.MISMATCH, find(r, "test-sum", "flaky").status());
        assertEquals(Status.OK, find(r, "test-sum", "good").status());
        assertTrue(find(r, "test-sum", "wrong").message().startsWith("differs from good: "));
    }

    @Test
    void resultsJsonAndTheLogsAreWritten() throws IOException {
        Path cpu = dir.resolve("logs/cpu.jsonl");
        Path get = dir.resolve("logs/get.jsonl");
        BenchResults r = run(options().withRuns(2).withCpuLog(Optional.of(cpu)).withGetLog(Optional.of(get)),
                List.of(new TestEngines.Good(), new TestEngines.Reference()), List.of(new TestQueries.Sum()));
        BenchResults read = BenchResults.read(dir.resolve("out").resolve(BenchOutputs.RESULTS_FILE));
        assertEquals(r, read);
        assertEquals(List.of("good", "vortex-jni"), read.settings().engines());
        assertEquals(List.of("test-sum"), read.settings().queries());
        assertEquals(0.01, read.settings().scaleFactor());
        assertTrue(read.environment().quireVersion().matches("[0-9]+\\.[0-9]+\\.[0-9]+.*"),
                "the build's version, not " + read.environment().quireVersion());

        ObjectMapper json = new ObjectMapper();
        List<String> cpuLines = Files.readAllLines(cpu);
        assertEquals(6, cpuLines.size(), cpuLines.toString());
        JsonNode first = json.readTree(cpuLines.getFirst());
        assertEquals("test-sum", first.get("query").asText());
        assertEquals("good", first.get("engine").asText());
        assertEquals(0, first.get("run").asInt());
        assertFalse(first.get("counted").asBoolean());
        assertTrue(first.get("warmup").asBoolean());
        assertFalse(json.readTree(cpuLines.get(1)).get("warmup").asBoolean());
        assertTrue(first.get("wallMillis").asDouble() > 0);
        assertTrue(first.has("cpuMillis"));

        List<String> getLines = Files.readAllLines(get);
        assertEquals(6, getLines.size(), getLines.toString());
        JsonNode observed = json.readTree(getLines.getFirst());
        assertTrue(observed.get("observed").asBoolean());
        assertTrue(observed.get("warmup").asBoolean());
        // 1,000 rows in batches of 256: 4 reads of 8 bytes a row.
        assertEquals(4, observed.get("requests").asLong());
        assertEquals(8000, observed.get("bytes").asLong());
        assertEquals(0.001, observed.get("slowestMillis").asDouble());
        JsonNode unobserved = json.readTree(getLines.getLast());
        assertEquals("vortex-jni", unobserved.get("engine").asText());
        assertFalse(unobserved.get("observed").asBoolean());
        assertTrue(unobserved.get("note").asText().contains("cannot observe"));
    }

    @Test
    void warmupRunsComeBeforeTheCountedRunsAndOnlyTheCountedOnesMakeTheMedian() throws IOException {
        Path cpu = dir.resolve("cpu.jsonl");
        Path get = dir.resolve("get.jsonl");
        TestEngines.Recording engine = new TestEngines.Recording();
        BenchResults r = run(options().withWarmup(3).withRuns(2).withCpuLog(Optional.of(cpu))
                .withGetLog(Optional.of(get)), List.of(engine), List.of(new TestQueries.Sum()));
        Measurement m = find(r, "test-sum", "recording");
        assertEquals(Status.OK, m.status(), m.message());
        assertEquals(5, engine.opens(), "3 warm-up runs and 2 counted ones opened the table");
        assertEquals(List.of(0, 1, 2), m.warmupRuns().stream().map(Run::index).toList());
        assertTrue(m.warmupRuns().stream().noneMatch(Run::counted));
        assertEquals(List.of(3, 4), m.runs().stream().map(Run::index).toList());
        assertTrue(m.runs().stream().allMatch(Run::counted));
        // The median is of the two counted runs only.
        assertEquals((m.runs().get(0).wallMillis() + m.runs().get(1).wallMillis()) / 2, m.medianMillis());
        assertEquals(m.warmupRuns().getFirst().wallMillis(), m.firstRunMillis());
        assertEquals(3, r.settings().warmup());
        assertEquals(2, r.settings().runs());
        assertTrue(progress.toString().contains("test-sum on recording: first run w2 w3 1 2 median "),
                progress.toString());
        ObjectMapper json = new ObjectMapper();
        for (Path log : List.of(cpu, get)) {
            List<JsonNode> lines = Files.readAllLines(log).stream().map(l -> {
                try {
                    return json.readTree(l);
                } catch (IOException e) {
                    throw new AssertionError(l, e);
                }
            }).toList();
            assertEquals(List.of(0, 1, 2, 3, 4), lines.stream().map(l -> l.get("run").asInt()).toList(),
                    log.toString());
            assertEquals(List.of(true, true, true, false, false),
                    lines.stream().map(l -> l.get("warmup").asBoolean()).toList(), log.toString());
        }
        List<String> table = ResultsTable.lines(r);
        assertEquals("TPC-H lineitem, scale factor 0.01, median of 2 runs after 3 warm-up runs (ms), ratio to "
                + "vortex-jni", table.getFirst());
        int first = table.indexOf(table.stream().filter(l -> l.startsWith("First run (ms)")).findFirst()
                .orElseThrow(() -> new AssertionError(table)));
        assertTrue(table.get(first + 1).matches("query +recording"), table.toString());
        assertTrue(table.get(first + 3).matches("test-sum +\\d+\\.\\d ms"), table.toString());
        assertEquals(String.format(java.util.Locale.ROOT, "%.1f ms", m.firstRunMillis()),
                table.get(first + 3).replaceFirst("test-sum +", ""));
    }

    @Test
    void aWarmupRunThatDisagreesIsAMismatchAndOneThatThrowsAFailure() throws IOException {
        // flaky's odd runs are wrong: with 3 warm-up runs, run 1 is a warm-up run.
        BenchResults r = run(options().withWarmup(3).withRuns(1), List.of(new TestEngines.Flaky(),
                new TestEngines.Throwing()), List.of(new TestQueries.Sum()));
        Measurement flaky = find(r, "test-sum", "flaky");
        assertEquals(Status.MISMATCH, flaky.status());
        assertTrue(flaky.message().startsWith("run 1 differs from the first run"), flaky.message());
        Measurement throwing = find(r, "test-sum", "throwing");
        assertEquals(Status.FAILED, throwing.status());
        assertTrue(throwing.message().startsWith("run 2 (warm-up run 3 of 3, uncounted) failed: "),
                throwing.message());
        assertEquals(2, throwing.warmupRuns().size());
        assertTrue(throwing.runs().isEmpty());
    }

    @Test
    void restsAndPageCacheEvictionRunInProcess() throws IOException {
        BenchResults r = run(options().withWarmup(2).withRuns(2).withRest(1, 1).withEvictPageCache(true),
                List.of(new TestEngines.Good()), List.of(new TestQueries.Sum()));
        assertEquals(Status.OK, find(r, "test-sum", "good").status(), find(r, "test-sum", "good").message());
        assertEquals(2, find(r, "test-sum", "good").warmupRuns().size());
        assertEquals(2, find(r, "test-sum", "good").runs().size());
        assertTrue(r.settings().evictPageCache());
        assertEquals(1, r.settings().restRuns());
    }

    @Test
    void unknownNamesListTheAvailableOnes() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> run(
                options().withEngines(List.of("good", "nope")), List.of(new TestEngines.Good()),
                List.of(new TestQueries.Sum())));
        assertEquals("--engines: no engine named 'nope'; available: good", e.getMessage());
        e = assertThrows(InvalidArgumentException.class, () -> run(options().withQueries(List.of("q99")),
                List.of(new TestEngines.Good()), List.of(new TestQueries.Sum(), new TestQueries.Even())));
        assertEquals("--queries: no query named 'q99'; available: test-sum, test-even", e.getMessage());
        e = assertThrows(InvalidArgumentException.class, () -> run(options(), List.of(new TestEngines.Good()),
                List.of()));
        assertTrue(e.getMessage().startsWith("no queries to run"), e.getMessage());
    }

    @Test
    void theTableHasARowPerQueryAndAColumnPerEngine() throws IOException {
        BenchResults r = run(options(), List.of(new TestEngines.Reference(), new TestEngines.Good(),
                new TestEngines.Wrong(), new TestEngines.Unavailable()), List.of(new TestQueries.Sum(),
                new TestQueries.Even()));
        List<String> lines = ResultsTable.lines(r);
        assertEquals("TPC-H lineitem, scale factor 0.01, median of 3 runs after 1 warm-up run (ms), ratio to "
                + "vortex-jni", lines.getFirst());
        String header = lines.get(1);
        assertTrue(header.matches("query +vortex-jni +good +wrong +absent"), header);
        List<String> body = lines.subList(3, 5);
        assertTrue(body.get(0).startsWith("test-sum "), body.toString());
        assertTrue(body.get(1).startsWith("test-even "), body.toString());
        for (String row : body) {
            assertTrue(row.matches("\\S+ +\\d+\\.\\d ms +\\d+\\.\\d ms +\\d+\\.\\d\\dx +MISMATCH +unavailable"), row);
            // Right-aligned columns end where the header's do.
            assertEquals(header.length(), row.length(), lines.toString());
            assertEquals(header.indexOf("wrong") + "wrong".length(), row.indexOf("MISMATCH") + "MISMATCH".length(),
                    lines.toString());
        }
        assertTrue(lines.contains("test-sum on wrong: MISMATCH: " + find(r, "test-sum", "wrong").message()));
        assertTrue(lines.contains("test-sum on absent: UNAVAILABLE: " + TestEngines.Unavailable.REASON));
    }
}
