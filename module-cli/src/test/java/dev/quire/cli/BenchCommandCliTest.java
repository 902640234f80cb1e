package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code quire bench}: the runner's command mounted in the CLI, with its options and the CLI's exit codes. (Running
 * queries is tested in {@code module-bench-runner}; this build of the CLI may have no engine to run.)
 */
class BenchCommandCliTest {
    @Test
    void helpListsTheRunnersOptions() {
        Cli.Run run = Cli.run("bench", "--help");
        assertEquals(0, run.code(), run.err());
        for (String option : new String[] {"--sf", "--runs", "--rest-runs", "--rest-ms", "--engines", "--queries",
            "--io", "--threads", "--evict-page-cache", "--cpu-log", "--get-log", "--data-dir", "--out",
            "--in-process", "--timeout"}) {
            assertTrue(run.out().contains(option), option + " in\n" + run.out());
        }
    }

    @Test
    void badOptionsAreUsageErrors() {
        Cli.Run run = Cli.run("bench", "--runs", "0");
        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().startsWith("quire: --runs must be at least 1"), run.err());
        assertTrue(run.err().contains("Try 'quire bench --help'"), run.err());
        run = Cli.run("bench", "--timeout", "later");
        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().contains("'later' is not a duration"), run.err());
    }

    @Test
    void anUnknownEngineIsAUsageErrorNamingIt(@TempDir Path dir) {
        Cli.Run run = Cli.run("bench", "--engines", "no-such-engine", "--sf", "0.01", "--data-dir",
                dir.resolve("data").toString(), "--out", dir.resolve("out").toString());
        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().startsWith("quire: --engines: no engine named 'no-such-engine'; available: "),
                run.err());
    }
}
