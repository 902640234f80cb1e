package dev.quire.bench.runner.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.results.IoReport;
import dev.quire.errors.QuireIoException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The protocol's parts: the child's command line, the wire format, statistics, checks, rests and eviction. */
class ProtocolTest {
    private static RunReport run(int index, long rows, String result) {
        return new RunReport(index, index > 0, 10 + index, 5, 1, rows, result, Optional.empty(), Optional.empty());
    }

    @Test
    void aModularRunnerStartsItsModuleWithTheModulePathAndTheFlagsThatMatter() {
        List<String> input = List.of("--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xmx2g", "-Dquire.io=posix",
                "--enable-native-access=dev.quire.bench.runner", "-agentlib:jdwp=transport=dt_socket,server=y",
                "--module-path=/old", "-Djava.class.path=/cp", "-XX:+UseParallelGC", "-javaagent:/x.jar",
                "--patch-module=dev.quire.bench.runner=/tests", "--sun-misc-unsafe-memory-access=allow", "-ea");
        List<String> command = JvmCommand.build("/jdk/bin/java", input, Optional.of("dev.quire.bench.runner"),
                List.of(), Optional.of("/mods"), "", "dev.quire.bench.runner.protocol.ChildMain",
                List.of("--runs", "5"));
        assertEquals(List.of("/jdk/bin/java", "--add-opens=java.base/java.nio=ALL-UNNAMED", "-Xmx2g",
                "-Dquire.io=posix", "--enable-native-access=dev.quire.bench.runner", "-XX:+UseParallelGC",
                "--patch-module=dev.quire.bench.runner=/tests", "--sun-misc-unsafe-memory-access=allow",
                "--module-path", "/mods", "-m", "dev.quire.bench.runner/dev.quire.bench.runner.protocol.ChildMain",
                "--runs", "5"), command);
    }

    /** A child uses the parent's AOT cache, but never writes one: its files would be the parent's. */
    @Test
    void anAotCacheIsPassedOnButATrainingRunIsNot() {
        List<String> training = List.of("-XX:AOTCacheOutput=/img/lib/quire.aot", "-XX:AOTMode=record",
                "-XX:AOTConfiguration=/img/lib/quire.aot.config", "-Xmx1g");
        assertEquals(List.of("-Xmx1g"), JvmCommand.passedOn(training));
        assertEquals(List.of("-XX:AOTCache=/img/lib/quire.aot"),
                JvmCommand.passedOn(List.of("-XX:AOTCache=/img/lib/quire.aot")));
    }

    @Test
    void inTheJlinkImageTheModuleIsStartedWithoutAModulePath() {
        List<String> command = JvmCommand.build("/image/bin/java", List.of(), Optional.of("dev.quire.bench.runner"),
                List.of("dev.quire.cli", "info.picocli"), Optional.empty(), "", "p.Main", List.of("a"));
        assertEquals(List.of("/image/bin/java", "--add-modules=dev.quire.cli,info.picocli", "-m",
                "dev.quire.bench.runner/p.Main", "a"), command);
    }

    @Test
    void onTheClassPathTheSameClassPathAndMainClassAreUsed() {
        List<String> command = JvmCommand.build("java", List.of("--enable-native-access=ALL-UNNAMED"),
                Optional.empty(), List.of(), Optional.empty(), "/b/benchmarks.jar", "p.Main", List.of("a"));
        assertEquals(List.of("java", "--enable-native-access=ALL-UNNAMED", "-cp", "/b/benchmarks.jar", "p.Main",
                "a"), command);
    }

    @Test
    void eventsSurviveTheWireAndOtherLinesAreSkipped() {
        RunReport r = new RunReport(3, true, 12.5, 30.25, 7.75, 1000, "a \"quoted\"\nresult ✓",
                Optional.of(new ReadStats.Summary(4, 8000, 0.5)), Optional.empty());
        RunReport posix = new RunReport(1, true, 2, 3, -1, 4, "r", Optional.empty(), Optional.of(new IoReport(
                "posix:window=64k-4m", 10, 9_000_000, 8, 9_100_000, 1, 1, 0, 512, 4096, 5000,
                new IoReport.FastPath(6, 3, 2, 1, 2, 1, 6_000_000, 1_000_000), null, "")));
        RunReport mmap = new RunReport(2, true, 2, 3, 0, 4, "r", Optional.empty(), Optional.of(new IoReport("mmap", 10,
                900, 10, 900, 0, 0, 0, 1, 2, 3, null, null, "a \"note\"")));
        RunReport store = new RunReport(4, true, 2, 3, 0, 4, "r", Optional.empty(), Optional.of(new IoReport("http",
                10, 900, 4, 1200, 2, 6, 0, 1, 2, 3, null, new IoReport.Store(4, 1200, 5, 1200, 1, 0, 128, 256, 512,
                700), "")));
        List<Event> events = List.of(new Event.Started(1 << 30), new Event.RunDone(r), new Event.RunDone(posix),
                new Event.RunDone(mmap), new Event.RunDone(store), new Event.Failed("boom"), new Event.Finished());
        for (Event e : events) {
            String line = Wire.encode(e);
            assertTrue(!line.contains("\n"), line);
            assertEquals(Optional.of(e), Wire.decode(line));
        }
        for (String junk : List.of("", "hello", "{", "{\"quireBench\": ", "{\"other\": 1}",
                "{\"quireBench\": \"gossip\"}", "[\"quireBench\"]", "{\"quireBench\": 3}")) {
            assertEquals(Optional.empty(), Wire.decode(junk), junk);
        }
    }

    @Test
    void theJitsCpuIsReadFromTheCompilerThreadsOfThisProcess() {
        assertTrue(JitCpu.isCompilerThread("C2 CompilerThre"));
        assertTrue(JitCpu.isCompilerThread("C1 CompilerThre"));
        assertFalse(JitCpu.isCompilerThread("main"));
        assertFalse(JitCpu.isCompilerThread("GC Thread#0"));
        assertEquals(1234567, JitCpu.onCpuNanos("1234567 890 12\n"));
        long first = JitCpu.nanos();
        if (java.nio.file.Files.isDirectory(java.nio.file.Path.of("/proc/self/task"))) {
            // A JVM that has run JUnit has compiled something, and the compilers' time only grows.
            assertTrue(first > 0, "compiler threads' CPU: " + first);
            assertTrue(JitCpu.nanos() >= first);
        } else {
            assertEquals(-1, first);
        }
    }

    @Test
    void mediansOfOddAndEvenCountsAndRatios() {
        assertEquals(new Stats(2, 1, 9), Stats.of(new double[] {9, 1, 2}));
        assertEquals(new Stats(3.5, 1, 9), Stats.of(new double[] {9, 1, 2, 5}));
        assertEquals(Stats.NONE, Stats.of(new double[0]));
        // The first run is not counted.
        assertEquals(new Stats(11.5, 11, 12), Stats.of(List.of(run(0, 1, "r"), run(1, 1, "r"), run(2, 1, "r"))));
        assertEquals(0.5, Stats.ratio(5, 10));
        assertNull(Stats.ratio(-1, 10));
        assertNull(Stats.ratio(5, -1));
    }

    @Test
    void checksShowBothValuesAroundTheFirstDifference() {
        assertEquals(Optional.empty(), Checks.acrossRuns(List.of(run(0, 5, "x"), run(1, 5, "x"))));
        assertEquals(Optional.of("run 2 differs from the first run: rows 6 vs 5"),
                Checks.acrossRuns(List.of(run(0, 5, "x"), run(1, 5, "x"), run(2, 6, "x"))));
        String a = "a".repeat(100) + "X" + "b".repeat(100);
        String b = "a".repeat(100) + "Y" + "b".repeat(100);
        String shown = Checks.shortened(a, b);
        assertEquals("\"…" + "a".repeat(40) + "X" + "b".repeat(39) + "…\" vs \"…" + "a".repeat(40) + "Y"
                + "b".repeat(39) + "…\" (first difference at character 100)", shown);
        assertEquals("\"ab\" vs \"abc\" (first difference at character 2)", Checks.shortened("ab", "abc"));
        assertEquals(Optional.of("differs from ref: rows 1 vs 2; result \"p\\\"\" vs \"q\" (first difference at "
                + "character 0)"), Checks.againstReference(run(0, 1, "p\""), "ref", run(0, 2, "q")));
    }

    @Test
    void restsFollowEveryNRuns() {
        RunPlan plan = new RunPlan(1, 5, 2, 10, Optional.empty(), 0, false, false);
        // Runs 0..5: rest after the 2nd and 4th, not after the last.
        List<Boolean> rests = java.util.stream.IntStream.rangeClosed(0, 5).mapToObj(plan::restsAfter).toList();
        assertEquals(List.of(false, true, false, true, false, false), rests);
        RunPlan never = new RunPlan(1, 5, 0, 10, Optional.empty(), 0, false, false);
        assertTrue(java.util.stream.IntStream.rangeClosed(0, 5).noneMatch(never::restsAfter));
    }

    @Test
    void warmupRunsComeFirstAreNotCountedAndCountTowardsRests() {
        RunPlan plan = new RunPlan(3, 2, 2, 10, Optional.empty(), 0, false, false);
        assertEquals(5, plan.totalRuns());
        assertEquals(List.of(false, false, false, true, true),
                java.util.stream.IntStream.range(0, 5).mapToObj(plan::counted).toList());
        // Runs 0..4 (0..2 warm-up): rest after the 2nd (a warm-up run) and the 4th, not after the last.
        assertEquals(List.of(false, true, false, true, false),
                java.util.stream.IntStream.range(0, 5).mapToObj(plan::restsAfter).toList());
        assertEquals("run 1 (warm-up run 2 of 3, uncounted)", plan.describe(1));
        assertEquals("run 3", plan.describe(3));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new RunPlan(0, 2, 0, 0, Optional.empty(), 0, false, false));
        assertTrue(e.getMessage().contains("warm-up 0"), e.getMessage());
    }

    @Test
    void theChildIsToldTheWarmupRuns() {
        RunPlan plan = new RunPlan(4, 2, 0, 0, Optional.of("mmap"), 0, false, true);
        List<String> args = ChildMain.arguments(new dev.quire.bench.runner.TestEngines.Good(),
                new dev.quire.bench.runner.TestQueries.Sum(), Path.of("/data/x.txt"), plan);
        int at = args.indexOf("--warmup");
        assertTrue(at >= 0, args.toString());
        assertEquals("4", args.get(at + 1));
        assertEquals("2", args.get(args.indexOf("--runs") + 1));
    }

    @Test
    void pageCacheEvictionWorksOnFilesAndDirectoriesAndNamesAMissingFile(@TempDir Path dir) throws IOException {
        Path file = Files.write(dir.resolve("a.bin"), new byte[1 << 16]);
        Files.createDirectories(dir.resolve("sub"));
        Files.write(dir.resolve("sub/b.bin"), new byte[100]);
        PageCache.evict(file);
        PageCache.evict(dir);
        QuireIoException e = assertThrows(QuireIoException.class, () -> PageCache.evict(dir.resolve("missing")));
        assertEquals("--evict-page-cache: no such file: " + dir.resolve("missing"), e.getMessage());
    }

    @Test
    void durationsAreWrittenPlainly() {
        assertEquals("10 min", Measure.format(java.time.Duration.ofMinutes(10)));
        assertEquals("90 s", Measure.format(java.time.Duration.ofSeconds(90)));
        assertEquals("1500 ms", Measure.format(java.time.Duration.ofMillis(1500)));
    }
}
