package dev.quire.layout.scan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.array.Array;
import dev.quire.splits.FieldMask;
import dev.quire.splits.RowSplits;
import dev.quire.splits.SplitRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What split collection builds: over flat chunks, no child layout or reader at all. */
class SplitCollectionTest {
    private static final int COLUMNS = 6;
    private static final int ROWS = 20_000;
    private static final int BLOCK_ROWS = 1024;

    @TempDir
    Path dir;

    /** {@value #COLUMNS} i64 columns, zoned, chunked in blocks of {@value #BLOCK_ROWS} rows (8 KiB a chunk). */
    private Path write(WriteOptions options) {
        List<Field> fields = new ArrayList<>();
        List<Array> columns = new ArrayList<>();
        for (int c = 0; c < COLUMNS; c++) {
            fields.add(new Field("c" + c, new DType.Primitive(PType.I64, false)));
            long shift = c;
            columns.add(PrimitiveArray.ofLongs(LongStream.range(0, ROWS).map(r -> r * 7 + shift).toArray()));
        }
        DType.Struct schema = new DType.Struct(fields, false);
        Path path = dir.resolve("wide-" + options.zoneMaps() + ".vortex");
        try (VortexWriter writer = VortexWriter.create(path, schema, options)) {
            writer.write(new StructArray(schema, columns, ROWS, Validity.NON_NULLABLE));
        }
        return path;
    }

    private static long[] chunkEnds(long chunkRows) {
        return LongStream.rangeClosed(1, (ROWS + chunkRows - 1) / chunkRows)
                .map(i -> Math.min(i * chunkRows, ROWS)).toArray();
    }

    @Test
    void noChildLayoutOrReaderIsBuiltForFlatChunks() {
        WriteOptions options = WriteOptions.defaults().withBlockRows(BLOCK_ROWS).withChunkBytes(BLOCK_ROWS * 8L);
        Path path = write(options);
        try (VortexFile file = VortexFile.open(path)) {
            long chunks = file.layout().child(0).child(0).childCount();
            assertTrue(chunks > 10, "the columns are chunked, " + chunks + " chunks");
            long before = file.layoutNodesBuilt();

            RowSplits splits = RowSplits.skippingSplitlessChildren();
            file.reader().registerSplits(FieldMask.all(), SplitRange.whole(ROWS), splits);
            assertArrayEquals(chunkEnds(BLOCK_ROWS), splits.boundaries());
            assertEquals(1, splits.runCount(), "aligned columns make one run");
            // The root and column 0's zoned and chunked nodes were built by the line above that counted chunks; the
            // collection built the other columns' zoned and chunked nodes, and no chunk.
            assertEquals(before + 2 * (COLUMNS - 1), file.layoutNodesBuilt());

            // Collecting again builds nothing more.
            file.reader().registerSplits(FieldMask.all(), SplitRange.whole(ROWS), RowSplits.skippingSplitlessChildren());
            assertEquals(before + 2 * (COLUMNS - 1), file.layoutNodesBuilt());
        }
        try (VortexFile file = VortexFile.open(path)) {
            RowSplits walked = RowSplits.walkingEveryChild();
            file.reader().registerSplits(FieldMask.all(), SplitRange.whole(ROWS), walked);
            assertArrayEquals(chunkEnds(BLOCK_ROWS), walked.boundaries());
            long chunks = file.layout().child(0).child(0).childCount();
            assertEquals(1 + COLUMNS * (2 + chunks), file.layoutNodesBuilt(), "the walk builds every chunk");
        }
    }

    @Test
    void aNarrowMaskBuildsOnlyItsColumns() {
        Path path = write(WriteOptions.defaults().withBlockRows(BLOCK_ROWS).withChunkBytes(BLOCK_ROWS * 8L)
                .withZoneMaps(false));
        try (VortexFile file = VortexFile.open(path)) {
            RowSplits splits = RowSplits.skippingSplitlessChildren();
            file.reader().registerSplits(FieldMask.of(Map.of("c3", FieldMask.all())), SplitRange.whole(ROWS), splits);
            assertArrayEquals(chunkEnds(BLOCK_ROWS), splits.boundaries());
            assertEquals(2, file.layoutNodesBuilt(), "the root and column c3's chunked node");
        }
    }

    @Test
    void aRowRangeReportsOnlyItsBoundariesAndItsEnd() {
        Path path = write(WriteOptions.defaults().withBlockRows(BLOCK_ROWS).withChunkBytes(BLOCK_ROWS * 8L));
        try (VortexFile file = VortexFile.open(path)) {
            for (boolean skip : new boolean[] {true, false}) {
                RowSplits splits = skip ? RowSplits.skippingSplitlessChildren() : RowSplits.walkingEveryChild();
                file.reader().registerSplits(FieldMask.all(), new SplitRange(0, 1500, 5000), splits);
                assertArrayEquals(new long[] {2048, 3072, 4096, 5000}, splits.boundaries());
            }
            long[] scan = file.scan().rowRange(1500, 5000).splitRows(1000).splitBoundaries();
            assertArrayEquals(new long[] {1500, 2048, 3048, 3072, 4072, 4096, 5000}, scan);
        }
    }
}
