package dev.quire.layout.file;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.io.spi.InMemoryReadAt;
import dev.quire.layout.TestData;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.spi.Layout;
import java.io.ByteArrayOutputStream;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RoundTripTest {

    static byte[] write(DType.Struct schema, WriteOptions options, List<StructArray> batches) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (VortexWriter writer = VortexWriter.create(Channels.newChannel(bytes), schema, options)) {
            for (StructArray b : batches) {
                writer.write(b);
            }
        }
        return bytes.toByteArray();
    }

    static List<StructArray> readAll(byte[] file) {
        List<StructArray> out = new ArrayList<>();
        try (VortexFile f = VortexFile.open(InMemoryReadAt.of(file))) {
            f.scan().forEach(out::add);
        }
        return out;
    }

    static void assertSameRows(List<StructArray> expected, List<StructArray> actual) {
        List<Object> want = rows(expected);
        List<Object> got = rows(actual);
        assertEquals(want.size(), got.size(), "row count");
        for (int i = 0; i < want.size(); i++) {
            assertEquals(want.get(i), got.get(i), "row " + i);
        }
    }

    private static List<Object> rows(List<StructArray> batches) {
        List<Object> rows = new ArrayList<>();
        for (StructArray b : batches) {
            for (long r = 0; r < b.length(); r++) {
                rows.add(b.scalarAt(r));
            }
        }
        return rows;
    }

    @Test
    void everyDTypeRoundTripsWithAndWithoutNulls() {
        DType.Struct schema = TestData.everyType();
        Random random = new Random(42);
        List<StructArray> batches = new ArrayList<>();
        for (int b = 0; b < 3; b++) {
            batches.add((StructArray) TestData.random(schema, 700 + b * 300, random, b == 0 ? 0 : 0.2));
        }
        byte[] file = write(schema, WriteOptions.defaults().withChunkBytes(8 << 10).withBlockRows(256), batches);
        try (VortexFile f = VortexFile.open(InMemoryReadAt.of(file))) {
            assertEquals(schema, f.dtype());
            assertEquals(700 + 1000 + 1300, f.rowCount());
        }
        assertSameRows(batches, readAll(file));
    }

    @Test
    void chunksAreCutAtBlockBoundariesOnceFull() {
        DType.Struct schema = DType.Struct.of(new Field("v", new DType.Primitive(PType.I64, false)));
        long[] values = new long[300_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = i * 7L;
        }
        StructArray batch = StructArray.of(List.of("v"), List.of(PrimitiveArray.ofLongs(values)));
        byte[] file = write(schema, WriteOptions.defaults(), List.of(batch));
        try (VortexFile f = VortexFile.open(InMemoryReadAt.of(file))) {
            Layout zoned = f.layout().child(0);
            assertEquals("vortex.zoned", zoned.encodingId());
            Layout column = zoned.child(0);
            assertEquals("vortex.chunked", column.encodingId());
            // 1 MiB of i64 is 131072 rows, a multiple of 8192
            assertEquals(3, column.childCount());
            assertEquals(131072, column.childRowCount(0));
            assertEquals(131072, column.childRowCount(1));
            assertEquals(300_000 - 2 * 131072, column.childRowCount(2));
            long sum = 0;
            for (StructArray b : f.scan().batches()) {
                PrimitiveArray v = (PrimitiveArray) b.field("v");
                for (long i = 0; i < v.length(); i++) {
                    sum += v.getLong(i);
                }
            }
            assertEquals(7L * (300_000L * 299_999L / 2), sum);
        }
    }

    @Test
    void emptyFileHasZeroRowsAndReadsNoBatch() {
        DType.Struct schema = DType.Struct.of(new Field("a", new DType.Utf8(true)));
        byte[] file = write(schema, WriteOptions.defaults(), List.of());
        try (VortexFile f = VortexFile.open(InMemoryReadAt.of(file))) {
            assertEquals(0, f.rowCount());
            assertEquals(schema, f.dtype());
            assertEquals(0, f.scan().count());
            assertTrue(readAll(file).isEmpty());
        }
    }

    @Test
    void singleRowRoundTrips() {
        DType.Struct schema = TestData.everyType();
        StructArray batch = (StructArray) TestData.random(schema, 1, new Random(1), 0);
        assertSameRows(List.of(batch), readAll(write(schema, WriteOptions.defaults(), List.of(batch))));
    }

    @Test
    void lz4BuffersRoundTrip() {
        DType.Struct schema = TestData.everyType();
        StructArray batch = (StructArray) TestData.random(schema, 2000, new Random(3), 0.1);
        byte[] plain = write(schema, WriteOptions.defaults(), List.of(batch));
        byte[] compressed = write(schema, WriteOptions.defaults().withLz4Buffers(true), List.of(batch));
        assertSameRows(List.of(batch), readAll(compressed));
        assertTrue(compressed.length != plain.length, "the LZ4 option changes the bytes written");
    }

    @Test
    void writerRejectsABatchOfAnotherSchema() {
        DType.Struct schema = DType.Struct.of(new Field("v", new DType.Primitive(PType.I64, false)));
        StructArray other = StructArray.of(List.of("w"), List.of(PrimitiveArray.ofLongs(1, 2)));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (VortexWriter writer = VortexWriter.create(Channels.newChannel(bytes), schema, WriteOptions.defaults())) {
            var e = assertThrows(dev.quire.errors.InvalidArgumentException.class, () -> writer.write(other));
            assertTrue(e.getMessage().contains("does not match the schema"), e.getMessage());
        }
    }

    @Test
    void manyColumnsRoundTrip() {
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < 120; i++) {
            fields.add(new Field("c" + i, i % 3 == 0 ? new DType.Utf8(true)
                    : new DType.Primitive(i % 3 == 1 ? PType.I32 : PType.F64, i % 2 == 0)));
        }
        DType.Struct schema = new DType.Struct(fields, false);
        StructArray batch = (StructArray) TestData.random(schema, 500, new Random(9), 0.1);
        assertSameRows(List.of(batch), readAll(write(schema, WriteOptions.defaults(), List.of(batch))));
    }

    @Test
    void nullableTopLevelStructKeepsItsValidity() {
        DType.Struct inner = new DType.Struct(List.of(new Field("x", new DType.Primitive(PType.I64, true))), true);
        DType.Struct schema = DType.Struct.of(new Field("s", inner));
        StructArray batch = (StructArray) TestData.random(schema, 5000, new Random(5), 0.3);
        Array s = batch.field("s");
        assertTrue(s.nullCount() > 0);
        assertSameRows(List.of(batch), readAll(write(schema, WriteOptions.defaults().withChunkBytes(1024)
                .withBlockRows(512), List.of(batch))));
    }
}
