package dev.quire.bench.tpch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.spi.Engine;
import dev.quire.bench.runner.spi.EngineOptions;
import dev.quire.bench.runner.spi.ScanRequest;
import dev.quire.bench.runner.spi.Table;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.expr.Expr;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class VortexJniEngineTest {
    private static final VortexJniEngine ENGINE = new VortexJniEngine();
    private static Path file;
    private static Table table;

    @BeforeAll
    static void open() throws IOException {
        assertEquals(Optional.empty(), ENGINE.unavailableReason());
        file = ENGINE.prepare(TestData.DATASET);
        table = ENGINE.open(file, EngineOptions.defaults());
    }

    @AfterAll
    static void close() {
        table.close();
    }

    @Test
    void isFoundThroughTheServiceLoader() {
        List<String> names = ServiceLoader.load(Engine.class).stream().map(p -> p.get().name()).toList();
        assertTrue(names.contains("vortex-jni"), names.toString());
    }

    @Test
    void preparesOneCachedFileAndReusesIt() throws IOException {
        assertEquals(TestData.DATASET.file("vortex-jni", ENGINE.writerVersion(), "vortex"), file);
        long modified = Files.getLastModifiedTime(file).toMillis();
        assertEquals(file, ENGINE.prepare(TestData.DATASET));
        assertEquals(modified, Files.getLastModifiedTime(file).toMillis());
        try (Stream<Path> files = Files.list(file.getParent())) {
            assertEquals(List.of(), files.filter(p -> p.toString().endsWith(".tmp")).toList());
        }
    }

    @Test
    void everyValueRoundTripsThroughTheReference() {
        assertEquals(TestData.ROWS.size(), table.rowCount());
        List<Row> expected = new ArrayList<>(TestData.ROWS);
        expected.sort(Row.KEY);
        assertEquals(expected, Row.scan(table, Row.all()));
    }

    @Test
    void projectionReturnsOnlyTheRequestedColumnsInEveryBatch() {
        long[] sum = {0};
        long[] rows = {0};
        table.scan(ScanRequest.of(List.of("l_quantity")), batch -> {
            var q = batch.longs("l_quantity");
            for (int r = 0; r < batch.length(); r++) {
                sum[0] += q.get(r);
            }
            rows[0] += batch.length();
            assertThrows(InvalidArgumentException.class, () -> batch.longs("l_orderkey"));
        });
        assertEquals(TestData.ROWS.size(), rows[0]);
        assertEquals(TestData.ROWS.stream().mapToLong(Row::quantity).sum(), sum[0]);
    }

    /** One filter per operator and column type, with the same condition written in Java. */
    static Stream<Arguments> filters() {
        LocalDate d1994 = LocalDate.of(1994, 1, 1);
        long days1994 = d1994.toEpochDay();
        return Stream.of(
                filter("l_orderkey = 7", r -> r.orderKey() == 7),
                filter("l_orderkey != 7 and l_orderkey < 100", r -> r.orderKey() != 7 && r.orderKey() < 100),
                filter("l_linenumber <= 2", r -> r.lineNumber() <= 2),
                filter("l_linenumber > 6", r -> r.lineNumber() > 6),
                filter("l_partkey >= 1990", r -> r.partKey() >= 1990),
                filter("l_quantity < 24", r -> r.quantity() < 2400),
                filter("l_discount between 0.05 and 0.07", r -> r.discount() >= 5 && r.discount() <= 7),
                filter("l_extendedprice > 50000.5", r -> r.price() > 5000050),
                filter("l_shipdate >= date '1994-01-01' and l_shipdate < date '1995-01-01'",
                        r -> r.shipDate() >= days1994 && r.shipDate() < days1994 + 365),
                filter("l_commitdate = date '1996-03-13'", r -> r.commitDate() == LocalDate.of(1996, 3, 13)
                        .toEpochDay()),
                filter("l_receiptdate between date '1998-01-01' and date '1998-02-01'",
                        r -> r.receiptDate() >= LocalDate.of(1998, 1, 1).toEpochDay()
                                && r.receiptDate() <= LocalDate.of(1998, 2, 1).toEpochDay()),
                filter("l_shipmode = 'AIR'", r -> r.mode().equals("AIR")),
                filter("l_shipmode > 'RAIL'", r -> r.mode().compareTo("RAIL") > 0),
                filter("l_shipmode in ('MAIL', 'SHIP')", r -> r.mode().equals("MAIL") || r.mode().equals("SHIP")),
                filter("l_returnflag <= 'A' or l_linestatus = 'F'",
                        r -> r.returnFlag().compareTo("A") <= 0 || r.status().equals("F")),
                filter("not (l_returnflag = 'N')", r -> !r.returnFlag().equals("N")),
                filter("l_comment like '%special%'", r -> r.comment().contains("special")),
                filter("l_shipinstruct like 'DELIVER_IN%'", r -> r.instructions().startsWith("DELIVER IN")),
                filter("starts_with(l_comment, 'furious')", r -> r.comment().startsWith("furious")),
                filter("l_quantity > 45 and (l_shipmode = 'AIR' or l_discount < 0.02)",
                        r -> r.quantity() > 4500 && (r.mode().equals("AIR") || r.discount() < 2)));
    }

    private static Arguments filter(String text, Predicate<Row> java) {
        return Arguments.of(text, java);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("filters")
    void filterReturnsWhatABruteForceSelects(String text, Predicate<Row> java) {
        List<Row> expected = new ArrayList<>(TestData.ROWS.stream().filter(java).toList());
        expected.sort(Row.KEY);
        assertFalse(expected.isEmpty(), "the filter should select rows: " + text);
        assertEquals(expected, Row.scan(table, Row.all().withFilter(Expr.parse(text))));
    }

    @Test
    void rowIndicesSelectExactlyThoseRows() {
        int n = TestData.ROWS.size();
        long[] rows = {0, 1, 5, 8191, 8192, 30_000, 50_001, n - 1};
        List<Row> expected = new ArrayList<>();
        for (long r : rows) {
            expected.add(TestData.ROWS.get((int) r));
        }
        expected.sort(Row.KEY);
        assertEquals(expected, Row.scan(table, Row.all().withRows(rows)));
    }

    @Test
    void rowIndicesCombineWithAFilter() {
        long[] rows = new long[2000];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i * 30L;
        }
        List<Row> expected = new ArrayList<>();
        for (long r : rows) {
            Row row = TestData.ROWS.get((int) r);
            if (row.mode().equals("TRUCK")) {
                expected.add(row);
            }
        }
        expected.sort(Row.KEY);
        Expr truck = Expr.parse("l_shipmode = 'TRUCK'");
        assertEquals(expected, Row.scan(table, Row.all().withRows(rows).withFilter(truck)));
    }

    @Test
    void badRowIndicesAreRejected() {
        var e = assertThrows(InvalidArgumentException.class,
                () -> Row.scan(table, Row.all().withRows(new long[] {3, 2})));
        assertTrue(e.getMessage().contains("ascend"), e.getMessage());
        e = assertThrows(InvalidArgumentException.class,
                () -> Row.scan(table, Row.all().withRows(new long[] {table.rowCount()})));
        assertTrue(e.getMessage().contains("outside"), e.getMessage());
    }

    @Test
    void anUntranslatableFilterIsAnErrorNamingIt() {
        var e = assertThrows(UnsupportedFeatureException.class,
                () -> Row.scan(table, Row.all().withFilter(Expr.parse("l_orderkey = l_partkey"))));
        assertTrue(e.getMessage().contains("l_orderkey = l_partkey"), e.getMessage());
        var bad = assertThrows(InvalidArgumentException.class,
                () -> Row.scan(table, Row.all().withFilter(Expr.parse("l_quantity < 'ten'"))));
        assertTrue(bad.getMessage().contains("l_quantity"), bad.getMessage());
    }

    @Test
    void twoThreadsReadTwoRowRangesThatTogetherAreEveryRowOnce() throws IOException {
        try (Table two = ENGINE.open(file, new EngineOptions(Optional.empty(), 2, Optional.empty()))) {
            for (ScanRequest request : List.of(Row.all(), Row.all().withFilter(Expr.parse("l_quantity < 10")))) {
                int[] sinks = {0};
                assertEquals(Row.scan(table, request), Row.scanConcurrently(two, request, sinks), request.toString());
                assertEquals(2, sinks[0], "a sink per range");
                assertEquals(Row.scan(table, request), Row.scanConcurrently(table, request, sinks));
                assertEquals(1, sinks[0], "the reference's default reads on one thread");
            }
            // A row selection is read as one scan.
            ScanRequest some = Row.all().withRows(new long[] {0, 7, 40_000});
            int[] sinks = {0};
            assertEquals(Row.scan(table, some), Row.scanConcurrently(two, some, sinks));
            assertEquals(1, sinks[0]);
        }
    }

    @Test
    void threadsOptionScansTheSameRows() throws IOException {
        try (Table two = ENGINE.open(file, new EngineOptions(Optional.empty(), 2, Optional.empty()))) {
            assertEquals(Row.scan(table, Row.all().withFilter(Expr.parse("l_quantity < 10"))),
                    Row.scan(two, Row.all().withFilter(Expr.parse("l_quantity < 10"))));
        }
    }
}
