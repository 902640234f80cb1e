package dev.quire.bench.runner.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.results.IoReport;
import dev.quire.bench.runner.spi.Batch;
import dev.quire.bench.runner.spi.CachedFile;
import dev.quire.bench.runner.spi.Dataset;
import dev.quire.bench.runner.spi.Engine;
import dev.quire.bench.runner.spi.EngineOptions;
import dev.quire.bench.runner.spi.IoVariant;
import dev.quire.bench.runner.spi.LongColumn;
import dev.quire.bench.runner.spi.ReadLog;
import dev.quire.bench.runner.spi.ScanRequest;
import dev.quire.bench.runner.spi.StringColumn;
import dev.quire.bench.runner.spi.Table;
import dev.quire.bench.runner.tpch.LineItemRow;
import dev.quire.bench.runner.tpch.LineItems;
import dev.quire.errors.ClosedException;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.posix.PosixOptions;
import dev.quire.io.posix.PosixReadAt;
import dev.quire.io.posix.PosixSettings;
import dev.quire.io.posix.direct.PosixReaders;
import dev.quire.io.spi.CountingReadAt;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProviders;
import dev.quire.io.store.LocalDirectoryStore;
import dev.quire.io.store.StoreReadAt;
import dev.quire.io.store.StoreReadOptions;
import dev.quire.layout.QuireContext;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.Expr;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Quire's engine at scale factor 0.01: the cached file, the I/O choice, the read log and the batch adapters. */
class QuireEngineTest {
    static final double SF = 0.01;

    @TempDir
    static Path cache;
    static Dataset dataset;
    static Path file;
    static List<LineItemRow> rows;

    @BeforeAll
    static void prepare() throws IOException {
        dataset = new Dataset(SF, cache);
        file = new QuireEngine().prepare(dataset);
        rows = LineItems.rows(SF).toList();
    }

    @Test
    void isFoundByServiceLoaderUnderItsName() {
        List<String> names = ServiceLoader.load(Engine.class).stream().map(p -> p.get().name()).toList();
        assertTrue(names.contains("quire"), names.toString());
    }

    @Test
    void preparesItsFileOnceUnderTheDatasetAndLeavesNoTemporaryFile() throws IOException, InterruptedException {
        assertEquals(dataset.file("quire", QuireEngine.WRITER_VERSION, "vortex"), file);
        assertEquals(cache.resolve("sf0.01").resolve("lineitem-quire-" + QuireEngine.WRITER_VERSION + ".vortex"),
                file);
        FileTime written = Files.getLastModifiedTime(file);
        Object key = Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
        Path again = new QuireEngine().prepare(dataset);
        assertEquals(file, again);
        assertEquals(written, Files.getLastModifiedTime(again), "the cached file was rewritten");
        assertEquals(key, Files.readAttributes(again, java.nio.file.attribute.BasicFileAttributes.class).fileKey());
        try (Stream<Path> files = Files.list(file.getParent())) {
            assertEquals(List.of(file.getFileName().toString()),
                    files.map(p -> p.getFileName().toString()).toList());
        }
    }

    @Test
    void aFailedWriteLeavesNeitherTheFileNorItsTemporaryFile(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("sf1").resolve("lineitem-quire-w0.vortex");
        IOException io = assertThrows(IOException.class, () -> CachedFile.ensure(target, tmp -> {
            Files.writeString(tmp, "half a file");
            throw new IOException("disk full");
        }));
        assertEquals("disk full", io.getMessage());
        InvalidArgumentException bad = assertThrows(InvalidArgumentException.class,
                () -> CachedFile.ensure(target, tmp -> {
                    Files.writeString(tmp, "half a file");
                    throw new InvalidArgumentException("bad batch");
                }));
        assertEquals("bad batch", bad.getMessage());
        try (Stream<Path> files = Files.list(target.getParent())) {
            assertEquals(List.of(), files.toList());
        }
        // And a write that completes is moved into place, then reused without writing again.
        assertEquals(target, CachedFile.ensure(target, tmp -> Files.writeString(tmp, "whole")));
        assertEquals(target, CachedFile.ensure(target, tmp -> {
            throw new AssertionError("a cached file was written again");
        }));
        assertEquals("whole", Files.readString(target));
    }

    @Test
    void aNewWriterVersionOrScaleFactorGetsItsOwnFile() throws IOException {
        Path other = new QuireEngine().prepare(new Dataset(0.001, cache));
        assertTrue(!other.equals(file) && Files.isRegularFile(other));
        try (Table table = new QuireEngine().open(other, EngineOptions.defaults())) {
            assertEquals(LineItems.rows(0.001).count(), table.rowCount());
        }
    }

    @Test
    void readsBackEveryValueOfTheGeneratedRows() throws IOException {
        List<LineItemRow> read = new ArrayList<>();
        try (Table table = new QuireEngine().open(file, EngineOptions.defaults())) {
            assertEquals(rows.size(), table.rowCount());
            table.scan(ScanRequest.of(LineItems.SCHEMA.names()), batch -> read.addAll(rowsOf(batch)));
        }
        // Unordered scans: put the rows back in file order by their key.
        read.sort(java.util.Comparator.comparingLong(LineItemRow::orderKey)
                .thenComparingInt(LineItemRow::lineNumber));
        assertEquals(rows, read);
    }

    static List<LineItemRow> rowsOf(Batch b) {
        LongColumn[] l = new LongColumn[16];
        StringColumn[] s = new StringColumn[16];
        List<String> names = LineItems.SCHEMA.names();
        for (int c = 0; c < 16; c++) {
            if (LineItems.SCHEMA.field(c).dtype() instanceof DType.Utf8) {
                s[c] = b.strings(names.get(c));
            } else {
                l[c] = b.longs(names.get(c));
            }
        }
        List<LineItemRow> out = new ArrayList<>();
        for (int i = 0; i < b.length(); i++) {
            out.add(new LineItemRow(l[0].get(i), l[1].get(i), l[2].get(i), (int) l[3].get(i), l[4].get(i),
                    l[5].get(i), l[6].get(i), l[7].get(i), s[8].get(i), s[9].get(i), (int) l[10].get(i),
                    (int) l[11].get(i), (int) l[12].get(i), s[13].get(i), s[14].get(i), s[15].get(i)));
        }
        return out;
    }

    @Test
    void stringColumnsReadBytesInPlace() throws IOException {
        // Short values sit in the views, long ones in data buffers: check both through every accessor.
        List<String> seen = new ArrayList<>();
        try (Table table = new QuireEngine().open(file, EngineOptions.defaults())) {
            table.scan(ScanRequest.of(List.of("l_shipmode", "l_comment")).withRows(new long[] {0, 1, 2}), b -> {
                for (String column : List.of("l_shipmode", "l_comment")) {
                    StringColumn c = b.strings(column);
                    for (int i = 0; i < b.length(); i++) {
                        String v = c.get(i);
                        byte[] utf8 = v.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                        assertEquals(utf8.length, c.length(i));
                        for (int k = 0; k < utf8.length; k++) {
                            assertEquals(utf8[k], c.byteAt(i, k));
                        }
                        assertTrue(c.equalsBytes(i, utf8));
                        assertTrue(!c.equalsBytes(i, (v + "x").getBytes(java.nio.charset.StandardCharsets.UTF_8)));
                        assertThrows(IndexOutOfBoundsException.class, () -> c.byteAt(0, c.length(0)));
                        seen.add(v);
                    }
                    // Bytes read without asking for the length first, rows in reverse, the last byte before the first.
                    for (int i = b.length() - 1; i >= 0; i--) {
                        byte[] utf8 = c.get(i).getBytes(java.nio.charset.StandardCharsets.UTF_8);
                        assertEquals(utf8[utf8.length - 1], c.byteAt(i, utf8.length - 1));
                        for (int k = 0; k < utf8.length; k++) {
                            assertEquals(utf8[k], c.byteAt(i, k), "byte " + k + " of row " + i);
                        }
                    }
                }
            });
        }
        List<String> expected = new ArrayList<>();
        expected.addAll(rows.subList(0, 3).stream().map(LineItemRow::shipMode).toList());
        expected.addAll(rows.subList(0, 3).stream().map(LineItemRow::comment).toList());
        assertEquals(expected, seen);
    }

    @Test
    void filtersAndRowSelectionsArePushedIntoTheScan() throws IOException {
        long[] selected = {5, 17, 1_000, 59_999};
        long[] count = {0};
        List<Long> keys = new ArrayList<>();
        try (Table table = new QuireEngine().open(file, EngineOptions.defaults())) {
            table.scan(ScanRequest.of(List.of("l_orderkey")).withRows(selected)
                    .withFilter(Expr.parse("l_linenumber > 1")), b -> {
                        count[0] += b.length();
                        for (int i = 0; i < b.length(); i++) {
                            keys.add(b.longs("l_orderkey").get(i));
                        }
                    });
        }
        List<Long> expected = new ArrayList<>();
        for (long r : selected) {
            if (rows.get((int) r).lineNumber() > 1) {
                expected.add(rows.get((int) r).orderKey());
            }
        }
        assertEquals(expected, keys.stream().sorted().toList());
        assertEquals(expected.size(), count[0]);
    }

    @Test
    void aReadLogSeesEveryReadWithinTheFile() throws IOException {
        ConcurrentLinkedQueue<long[]> reads = new ConcurrentLinkedQueue<>();
        ReadLog log = (offset, bytes, nanos) -> reads.add(new long[] {offset, bytes, nanos});
        long size = Files.size(file);
        try (Table table = new QuireEngine().open(file, new EngineOptions(Optional.empty(), 0, Optional.of(log)))) {
            int opening = reads.size();
            assertTrue(opening > 0, "opening reads the footer");
            table.scan(ScanRequest.of(List.of("l_comment")), b -> {});
            assertTrue(reads.size() > opening, "the scan's reads were not logged");
        }
        long bytes = 0;
        for (long[] r : reads) {
            assertTrue(r[0] >= 0 && r[1] >= 0 && r[0] + r[1] <= size, r[0] + "+" + r[1]);
            assertTrue(r[2] >= 0);
            bytes += r[1];
        }
        // Every comment is read: a 16-byte view each when the file holds them plain, and more than 8 bytes each when
        // they are FSST-compressed (with the encodings module on the path, as in the runner's tests; TPC-H comments
        // average 27 bytes and compress to about 13).
        assertTrue(bytes >= rows.size() * 8L, bytes + " bytes read for " + rows.size() + " comments");
    }

    @Test
    void eachIoVariantHasOneContextWithItsSettings() {
        QuireContext base = QuireEngine.context(Optional.empty());
        assertSame(base, QuireEngine.context(Optional.empty()), "made once per process");
        QuireContext off = QuireEngine.context(Optional.of(IoVariant.parse("posix:nowait=off:window=4k-1m")));
        assertSame(off, QuireEngine.context(Optional.of(IoVariant.parse("posix:window=4k-1m:nowait=off"))),
                "one context per variant, whatever order its settings were written in");
        assertEquals("posix", off.setting(IoProviders.PROVIDER));
        assertEquals(false, off.setting(PosixSettings.FAST_PATH));
        assertEquals(4096L, off.setting(PosixSettings.MIN_READ_LENGTH));
        assertEquals(1L << 20, off.setting(PosixSettings.MAX_READ_LENGTH));
        assertEquals(base.setting(PosixSettings.DIRECT), off.setting(PosixSettings.DIRECT));
        assertEquals(base.arrayEncodingIds(), off.arrayEncodingIds(), "the same plugins");
        assertEquals("mmap", QuireEngine.context(Optional.of(IoVariant.of("mmap"))).setting(IoProviders.PROVIDER));
    }

    @Test
    void anUnknownIoProviderFailsNamingItAndTheKnownOnes() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> new QuireEngine()
                .open(file, new EngineOptions(Optional.of("no-such-io"), 0, Optional.empty())));
        assertTrue(e.getMessage().contains("no-such-io"), e.getMessage());
        assertTrue(e.getMessage().contains("posix") && e.getMessage().contains("mmap"), e.getMessage());
    }

    @Test
    void aReaderFactoryServesTheFileWithTheRunsIoOptions() throws IOException {
        List<IoOptions> asked = new ArrayList<>();
        List<CountingReadAt> opened = new ArrayList<>();
        QuireEngine engine = new QuireEngine(io -> {
            asked.add(io);
            return uri -> {
                CountingReadAt in = CountingReadAt.wrap(QuireContext.defaults().io().readers(io).open(uri));
                opened.add(in);
                return in;
            };
        });
        long sum = 0;
        try (Table table = engine.open(file, new EngineOptions(Optional.of("posix"), 0, Optional.empty()))) {
            long[] keys = {0};
            table.scan(ScanRequest.of(List.of("l_orderkey")), b -> {
                LongColumn k = b.longs("l_orderkey");
                for (int i = 0; i < b.length(); i++) {
                    keys[0] += k.get(i);
                }
            });
            sum = keys[0];
        }
        assertEquals(rows.stream().mapToLong(LineItemRow::orderKey).sum(), sum);
        assertEquals(List.of(Optional.of("posix")), asked.stream().map(IoOptions::provider).toList());
        assertEquals(1, opened.size());
        assertTrue(opened.getFirst().stats().reads() > 1, "the footer and the column were read through it");
        assertThrows(ClosedException.class, () -> opened.getFirst().readFully(0, 1, 1),
                "closing the table closes the reader the factory opened");
    }

    @Test
    void aReadThroughAStoreReportsTheStoreReadersGets() throws IOException {
        List<StoreReadAt> opened = new ArrayList<>();
        try (LocalDirectoryStore store = LocalDirectoryStore.open(file.getParent())) {
            QuireEngine engine = new QuireEngine(io -> uri -> {
                StoreReadAt in = StoreReadAt.open(store, file.getFileName().toString(), StoreReadOptions.defaults());
                opened.add(in);
                return in;
            });
            long[] sum = {0};
            IoReport report;
            try (Table table = engine.open(file, EngineOptions.defaults())) {
                table.scan(ScanRequest.of(List.of("l_orderkey")), b -> {
                    LongColumn keys = b.longs("l_orderkey");
                    for (int i = 0; i < b.length(); i++) {
                        sum[0] += keys.get(i);
                    }
                });
                report = table.io().orElseThrow();
            }
            assertEquals(rows.stream().mapToLong(LineItemRow::orderKey).sum(), sum[0]);
            assertNull(report.fastPath());
            IoReport.Store g = report.store();
            assertNotNull(g, "a store reader's GETs are reported: " + report);
            // The counting reader's issued reads are the store reader's requests: two counters, one figure.
            assertEquals(report.reads(), g.requests(), report.toString());
            assertEquals(report.bytesRead(), g.requestedBytes(), report.toString());
            assertTrue(g.gets() >= 2 && g.gets() <= g.requests(), "the footer and the column, merged: " + g);
            assertTrue(g.fetchedBytes() >= g.requestedBytes(), g.toString());
            assertEquals(0, g.retries() + g.failures(), g.toString());
            assertTrue(g.slowestGetMicros() > 0 && g.lastByteP99Micros() >= g.lastByteP50Micros(), g.toString());
            assertEquals(1, opened.size());
            assertEquals(opened.getFirst().storeStats().orElseThrow().gets(), g.gets());
        }
    }

    @Test
    void everyIoVariantReadsTheSameRowsAndReportsItsReads() throws IOException {
        long expected = rows.stream().mapToLong(LineItemRow::orderKey).sum();
        for (String io : List.of("mmap", "posix", "posix:nowait=off", "posix:window=0-1g", "posix:direct")) {
            long[] sum = {0};
            IoReport report;
            try (Table table = new QuireEngine().open(file, new EngineOptions(Optional.of(io), 0, Optional.empty()))) {
                table.scan(ScanRequest.of(List.of("l_orderkey")), b -> {
                    LongColumn keys = b.longs("l_orderkey");
                    for (int i = 0; i < b.length(); i++) {
                        sum[0] += keys.get(i);
                    }
                });
                report = table.io().orElseThrow();
            }
            assertEquals(expected, sum[0], io);
            assertEquals(io, report.reader());
            assertTrue(report.requests() > 1 && report.reads() > 1, io + ": the footer and the column: " + report);
            assertTrue(report.bytesRead() > 0 && report.p50Micros() > 0 && report.p99Micros() >= report.p50Micros(),
                    io + ": " + report);
            assertEquals(0, report.errors());
            assertNull(report.store(), io + " reads a local file, not an object store");
            IoReport.FastPath f = report.fastPath();
            if (io.equals("mmap")) {
                assertNull(f, "mmap has no fast path");
                continue;
            }
            assertNotNull(f, io);
            assertEquals(f.attempted(), f.hit() + f.partial() + f.miss(), io + ": " + f);
            switch (io) {
                case "posix:nowait=off" -> assertEquals(0, f.attempted() + f.skipped(), "nothing decided: " + f);
                case "posix:window=0-1g" -> assertTrue(f.attempted() > 0, "every read is in the window: " + f);
                case "posix:direct" -> {
                    assertEquals(0, f.attempted() + f.skipped(), "O_DIRECT has no fast path: " + f);
                    // O_DIRECT is refused by some file systems (tmpfs): then the report says so.
                    try (PosixReadAt direct = PosixReaders.openLibc(file, PosixOptions.defaults().withDirect(true))) {
                        assertEquals(direct.directRefusal().map(why -> "O_DIRECT not used: " + why).orElse(""),
                                report.note());
                    }
                }
                default -> assertTrue(f.attempted() + f.skipped() > 0, io + ": " + f);
            }
        }
    }

    @Test
    void posixSettingsCannotReachAReaderFactoryOfTheEnginesOwn() {
        QuireEngine engine = new QuireEngine(QuireContext.defaults().io()::readers);
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> engine.open(file,
                new EngineOptions(Optional.of("posix:direct"), 0, Optional.empty())));
        assertTrue(e.getMessage().contains("reader factory of its own") && e.getMessage().contains("posix:direct"),
                e.getMessage());
        InvalidArgumentException bad = assertThrows(InvalidArgumentException.class, () -> new QuireEngine()
                .open(file, new EngineOptions(Optional.of("posix:nowait=sometimes"), 0, Optional.empty())));
        assertTrue(bad.getMessage().contains("nowait takes on or off"), bad.getMessage());
    }

    @Test
    void aNamedProviderAndOwnThreadsReadTheSameRows() throws IOException {
        long[] plain = sumOfKeys(EngineOptions.defaults());
        for (String io : List.of("posix", "mmap")) {
            for (int threads : new int[] {1, 3}) {
                assertEquals(plain[0], sumOfKeys(new EngineOptions(Optional.of(io), threads, Optional.empty()))[0]);
            }
        }
        assertEquals(rows.stream().mapToLong(LineItemRow::orderKey).sum(), plain[0]);
    }

    private static long[] sumOfKeys(EngineOptions options) throws IOException {
        long[] sum = {0};
        try (Table table = new QuireEngine().open(file, options)) {
            table.scan(ScanRequest.of(List.of("l_orderkey")), b -> {
                LongColumn keys = b.longs("l_orderkey");
                for (int i = 0; i < b.length(); i++) {
                    sum[0] += keys.get(i);
                }
            });
        }
        return sum;
    }

    @Test
    void columnsAreReadAsTheirKindOnly() throws IOException {
        try (Table table = new QuireEngine().open(file, EngineOptions.defaults())) {
            ScanRequest request = ScanRequest.of(List.of("l_discount", "l_shipmode")).withRows(new long[] {0});
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                    () -> table.scan(request, b -> b.strings("l_discount")));
            assertTrue(e.getMessage().contains("l_discount"), e.getMessage());
            e = assertThrows(InvalidArgumentException.class, () -> table.scan(request, b -> b.longs("l_shipmode")));
            assertTrue(e.getMessage().contains("l_shipmode"), e.getMessage());
            e = assertThrows(InvalidArgumentException.class, () -> table.scan(request, b -> b.longs("l_tax")));
            assertTrue(e.getMessage().contains("l_tax") && e.getMessage().contains("not requested"), e.getMessage());
        }
    }

    @Test
    void aColumnThatIsNeitherLongLikeNorUtf8IsRejectedOnceWithItsName() {
        DType.Struct output = DType.Struct.of(new Field("id", new DType.Primitive(PType.I64, false)),
                new Field("price", new DType.Primitive(PType.F64, false)));
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> BatchShape.of(List.of("id", "price"), output));
        assertTrue(e.getMessage().contains("`price`") && e.getMessage().contains("f64"), e.getMessage());
        assertInstanceOf(BatchShape.class, BatchShape.of(List.of("id"), output));
    }
}
