package dev.quire.testplugin.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin works for class-path users too: a forked {@code java -cp} (the same jars and class directories this
 * test runs with on the module path, with no module path at all) discovers the encoding, the layouts and the I/O
 * providers through {@code META-INF/services} and reads the plugin's files.
 */
class ClassPathDiscoveryTest {
    private static final long TIMEOUT_SECONDS = 120;

    @TempDir
    Path dir;

    /** Every entry of this JVM's module path and class path, plus the test classes (patched into the module). */
    private static String classPath() {
        List<String> entries = new ArrayList<>();
        for (String property : List.of("jdk.module.path", "java.class.path")) {
            String value = System.getProperty(property, "");
            if (!value.isEmpty()) {
                entries.addAll(Arrays.asList(value.split(File.pathSeparator)));
            }
        }
        Path testClasses = Path.of(System.getProperty("basedir", "."), "target", "test-classes");
        assertTrue(Files.isDirectory(testClasses.resolve("dev/quire/testplugin/internal")),
                "test classes at " + testClasses);
        entries.add(testClasses.toString());
        assertTrue(entries.stream().anyMatch(e -> e.contains("module-layout")), "the layout module is on " + entries);
        return String.join(File.pathSeparator, entries);
    }

    @Test
    void aClassPathJvmFindsThePluginThroughServiceFilesAndReadsTheFile() throws Exception {
        Path file = PluginFiles.write(dir.resolve("plugin.vortex"));
        Path concat = ConcatFiles.write(dir.resolve("concat.vortex"));
        Path stdout = dir.resolve("stdout.txt");
        Path stderr = dir.resolve("stderr.txt");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(java.toString(), "--enable-native-access=ALL-UNNAMED",
                "-cp", classPath(), ClassPathProbe.class.getName(), file.toString(),
                concat.toString())
                .directory(dir.toFile())
                .redirectOutput(stdout.toFile())
                .redirectError(stderr.toFile())
                .start();
        boolean finished = process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (!finished) {
            process.destroyForcibly();
        }
        assertTrue(finished, "the probe did not finish in " + TIMEOUT_SECONDS + " s");
        String err = Files.readString(stderr);
        assertEquals(0, process.exitValue(), "probe failed: " + err);
        assertEquals("", err, "the class-path run prints no warnings or errors");

        Map<String, String> out = parse(stdout);
        assertEquals("false", out.get("layout-module-named"), "Quire itself is on the class path");
        assertEquals("false", out.get("plugin-module-named"), "the plugin is on the class path");
        assertEquals(FrameOfReferenceEncoding.class.getName(), out.get("encoding"));
        assertEquals(SplitEveryLayout.class.getName(), out.get("layout"));
        assertEquals("test-unavailable,test-pattern,mmap,posix,test-pattern-fallback", out.get("providers"));
        assertEquals(Integer.toString(PluginFiles.ROWS), out.get("rows"));
        assertEquals(Arrays.toString(PluginFiles.expectedBoundaries(List.of("id", "maybe", "plain"))),
                out.get("boundaries"));
        assertEquals(FrameOfReferenceArray.ID, out.get("chunk-encoding"));
        assertEquals(Long.toString(PluginFiles.idChecksum()), out.get("id-checksum"));

        assertEquals(SegmentLayout.class.getName(), out.get("segment-layout"));
        assertEquals(ConcatLayout.class.getName(), out.get("concat-layout"));
        assertEquals(Arrays.toString(ConcatFiles.expectedBoundaries(List.of("a", "b", "c"))),
                out.get("concat-boundaries"));
        // The three concat nodes and c's split_every part: no segment is built to learn where it ends.
        assertEquals("4", out.get("concat-nodes-built"));
        long checksum = 0;
        for (long row = 0; row < ConcatFiles.ROWS; row++) {
            checksum += ConcatFiles.a(row);
        }
        assertEquals(Long.toString(checksum), out.get("concat-a-checksum"));
    }

    private static Map<String, String> parse(Path stdout) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(stdout)) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                out.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return out;
    }
}
