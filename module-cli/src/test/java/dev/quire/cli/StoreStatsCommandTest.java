package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code scan} and {@code count} of a file served over HTTP, and the store reader's GETs that {@code --stats} prints. */
class StoreStatsCommandTest {
    private static final Pattern STORE = Pattern.compile("store: (\\S+), ([0-9,]+) requests of ([0-9,]+) bytes in "
            + "([0-9,]+) GETs fetching ([0-9,]+) bytes \\(([0-9.]+)x\\); ([0-9,]+) retries, ([0-9,]+) failed reads");

    @TempDir
    static Path dir;
    static Path file;
    static RangeServer server;

    @BeforeAll
    static void serve() throws IOException {
        StringBuilder csv = new StringBuilder("id,name,price\n");
        for (int i = 0; i < 20_000; i++) {
            csv.append(i).append(",n").append(i % 97).append(',').append(i * 0.25).append('\n');
        }
        Path in = dir.resolve("rows.csv");
        Files.writeString(in, csv);
        file = dir.resolve("rows.vortex");
        Cli.Run convert = Cli.run("convert", in.toString(), file.toString());
        assertEquals(0, convert.code(), convert.err());
        server = new RangeServer(Files.readAllBytes(file));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static long number(String text) {
        return Long.parseLong(text.replace(",", ""));
    }

    @Test
    void scanOverHttpPrintsTheSameRowsAndTheStoreReadersGets() {
        Cli.Run local = Cli.run("scan", file.toString(), "-f", "csv", "--filter", "id >= 15000");
        int getsBefore = server.gets();
        long bytesBefore = server.bodyBytes();
        server.throttleNext(1);
        Cli.Run remote = Cli.run("scan", server.url().toString(), "-f", "csv", "--filter", "id >= 15000", "--stats",
                "--set", "quire.store.retryBaseMillis=1");
        assertEquals(0, remote.code(), remote.err());
        assertEquals(local.out(), remote.out());
        assertEquals(5_001, remote.out().lines().count());

        List<String> lines = remote.err().lines().toList();
        String storeLine = lines.stream().filter(l -> l.startsWith("store: ")).findFirst().orElseThrow(() ->
                new AssertionError("no store line in " + remote.err()));
        Matcher m = STORE.matcher(storeLine);
        assertTrue(m.matches(), storeLine);
        assertEquals(server.url().toString(), m.group(1));
        assertEquals(server.gets() - getsBefore, number(m.group(4)), "every GET the server answered, the 503 too");
        assertEquals(server.bodyBytes() - bytesBefore, number(m.group(5)), "the bytes the server sent");
        assertTrue(number(m.group(3)) <= number(m.group(5)), storeLine);
        assertTrue(number(m.group(2)) >= number(m.group(4)) - 1, "merging never adds GETs: " + storeLine);
        assertEquals(1, number(m.group(7)), "the 503 was retried once");
        assertEquals(0, number(m.group(8)));
        int at = lines.indexOf(storeLine);
        assertTrue(lines.get(at + 1).startsWith("store first byte: p50 <= "), remote.err());
        assertTrue(lines.get(at + 2).matches("store last byte: p50 <= .*; slowest GET [0-9,]+ us"), remote.err());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("io: http, ")), remote.err());
    }

    @Test
    void countOverHttpReadsOnlyTheFooterWithoutAFilter() {
        int getsBefore = server.gets();
        Cli.Run run = Cli.run("count", server.url().toString(), "--stats");
        assertEquals(0, run.code(), run.err());
        assertEquals("20000" + System.lineSeparator(), run.out());
        Matcher m = STORE.matcher(run.err().lines().filter(l -> l.startsWith("store: ")).findFirst().orElseThrow());
        assertTrue(m.matches(), run.err());
        assertEquals(server.gets() - getsBefore, number(m.group(4)));
        assertEquals(0, number(m.group(7)));
    }

    @Test
    void withoutStatsNothingAboutTheStoreIsPrinted() {
        Cli.Run run = Cli.run("count", server.url().toString());
        assertEquals(0, run.code(), run.err());
        assertEquals("", run.err());
    }

    @Test
    void aMalformedUrlIsAnErrorNamingIt() {
        Cli.Run run = Cli.run("count", "http://bad host/x.vortex");
        assertTrue(run.code() != 0);
        assertTrue(run.err().contains("`http://bad host/x.vortex` is not a well-formed URL"), run.err());
    }

    @Test
    void aLocalFileHasNoStoreLine() {
        Cli.Run run = Cli.run("count", file.toString(), "--stats");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.err().lines().noneMatch(l -> l.startsWith("store")), run.err());
    }
}
