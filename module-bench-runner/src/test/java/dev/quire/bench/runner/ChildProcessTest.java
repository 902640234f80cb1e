package dev.quire.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.engines.QuireEngine;
import dev.quire.bench.runner.results.BenchResults;
import dev.quire.bench.runner.results.IoReport;
import dev.quire.bench.runner.results.Measurement;
import dev.quire.bench.runner.results.Run;
import dev.quire.bench.runner.results.Status;
import dev.quire.bench.runner.spi.IoVariant;
import dev.quire.bench.runner.spi.Query;
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

/**
 * The protocol end to end with child JVMs started from this (module-path) test JVM. Each measurement starts a JVM,
 * so the tests keep to a few.
 */
class ChildProcessTest {
    @TempDir
    Path dir;

    private BenchResults run(BenchOptions options, Workload workload) throws IOException {
        StringWriter progress = new StringWriter();
        return new Runner(options, workload, new PrintWriter(progress, true)).run();
    }

    private BenchOptions options() {
        return BenchOptions.defaults().withScaleFactor(0.01).withRuns(2).withDataDir(dir.resolve("data"))
                .withOutDir(dir.resolve("out")).withTimeout(Duration.ofSeconds(60));
    }

    private static Measurement find(BenchResults r, String engine) {
        return r.measurements().stream().filter(m -> m.engine().equals(engine)).findFirst().orElseThrow();
    }

    @Test
    void childrenRunTheQueriesAndTheirOtherOutputDoesNotBreakTheProtocol() throws IOException {
        Path cpu = dir.resolve("cpu.jsonl");
        BenchResults r = run(options().withCpuLog(Optional.of(cpu)), new Workload(List.of(new TestEngines.Good(),
                new TestEngines.Noisy(), new TestEngines.Wrong()), List.of(new TestQueries.Sum())));
        Measurement good = find(r, "good");
        assertEquals(Status.OK, good.status(), good.message());
        assertEquals("sum=499500 head=[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]", good.result());
        assertEquals(1, good.warmupRuns().size());
        assertEquals(2, good.runs().size());
        assertTrue(good.runs().stream().allMatch(run -> run.rows() == 1000 && run.wallMillis() > 0));
        assertTrue(good.firstRunMillis() > 0);
        assertTrue(good.medianMillis() > 0);
        Measurement noisy = find(r, "noisy");
        assertEquals(Status.OK, noisy.status(), noisy.message());
        assertEquals(2, noisy.runs().size());
        Measurement wrong = find(r, "wrong");
        assertEquals(Status.MISMATCH, wrong.status());
        assertTrue(wrong.message().startsWith("differs from good: result \"sum=499501"), wrong.message());
        assertEquals(Runner.EXIT_FAILED, Runner.exitCode(r));
        // The children's heap is reported, and CPU time is measured in them.
        assertTrue(r.environment().maxHeapBytes() > 0);
        assertTrue(good.runs().stream().allMatch(run -> run.cpuMillis() >= 0), good.runs().toString());
        assertTrue(good.warmupRuns().getFirst().cpuMillis() >= 0, good.warmupRuns().toString());
        assertEquals(9, Files.readAllLines(cpu).size());
        assertTrue(Files.exists(dir.resolve("out").resolve(BenchOutputs.RESULTS_FILE)));
        assertTrue(Files.readString(dir.resolve("out").resolve(BenchOutputs.REPORT_FILE)).contains("<svg"),
                "the HTML report is written beside the results");
    }

    @Test
    void eachIoVariantRunsInAChildOfItsOwnThatReadsWithItsSettings() throws IOException {
        List<IoVariant> io = IoVariant.parseList("mmap,posix:nowait=off,posix:window=0-1g");
        Query q6 = Workload.standardQueries().stream().filter(q -> q.name().equals("q6")).findFirst().orElseThrow();
        BenchResults r = run(options().withWarmup(2).withRuns(1).withIo(io).withTimeout(Duration.ofMinutes(2)),
                new Workload(List.of(new QuireEngine()), List.of(q6)));
        assertEquals(List.of("quire/mmap", "quire/posix:nowait=off", "quire/posix:window=0-1g"),
                r.measurements().stream().map(Measurement::label).toList());
        assertEquals("mmap,posix:nowait=off,posix:window=0-1g", r.settings().io());
        for (Measurement m : r.measurements()) {
            assertEquals(Status.OK, m.status(), m.label() + ": " + m.message());
            assertEquals(List.of(0, 1), m.warmupRuns().stream().map(Run::index).toList(),
                    "the child did the warm-up runs it was told to");
            assertEquals(List.of(2), m.runs().stream().map(Run::index).toList());
            for (Run run : m.runs()) {
                IoReport report = run.io();
                assertEquals(m.io(), report.reader(), "the child read with the variant it was given");
                assertTrue(report.reads() > 0 && report.bytesRead() > 0, report.toString());
                switch (m.io()) {
                    case "mmap" -> assertNull(report.fastPath());
                    case "posix:nowait=off" -> assertEquals(0, report.fastPath().attempted()
                            + report.fastPath().skipped(), "the fast path was off in the child: " + report);
                    default -> assertTrue(report.fastPath().attempted() > 0,
                            "the child tried every read inline: " + report);
                }
            }
        }
        assertEquals(Runner.EXIT_OK, Runner.exitCode(r), "every variant's result equals the first's");
        BenchResults read = BenchResults.read(dir.resolve("out").resolve(BenchOutputs.RESULTS_FILE));
        assertEquals(r.measurements(), read.measurements(), "results.json keeps the variants and their reads");
        List<String> table = ResultsTable.lines(r);
        assertTrue(table.stream().anyMatch(l -> l.startsWith("q6") && l.contains("quire/posix:window=0-1g")
                && l.contains("fast path: ")), String.join("\n", table));
        String html = Files.readString(dir.resolve("out").resolve(BenchOutputs.REPORT_FILE));
        assertTrue(html.contains("<h2>Reads</h2>") && html.contains("quire/posix:nowait=off"), "the report");
    }

    @Test
    void aChildThatCrashesOrHangsFailsItsMeasurementAndTheSessionGoesOn() throws IOException {
        BenchResults r = run(options().withRuns(1).withTimeout(Duration.ofSeconds(8)),
                new Workload(List.of(new TestEngines.Crashing(), new TestEngines.Slow()),
                        List.of(new TestQueries.Sum())));
        Measurement crashing = find(r, "crashing");
        assertEquals(Status.FAILED, crashing.status());
        assertTrue(crashing.message().startsWith("the child JVM exited (code " + TestEngines.Crashing.EXIT
                + ") after 1 run(s) without reporting an error"), crashing.message());
        assertTrue(crashing.message().contains("crashing on purpose"), crashing.message());
        assertEquals(1, crashing.warmupRuns().size());
        assertTrue(crashing.runs().isEmpty());
        Measurement slow = find(r, "slow");
        assertEquals(Status.FAILED, slow.status());
        assertEquals("run 1 did not finish within 8 s (--timeout) and was stopped", slow.message());
        assertEquals(Runner.EXIT_FAILED, Runner.exitCode(r));
    }
}
