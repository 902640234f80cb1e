package dev.quire.bench.runner.queries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.engines.QuireEngine;
import dev.quire.bench.runner.spi.Batch;
import dev.quire.bench.runner.spi.Dataset;
import dev.quire.bench.runner.spi.EngineOptions;
import dev.quire.bench.runner.spi.Query;
import dev.quire.bench.runner.spi.ScanRequest;
import dev.quire.bench.runner.spi.StringColumn;
import dev.quire.bench.runner.spi.Table;
import dev.quire.bench.runner.tpch.LineItemRow;
import dev.quire.bench.runner.tpch.LineItems;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every query over Quire's engine at scale factor 0.01, each checked against a brute-force computation over the
 * generator's rows (no file, no engine, no batches), with {@link BigDecimal} arithmetic where the query uses longs.
 */
class QueriesTest {
    static final double SF = 0.01;

    @TempDir
    static Path cache;
    static Path file;
    static List<LineItemRow> rows;

    @BeforeAll
    static void prepare() throws IOException {
        file = new QuireEngine().prepare(new Dataset(SF, cache));
        rows = LineItems.rows(SF).toList();
    }

    static Query.Outcome run(String name) {
        return run(name, EngineOptions.defaults());
    }

    static Query.Outcome run(String name, EngineOptions options) {
        try (Table table = new QuireEngine().open(file, options)) {
            return Queries.named(name).run(table);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void namesAreUniqueAndUnknownNamesListTheKnownOnes() {
        List<String> names = Queries.names();
        assertEquals(List.of("q1", "q6", "scan-i64", "scan-i32", "scan-decimal", "scan-date", "scan-utf8", "scan-all",
                "lookup", "filter-utf8"), names);
        assertEquals(names.size(), new HashSet<>(names).size());
        for (Query q : Queries.all()) {
            assertEquals(q, Queries.named(q.name()));
            assertTrue(!q.description().isBlank());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Queries.named("q99"));
        assertTrue(e.getMessage().contains("q99") && e.getMessage().contains("scan-utf8"), e.getMessage());
    }

    @Test
    void q1MatchesBruteForce() {
        long cutoff = LocalDate.of(1998, 9, 2).toEpochDay();
        Map<String, BigDecimal[]> groups = new TreeMap<>();
        long matched = 0;
        for (LineItemRow r : rows) {
            if (r.shipDate() > cutoff) {
                continue;
            }
            matched++;
            BigDecimal qty = BigDecimal.valueOf(r.quantity(), 2);
            BigDecimal price = BigDecimal.valueOf(r.extendedPrice(), 2);
            BigDecimal disc = BigDecimal.valueOf(r.discount(), 2);
            BigDecimal tax = BigDecimal.valueOf(r.tax(), 2);
            BigDecimal discPrice = price.multiply(BigDecimal.ONE.subtract(disc));
            BigDecimal[] s = groups.computeIfAbsent(r.returnFlag() + "|" + r.lineStatus(), k -> new BigDecimal[] {
                BigDecimal.ZERO.setScale(2), BigDecimal.ZERO.setScale(2), BigDecimal.ZERO.setScale(4),
                BigDecimal.ZERO.setScale(6), BigDecimal.ZERO.setScale(2), BigDecimal.ZERO});
            s[0] = s[0].add(qty);
            s[1] = s[1].add(price);
            s[2] = s[2].add(discPrice);
            s[3] = s[3].add(discPrice.multiply(BigDecimal.ONE.add(tax)));
            s[4] = s[4].add(disc);
            s[5] = s[5].add(BigDecimal.ONE);
        }
        StringBuilder expected = new StringBuilder();
        for (Map.Entry<String, BigDecimal[]> e : groups.entrySet()) {
            BigDecimal[] s = e.getValue();
            expected.append(e.getKey()).append('|').append(s[0].toPlainString()).append('|')
                    .append(s[1].toPlainString()).append('|').append(s[2].toPlainString()).append('|')
                    .append(s[3].toPlainString()).append('|').append(avg(s[0], s[5])).append('|')
                    .append(avg(s[1], s[5])).append('|').append(avg(s[4], s[5])).append('|')
                    .append(s[5].toPlainString()).append('\n');
        }
        Query.Outcome outcome = run("q1");
        assertEquals(4, groups.size());
        assertEquals(new Query.Outcome(matched, expected.toString()), outcome);
    }

    private static String avg(BigDecimal sum, BigDecimal count) {
        return sum.divide(count, 4, RoundingMode.HALF_UP).toPlainString();
    }

    @Test
    void q6MatchesBruteForceAndTheTpchAnswer() {
        long from = LocalDate.of(1994, 1, 1).toEpochDay();
        long to = LocalDate.of(1995, 1, 1).toEpochDay();
        BigDecimal revenue = BigDecimal.ZERO.setScale(4);
        long matched = 0;
        for (LineItemRow r : rows) {
            BigDecimal disc = BigDecimal.valueOf(r.discount(), 2);
            if (r.shipDate() >= from && r.shipDate() < to && disc.compareTo(new BigDecimal("0.05")) >= 0
                    && disc.compareTo(new BigDecimal("0.07")) <= 0
                    && BigDecimal.valueOf(r.quantity(), 2).compareTo(BigDecimal.valueOf(24)) < 0) {
                revenue = revenue.add(BigDecimal.valueOf(r.extendedPrice(), 2).multiply(disc));
                matched++;
            }
        }
        assertEquals(new Query.Outcome(matched, "revenue=" + revenue.toPlainString()), run("q6"));
        // The published answer of TPC-H query 6 at scale factor 0.01.
        assertEquals(new Query.Outcome(1_191, "revenue=1193053.2253"), run("q6"));
    }

    @Test
    void singleColumnScansMatchBruteForce() {
        assertEquals(expectedScan(List.of("l_orderkey")), run("scan-i64"));
        assertEquals(expectedScan(List.of("l_linenumber")), run("scan-i32"));
        assertEquals(expectedScan(List.of("l_extendedprice")), run("scan-decimal"));
        assertEquals(expectedScan(List.of("l_shipdate")), run("scan-date"));
        assertEquals(expectedScan(List.of("l_comment")), run("scan-utf8"));
    }

    @Test
    void fullScanMatchesBruteForceWithAnyIoAndThreads() {
        Query.Outcome expected = expectedScan(LineItems.SCHEMA.names());
        assertEquals(16, expected.result().lines().count());
        assertEquals(expected, run("scan-all"));
        assertEquals(expected, run("scan-all", new EngineOptions(Optional.of("posix"), 2, Optional.empty())));
    }

    /**
     * Quire's table, handing every batch to one sink on the calling thread ({@link Table#scanConcurrently}'s default)
     * when {@code consumers} is null, else to a sink per scan thread, recording the threads in {@code consumers}.
     */
    private record Through(Table table, java.util.Set<Thread> consumers) implements Table {
        @Override
        public long rowCount() {
            return table.rowCount();
        }

        @Override
        public void scan(ScanRequest request, Consumer<Batch> sink) {
            table.scan(request, sink);
        }

        @Override
        public void scanConcurrently(ScanRequest request, Supplier<? extends Consumer<Batch>> sinks) {
            if (consumers == null) {
                Table.super.scanConcurrently(request, sinks);
                return;
            }
            table.scanConcurrently(request, () -> {
                consumers.add(Thread.currentThread());
                return sinks.get();
            });
        }

        @Override
        public void close() {
            table.close();
        }
    }

    @Test
    void everyQueryGivesTheSameResultWithOneSinkOrASinkPerScanThread() throws IOException {
        EngineOptions twoThreads = new EngineOptions(Optional.empty(), 2, Optional.empty());
        java.util.Set<Thread> consumers = java.util.concurrent.ConcurrentHashMap.newKeySet();
        for (Query q : Queries.all()) {
            Query.Outcome one;
            try (Table table = new Through(new QuireEngine().open(file, twoThreads), null)) {
                one = q.run(table);
            }
            Query.Outcome many;
            try (Table table = new Through(new QuireEngine().open(file, twoThreads), consumers)) {
                many = q.run(table);
            }
            assertEquals(one, many, q.name());
        }
        assertTrue(!consumers.isEmpty() && !consumers.contains(Thread.currentThread()),
                "the scan threads consume, not the query's: " + consumers);
    }

    @Test
    void checksumsChangeWhenAValueChanges() {
        Checksum a = checksum(List.of(1L, 2L, 3L));
        assertEquals(a.toString(), checksum(List.of(3L, 1L, 2L)).toString());
        // Same sum, different values: the hash tells them apart.
        Checksum b = checksum(List.of(0L, 3L, 3L));
        assertTrue(!a.toString().equals(b.toString()), a + " " + b);
        Checksum s = new Checksum();
        s.addStrings(strings(List.of("ab", "ba")), 2);
        Checksum t = new Checksum();
        t.addStrings(strings(List.of("ab", "ab")), 2);
        assertTrue(!s.toString().equals(t.toString()), s + " " + t);
    }

    @Test
    void longsAreFoldedAcrossBlocks() {
        // More than two blocks, the last partial: count, sum and hash as folding value by value gives them.
        int n = 2 * Checksum.BLOCK + 37;
        List<Long> values = new ArrayList<>();
        long sum = 0;
        long hash = 0;
        for (int i = 0; i < n; i++) {
            long v = (long) i * 0x9e3779b97f4a7c15L;
            values.add(v);
            sum += v;
            hash += Checksum.mix(v);
        }
        assertEquals("count=" + n + " sum=" + sum + " hash=" + Long.toHexString(hash), checksum(values).toString());
    }

    @Test
    void theStringHashCountsEveryByteOfTheValueAndNothingPastIt() {
        Random random = new Random(42);
        for (int length = 0; length <= 40; length++) {
            for (int start : new int[] {0, 3, 8}) {
                byte[] value = new byte[start + length + Long.BYTES];
                random.nextBytes(value);
                byte[] other = value.clone();
                // Different bytes before and after the value: same hash.
                for (int k = 0; k < other.length; k++) {
                    if (k < start || k >= start + length) {
                        other[k] = (byte) ~other[k];
                    }
                }
                long h = Checksum.hashBytes(value, start, length);
                assertEquals(h, Checksum.hashBytes(other, start, length), "length " + length + " at " + start);
                byte[] moved = new byte[length + Long.BYTES];
                System.arraycopy(value, start, moved, 0, length);
                assertEquals(h, Checksum.hashBytes(moved, 0, length), "length " + length + " moved to 0");
                // Any one byte of the value changed: a different hash.
                for (int k = start; k < start + length; k++) {
                    byte[] changed = value.clone();
                    changed[k] ^= (byte) (1 << random.nextInt(8));
                    assertTrue(Checksum.hashBytes(changed, start, length) != h, "length " + length + ", byte " + k);
                }
            }
        }
    }

    @Test
    void stringChecksumsDoNotDependOnBlockBoundariesOrOnTheColumnsBytesPastAValue() {
        Random random = new Random(7);
        List<String> values = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            StringBuilder b = new StringBuilder();
            int length = random.nextInt(i % 7 == 0 ? 60 : 14);
            for (int k = 0; k < length; k++) {
                b.append((char) ('a' + random.nextInt(26)));
            }
            values.add(i % 500 == 0 ? "ünï" + b : b.toString());
        }
        Checksum whole = new Checksum();
        whole.addStrings(strings(values), values.size());
        Checksum parts = new Checksum();
        parts.addStrings(strings(values.subList(0, 1500)), 1500);
        parts.addStrings(strings(values.subList(1500, 3000)), 1500);
        assertEquals(whole.toString(), parts.toString());
        List<String> swapped = new ArrayList<>(values);
        swapped.set(2049, values.get(2049) + "x");
        Checksum other = new Checksum();
        other.addStrings(strings(swapped), swapped.size());
        assertTrue(!other.toString().equals(whole.toString()), "a value one byte longer changes the checksum");
        long bytes = values.stream().mapToLong(v -> v.getBytes(StandardCharsets.UTF_8).length).sum();
        assertTrue(whole.toString().startsWith("count=3000 sum=" + bytes + " "), whole.toString());
    }

    private static Checksum checksum(List<Long> values) {
        Checksum c = new Checksum();
        c.addLongs(i -> values.get(i), values.size());
        return c;
    }

    /** The scan queries' result computed from the generator's values with the queries' checksum. */
    static Query.Outcome expectedScan(List<String> columns) {
        StringBuilder out = new StringBuilder();
        for (String column : columns) {
            Checksum sum = new Checksum();
            Function<LineItemRow, Object> value = value(column);
            List<Object> values = rows.stream().map(value).toList();
            if (values.getFirst() instanceof String) {
                sum.addStrings(strings(values.stream().map(String.class::cast).toList()), values.size());
            } else {
                sum.addLongs(i -> ((Number) values.get(i)).longValue(), values.size());
            }
            out.append(column).append(' ').append(sum).append('\n');
        }
        return new Query.Outcome(rows.size(), out.toString());
    }

    static StringColumn strings(List<String> values) {
        List<byte[]> utf8 = values.stream().map(v -> v.getBytes(StandardCharsets.UTF_8)).toList();
        return new StringColumn() {
            @Override
            public int length(int row) {
                return utf8.get(row).length;
            }

            @Override
            public byte byteAt(int row, int index) {
                return utf8.get(row)[index];
            }

            @Override
            public String get(int row) {
                return values.get(row);
            }
        };
    }

    /** A column's value in a generated row: longs as stored (unscaled decimals, epoch days), strings as is. */
    static Function<LineItemRow, Object> value(String column) {
        return switch (column) {
            case "l_orderkey" -> LineItemRow::orderKey;
            case "l_partkey" -> LineItemRow::partKey;
            case "l_suppkey" -> LineItemRow::suppKey;
            case "l_linenumber" -> LineItemRow::lineNumber;
            case "l_quantity" -> LineItemRow::quantity;
            case "l_extendedprice" -> LineItemRow::extendedPrice;
            case "l_discount" -> LineItemRow::discount;
            case "l_tax" -> LineItemRow::tax;
            case "l_returnflag" -> LineItemRow::returnFlag;
            case "l_linestatus" -> LineItemRow::lineStatus;
            case "l_shipdate" -> LineItemRow::shipDate;
            case "l_commitdate" -> LineItemRow::commitDate;
            case "l_receiptdate" -> LineItemRow::receiptDate;
            case "l_shipinstruct" -> LineItemRow::shipInstruct;
            case "l_shipmode" -> LineItemRow::shipMode;
            case "l_comment" -> LineItemRow::comment;
            default -> throw new IllegalArgumentException(column);
        };
    }

    @Test
    void lookupReturnsTheRowsAtItsIndicesInIndexOrder() {
        long[] indices = LookupQuery.indices(rows.size());
        assertEquals(LookupQuery.ROWS, indices.length);
        assertEquals(LookupQuery.ROWS, java.util.Arrays.stream(indices).distinct().count());
        for (int i = 1; i < indices.length; i++) {
            assertTrue(indices[i - 1] < indices[i]);
        }
        StringBuilder expected = new StringBuilder();
        for (long index : indices) {
            LineItemRow r = rows.get((int) index);
            expected.append(index).append(": ").append(String.join("|", Long.toString(r.orderKey()),
                    Long.toString(r.partKey()), Long.toString(r.suppKey()), Integer.toString(r.lineNumber()),
                    money(r.quantity()), money(r.extendedPrice()), money(r.discount()), money(r.tax()),
                    r.returnFlag(), r.lineStatus(), day(r.shipDate()), day(r.commitDate()), day(r.receiptDate()),
                    r.shipInstruct(), r.shipMode(), r.comment())).append('\n');
        }
        assertEquals(new Query.Outcome(LookupQuery.ROWS, expected.toString()), run("lookup"));
    }

    @Test
    void lookupIndicesAreFixedAndFitSmallTables() {
        assertEquals(java.util.Arrays.toString(LookupQuery.indices(60_175)),
                java.util.Arrays.toString(LookupQuery.indices(60_175)));
        assertEquals("[0, 1, 2]", java.util.Arrays.toString(LookupQuery.indices(3)));
        for (long i : LookupQuery.indices(11)) {
            assertTrue(i >= 0 && i < 11);
        }
    }

    private static String money(long unscaled) {
        return BigDecimal.valueOf(unscaled, 2).toPlainString();
    }

    private static String day(int epochDay) {
        return LocalDate.ofEpochDay(epochDay).toString();
    }

    @Test
    void stringFilterMatchesBruteForceAndIsSelective() {
        List<Long> keys = new ArrayList<>();
        for (LineItemRow r : rows) {
            if (r.comment().startsWith("the")) {
                keys.add(r.orderKey());
            }
        }
        double selectivity = (double) keys.size() / rows.size();
        assertTrue(selectivity > 0.001 && selectivity < 0.02, "selectivity " + selectivity);
        Checksum sum = new Checksum();
        sum.addLongs(i -> keys.get(i), keys.size());
        assertEquals(new Query.Outcome(keys.size(), "l_orderkey " + sum + "\n"), run("filter-utf8"));
    }

    @Test
    void everyQueryGivesTheSameOutcomeTwiceAndWithOneThread() {
        for (String name : Queries.names()) {
            Query.Outcome first = run(name);
            assertTrue(first.rows() > 0, name);
            assertEquals(first, run(name, new EngineOptions(Optional.empty(), 1, Optional.empty())), name);
        }
    }
}
