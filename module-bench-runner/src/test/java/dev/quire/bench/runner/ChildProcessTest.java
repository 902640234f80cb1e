package dev.quire.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.results.BenchResults;
import dev.quire.bench.runner.results.Measurement;
import dev.quire.bench.runner.results.Status;
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
        assertEquals(3, good.runs().size());
        assertTrue(good.runs().stream().allMatch(run -> run.rows() == 1000 && run.wallMillis() > 0));
        assertTrue(good.medianMillis() > 0);
        Measurement noisy = find(r, "noisy");
        assertEquals(Status.OK, noisy.status(), noisy.message());
        assertEquals(3, noisy.runs().size());
        Measurement wrong = find(r, "wrong");
        assertEquals(Status.MISMATCH, wrong.status());
        assertTrue(wrong.message().startsWith("differs from good: result \"sum=499501"), wrong.message());
        assertEquals(Runner.EXIT_FAILED, Runner.exitCode(r));
        // The children's heap is reported, and CPU time is measured in them.
        assertTrue(r.environment().maxHeapBytes() > 0);
        assertTrue(good.runs().stream().allMatch(run -> run.cpuMillis() >= 0), good.runs().toString());
        assertEquals(9, Files.readAllLines(cpu).size());
        assertTrue(Files.exists(dir.resolve("out").resolve(BenchOutputs.RESULTS_FILE)));
        assertTrue(Files.readString(dir.resolve("out").resolve(BenchOutputs.REPORT_FILE)).contains("<svg"),
                "the HTML report is written beside the results");
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
        assertEquals(1, crashing.runs().size());
        Measurement slow = find(r, "slow");
        assertEquals(Status.FAILED, slow.status());
        assertEquals("run 1 did not finish within 8 s (--timeout) and was stopped", slow.message());
        assertEquals(Runner.EXIT_FAILED, Runner.exitCode(r));
    }
}
