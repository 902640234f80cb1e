package dev.quire.bench.runner.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.spi.StringBlock;
import dev.quire.bench.runner.spi.StringColumn;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.BytesBlocks;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.bench.runner.tpch.LineItems;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.scan.BatchStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner's column over an encoded utf8 array that offers a {@link BytesBlocks} cursor gives what
 * {@link Utf8Column} over the decoded values gives, for reads in order whatever their size against the cursor's
 * blocks (inside one, spanning several, empty), for random access, and for reads out of order; reads in order take
 * their values from the cursor's block, without decoding the array whole.
 */
class SequentialUtf8ColumnTest {
    private static final DType UTF8 = new DType.Utf8(false);

    static VarBinViewArray strings(Random random, int n) {
        VarBinViewBuilder b = (VarBinViewBuilder) ArrayBuilder.forType(UTF8);
        for (int i = 0; i < n; i++) {
            int length = switch (random.nextInt(6)) {
                case 0 -> 0;
                case 1 -> random.nextInt(13);
                case 2 -> 100 + random.nextInt(900);
                default -> random.nextInt(45);
            };
            StringBuilder s = new StringBuilder();
            for (int k = 0; k < length; k++) {
                s.append(random.nextInt(20) == 0 ? 'ü' : (char) ('a' + random.nextInt(26)));
            }
            b.appendString(s.toString());
        }
        return b.finish();
    }

    /** The values of a block, as the query sees them, with a whole word readable after each. */
    private static List<String> values(StringBlock block, int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            byte[] array = block.array(block.source()[i]);
            int start = block.start()[i];
            int length = block.length()[i];
            assertTrue(start + length + StringBlock.WORD <= array.length, "a word readable after value " + i);
            out.add(new String(array, start, length, StandardCharsets.UTF_8));
        }
        return out;
    }

    private static List<String> expected(Utf8Column column, int from, int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(column.get(from + i));
        }
        return out;
    }

    @Test
    void readsInOrderOfAnySizeGiveTheDecodedValuesFromTheCursorsBlocks() {
        Random random = new Random(5);
        VarBinViewArray decoded = strings(random, 9000);
        Utf8Column reference = new Utf8Column(decoded);
        // the cursor's blocks: full, tiny, odd; the reads: the runner's 1024, inside a block, across several, empty
        int[] blocks = {1024, 1, 500, 1024, 7, 1000, 3, 1024};
        int[] reads = {1024, 1, 0, 499, 1024, 2048, 7, 1000, 1, 2, 3, 1024, 1024};
        Encoded encoded = new Encoded(decoded, blocks);
        SequentialUtf8Column column = new SequentialUtf8Column(encoded, encoded.bytesBlocks().orElseThrow());
        StringBlock block = new StringBlock(2048);
        int from = 0;
        for (int r = 0; from < 9000; r++) {
            int n = Math.min(reads[r % reads.length], 9000 - from);
            column.read(from, n, block);
            assertEquals(expected(reference, from, n), values(block, n), "read of " + n + " from " + from);
            for (int i = 0; i < n; i++) {
                assertEquals(1, block.source()[i], "row " + (from + i) + " from the cursor's array or the spill");
            }
            from += n;
        }
        assertEquals(0, encoded.decodedWhole, "reads in order never decode the array whole");
        assertTrue(encoded.blocksRead > 9000 / 1024, "the cursor was read: " + encoded.blocksRead + " blocks");
        assertThrows(IndexOutOfBoundsException.class, () -> column.read(8999, 2, block), "past the last row");
        assertThrows(IndexOutOfBoundsException.class, () -> column.read(0, 2049, block), "more than the block holds");
    }

    @Test
    void aReadInsideOneBlockPointsIntoTheCursorsBlockWithoutACopy() {
        VarBinViewArray decoded = strings(new Random(6), 3000);
        Encoded encoded = new Encoded(decoded, new int[] {1024});
        SequentialUtf8Column column = new SequentialUtf8Column(encoded, encoded.bytesBlocks().orElseThrow());
        StringBlock block = new StringBlock(1024);
        for (int from = 0; from < 3000; from += 1024) {
            int n = Math.min(1024, 3000 - from);
            column.read(from, n, block);
            assertEquals(expected(new Utf8Column(decoded), from, n), values(block, n));
            // the cursor's layout: end to end from 0 in one array, the one the cursor last filled
            assertTrue(block.array(1) == encoded.lastFilled, "the cursor's array is named");
            int at = 0;
            for (int i = 0; i < n; i++) {
                assertEquals(at, block.start()[i], "row " + (from + i) + " where the cursor put it");
                at += block.length()[i];
            }
        }
    }

    @Test
    void randomAccessAndReadsOutOfOrderUseTheDecodedValues() {
        Random random = new Random(7);
        VarBinViewArray decoded = strings(random, 5000);
        Utf8Column reference = new Utf8Column(decoded);
        Encoded encoded = new Encoded(decoded, new int[] {1024, 300});
        SequentialUtf8Column column = new SequentialUtf8Column(encoded, encoded.bytesBlocks().orElseThrow());
        StringBlock block = new StringBlock(1024);
        column.read(0, 1024, block);
        for (int k = 0; k < 200; k++) {
            int row = random.nextInt(5000);
            assertEquals(reference.get(row), column.get(row), "row " + row);
            assertEquals(reference.length(row), column.length(row), "length of row " + row);
            for (int b = 0; b < reference.length(row); b++) {
                assertEquals(reference.byteAt(row, b), column.byteAt(row, b), "byte " + b + " of row " + row);
            }
            byte[] utf8 = reference.get(row).getBytes(StandardCharsets.UTF_8);
            assertTrue(column.equalsBytes(row, utf8), "row " + row + " equals its bytes");
        }
        assertEquals(1, encoded.decodedWhole, "random access decodes the array once");
        // random access leaves reads in order on the cursor
        column.read(1024, 1000, block);
        assertEquals(expected(reference, 1024, 1000), values(block, 1000));
        // out of order: backwards, then a gap, then where the last one ended
        for (int[] read : new int[][] {{10, 500}, {4000, 1000}, {5000, 0}, {2024, 1}, {2025, 1024}}) {
            column.read(read[0], read[1], block);
            assertEquals(expected(reference, read[0], read[1]), values(block, read[1]),
                    "read of " + read[1] + " from " + read[0]);
        }
        assertEquals(1, encoded.decodedWhole, "the decoded values are kept");
    }

    @Test
    void aBatchHandsOutTheCursorColumnForAnEncodedFieldAndTheViewsColumnOtherwise() {
        VarBinViewArray decoded = strings(new Random(8), 2000);
        DType.Struct type = new DType.Struct(List.of(new Field("s", UTF8)), false);
        BatchShape shape = BatchShape.of(List.of("s"), type);
        Encoded encoded = new Encoded(decoded, new int[] {1024});
        StringColumn viaCursor = new QuireBatch(shape, new StructArray(type, List.of(encoded), 2000,
                Validity.NON_NULLABLE)).strings("s");
        assertInstanceOf(SequentialUtf8Column.class, viaCursor);
        StringColumn viaViews = new QuireBatch(shape, new StructArray(type, List.of(decoded), 2000,
                Validity.NON_NULLABLE)).strings("s");
        assertInstanceOf(Utf8Column.class, viaViews);
        Encoded declining = new Encoded(decoded, new int[0]);
        assertInstanceOf(Utf8Column.class, new QuireBatch(shape, new StructArray(type, List.of(declining), 2000,
                Validity.NON_NULLABLE)).strings("s"), "an array that declines its cursor is read decoded");
        StringBlock a = new StringBlock(1024);
        StringBlock b = new StringBlock(1024);
        for (int from = 0; from < 2000; from += 1024) {
            int n = Math.min(1024, 2000 - from);
            viaCursor.read(from, n, a);
            viaViews.read(from, n, b);
            assertEquals(values(b, n), values(a, n), "rows from " + from);
            assertNotSame(a.array(1), b.array(1));
        }
    }

    /**
     * The batches of one scan thread share their {@link ColumnBuffers}: two columns of a batch read by turns decode
     * into blocks of their own, and the next batch's columns take over the last batch's blocks.
     */
    @Test
    void columnsReadByTurnsKeepTheirOwnBlocksWhichTheNextBatchTakesOver() {
        DType.Struct type = new DType.Struct(List.of(new Field("s", UTF8), new Field("t", UTF8)), false);
        BatchShape shape = BatchShape.of(List.of("s", "t"), type);
        ColumnBuffers buffers = new ColumnBuffers(2);
        Random random = new Random(10);
        for (int batch = 0; batch < 3; batch++) {
            int n = 2500 + batch;
            VarBinViewArray s = strings(random, n);
            VarBinViewArray t = strings(random, n);
            QuireBatch b = new QuireBatch(shape, new StructArray(type,
                    List.of(new Encoded(s, new int[] {1024}), new Encoded(t, new int[] {1024})), n,
                    Validity.NON_NULLABLE), buffers);
            StringColumn sColumn = b.strings("s");
            StringColumn tColumn = b.strings("t");
            StringBlock sBlock = new StringBlock(1024);
            StringBlock tBlock = new StringBlock(1024);
            for (int from = 0; from < n; from += 1024) {
                int k = Math.min(1024, n - from);
                sColumn.read(from, k, sBlock);
                tColumn.read(from, k, tBlock);
                assertEquals(expected(new Utf8Column(s), from, k), values(sBlock, k), "batch " + batch + ", s from "
                        + from);
                assertEquals(expected(new Utf8Column(t), from, k), values(tBlock, k), "batch " + batch + ", t from "
                        + from);
                assertSame(buffers.block(0).bytes(), sBlock.array(1), "batch " + batch + ": s decodes into its block");
                assertSame(buffers.block(1).bytes(), tBlock.array(1), "batch " + batch + ": t decodes into its block");
            }
        }
    }

    @Test
    void anFsstColumnOfAScanThatKeepsItsEncodingsReadsAsItsDecodedValues(@TempDir Path dir) throws IOException {
        Path path = dir.resolve("lineitem.vortex");
        long written;
        try (VortexWriter writer = VortexWriter.create(path, LineItems.SCHEMA, WriteOptions.defaults())) {
            written = LineItems.generate(0.01, 65_536, writer::write);
        }
        List<String> columns = List.of("l_comment", "l_shipmode");
        int[] cursors = new int[columns.size()];
        int batchCount = 0;
        long rows = 0;
        Random random = new Random(9);
        try (VortexFile file = VortexFile.open(path);
                BatchStream batches = file.scan().project("l_comment", "l_shipmode").canonical(false).batches()) {
            BatchShape shape = BatchShape.of(columns, batches.dtype());
            for (StructArray batch : batches) {
                int n = Math.toIntExact(batch.length());
                rows += n;
                batchCount++;
                for (int c = 0; c < columns.size(); c++) {
                    Array field = batch.field(shape.index(columns.get(c)));
                    StringColumn column = new QuireBatch(shape, batch).strings(columns.get(c));
                    Utf8Column reference = new Utf8Column((VarBinViewArray) field.toCanonical());
                    if (column instanceof SequentialUtf8Column) {
                        cursors[c]++;
                    }
                    // the runner's reads (1024 at a time), then reads that do not line up with the cursor's blocks
                    int size = c == 0 ? 1024 : 1000;
                    StringBlock block = new StringBlock(size);
                    for (int from = 0; from < n; from += size) {
                        int k = Math.min(size, n - from);
                        column.read(from, k, block);
                        assertEquals(expected(reference, from, k), values(block, k),
                                columns.get(c) + " rows from " + from);
                    }
                    for (int t = 0; t < 50; t++) {
                        int row = random.nextInt(n);
                        assertEquals(reference.get(row), column.get(row), columns.get(c) + " row " + row);
                    }
                }
            }
        }
        assertEquals(written, rows);
        // Quire's writer compresses comments with FSST (the ship modes, a handful of values, may be left plain)
        assertEquals(batchCount, cursors[0], "every batch's comments were read through the FSST cursor");
    }

    /**
     * An encoded array over decoded values whose cursor cuts them into blocks of the given sizes, in turn (none
     * given: it declines), counting blocks read and whole decodes.
     */
    private static final class Encoded implements Array, BytesBlocks {
        private final VarBinViewArray values;
        private final int[] sizes;
        int blocksRead;
        int decodedWhole;
        byte[] lastFilled;

        Encoded(VarBinViewArray values, int[] sizes) {
            this.values = values;
            this.sizes = sizes;
        }

        @Override
        public Optional<Cursor> bytesBlocks() {
            if (sizes.length == 0) {
                return Optional.empty();
            }
            return Optional.of(new Cursor() {
                private int row;

                @Override
                public int next(Block block) {
                    int n = Math.min(sizes[blocksRead++ % sizes.length], (int) values.length() - row);
                    if (n <= 0) {
                        return 0;
                    }
                    int[] offsets = block.offsets();
                    long total = 0;
                    for (int i = 0; i < n; i++) {
                        total += values.byteLength(row + i);
                        offsets[i + 1] = (int) total;
                    }
                    byte[] bytes = block.reserve(total);
                    // what a decoder may leave in the slack
                    java.util.Arrays.fill(bytes, (int) total, (int) total + Block.SLACK, (byte) 0x5A);
                    for (int i = 0; i < n; i++) {
                        byte[] v = values.getBytes(row + i);
                        System.arraycopy(v, 0, bytes, offsets[i], v.length);
                    }
                    row += n;
                    lastFilled = bytes;
                    return n;
                }
            });
        }

        @Override
        public DType dtype() {
            return values.dtype();
        }

        @Override
        public long length() {
            return values.length();
        }

        @Override
        public String encodingId() {
            return "test.blocks";
        }

        @Override
        public boolean isValid(long index) {
            return true;
        }

        @Override
        public long nullCount() {
            return 0;
        }

        @Override
        public Array slice(long from, long to) {
            throw new UnsupportedOperationException("not sliced in these tests");
        }

        @Override
        public Array toCanonical() {
            decodedWhole++;
            return values;
        }

        @Override
        public Scalar scalarAt(long index) {
            return values.scalarAt(index);
        }
    }
}
