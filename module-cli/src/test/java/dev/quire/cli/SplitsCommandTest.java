package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import dev.quire.splits.RowRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SplitsCommandTest {
    private static final int ROWS = 10_000;
    private static final Pattern SUMMARY =
            Pattern.compile("collected in [0-9.]+ ms \\((.*), (\\d+) layout nodes built, (\\d+) runs?\\)");

    @TempDir
    static Path dir;
    static Path file;

    /** Column a (i64) in chunks of 512 rows, b (i32) in chunks of 1,024. */
    @BeforeAll
    static void writeFile() {
        file = dir.resolve("splits.vortex");
        DType.Struct schema = new DType.Struct(List.of(
                new Field("a", new DType.Primitive(PType.I64, false)),
                new Field("b", new DType.Primitive(PType.I32, false))), false);
        List<Array> columns = List.of(PrimitiveArray.ofLongs(LongStream.range(0, ROWS).toArray()),
                PrimitiveArray.ofInts(LongStream.range(0, ROWS).mapToInt(r -> (int) r).toArray()));
        // 4 KiB chunks in blocks of 256 rows: a (8-byte values) gets 512-row chunks, b (4-byte values) 1,024-row.
        WriteOptions options = WriteOptions.defaults().withBlockRows(256).withChunkBytes(4096);
        try (VortexWriter writer = VortexWriter.create(file, schema, options)) {
            writer.write(new StructArray(schema, columns, ROWS, Validity.NON_NULLABLE));
        }
    }

    private static List<Long> expected(String... columns) {
        try (VortexFile vortex = VortexFile.open(file)) {
            return vortex.splits(columns).stream().map(RowRange::to).toList();
        }
    }

    private static List<Long> boundaries(Cli.Run run) {
        List<Long> out = new ArrayList<>();
        for (String line : run.lines().subList(2, run.lines().size())) {
            out.add(Long.parseLong(line));
        }
        return out;
    }

    @Test
    void printsTheCountTheTimeAndTheBoundaries() {
        Cli.Run run = Cli.run("splits", file.toString());
        assertEquals(0, run.code(), run.err());
        List<Long> bounds = boundaries(run);
        assertEquals(expected(), bounds);
        assertEquals("boundaries: " + bounds.size(), run.lines().get(0));
        assertEquals(ROWS, bounds.getLast());
        assertTrue(bounds.contains(512L) && bounds.contains(1024L), bounds.toString());
        Matcher m = SUMMARY.matcher(run.lines().get(1));
        assertTrue(m.matches(), run.lines().get(1));
        assertEquals("children without interior splits skipped", m.group(1));
    }

    @Test
    void columnsNarrowTheBoundaries() {
        Cli.Run run = Cli.run("splits", file.toString(), "--columns", "b");
        assertEquals(0, run.code(), run.err());
        assertEquals(expected("b"), boundaries(run));
        assertTrue(expected("b").size() < expected().size());
    }

    @Test
    void walkingEveryChildFindsTheSameBoundariesBuildingMore() {
        Cli.Run skip = Cli.run("splits", file.toString());
        Cli.Run walk = Cli.run("splits", file.toString(), "--walk-every-child");
        assertEquals(0, walk.code(), walk.err());
        assertEquals(boundaries(skip), boundaries(walk));
        Matcher s = SUMMARY.matcher(skip.lines().get(1));
        Matcher w = SUMMARY.matcher(walk.lines().get(1));
        assertTrue(s.matches() && w.matches());
        assertEquals("every child walked", w.group(1));
        long chunks = expected("a").size() + expected("b").size();
        assertTrue(Long.parseLong(w.group(2)) >= Long.parseLong(s.group(2)) + chunks,
                skip.lines().get(1) + " / " + walk.lines().get(1));
    }

    /** The mode is the context's setting, which --set gives as well as --walk-every-child, and over which it wins. */
    @Test
    void theCollectionModeIsTheSplitlessSetting() {
        Cli.Run set = Cli.run("splits", file.toString(), "--set", "quire.splits.skipSplitless=false");
        assertEquals(0, set.code(), set.err());
        Matcher m = SUMMARY.matcher(set.lines().get(1));
        assertTrue(m.matches(), set.out());
        assertEquals("every child walked", m.group(1));
        assertEquals(expected(), boundaries(set));

        Cli.Run option = Cli.run("splits", file.toString(), "--set", "quire.splits.skipSplitless=true",
                "--walk-every-child");
        Matcher o = SUMMARY.matcher(option.lines().get(1));
        assertTrue(o.matches(), option.out());
        assertEquals("every child walked", o.group(1), "the command's option wins over --set");

        Cli.Run skip = Cli.run("splits", file.toString(), "--set", "quire.splits.skipSplitless=on");
        Matcher k = SUMMARY.matcher(skip.lines().get(1));
        assertTrue(k.matches(), skip.out());
        assertEquals("children without interior splits skipped", k.group(1));
    }

    @Test
    void anUnknownColumnIsBadUsage() {
        Cli.Run run = Cli.run("splits", file.toString(), "-c", "nope");
        assertEquals(2, run.code());
        assertTrue(run.err().contains("no column `nope`"), run.err());
    }
}
