package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.config.Setting;
import dev.quire.io.posix.PosixSettings;
import dev.quire.io.store.StoreSettings;
import dev.quire.io.uring.UringSettings;
import dev.quire.layout.QuireContext;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.PrimitiveBuilder;
import dev.quire.layout.array.StructBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --set KEY=VALUE} and {@code --io} as settings of the run's context, and {@code quire io}'s list of the
 * settings with their values and sources. The test JVM gets {@code quire.splits.skipSplitless} as a system property
 * and {@code QUIRE_IO_MMAP_KEEP_MILLIS} as an environment variable (module-cli's pom), both at their defaults.
 */
class SetOptionTest {
    static final int ROWS = 3_000;
    static final DType.Struct SCHEMA = DType.Struct.of(new Field("id", new DType.Primitive(PType.I64, false)));

    @TempDir
    static Path dir;
    static Path file;

    @BeforeAll
    static void writeFile() {
        file = dir.resolve("set.vortex");
        StructBuilder rows = (StructBuilder) ArrayBuilder.forType(SCHEMA);
        for (int i = 0; i < ROWS; i++) {
            ((PrimitiveBuilder) rows.field(0)).appendLong(i);
            rows.endRow();
        }
        try (VortexWriter writer = VortexWriter.create(file, SCHEMA)) {
            writer.write(rows.finish());
        }
    }

    /** The settings block of {@code quire io}: each setting's row, split into value and source, by key. */
    private static Map<String, List<String>> settings(Cli.Run run) {
        List<String> lines = run.lines();
        int header = lines.indexOf(lines.stream().filter(l -> l.matches("setting +value +source")).findFirst()
                .orElseThrow(() -> new AssertionError("no settings in " + run.out())));
        List<List<String>> rows = new ArrayList<>();
        for (String line : lines.subList(header + 1, lines.size())) {
            if (line.isEmpty()) {
                break;
            }
            String[] cells = line.split(" {2,}", 3);
            assertEquals(3, cells.length, line);
            rows.add(List.of(cells));
        }
        return rows.stream().collect(Collectors.toMap(List::getFirst, r -> r.subList(1, 3), (a, b) -> {
            throw new AssertionError("a setting listed twice: " + a);
        }));
    }

    @Test
    void ioListsEverySettingWithItsValueAndSource() {
        Cli.Run run = Cli.run("io");
        assertEquals(0, run.code(), run.err());
        Map<String, List<String>> settings = settings(run);
        List<String> keys = new ArrayList<>();
        QuireContext.CORE_SETTINGS.forEach(s -> keys.add(s.key()));
        PosixSettings.ALL.forEach(s -> keys.add(s.key()));
        UringSettings.ALL.forEach(s -> keys.add(s.key()));
        StoreSettings.ALL.forEach(s -> keys.add(s.key()));
        assertEquals(keys.stream().sorted().toList(), settings.keySet().stream().sorted().toList());
        assertEquals(List.of("true", "default"), settings.get("quire.filter.kernels"));
        assertEquals(List.of("\"\"", "default"), settings.get("quire.io"), "no provider named: the best available");
        assertEquals(List.of("65536", "default"), settings.get("quire.io.nowait.minReadLength"));
        assertEquals(List.of("true", "system property quire.splits.skipSplitless"),
                settings.get("quire.splits.skipSplitless"), "module-cli's pom sets the property for the tests");
        assertEquals(List.of("2000", "environment variable QUIRE_IO_MMAP_KEEP_MILLIS"),
                settings.get("quire.io.mmap.keepMillis"), "module-cli's pom sets the variable for the tests");
    }

    @Test
    void setWinsOverPropertiesAndVariablesAndCommandOptionsWinOverSet() {
        Cli.Run run = Cli.run("io", "--set", "quire.io.mmap.keepMillis=0", "--set", "quire.splits.skipSplitless=off",
                "--set", "quire.io.nowait=no", "--set", "quire.io=posix", "--io", "mmap");
        assertEquals(0, run.code(), run.err());
        Map<String, List<String>> settings = settings(run);
        assertEquals(List.of("0", "--set"), settings.get("quire.io.mmap.keepMillis"));
        assertEquals(List.of("false", "--set"), settings.get("quire.splits.skipSplitless"));
        assertEquals(List.of("false", "--set"), settings.get("quire.io.nowait"));
        assertEquals(List.of("mmap", "--io mmap"), settings.get("quire.io"), "--io wins over --set quire.io");

        Cli.Run variant = Cli.run("io", "--io", "posix:direct:window=4k-1m");
        Map<String, List<String>> v = settings(variant);
        String option = "--io posix:window=4k-1m:direct";
        assertEquals(List.of("posix", option), v.get("quire.io"));
        assertEquals(List.of("true", option), v.get("quire.io.direct"));
        assertEquals(List.of("4096", option), v.get("quire.io.nowait.minReadLength"));
        assertEquals(List.of("1048576", option), v.get("quire.io.nowait.maxReadLength"));
        assertEquals(List.of("true", "default"), v.get("quire.io.nowait"), "what the variant does not set");

        Cli.Run last = Cli.run("io", "--set", "quire.io.posix.threads=3", "--set", "quire.io.posix.threads=5");
        assertEquals(List.of("5", "--set"), settings(last).get("quire.io.posix.threads"), "the last --set wins");
    }

    @Test
    void theProviderSetIsTheOneThatReads() {
        Cli.Run posix = Cli.run("count", file.toString(), "--filter", "id >= 0", "--stats", "--set",
                "quire.io=posix");
        assertEquals(0, posix.code(), posix.err());
        assertEquals(ROWS + System.lineSeparator(), posix.out());
        assertTrue(posix.err().contains("io: posix, "), posix.err());

        Cli.Run mmap = Cli.run("count", file.toString(), "--filter", "id >= 0", "--stats", "--set",
                "quire.io=posix", "--io", "mmap");
        assertEquals(0, mmap.code(), mmap.err());
        assertTrue(mmap.err().contains("io: mmap, "), "--io wins over --set: " + mmap.err());
    }

    @Test
    void everyCommandThatOpensOrWritesFilesTakesSet() throws Exception {
        Path csv = Files.writeString(dir.resolve("in.csv"), "id\n1\n2\n");
        Function<String, List<List<String>>> commands = set -> List.of(
                List.of("inspect", file.toString(), "--set", set),
                List.of("scan", file.toString(), "-n", "2", "--set", set),
                List.of("count", file.toString(), "--set", set),
                List.of("splits", file.toString(), "--set", set),
                List.of("io", file.toString(), "--set", set),
                List.of("convert", csv.toString(), dir.resolve("out.vortex").toString(), "--set", set),
                List.of("convert", file.toString(), dir.resolve("copy.vortex").toString(), "--set", set));
        for (List<String> command : commands.apply("quire.io.nowait=false")) {
            Cli.Run run = Cli.run(command.toArray(String[]::new));
            assertEquals(0, run.code(), command + ": " + run.err());
        }
        Path missing = dir.resolve("missing.vortex");
        for (String command : List.of("inspect", "scan", "count", "splits")) {
            Cli.Run run = Cli.run(command, missing.toString(), "--set", "quire.nope=1");
            assertEquals(2, run.code(), "the command line is checked before the file: " + run.err());
        }
        for (List<String> command : commands.apply("quire.nope=1")) {
            Cli.Run run = Cli.run(command.toArray(String[]::new));
            assertEquals(2, run.code(), command + ": " + run.err());
            assertTrue(run.err().startsWith("quire: --set quire.nope=1: no setting is called `quire.nope`"),
                    command + ": " + run.err());
        }
    }

    @Test
    void badKeysAndValuesAreBadUsageNamingWhatIsWrong() {
        assertUsage("--set quire.nope=1: no setting is called `quire.nope`; the settings are quire.filter.kernels, "
                + "quire.splits.skipSplitless, quire.io, quire.io.nowait,", "--set", "quire.nope=1");
        assertUsage("--set filter.kernels=false: no setting is called `filter.kernels`", "--set",
                "filter.kernels=false");
        assertUsage("--set takes KEY=VALUE, got `quire.io.nowait`", "--set", "quire.io.nowait");
        assertUsage("--set quire.io.nowait=maybe: quire.io.nowait must be true or false, got `maybe`", "--set",
                "quire.io.nowait=maybe");
        assertUsage("--set quire.io.posix.threads=0: quire.io.posix.threads must be a whole number from 1 to 1024, "
                + "got `0`", "--set", "quire.io.posix.threads=0");
        assertUsage("--set quire.io.nowait.minReadLength=2x: quire.io.nowait.minReadLength must be a length in bytes",
                "--set", "quire.io.nowait.minReadLength=2x");
        assertUsage("--set quire.io=nope: no I/O provider named `nope`", "--set", "quire.io=nope");
        assertUsage("--set: the fast-path window is empty: quire.io.nowait.minReadLength is 1048576 (--set), above "
                + "quire.io.nowait.maxReadLength, 262144 (default)", "--set", "quire.io.nowait.minReadLength=1m");
        assertUsage("--io posix:window=0-2g: the fast path's longest read may be at most 1073741824 bytes",
                "--io", "posix:window=0-2g");
        assertUsage("--io `posix:fast`: unknown setting `fast`", "--io", "posix:fast");
        assertUsage("--io mmap: direct is a setting of the posix and uring providers only", "--io",
                "mmap:direct");
    }

    /** {@code count FILE args} exits with 2 and one line naming the problem, without a stack trace. */
    private static void assertUsage(String message, String... args) {
        List<String> command = new ArrayList<>(List.of("count", file.toString()));
        command.addAll(List.of(args));
        Cli.Run run = Cli.run(command.toArray(String[]::new));
        assertEquals(2, run.code(), command + ": " + run.err());
        assertEquals("", run.out());
        List<String> lines = run.err().lines().toList();
        assertTrue(lines.getFirst().startsWith("quire: " + message), command + ": " + run.err());
        assertEquals("Try 'quire count --help' for more information.", lines.get(1), run.err());
        assertEquals(2, lines.size(), "no stack trace: " + run.err());
        assertFalse(run.err().contains("Exception"), run.err());
    }

    /** Every setting a context's modules read is one {@code --set} takes and {@code quire io} lists. */
    @Test
    void theSettingsAreTheCoreTheLocalProvidersAndTheStoreReadersOnes() {
        List<Setting<?>> expected = new ArrayList<>(QuireContext.CORE_SETTINGS);
        expected.addAll(PosixSettings.ALL);
        expected.addAll(UringSettings.ALL);
        expected.addAll(StoreSettings.ALL);
        assertEquals(expected, ContextOptions.settings());
    }
}
