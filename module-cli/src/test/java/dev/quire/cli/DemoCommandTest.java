package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.Workload;
import dev.quire.bench.runner.spi.Query;
import dev.quire.bench.runner.tpch.LineItems;
import dev.quire.cli.output.Text;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.file.VortexFile;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
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
            "4. scan 7 columns of every row: TPC-H query 1", "5. filtered scan of 2 columns: TPC-H query 6"}) {
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
        // Query 6, computed here from the generated rows without Quire's filter.
        Q6 expected = q6(0.001);
        assertTrue(out.contains("\n   revenue " + expected.revenue.toPlainString() + "\n"), expected + "\n" + out);
        assertTrue(out.contains("   " + Text.count(expected.rows) + " of 6,005 rows matched in "), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("   pruned by zone statistics: [0-9,]+ of [0-9,]+ zones, "
                + "[0-9,]+ of [1-9][0-9,]* splits")), out);
        // The benchmark runner's queries, each measured in a child process, with the outputs kept.
        assertTrue(out.contains("6. the benchmark runner's queries"), out);
        assertTrue(out.lines().anyMatch(l -> l.matches(" +query +quire *")), out);
        for (String query : Workload.standardQueries().stream().map(Query::name).toList()) {
            assertTrue(out.lines().anyMatch(l -> l.matches(" +" + query + " +[0-9.]+ ms.*")), query + "\n" + out);
        }
        assertTrue(java.nio.file.Files.exists(dir.resolve("bench-results/results.json")), out);
        assertTrue(java.nio.file.Files.exists(dir.resolve("bench-results/report.html")), out);
    }

    record Q6(BigDecimal revenue, long rows) {}

    /** TPC-H query 6 by brute force over the generator's rows. */
    static Q6 q6(double scaleFactor) {
        long from = LocalDate.of(1994, 1, 1).toEpochDay();
        long to = LocalDate.of(1995, 1, 1).toEpochDay();
        BigInteger[] sum = {BigInteger.ZERO};
        long[] rows = {0};
        LineItems.generate(scaleFactor, 1000, batch -> {
            DecimalArray quantity = (DecimalArray) batch.field("l_quantity");
            DecimalArray price = (DecimalArray) batch.field("l_extendedprice");
            DecimalArray discount = (DecimalArray) batch.field("l_discount");
            PrimitiveArray shipDate = (PrimitiveArray) ((ExtensionArray) batch.field("l_shipdate")).storage();
            for (long i = 0; i < batch.length(); i++) {
                long day = shipDate.getLongValue(i);
                BigDecimal d = discount.getDecimal(i);
                if (day >= from && day < to && d.compareTo(new BigDecimal("0.05")) >= 0
                        && d.compareTo(new BigDecimal("0.07")) <= 0
                        && quantity.getDecimal(i).compareTo(BigDecimal.valueOf(24)) < 0) {
                    sum[0] = sum[0].add(price.getUnscaled(i).multiply(discount.getUnscaled(i)));
                    rows[0]++;
                }
            }
        });
        return new Q6(new BigDecimal(sum[0], 4), rows[0]);
    }

    @Test
    void query6MatchesTheTpchAnswerAtScaleFactor001() {
        // The published answer of TPC-H query 6 at scale factor 0.01 (dbgen's data).
        assertEquals(new Q6(new BigDecimal("1193053.2253"), 1_191), q6(0.01));
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
