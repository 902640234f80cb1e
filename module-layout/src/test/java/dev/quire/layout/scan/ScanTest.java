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
import dev.quire.layout.file.WriteOptions;
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
}
