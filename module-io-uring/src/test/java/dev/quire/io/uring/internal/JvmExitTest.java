package dev.quire.io.uring.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A JVM that exits while thousands of reads are in the kernel exits cleanly: Quire frees nothing at shutdown, so the
 * kernel never writes into memory the JVM gave back, and the ring is torn down with the process.
 */
@EnabledOnOs(value = OS.LINUX, disabledReason = "io_uring is Linux only")
class JvmExitTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"buffered", "direct"})
    void exitingWithReadsInFlightIsClean(String mode) throws Exception {
        Path file = dir.resolve("f.bin");
        TestFiles.write(file, 64 << 20, 3);
        Path testClasses = Path.of(ExitWhileReading.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> command = new ArrayList<>(List.of(java, "--enable-native-access=dev.quire.io.posix",
                "--module-path", System.getProperty("jdk.module.path"),
                "--patch-module", "dev.quire.io.uring=" + testClasses,
                "--add-modules", "dev.quire.io.uring",
                "-m", "dev.quire.io.uring/" + ExitWhileReading.class.getName(), file.toString(), mode));
        Path out = dir.resolve("out.txt");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(out.toFile()).start();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "the program exits");
        String printed = Files.readString(out);
        assertEquals(0, p.exitValue(), printed);
        assertTrue(printed.contains("exiting with reads in flight"), printed);
        File[] crashes = dir.toFile().listFiles((d, name) -> name.startsWith("hs_err"));
        assertEquals(0, crashes == null ? 0 : crashes.length, "no crash log");
    }
}
