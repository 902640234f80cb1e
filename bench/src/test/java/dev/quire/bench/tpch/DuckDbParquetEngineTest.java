package dev.quire.bench.tpch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.spi.Engine;
import dev.quire.bench.runner.spi.EngineOptions;
import dev.quire.bench.runner.spi.Table;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.expr.Expr;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DuckDbParquetEngineTest {
    private static final DuckDbParquetEngine ENGINE = new DuckDbParquetEngine();
    private static Path file;
    private static Table table;
    private static Table reference;

    @BeforeAll
    static void open() throws IOException {
        assertEquals(Optional.empty(), ENGINE.unavailableReason());
        file = ENGINE.prepare(TestData.DATASET);
        table = ENGINE.open(file, EngineOptions.defaults());
        VortexJniEngine vortex = new VortexJniEngine();
        reference = vortex.open(vortex.prepare(TestData.DATASET), EngineOptions.defaults());
    }

    @AfterAll
    static void close() {
        table.close();
        reference.close();
    }

    @Test
    void isFoundThroughTheServiceLoaderAndKeysItsFileByDuckDbsVersion() {
        List<String> names = ServiceLoader.load(Engine.class).stream().map(p -> p.get().name()).toList();
        assertTrue(names.contains("duckdb-parquet"), names.toString());
        assertTrue(ENGINE.writerVersion().matches("\\d+\\.\\d+\\.\\d+.*-1"), ENGINE.writerVersion());
        assertEquals(TestData.DATASET.file("duckdb-parquet", ENGINE.writerVersion(), "parquet"), file);
    }

    @Test
    void everyValueRoundTripsThroughParquet() {
        assertEquals(TestData.ROWS.size(), table.rowCount());
        List<Row> expected = new ArrayList<>(TestData.ROWS);
        expected.sort(Row.KEY);
        assertEquals(expected, Row.scan(table, Row.all()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.quire.bench.tpch.VortexJniEngineTest#filters")
    void filterReturnsTheSameRowsAsTheReferenceAndTheBruteForce(String text, Predicate<Row> java) {
        List<Row> expected = new ArrayList<>(TestData.ROWS.stream().filter(java).toList());
        expected.sort(Row.KEY);
        assertFalse(expected.isEmpty());
        List<Row> duck = Row.scan(table, Row.all().withFilter(Expr.parse(text)));
        assertEquals(expected, duck);
        assertEquals(Row.scan(reference, Row.all().withFilter(Expr.parse(text))), duck);
    }

    @Test
    void aFewRowIndicesSelectExactlyThoseRows() {
        long[] rows = {0, 1, 5, 8191, 8192, 30_000, TestData.ROWS.size() - 1};
        assertEquals(expected(rows), Row.scan(table, Row.all().withRows(rows)));
        assertEquals(Row.scan(reference, Row.all().withRows(rows)), Row.scan(table, Row.all().withRows(rows)));
    }

    @Test
    void manyRowIndicesSelectExactlyThoseRows() {
        long[] rows = new long[5000];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i * 11L + 3;
        }
        assertEquals(expected(rows), Row.scan(table, Row.all().withRows(rows)));
        assertEquals(expected(rows), Row.scan(table, Row.all().withRows(rows)),
                "a second selection replaces the first");
    }

    private static List<Row> expected(long[] rows) {
        List<Row> out = new ArrayList<>();
        for (long r : rows) {
            out.add(TestData.ROWS.get((int) r));
        }
        out.sort(Row.KEY);
        return out;
    }

    @Test
    void badRequestsAreClearErrors() {
        assertThrows(InvalidArgumentException.class, () -> Row.scan(table, Row.all().withRows(new long[] {9, 9})));
        var e = assertThrows(UnsupportedFeatureException.class,
                () -> Row.scan(table, Row.all().withFilter(Expr.parse("l_orderkey = l_partkey"))));
        assertTrue(e.getMessage().contains("l_orderkey = l_partkey"), e.getMessage());
    }

    @Test
    void threadsOptionScansTheSameRows() throws IOException {
        try (Table one = ENGINE.open(file, new EngineOptions(Optional.empty(), 1, Optional.empty()))) {
            Expr filter = Expr.parse("l_shipmode = 'RAIL' and l_quantity >= 40");
            assertEquals(Row.scan(table, Row.all().withFilter(filter)), Row.scan(one, Row.all().withFilter(filter)));
        }
    }
}
