package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.file.VortexFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code quire demo} at a tiny scale factor: every step runs, the data is TPC-H's, and temporary files go away. */
class DemoCommandTest {

    @Test
    void writesInspectsAndScansLineitemAndKeepsItInDir(@TempDir Path dir) {
        Cli.Run run = Cli.run("demo", "--sf", "0.001", "--dir", dir.toString());
        assertEquals(0, run.code(), run.err());
        assertEquals("", run.err());
        String out = run.out();
        for (String step : new String[] {"1. generate and write", "2. inspect", "3. scan the first rows",
            "4. scan 7 columns of every row: TPC-H query 1"}) {
            assertTrue(out.contains(step), out);
        }
        assertTrue(out.contains("6,005 rows, 16 columns"), out);
        assertTrue(out.contains("scanned 6,005 rows"), out);
        // The first TPC-H lineitem row, as dbgen makes it.
        assertTrue(out.lines().anyMatch(l -> l.matches(
                " *1 \\| +1 \\| +17\\.00 \\| +17954\\.55 \\| N +\\| 1996-03-13 \\| TRUCK +\\| egular courts above the")),
                out);
        // Query 1's groups: A/F, N/F, N/O, R/F, whose counts add up to the rows shipped by the cutoff.
        List<String> groups = out.lines().filter(l -> l.matches(" +[ANR] +[FO] +.*")).toList();
        assertEquals(4, groups.size(), out);
        Path file = dir.resolve("lineitem.vortex");
        try (VortexFile vortex = VortexFile.open(file)) {
            assertEquals(6_005, vortex.rowCount());
            assertEquals("decimal(15,2)", ((dev.quire.layout.dtype.DType.Struct) vortex.dtype()).field(5).dtype()
                    .toString());
        }
        assertTrue(out.contains("kept " + file), out);
    }

    @Test
    void withoutDirTheTemporaryDirectoryIsRemoved() {
        Cli.Run run = Cli.run("demo", "--sf", "0.001");
        assertEquals(0, run.code(), run.err());
        Matcher m = Pattern.compile("at scale factor 0\\.001 in (\\S+)").matcher(run.out());
        assertTrue(m.find(), run.out());
        Path file = Path.of(m.group(1));
        assertFalse(Files.exists(file));
        assertFalse(Files.exists(file.getParent()));
    }

    @Test
    void aNonPositiveScaleFactorIsBadUsage() {
        assertEquals(2, Cli.run("demo", "--sf", "0").code());
        assertEquals(2, Cli.run("demo", "--sf", "-1").code());
        assertEquals(2, Cli.run("demo", "--sf", "NaN").code());
    }
}
