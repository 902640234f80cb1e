package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.io.store.LocalDirectoryStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code quire convert} into a {@code file:} URI: an object of the local-directory store, uploaded in parts. */
class ConvertToStoreTest {
    @TempDir
    Path dir;

    private Path csv(String name, int rows, String badAt) throws IOException {
        StringBuilder text = new StringBuilder("id,name\n");
        for (int i = 0; i < rows; i++) {
            text.append(i == rows - 1 && badAt != null ? badAt : Integer.toString(i)).append(",n").append(i % 13)
                    .append('\n');
        }
        return Files.writeString(dir.resolve(name), text);
    }

    /** What the staging directory of the store rooted at {@code root} still holds: nothing, after any write. */
    private static List<Path> staged(Path root) throws IOException {
        Path staging = root.resolve(LocalDirectoryStore.STAGING);
        if (!Files.exists(staging)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(staging)) {
            return files.filter(Files::isRegularFile).toList();
        }
    }

    @Test
    void aCsvAndAVortexFileAreWrittenAsObjectsWithTheSameRowsAsLocalFiles() throws IOException {
        Path in = csv("rows.csv", 30_000, null);
        Path local = dir.resolve("local.vortex");
        assertEquals(0, Cli.run("convert", in.toString(), local.toString()).code());
        Path store = Files.createDirectory(dir.resolve("store"));
        Path object = store.resolve("rows.vortex");

        Cli.Run run = Cli.run("convert", in.toString(), object.toUri().toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().startsWith("wrote " + object.toUri() + ": 30,000 rows, 2 columns"), run.out());
        assertArrayEquals(Files.readAllBytes(local), Files.readAllBytes(object), "the same file, written in parts");
        assertEquals(List.of(), staged(store));

        Path rewritten = store.resolve("rewritten.vortex");
        Cli.Run rewrite = Cli.run("convert", local.toString(), rewritten.toUri().toString());
        assertEquals(0, rewrite.code(), rewrite.err());
        assertEquals(Cli.run("scan", local.toString(), "-f", "csv").out(),
                Cli.run("scan", rewritten.toString(), "-f", "csv").out());
        assertEquals(List.of(), staged(store));
    }

    @Test
    void aFailedConversionLeavesNothingUnderTheKeyAndTheOldObjectInPlace() throws IOException {
        Path store = Files.createDirectory(dir.resolve("store"));
        // The bad value is in the last row: by then the uncompressed rows before it (over 10 MiB) have gone up as
        // parts of 8 MiB, which the failed conversion must abort.
        Path in = csv("bad.csv", 500_000, "not-a-number");
        Cli.Run fresh = Cli.run("convert", in.toString(), store.resolve("new.vortex").toUri().toString(),
                "--schema", "id:i64", "--no-compress", "--batch-rows", "65536");
        assertNotEquals(0, fresh.code());
        assertTrue(fresh.err().contains("not-a-number"), fresh.err());
        assertFalse(Files.exists(store.resolve("new.vortex")), "nothing under the key");
        assertEquals(List.of(), staged(store), "the aborted upload's parts are gone");

        Path old = Files.writeString(store.resolve("old.vortex"), "the object before");
        Cli.Run replace = Cli.run("convert", in.toString(), old.toUri().toString(), "--schema", "id:i64");
        assertNotEquals(0, replace.code());
        assertEquals("the object before", Files.readString(old));
        assertEquals(List.of(), staged(store));
    }

    @Test
    void aUriNoProviderWritesAndAMissingDirectoryAreNamed() throws IOException {
        Path in = csv("rows.csv", 10, null);
        // The http provider reads URLs but hands out no store to write them.
        Cli.Run http = Cli.run("convert", in.toString(), "https://example.org/rows.vortex");
        assertNotEquals(0, http.code());
        assertTrue(http.err().contains("no available I/O provider writes https://example.org/rows.vortex"),
                http.err());
        assertTrue(http.err().contains("http (reads only)"), http.err());
        Cli.Run unknown = Cli.run("convert", in.toString(), "gs://bucket/rows.vortex");
        assertNotEquals(0, unknown.code());
        assertTrue(unknown.err().contains("no available I/O provider writes gs://bucket/rows.vortex"), unknown.err());
        // An s3: URI must name a key; the message names the URI.
        Cli.Run noKey = Cli.run("convert", in.toString(), "s3://bucket");
        assertNotEquals(0, noKey.code());
        assertTrue(noKey.err().contains("s3://bucket"), noKey.err());

        Path missing = dir.resolve("no-such-dir").resolve("rows.vortex");
        Cli.Run run = Cli.run("convert", in.toString(), missing.toUri().toString());
        assertNotEquals(0, run.code());
        assertTrue(run.err().contains("no-such-dir"), run.err());
        assertFalse(Files.exists(missing.getParent()));
    }
}
