package dev.quire.layout.scan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.ClosedException;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.spi.InMemoryReadAt;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.PrimitiveBuilder;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.StructBuilder;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.nio.channels.Channels;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ScanTest {
    static final int ROWS = 50_000;
    static final DType.Struct POINT = new DType.Struct(List.of(
            new Field("x", new DType.Primitive(PType.I32, false)),
            new Field("label", new DType.Utf8(true))), false);
    static final DType.Struct SCHEMA = DType.Struct.of(
            new Field("id", new DType.Primitive(PType.I64, false)),
            new Field("point", POINT),
            new Field("b", new DType.Primitive(PType.U8, false)));
    static byte[] file;

    /** id = row; point.x = -row; point.label = "L" + row (null every 7th); b = row % 256. Small misaligned chunks. */
    @BeforeAll
    static void writeFile() {
        StructBuilder builder = (StructBuilder) ArrayBuilder.forType(SCHEMA);
        StructBuilder point = (StructBuilder) builder.field(1);
        for (int i = 0; i < ROWS; i++) {
            ((PrimitiveBuilder) builder.field(0)).appendLong(i);
            ((PrimitiveBuilder) point.field(0)).appendLong(-i);
            if (i % 7 == 0) {
                point.field(1).appendNull();
            } else {
                ((VarBinViewBuilder) point.field(1)).appendString("L" + i);
            }
            point.endRow();
            ((PrimitiveBuilder) builder.field(2)).appendLong(i % 256);
            builder.endRow();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (VortexWriter w = VortexWriter.create(Channels.newChannel(out), SCHEMA,
                WriteOptions.defaults().withChunkBytes(64 << 10).withBlockRows(1024))) {
            w.write(builder.finish());
        }
        file = out.toByteArray();
    }

    static VortexFile open() {
        return VortexFile.open(InMemoryReadAt.of(file));
    }

    @Test
    void projectionOfNestedPathKeepsTheStructure() {
        try (VortexFile f = open()) {
            Scan scan = f.scan().project("point.label", "id");
            assertEquals(List.of("id", "point"), scan.outputType().names(), "schema order, not request order");
            long rows = 0;
            for (StructArray batch : scan.batches()) {
                PrimitiveArray id = (PrimitiveArray) batch.field("id");
                StructArray point = (StructArray) batch.field("point");
                assertEquals(List.of("label"), point.dtype().names());
                VarBinViewArray label = (VarBinViewArray) point.field("label");
                for (long i = 0; i < batch.length(); i++) {
                    long row = id.getLong(i);
                    assertEquals(rows + i, row);
                    if (row % 7 == 0) {
                        assertTrue(!label.isValid(i));
                    } else {
                        assertEquals("L" + row, label.getString(i));
                    }
                }
                rows += batch.length();
            }
            assertEquals(ROWS, rows);
        }
    }

    @Test
    void rowRangeAndLimitSelectExactlyThoseRows() {
        try (VortexFile f = open()) {
            Scan scan = f.scan().project("id").rowRange(12_345, 40_000).limit(10_001);
            assertEquals(10_001, scan.count());
            long expected = 12_345;
            for (StructArray batch : scan.batches()) {
                PrimitiveArray id = (PrimitiveArray) batch.field(0);
                for (long i = 0; i < id.length(); i++) {
                    assertEquals(expected++, id.getLong(i));
                }
            }
            assertEquals(12_345 + 10_001, expected);
        }
    }

    @Test
    void batchesFollowTheProjectedColumnsChunksAndTheBatchSize() {
        try (VortexFile f = open()) {
            long[] idOnly = f.scan().project("id").splitBoundaries();
            // id is i64: 64 KiB chunks in multiples of 1024 rows -> a boundary every 8192 rows
            for (int i = 1; i < idOnly.length - 1; i++) {
                assertEquals(8192L * i, idOnly[i]);
            }
            assertEquals(ROWS, idOnly[idOnly.length - 1]);
            long[] withU8 = f.scan().project("id", "b").splitBoundaries();
            assertTrue(withU8.length > idOnly.length - 1, "u8 chunks are bigger, but id's boundaries remain");
            long[] small = f.scan().project("b").splitRows(1000).splitBoundaries();
            for (int i = 1; i < small.length; i++) {
                assertTrue(small[i] - small[i - 1] <= 1000);
            }
        }
    }

    @Test
    void unknownColumnsAreRejectedWithTheAvailableNames() {
        try (VortexFile f = open()) {
            var e = assertThrows(InvalidArgumentException.class, () -> f.scan().project("point.z"));
            assertTrue(e.getMessage().contains("`z` is not one of [x, label]"), e.getMessage());
            var e2 = assertThrows(InvalidArgumentException.class, () -> f.scan().project("id.deeper"));
            assertTrue(e2.getMessage().contains("not a struct"), e2.getMessage());
            assertThrows(InvalidArgumentException.class, () -> f.scan().rowRange(10, ROWS + 1));
            assertThrows(InvalidArgumentException.class, () -> f.scan().limit(-1));
        }
    }

    @Test
    void closedStreamsAndFilesRefuseToRead() {
        VortexFile f = open();
        BatchStream stream = f.scan().batches();
        stream.next();
        stream.close();
        assertThrows(ClosedException.class, stream::next);
        f.close();
        assertThrows(ClosedException.class, f::scan);
    }

    @Test
    void countReadsNoData() {
        try (VortexFile f = open()) {
            assertEquals(ROWS, f.scan().count());
            assertEquals(5, f.scan().rowRange(10, 20).limit(5).count());
        }
    }

    @Test
    void boundariesAreSortedAndCoverTheRange() {
        try (VortexFile f = open()) {
            long[] b = f.scan().rowRange(100, 30_000).splitBoundaries();
            assertEquals(100, b[0]);
            assertEquals(30_000, b[b.length - 1]);
            long[] sorted = b.clone();
            java.util.Arrays.sort(sorted);
            assertArrayEquals(sorted, b);
        }
    }

    /**
     * The file's one root reader serves every scan and keeps what it worked out per projection: more projections
     * than it keeps, in turn and repeated, each read the same rows and dtype as a fresh file does.
     */
    @Test
    void oneReaderServesManyProjectionsInTurn() {
        List<List<String>> projections = List.of(List.of("id"), List.of("b"), List.of("point.x"),
                List.of("point.label"), List.of("id", "b"), List.of("point"), List.of("b", "point.x"),
                List.of("id", "point.label"), List.of("point.x", "point.label", "b"), List.of("point.label", "id"),
                List.of("id", "point", "b"));
        try (VortexFile shared = open()) {
            for (int round = 0; round < 3; round++) {
                for (List<String> columns : projections) {
                    String[] names = columns.toArray(String[]::new);
                    List<StructArray> got = collect(shared.scan().project(names).rowRange(3_000, 21_000));
                    List<StructArray> want;
                    try (VortexFile fresh = open()) {
                        want = collect(fresh.scan().project(names).rowRange(3_000, 21_000));
                    }
                    assertEquals(want.getFirst().dtype(), got.getFirst().dtype(), columns.toString());
                    assertEquals(rows(want), rows(got), columns + " in round " + round);
                    assertEquals(18_000, rows(got).size());
                }
            }
            // And the values themselves, for one projection read after all the others.
            long row = 3_000;
            for (StructArray batch : collect(shared.scan().project("b", "point.x").rowRange(3_000, 21_000))) {
                PrimitiveArray x = (PrimitiveArray) ((StructArray) batch.field("point")).field("x");
                PrimitiveArray b = (PrimitiveArray) batch.field("b");
                for (long i = 0; i < batch.length(); i++, row++) {
                    assertEquals(-row, x.getLongValue(i));
                    assertEquals(row % 256, b.getLongValue(i));
                }
            }
            assertEquals(21_000, row);
        }
    }

    /** A nullable struct read through several projections of its fields keeps its validity in each. */
    @Test
    void nullableStructKeepsItsValidityUnderEveryProjection() {
        DType.Struct inner = new DType.Struct(List.of(new Field("x", new DType.Primitive(PType.I64, true)),
                new Field("y", new DType.Primitive(PType.I32, false))), true);
        DType.Struct schema = DType.Struct.of(new Field("s", inner), new Field("k", new DType.Primitive(PType.I64,
                false)));
        StructBuilder builder = (StructBuilder) ArrayBuilder.forType(schema);
        StructBuilder s = (StructBuilder) builder.field(0);
        int rows = 6_000;
        for (int i = 0; i < rows; i++) {
            if (i % 5 == 0) {
                s.appendNull();
            } else {
                if (i % 3 == 0) {
                    s.field(0).appendNull();
                } else {
                    ((PrimitiveBuilder) s.field(0)).appendLong(i * 10L);
                }
                ((PrimitiveBuilder) s.field(1)).appendLong(i);
                s.endRow();
            }
            ((PrimitiveBuilder) builder.field(1)).appendLong(i);
            builder.endRow();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (VortexWriter w = VortexWriter.create(Channels.newChannel(out), schema,
                WriteOptions.defaults().withChunkBytes(4 << 10).withBlockRows(512))) {
            w.write(builder.finish());
        }
        try (VortexFile f = VortexFile.open(InMemoryReadAt.of(out.toByteArray()))) {
            for (int round = 0; round < 2; round++) {
                for (String[] names : List.of(new String[] {"s.x"}, new String[] {"s.y", "k"},
                        new String[] {"s"}, new String[] {"k", "s.x"})) {
                    long row = 0;
                    for (StructArray batch : collect(f.scan().project(names))) {
                        StructArray sa = (StructArray) batch.field("s");
                        for (long i = 0; i < batch.length(); i++, row++) {
                            assertEquals(row % 5 != 0, sa.isValid(i), "row " + row);
                            if (row % 5 == 0) {
                                continue;
                            }
                            if (sa.dtype().names().contains("x")) {
                                PrimitiveArray x = (PrimitiveArray) sa.field("x");
                                assertEquals(row % 3 != 0, x.isValid(i), "x at row " + row);
                                if (row % 3 != 0) {
                                    assertEquals(row * 10, x.getLongValue(i));
                                }
                            }
                            if (sa.dtype().names().contains("y")) {
                                assertEquals(row, ((PrimitiveArray) sa.field("y")).getLongValue(i));
                            }
                        }
                    }
                    assertEquals(rows, row, List.of(names).toString());
                }
            }
        }
    }

    private static List<StructArray> collect(Scan scan) {
        List<StructArray> out = new java.util.ArrayList<>();
        try (BatchStream batches = scan.batches()) {
            batches.forEachRemaining(out::add);
        }
        return out;
    }

    private static List<Object> rows(List<StructArray> batches) {
        List<Object> rows = new java.util.ArrayList<>();
        for (StructArray b : batches) {
            for (long r = 0; r < b.length(); r++) {
                rows.add(b.scalarAt(r));
            }
        }
        return rows;
    }
}
