package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exit codes and messages: 0 success, 2 bad usage, 1 failure with one line `quire: <message>`. */
class CliTest {

    @Test
    void helpListsTheCommandsAndSucceedsQuietly() {
        Cli.Run run = Cli.run("--help");
        assertEquals(0, run.code());
        for (String command : new String[] {"inspect", "scan", "count", "convert", "demo"}) {
            assertTrue(run.out().contains(command), run.out());
        }
        assertEquals("", run.err());
    }

    /**
     * Every command's help renders: picocli formats descriptions with {@code String.format}, so a stray {@code %} makes
     * it print a warning to the process's standard error and show the raw text.
     */
    @Test
    void everyCommandsHelpRendersWithoutPicocliWarnings() {
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            for (String command : Main.commandLine(new PrintWriter(Writer.nullWriter()),
                    new PrintWriter(Writer.nullWriter())).getSubcommands().keySet()) {
                Cli.Run run = Cli.run(command, "--help");
                assertEquals(0, run.code(), command + ": " + run.err());
                assertTrue(run.out().contains("Usage: quire " + command), run.out());
                assertFalse(run.out().contains("%n"), command + " help shows raw format text: " + run.out());
            }
        } finally {
            System.setErr(saved);
        }
        assertEquals("", captured.toString(StandardCharsets.UTF_8));
        assertTrue(Cli.run("scan", "--help").out().contains("name like 'a%'"));
    }

    @Test
    void versionNamesTheProgram() {
        Cli.Run run = Cli.run("--version");
        assertEquals(0, run.code());
        assertTrue(run.out().startsWith("quire "), run.out());
    }

    @Test
    void noCommandIsBadUsage() {
        Cli.Run run = Cli.run();
        assertEquals(2, run.code());
        assertTrue(run.err().startsWith("quire: missing command"), run.err());
        assertTrue(run.err().contains("Try 'quire --help'"), run.err());
    }

    @Test
    void unknownCommandIsBadUsageWithASuggestion() {
        Cli.Run run = Cli.run("scna", "x.vortex");
        assertEquals(2, run.code());
        assertTrue(run.err().startsWith("quire: "), run.err());
        assertTrue(run.err().contains("scan"), "suggests scan: " + run.err());
    }

    @Test
    void unknownOptionAndBadValuesAreBadUsage() {
        assertEquals(2, Cli.run("scan", "--bogus", "x.vortex").code());
        assertEquals(2, Cli.run("scan", "--format", "xml", "x.vortex").code());
        assertEquals(2, Cli.run("scan", "--limit", "ten", "x.vortex").code());
        assertEquals(2, Cli.run("scan", "x.vortex", "--limit", "-1").code());
        assertEquals(2, Cli.run("inspect").code());
        Cli.Run run = Cli.run("convert", "only-one-argument.csv");
        assertEquals(2, run.code());
        assertTrue(run.err().contains("Try 'quire convert --help'"), run.err());
    }

    @Test
    void aMissingFileFailsWithOneLine(@TempDir Path dir) {
        Path missing = dir.resolve("missing.vortex");
        for (String command : new String[] {"inspect", "scan"}) {
            Cli.Run run = Cli.run(command, missing.toString());
            assertEquals(1, run.code());
            assertEquals("quire: no such file: " + missing + System.lineSeparator(), run.err());
            assertEquals("", run.out());
        }
    }

    @Test
    void aDirectoryIsNotAFile(@TempDir Path dir) {
        Cli.Run run = Cli.run("inspect", dir.toString());
        assertEquals(1, run.code());
        assertEquals("quire: " + dir + " is a directory, not a file" + System.lineSeparator(), run.err());
    }

    @Test
    void aFileThatIsNotVortexFailsWithOneLine(@TempDir Path dir) throws IOException {
        Path text = dir.resolve("notes.vortex");
        Files.writeString(text, "these are not the bytes you are looking for");
        Cli.Run run = Cli.run("scan", text.toString());
        assertEquals(1, run.code());
        assertTrue(run.err().startsWith("quire: "), run.err());
        assertTrue(run.err().contains("not a Vortex file"), run.err());
        assertEquals(1, run.err().lines().count(), "one line, no stack trace: " + run.err());
    }

    @Test
    void aCorruptFooterFailsWithOneLine(@TempDir Path dir) throws IOException {
        byte[] bytes = Files.readAllBytes(Cli.fixture("tiny_5rows.vortex"));
        // Scribble over the flatbuffers before the postscript; the end-of-file marker stays intact.
        Arrays.fill(bytes, bytes.length - 600, bytes.length - 200, (byte) 0x7F);
        Path corrupt = dir.resolve("corrupt.vortex");
        Files.write(corrupt, bytes);
        Cli.Run run = Cli.run("inspect", corrupt.toString());
        assertEquals(1, run.code());
        assertTrue(run.err().startsWith("quire: "), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertEquals("", run.out());
    }

    @Test
    void debugAddsTheStackTrace(@TempDir Path dir) {
        Path missing = dir.resolve("missing.vortex");
        Cli.Run run = Cli.run("--debug", "scan", missing.toString());
        assertEquals(1, run.code());
        assertTrue(run.err().startsWith("quire: no such file"), run.err());
        assertTrue(run.err().contains("dev.quire.cli.Inputs.checkReadableFile("), run.err());

        Cli.Run after = Cli.run("scan", missing.toString(), "--debug");
        assertTrue(after.err().contains("\tat "), "--debug works after the subcommand too: " + after.err());
    }

    @Test
    void stderrIsNotATerminalUnderTest() {
        assertFalse(Terminal.stderrIsTerminal());
    }
}
