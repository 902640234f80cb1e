package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.io.spi.IoProviders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code quire io}: the providers on the module path, their probes, and the choice for a file. */
class IoCommandTest {

    @Test
    void listsTheProvidersHighestPriorityFirst() {
        Cli.Run run = Cli.run("io");
        assertEquals(0, run.code(), run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.getFirst().matches("provider +priority +available"), run.out());
        assertTrue(lines.get(1).matches("mmap +20 +yes"), run.out());
        // uring's probe sets up a ring; where the kernel refuses, the line says why instead.
        assertTrue(lines.get(2).matches("uring +15 +(yes \\(io_uring with .*\\)|no: .*)"), run.out());
        // Equal priorities go by name: the http provider (module-io-store), posix, then s3 (module-io-s3).
        assertTrue(lines.get(3).matches("http +10 +yes"), run.out());
        assertTrue(lines.get(4).matches("posix +10 +yes"), run.out());
        assertTrue(lines.get(5).matches("s3 +10 +yes"), run.out());
    }

    @Test
    void saysWhichProviderReadsAFile(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("x.vortex"), "not even a vortex file");
        Cli.Run run = Cli.run("io", file.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().lines().anyMatch(l -> l.matches("mmap +20 +yes +yes")), run.out());
        assertTrue(run.out().endsWith(file + " is read with mmap" + System.lineSeparator()), run.out());

        Cli.Run posix = Cli.run("io", file.toString(), "--set", IoProviders.PROVIDER.key() + "=posix");
        assertEquals(0, posix.code(), posix.err());
        assertTrue(posix.out().endsWith(file + " is read with posix" + System.lineSeparator()), posix.out());
        Cli.Run bad = Cli.run("io", file.toString(), "--set", IoProviders.PROVIDER.key() + "=nope");
        assertEquals(2, bad.code(), "a provider the command line names must exist: " + bad.err());
        assertTrue(bad.err().contains("--set quire.io=nope: no I/O provider named `nope`")
                && bad.err().contains("mmap"), bad.err());
    }
}
