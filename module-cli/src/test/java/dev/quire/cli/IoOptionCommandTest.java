package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.quire.io.spi.IoStats;
import dev.quire.io.spi.IoStatsRecorder;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.PrimitiveBuilder;
import dev.quire.layout.array.StructBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --io NAME} on the commands that open files, and the I/O lines of {@code --stats}. */
class IoOptionCommandTest {
    static final int ROWS = 20_000;
    static final DType.Struct SCHEMA = DType.Struct.of(
            new Field("a", new DType.Primitive(PType.I64, false)),
            new Field("b", new DType.Primitive(PType.I32, true)));
    /** {@code io: NAME, R requests (B) in N reads (B); M merged reads saved S; E errors}. */
    static final Pattern IO_LINE = Pattern.compile("io: (\\S+), ([0-9,]+) requests \\(([^)]+)\\) in ([0-9,]+) reads "
            + "\\(([^)]+)\\); ([0-9,]+) merged reads saved ([0-9,]+); ([0-9,]+) errors");

    @TempDir
    static Path dir;
    static Path file;

    /** Small chunks, so a scan reads many segments and neighbouring ones can be merged. */
    @BeforeAll
    static void writeFile() {
        file = dir.resolve("io.vortex");
        StructBuilder rows = (StructBuilder) ArrayBuilder.forType(SCHEMA);
        for (int i = 0; i < ROWS; i++) {
            ((PrimitiveBuilder) rows.field(0)).appendLong(i * 3L);
            if (i % 7 == 0) {
                rows.field(1).appendNull();
            } else {
                ((PrimitiveBuilder) rows.field(1)).appendLong(i);
            }
            rows.endRow();
        }
        try (VortexWriter writer = VortexWriter.create(file, SCHEMA,
                WriteOptions.defaults().withChunkBytes(8 << 10).withBlockRows(1024))) {
            writer.write(rows.finish());
        }
    }

    private static long number(String text) {
        return Long.parseLong(text.replace(",", ""));
    }

    private static Matcher ioLine(Cli.Run run) {
        String line = run.err().lines().filter(l -> l.startsWith("io: ")).findFirst()
                .orElseThrow(() -> new AssertionError("no io line in: " + run.err()));
        Matcher m = IO_LINE.matcher(line);
        assertTrue(m.matches(), line);
        return m;
    }

    @Test
    void scanStatsPrintTheReadsOfTheFile() {
        Cli.Run run = Cli.run("scan", file.toString(), "-f", "csv", "--io", "posix", "--stats");
        assertEquals(0, run.code(), run.err());
        assertEquals(ROWS + 1, run.out().lines().count(), "the rows are all there");
        Matcher m = ioLine(run);
        assertEquals("posix", m.group(1));
        long requests = number(m.group(2));
        long reads = number(m.group(4));
        long merged = number(m.group(6));
        long saved = number(m.group(7));
        assertTrue(reads >= 1 && requests >= reads, run.err());
        assertEquals(requests - reads, saved, "every request is served by exactly one read: " + run.err());
        assertTrue(merged >= 1 && saved >= 1, "neighbouring segments of a batch are merged: " + run.err());
        assertEquals("0", m.group(8));
        assertTrue(run.err().lines().anyMatch(l -> l.matches("io latency: p50 <= [0-9,]+ us, p90 <= [0-9,]+ us, "
                + "p99 <= [0-9,]+ us, max [0-9,]+ us")), run.err());
    }

    @Test
    void theStatisticsJsonIsValidJsonWithEveryCounter() throws Exception {
        IoStatsRecorder recorder = new IoStatsRecorder("odd \"name\"\n\u0001\ud800 ✓");
        recorder.recordRequests(3, 300);
        recorder.recordMerged(1, 2);
        recorder.recordRead(210, 5_000, false);
        recorder.recordRead(100, 3_000_000, true);
        IoStats stats = recorder.snapshot();
        JsonNode json = new ObjectMapper().readTree(stats.toJson());
        assertEquals(stats.name(), json.get("name").asText(), "escaped names come back as they were");
        assertEquals(3, json.get("requests").asLong());
        assertEquals(300, json.get("requestedBytes").asLong());
        assertEquals(2, json.get("reads").asLong());
        assertEquals(310, json.get("bytesRead").asLong());
        assertEquals(1, json.get("mergedReads").asLong());
        assertEquals(2, json.get("requestsMerged").asLong());
        assertEquals(1, json.get("readsSaved").asLong());
        assertEquals(1, json.get("errors").asLong());
        JsonNode latency = json.get("latency");
        assertEquals(2, latency.get("count").asLong());
        assertEquals(3_000_000, latency.get("maxNanos").asLong());
        assertEquals(8, latency.get("p50Micros").asLong());
        assertEquals(4096, latency.get("p99Micros").asLong());
        JsonNode buckets = latency.get("log2MicrosBuckets");
        // 5 us falls in [4, 8) us, bucket 3; 3,000 us in [2,048, 4,096) us, bucket 12, the last one written.
        assertEquals(13, buckets.size(), "up to the last bucket that counted a read: " + buckets);
        assertEquals(1, buckets.get(3).asLong());
        assertEquals(1, buckets.get(12).asLong());
    }

    @Test
    void countStatsNameTheDefaultProvider() {
        Cli.Run run = Cli.run("count", file.toString(), "--filter", "a >= 0", "--stats");
        assertEquals(0, run.code(), run.err());
        assertEquals(ROWS + System.lineSeparator(), run.out());
        Matcher m = ioLine(run);
        assertEquals("mmap", m.group(1));
        assertTrue(number(m.group(4)) >= 2, "the footer and the column: " + run.err());
    }

    @Test
    void withoutStatsNothingIsPrintedAboutReads() {
        Cli.Run run = Cli.run("count", file.toString(), "--io", "posix");
        assertEquals(0, run.code(), run.err());
        assertEquals("", run.err());
    }

    @Test
    void everyCommandThatOpensFilesTakesIo() {
        for (List<String> command : List.of(List.of("inspect"), List.of("splits"), List.of("count"),
                List.of("scan", "-n", "3"))) {
            String[] base = concat(command, file.toString());
            Cli.Run defaults = Cli.run(base);
            assertEquals(0, defaults.code(), command + ": " + defaults.err());
            for (String provider : List.of("posix", "mmap", "uring")) {
                Cli.Run chosen = Cli.run(concat(command, file.toString(), "--io", provider));
                assertEquals(0, chosen.code(), command + " --io " + provider + ": " + chosen.err());
                if (!command.getFirst().equals("splits")) {
                    // splits prints how long the collection took, which differs from run to run.
                    assertEquals(defaults.out(), chosen.out(), command + " --io " + provider);
                }
            }
        }
    }

    @Test
    void anUnknownProviderIsBadUsage() {
        for (String command : List.of("inspect", "splits", "count", "scan", "io")) {
            Cli.Run run = Cli.run(command, file.toString(), "--io", "nope");
            assertEquals(2, run.code(), command + ": " + run.err());
            assertTrue(run.err().contains("--io: no I/O provider named `nope`"), run.err());
            assertTrue(run.err().contains("mmap") && run.err().contains("posix"), "the names that exist: "
                    + run.err());
        }
        Cli.Run blank = Cli.run("count", file.toString(), "--io", " ");
        assertEquals(2, blank.code(), blank.err());
        assertTrue(blank.err().contains("--io must name an I/O provider"), blank.err());
    }

    @Test
    void ioListsTheUringProviderWithWhatTheKernelGranted() {
        Cli.Run run = Cli.run("io", file.toString(), "--io", "uring");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("uring") && l.contains("yes (io_uring with ")),
                run.out());
        assertTrue(run.out().contains(file + " is read with uring"), run.out());
        assertTrue(run.out().contains("quire.io.uring.queueDepth"), run.out());
    }

    @Test
    void ioSaysWhichProviderItWouldUse() {
        Cli.Run run = Cli.run("io", file.toString(), "--io", "posix");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains(file + " is read with posix"), run.out());
    }

    private static String[] concat(List<String> head, String... tail) {
        String[] out = new String[head.size() + tail.length];
        for (int i = 0; i < head.size(); i++) {
            out[i] = head.get(i);
        }
        System.arraycopy(tail, 0, out, head.size(), tail.length);
        return out;
    }
}
