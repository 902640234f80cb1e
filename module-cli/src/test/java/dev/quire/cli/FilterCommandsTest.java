package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.BoolBuilder;
import dev.quire.layout.array.PrimitiveBuilder;
import dev.quire.layout.array.StructBuilder;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code quire count} and the filter, row selection and thread options of {@code count} and {@code scan}. */
class FilterCommandsTest {
    static final int ROWS = 10_000;
    static final DType.Struct SCHEMA = DType.Struct.of(
            new Field("id", new DType.Primitive(PType.I64, false)),
            new Field("name", new DType.Utf8(true)),
            new Field("even", new DType.Bool(false)));

    @TempDir
    static Path dir;
    static Path file;

    /** id = row; name = "n" + row, null every 10th row; even = row is even. Chunks of a few hundred rows. */
    @BeforeAll
    static void writeFile() {
        file = dir.resolve("rows.vortex");
        StructBuilder rows = (StructBuilder) ArrayBuilder.forType(SCHEMA);
        for (int i = 0; i < ROWS; i++) {
            ((PrimitiveBuilder) rows.field(0)).appendLong(i);
            if (i % 10 == 0) {
                rows.field(1).appendNull();
            } else {
                ((VarBinViewBuilder) rows.field(1)).appendString("n" + i);
            }
            ((BoolBuilder) rows.field(2)).appendBoolean(i % 2 == 0);
            rows.endRow();
        }
        try (VortexWriter writer = VortexWriter.create(file, SCHEMA,
                WriteOptions.defaults().withChunkBytes(4 << 10).withBlockRows(256))) {
            writer.write(rows.finish());
        }
    }

    private static String ids(LongPredicate keep) {
        StringBuilder out = new StringBuilder("id\n");
        LongStream.range(0, ROWS).filter(keep).forEach(i -> out.append(i).append('\n'));
        return out.toString();
    }

    private static String count(LongPredicate keep) {
        return LongStream.range(0, ROWS).filter(keep).count() + System.lineSeparator();
    }

    @Test
    void countPrintsThePlainNumber() {
        Cli.Run run = Cli.run("count", file.toString());
        assertEquals(0, run.code(), run.err());
        assertEquals(ROWS + System.lineSeparator(), run.out());
        assertEquals("", run.err());
    }

    @Test
    void countWithAFilter() {
        Cli.Run run = Cli.run("count", file.toString(), "--filter", "id < 5000 and name like 'n1%'");
        assertEquals(0, run.code(), run.err());
        assertEquals(count(i -> i < 5000 && i % 10 != 0 && Long.toString(i).startsWith("1")), run.out());
        assertEquals("", run.err(), "statistics only with --stats");
        assertEquals(count(i -> i % 10 == 0), Cli.run("count", file.toString(), "--filter", "name is null").out());
        assertEquals(count(i -> i % 2 == 0 && i >= 9000), Cli.run("count", file.toString(), "--filter",
                "even and id between 9000 and 20000").out());
    }

    @Test
    void countWithRowsSelectedAndExcluded() {
        assertEquals("5" + System.lineSeparator(), Cli.run("count", file.toString(), "--select-rows",
                "1,5,10-12").out());
        assertEquals(count(i -> i < 100 && (i < 10 || i > 19)), Cli.run("count", file.toString(), "--select-rows",
                "0-99", "--exclude-rows", "10-19").out());
        assertEquals(count(i -> i < 9990), Cli.run("count", file.toString(), "--select-rows", "!9990-").out());
        assertEquals(count(i -> i >= 10), Cli.run("count", file.toString(), "--exclude-rows", "0-9").out());
        assertEquals(count(i -> i >= 9000 && i % 10 == 0), Cli.run("count", file.toString(), "--select-rows",
                "9000-", "--filter", "name is null").out(), "the selection applies before the filter");
    }

    @Test
    void statsGoToStandardErrorAndCountSplits() {
        Cli.Run run = Cli.run("count", file.toString(), "--filter", "id >= 9990", "--stats");
        assertEquals(0, run.code(), run.err());
        assertEquals("10" + System.lineSeparator(), run.out(), "standard output stays the number alone");
        List<String> lines = run.err().lines().toList();
        assertEquals(6, lines.size(), run.err());
        assertTrue(lines.get(0).matches("splits: [1-9][0-9]* started, [0-9]+ pruned by statistics or the row "
                + "selection"), run.err());
        assertTrue(lines.get(1).matches("zones: [0-9,]+ checked against the filter, [1-9][0-9,]* pruned"), run.err());
        // The first zone (rows 0 to 8,191) has a maximum id below 9,990, so only the last 1,808 rows are read.
        assertEquals("rows: 1,808 read, 10 returned", lines.get(2));
        assertTrue(lines.get(3).startsWith("io: mmap, "), run.err());
        assertTrue(lines.get(4).startsWith("io latency: p50 <= "), run.err());
        assertTrue(lines.get(5).startsWith("took "), run.err());

        Cli.Run unfiltered = Cli.run("count", file.toString(), "--stats");
        assertTrue(unfiltered.err().contains("splits: 0 started"), "nothing is read without a filter: "
                + unfiltered.err());
    }

    @Test
    void statsShowThePosixPageCacheCountersWhenPosixReads() {
        Cli.Run run = Cli.run("count", file.toString(), "--filter", "id >= 10", "--stats", "--set", "quire.io=posix",
                "--set", "quire.io.nowait.minReadLength=0");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.err().contains("io: posix, "), "--set quire.io chose the provider: " + run.err());
        String line = run.err().lines().filter(l -> l.startsWith("page cache (posix): ")).findFirst()
                .orElseThrow(() -> new AssertionError("no page-cache line in " + run.err()));
        Matcher m = Pattern.compile("page cache \\(posix\\): ([0-9,]+) reads tried inline \\(([0-9,]+) hit, "
                + "([0-9,]+) partial, ([0-9,]+) miss\\), ([0-9,]+) skipped; .+ served inline, .+ left to the "
                + "read pool").matcher(line);
        assertTrue(m.matches(), line);
        long tried = number(m.group(1));
        assertTrue(tried > 0, "with a window from 0 bytes every read tries the page cache: " + line);
        assertEquals(tried, number(m.group(2)) + number(m.group(3)) + number(m.group(4)), line);

        Cli.Run off = Cli.run("count", file.toString(), "--filter", "id >= 10", "--stats", "--io",
                "posix:nowait=off:window=0-1m");
        assertEquals(0, off.code(), off.err());
        assertTrue(off.err().contains("io: posix, "), off.err());
        assertTrue(off.err().lines().noneMatch(l -> l.startsWith("page cache")),
                "with the fast path off nothing is tried inline: " + off.err());
        Cli.Run mmap = Cli.run("count", file.toString(), "--filter", "id >= 10", "--stats");
        assertTrue(mmap.err().lines().noneMatch(l -> l.startsWith("page cache")), "only reads through posix count: "
                + mmap.err());
    }

    private static long number(String text) {
        return Long.parseLong(text.replace(",", ""));
    }

    @Test
    void scanFiltersSelectsAndLimitsInFileOrder() {
        Cli.Run run = Cli.run("scan", file.toString(), "-c", "id", "-f", "csv", "--filter", "id % 2 = 0");
        assertEquals(2, run.code(), "no arithmetic in filters: " + run.err());

        Cli.Run filtered = Cli.run("scan", file.toString(), "-c", "id", "-f", "csv", "--filter",
                "not even and (id < 30 or id > 9970)");
        assertEquals(0, filtered.code(), filtered.err());
        assertEquals(ids(i -> i % 2 == 1 && (i < 30 || i > 9970)), filtered.out());

        Cli.Run selected = Cli.run("scan", file.toString(), "-c", "id", "-f", "csv", "--select-rows",
                "9998-,3,500-502", "--exclude-rows", "501", "--filter", "id != 3");
        assertEquals(ids(i -> i == 500 || i == 502 || i >= 9998), selected.out());

        Cli.Run limited = Cli.run("scan", file.toString(), "-c", "id", "-f", "csv", "--filter", "name is null",
                "--limit", "3", "--select-rows", "!0-99");
        assertEquals("id\n100\n110\n120\n", limited.out());
    }

    @Test
    void everyThreadCountGivesTheSameRowsInOrder() {
        String expected = ids(i -> i % 7 == 3 && i % 10 != 0);
        List<String> filter = List.of("--filter", "name is not null and id in (" + String.join(",",
                LongStream.range(0, ROWS).filter(i -> i % 7 == 3).mapToObj(Long::toString).toList()) + ")");
        for (String threads : new String[] {"1", "2", "5"}) {
            List<String> args = new ArrayList<>(List.of("scan", file.toString(), "-c", "id", "-f", "csv",
                    "--threads", threads));
            args.addAll(filter);
            Cli.Run run = Cli.run(args.toArray(String[]::new));
            assertEquals(0, run.code(), run.err());
            assertEquals(expected, run.out(), "--threads " + threads);
            List<String> countArgs = new ArrayList<>(List.of("count", file.toString(), "--threads", threads));
            countArgs.addAll(filter);
            assertEquals(count(i -> i % 7 == 3 && i % 10 != 0), Cli.run(countArgs.toArray(String[]::new)).out());
        }
    }

    @Test
    void theThreadPoolOfARunIsGoneWhenItEnds() {
        Cli.Run run = Cli.run("scan", file.toString(), "-f", "csv", "--threads", "3", "--filter", "id > 10");
        assertEquals(0, run.code(), run.err());
        List<String> left = Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(n -> n.startsWith("quire-cli-scan-")).toList();
        assertEquals(List.of(), left, "the pool was shut down and its threads ended");
    }

    @Test
    void aFilterSyntaxErrorIsBadUsageWithACaret() {
        Cli.Run run = Cli.run("count", file.toString(), "--filter", "id < (3 and");
        assertEquals(2, run.code());
        assertEquals("", run.out());
        List<String> lines = run.err().lines().toList();
        assertTrue(lines.get(0).startsWith("quire: --filter: "), run.err());
        assertTrue(lines.get(0).contains(" at position 11"), run.err());
        assertEquals("  id < (3 and", lines.get(1));
        assertEquals("             ^", lines.get(2));
        assertEquals("Try 'quire count --help' for more information.", lines.get(3));
    }

    @Test
    void filtersThatDoNotFitTheFileAreBadUsage() {
        Cli.Run unknown = Cli.run("scan", file.toString(), "--filter", "nope = 1");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().startsWith("quire: --filter: no column `nope`"), unknown.err());
        assertTrue(unknown.err().contains("Try 'quire scan --help'"), unknown.err());
        assertEquals("", unknown.out());

        Cli.Run incomparable = Cli.run("count", file.toString(), "--filter", "name < 3");
        assertEquals(2, incomparable.code());
        assertTrue(incomparable.err().startsWith("quire: --filter: cannot compare `name`"), incomparable.err());

        Cli.Run notBoolean = Cli.run("count", file.toString(), "--filter", "id");
        assertEquals(2, notBoolean.code(), notBoolean.err());
    }

    @Test
    void badRowListsAndThreadCountsAreBadUsage() {
        Cli.Run past = Cli.run("scan", file.toString(), "--select-rows", "9999,10000");
        assertEquals(2, past.code());
        assertTrue(past.err().startsWith("quire: --select-rows: row 10000 in `9999,10000` is past the end of the "
                + "file, whose last row is 9999"), past.err());
        Cli.Run malformed = Cli.run("count", file.toString(), "--exclude-rows", "1;2");
        assertEquals(2, malformed.code());
        assertTrue(malformed.err().startsWith("quire: --exclude-rows: `1;2`"), malformed.err());
        assertEquals(2, Cli.run("count", file.toString(), "--threads", "0").code());
        assertEquals(2, Cli.run("count", file.toString(), "--threads", "1025").code());
        assertEquals(2, Cli.run("scan", file.toString(), "--threads", "two").code());
    }

    /** A dictionary column gives the same rows with its filter kernel and with --no-filter-kernels. */
    @Test
    void noFilterKernelsGivesTheSameRows() {
        DType.Struct schema = DType.Struct.of(new Field("id", new DType.Primitive(PType.I64, false)),
                new Field("mode", new DType.Utf8(true)));
        String[] modes = {"AIR", "MAIL", "SHIP", "RAIL", "TRUCK"};
        StructBuilder rows = (StructBuilder) ArrayBuilder.forType(schema);
        for (int i = 0; i < ROWS; i++) {
            ((PrimitiveBuilder) rows.field(0)).appendLong(i);
            if (i % 9 == 0) {
                rows.field(1).appendNull();
            } else {
                ((VarBinViewBuilder) rows.field(1)).appendString(modes[i % modes.length]);
            }
            rows.endRow();
        }
        Path dict = dir.resolve("modes.vortex");
        try (VortexWriter writer = VortexWriter.create(dict, schema, WriteOptions.defaults())) {
            writer.write(rows.finish());
        }
        assertTrue(Cli.run("inspect", dict.toString()).out().contains("vortex.dict"), "mode is a dictionary");
        for (List<String> option : List.of(List.<String>of(), List.of("--no-filter-kernels"),
                List.of("--set", "quire.filter.kernels=false"))) {
            List<String> args = new ArrayList<>(List.of("scan", dict.toString(), "-c", "id", "-f", "csv", "--filter",
                    "mode in ('MAIL', 'TRUCK') or mode like 'A%'"));
            args.addAll(option);
            Cli.Run run = Cli.run(args.toArray(String[]::new));
            assertEquals(0, run.code(), run.err());
            assertEquals(ids(i -> i % 9 != 0 && (i % 5 == 0 || i % 5 == 1 || i % 5 == 4)), run.out(),
                    option.toString());
            List<String> countArgs = new ArrayList<>(List.of("count", dict.toString(), "--filter",
                    "mode is null or mode not in ('SHIP', 'RAIL')"));
            countArgs.addAll(option);
            assertEquals(count(i -> i % 9 == 0 || i % 5 == 0 || i % 5 == 1 || i % 5 == 4),
                    Cli.run(countArgs.toArray(String[]::new)).out(), option.toString());
        }
    }

    @Test
    void syntaxErrorsComeBeforeTheFileIsOpened() {
        Cli.Run run = Cli.run("count", dir.resolve("missing.vortex").toString(), "--filter", "id <");
        assertEquals(2, run.code(), "the command line is checked first: " + run.err());
    }
}
