package dev.quire.layout.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.MalformedFileException;
import dev.quire.io.spi.InMemoryReadAt;
import dev.quire.layout.Fixtures;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.spi.LayoutReader;
import dev.quire.layout.spi.Pruning;
import java.io.ByteArrayOutputStream;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Pruning with zone maps, through {@link LayoutReader#prune}: sound for random files and filters (a row the filter
 * selects is never ruled out), effective on sorted data, and working (or harmlessly not) on the reference's files.
 */
class ZonePruningTest {

    static byte[] write(DType.Struct schema, List<StructArray> batches, WriteOptions options) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (VortexWriter w = VortexWriter.create(Channels.newChannel(out), schema, options)) {
            batches.forEach(w::write);
        }
        return out.toByteArray();
    }

    static RowMask prune(VortexFile file, BoundExpr filter, Pruning pruning) {
        return file.reader().prune(0, file.rowCount(), pruning, file.layout().segments()).join();
    }

    @Test
    void pruningNeverRulesOutASelectedRow() {
        long prunedRows = 0;
        long zonesPruned = 0;
        int filters = 0;
        for (long seed = 0; seed < 3; seed++) {
            Random r = new Random(seed);
            List<Fixture.Batch> batches = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                batches.add(Fixture.batch(r, 300 + r.nextInt(300)));
            }
            byte[] bytes = write(Fixture.SCHEMA, batches.stream().map(Fixture.Batch::array).toList(),
                    WriteOptions.defaults().withZoneRows(16 + r.nextInt(48)).withBlockRows(64).withChunkBytes(4096));
            try (VortexFile file = VortexFile.open(InMemoryReadAt.of(bytes))) {
                for (int i = 0; i < 100; i++) {
                    Fixture.Batch sample = batches.get(r.nextInt(batches.size()));
                    BoundExpr filter;
                    try {
                        filter = Fixture.predicate(r, 3, sample).bind(Fixture.SCHEMA);
                    } catch (InvalidArgumentException e) {
                        continue;
                    }
                    filters++;
                    List<RowMask> selected = new ArrayList<>();
                    for (Fixture.Batch b : batches) {
                        selected.add(filter.evaluate(b.array()));
                    }
                    RowMask expected = RowMask.concat(selected);
                    Pruning pruning = Pruning.of(filter);
                    RowMask kept = prune(file, filter, pruning);
                    assertEquals(expected.length(), kept.length());
                    RowMask lost = expected.andNot(kept);
                    assertTrue(lost.isAllFalse(), "seed " + seed + ": `" + filter + "` pruned selected rows "
                            + lost.nextSetBit(0) + "...");
                    prunedRows += kept.length() - kept.countOnes();
                    zonesPruned += pruning.zonesPruned();
                    assertTrue(pruning.zonesPruned() <= pruning.zonesConsidered());
                }
            }
        }
        assertTrue(filters > 200, "filters tried: " + filters);
        // Random filters over random data rule out little, but some: the check above was not vacuous.
        assertTrue(prunedRows > 0 && zonesPruned > 0, "rows pruned " + prunedRows + ", zones " + zonesPruned);
    }

    static VortexFile sortedFile() {
        DType.Struct schema = DType.Struct.of(new Field("v", new DType.Primitive(PType.I64, false)),
                new Field("s", new DType.Utf8(true)));
        long[] v = new long[100_000];
        VarBinViewBuilder s = (VarBinViewBuilder) ArrayBuilder.forType(schema.field(1).dtype());
        for (int i = 0; i < v.length; i++) {
            v[i] = i;
            if (i % 3 == 0) {
                s.appendNull();
            } else {
                s.appendString(String.format("key-%06d", i));
            }
        }
        List<Array> columns = List.of(PrimitiveArray.ofLongs(v), s.finish());
        byte[] bytes = write(schema, List.of(StructArray.of(schema.names(), columns)), WriteOptions.defaults());
        return VortexFile.open(InMemoryReadAt.of(bytes));
    }

    @Test
    void rangeFiltersOnSortedDataPruneMostZones() {
        try (VortexFile file = sortedFile()) {
            DType.Struct schema = (DType.Struct) file.dtype();
            // 100,000 rows are 13 zones of 8192; rows below 10,000 lie in the first two.
            BoundExpr below = Expr.parse("v < 10000").bind(schema);
            Pruning pruning = Pruning.of(below);
            RowMask kept = prune(file, below, pruning);
            assertEquals(13, pruning.zonesConsidered());
            assertEquals(11, pruning.zonesPruned());
            assertEquals(2 * 8192, kept.countOnes());

            BoundExpr point = Expr.parse("s = 'key-050002' and v >= 0").bind(schema);
            pruning = Pruning.of(point);
            kept = prune(file, point, pruning);
            assertEquals(26, pruning.zonesConsidered(), "both columns' zones are asked");
            assertEquals(12, pruning.zonesPruned());
            assertTrue(kept.get(50_002));
            assertEquals(8192, kept.countOnes());

            // A row range inside one zone asks about that zone only.
            pruning = Pruning.of(below);
            RowMask slice = file.reader().prune(20_000, 20_100, pruning, file.layout().segments()).join();
            assertEquals(1, pruning.zonesConsidered());
            assertTrue(slice.isAllFalse());

            BoundExpr none = Expr.parse("s is null and v > 99990").bind(schema);
            pruning = Pruning.of(none);
            prune(file, none, pruning);
            assertEquals(12 + 0, pruning.zonesPruned(), "v prunes 12 zones; s has nulls everywhere");
        }
    }

    /**
     * Pruning any row range, aligned to zones or not, pruning some of its zones or none, keeps exactly the rows that
     * pruning the whole file keeps there.
     */
    @Test
    void pruningARowRangeKeepsWhatPruningTheFileKeepsThere() {
        try (VortexFile file = sortedFile()) {
            DType.Struct schema = (DType.Struct) file.dtype();
            long n = file.rowCount();
            Random r = new Random(11);
            for (String text : List.of("v >= 30000 and v < 45000", "v < 10000 or v > 90000", "v >= 0", "v < 0")) {
                BoundExpr filter = Expr.parse(text).bind(schema);
                RowMask whole = prune(file, filter, Pruning.of(filter));
                for (int i = 0; i < 60; i++) {
                    long from = i < 3 ? 8192L * i : r.nextLong(n);
                    long length = i % 2 == 0 ? r.nextLong(n - from + 1) : r.nextInt(9000);
                    long to = i == 0 ? n : Math.min(n, from + length);
                    Pruning pruning = Pruning.of(filter);
                    RowMask part = file.reader().prune(from, to, pruning, file.layout().segments()).join();
                    assertEquals(whole.slice(from, to), part, text + ", rows [" + from + ", " + to + ")");
                }
            }
        }
    }

    @Test
    void scansReadOnlyTheSpanOfZonesThatMightMatch() {
        try (VortexFile file = sortedFile()) {
            // One split of 100,000 rows; its first two zones might hold v < 10000, so only they are read.
            var below = file.scan().splitRows(100_000).filter("v < 10000").countWithMetrics();
            assertEquals(10_000, below.rowsReturned());
            assertEquals(2 * 8192, below.rowsScanned());
            // Zones pruned at both ends: v in [50000, 60000) lies in zones 6 and 7 (rows 49152 to 65535).
            var middle = file.scan().splitRows(100_000).filter("v >= 50000 and v < 60000").countWithMetrics();
            assertEquals(10_000, middle.rowsReturned());
            assertEquals(2 * 8192, middle.rowsScanned());
            long sum = 0;
            try (var batches = file.scan().splitRows(100_000).filter("v >= 50000 and v < 60000").project("v")
                    .batches()) {
                for (var batch : batches) {
                    var values = (dev.quire.layout.array.PrimitiveArray) batch.field(0);
                    for (long i = 0; i < batch.length(); i++) {
                        sum += values.values().getAtIndex(dev.quire.layout.array.LittleEndian.LONG, i);
                    }
                }
            }
            assertEquals((50_000L + 59_999L) * 10_000 / 2, sum, "the rows of the narrowed span are the right ones");
        }
    }

    @Test
    void referenceZoneTablesPruneWhereQuireDecodesThem() {
        try (VortexFile file = VortexFile.open(Fixtures.file("mixed_100k.vortex"))) {
            DType.Struct schema = (DType.Struct) file.dtype();
            // qty (i32, 0..999 with nulls), price (f64), name (bounded strings) and flag (bool) tables are canonical.
            for (String text : List.of("qty > 999", "price < 0", "name > 'category_J'", "name < 'category_A'",
                    "qty < 0")) {
                BoundExpr filter = Expr.parse(text).bind(schema);
                Pruning pruning = Pruning.of(filter);
                RowMask kept = prune(file, filter, pruning);
                assertTrue(kept.isAllFalse(), text);
                assertEquals(13, pruning.zonesPruned(), text);
            }
            for (String text : List.of("qty = 998", "name = 'category_J'", "price > 1", "flag")) {
                BoundExpr filter = Expr.parse(text).bind(schema);
                Pruning pruning = Pruning.of(filter);
                assertTrue(prune(file, filter, pruning).isAllTrue(), text);
                assertEquals(13, pruning.zonesConsidered(), text);
                assertEquals(0, pruning.zonesPruned(), text);
            }
            // id's zone table holds a vortex.sequence array, which needs module-encodings (not on this module's path):
            // nothing is pruned, no failure.
            BoundExpr id = Expr.parse("id < 0").bind(schema);
            Pruning pruning = Pruning.of(id);
            assertTrue(prune(file, id, pruning).isAllTrue());
            assertEquals(0, pruning.zonesConsidered());
        }
        try (VortexFile file = VortexFile.open(Fixtures.file("tiny_5rows.vortex"))) {
            BoundExpr filter = Expr.parse("id > 4 and qty < 1000").bind((DType.Struct) file.dtype());
            assertTrue(prune(file, filter, Pruning.of(filter)).isAllFalse());
        }
        try (VortexFile file = VortexFile.open(Fixtures.file("empty_0rows.vortex"))) {
            BoundExpr filter = Expr.parse("id > 4").bind((DType.Struct) file.dtype());
            assertEquals(0, prune(file, filter, Pruning.of(filter)).length());
        }
    }

    @Test
    void aZoneTableOfTheWrongShapeIsMalformed() {
        // With zones of 8192 rows the zone table has 1 row for 100 rows; a zone length of 10 in the metadata makes
        // it too short for the rows it claims to cover.
        DType.Struct schema = DType.Struct.of(new Field("v", new DType.Primitive(PType.I64, false)));
        long[] v = new long[100];
        byte[] bytes = write(schema, List.of(StructArray.of(List.of("v"), List.of(PrimitiveArray.ofLongs(v)))),
                WriteOptions.defaults());
        byte[] pattern = {0x01, 0x08, (byte) 0x80, 0x40};
        int at = indexOf(bytes, pattern);
        assertTrue(at > 0);
        // zone_len 8192 is the varint 80 40; 8a 00 (a non-minimal varint) is 10, keeping the metadata's length.
        bytes[at + 2] = (byte) 0x8A;
        bytes[at + 3] = 0x00;
        try (VortexFile file = VortexFile.open(InMemoryReadAt.of(bytes))) {
            BoundExpr filter = Expr.parse("v > 1").bind(schema);
            assertThrows(MalformedFileException.class, () -> prune(file, filter, Pruning.of(filter)));
            // Reading the data is unaffected.
            assertEquals(100, file.scan().batches().iterator().next().length());
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
