package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code quire convert IN.vortex OUT.vortex}: a reference file rewritten by Quire, compressed or not. */
class ConvertVortexTest {
    @TempDir
    Path dir;

    @Test
    void rewritesAReferenceFileWithTheSameRowsCompressedByDefault() throws IOException {
        Path in = Cli.fixture("mixed_100k.vortex");
        Path compressed = dir.resolve("compressed.vortex");
        Path plain = dir.resolve("plain.vortex");
        Cli.Run run = Cli.run("convert", in.toString(), compressed.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().startsWith("wrote " + compressed + ": 100,000 rows, 5 columns"), run.out());
        Cli.Run runPlain = Cli.run("convert", in.toString(), plain.toString(), "--no-compress");
        assertEquals(0, runPlain.code(), runPlain.err());

        List<String> expected = Cli.run("scan", in.toString(), "-f", "jsonl").lines();
        assertEquals(100_000, expected.size());
        assertEquals(expected, Cli.run("scan", compressed.toString(), "-f", "jsonl").lines());
        assertEquals(expected, Cli.run("scan", plain.toString(), "-f", "jsonl").lines());
        assertTrue(Files.size(compressed) < Files.size(plain), "compressed " + Files.size(compressed)
                + " bytes, uncompressed " + Files.size(plain));
        // Nothing left beside the outputs.
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count());
        }
    }

    @Test
    void schemaIsRefusedForVortexInput() {
        Cli.Run run = Cli.run("convert", Cli.fixture("tiny_5rows.vortex").toString(), dir.resolve("x.vortex")
                .toString(), "--schema", "id:i64");
        assertEquals(2, run.code());
        assertTrue(run.err().contains("--schema applies to CSV input"), run.err());
    }
}
