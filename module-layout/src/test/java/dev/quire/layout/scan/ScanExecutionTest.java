package dev.quire.layout.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.MalformedFileException;
import dev.quire.io.spi.InMemoryReadAt;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.ExpressionSyntaxException;
import dev.quire.layout.expr.RowMask;
import dev.quire.layout.format.SegmentSpec;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.spi.Layout;
import java.io.ByteArrayOutputStream;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ScanExecutionTest {
    static final int ROWS = 200_000;
    static final DType.Struct SCHEMA = DType.Struct.of(new Field("v", new DType.Primitive(PType.I64, false)),
            new Field("w", new DType.Primitive(PType.I32, false)));
    static byte[] file;

    /** v = row, w = row % 1000, in chunks of 4096 rows. */
    @BeforeAll
    static void write() {
        long[] v = new long[ROWS];
        int[] w = new int[ROWS];
        for (int i = 0; i < ROWS; i++) {
            v[i] = i;
            w[i] = i % 1000;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (VortexWriter writer = VortexWriter.create(Channels.newChannel(out), SCHEMA,
                WriteOptions.defaults().withChunkBytes(16 << 10).withBlockRows(4096))) {
            writer.write(StructArray.of(List.of("v", "w"), List.of(PrimitiveArray.ofLongs(v), PrimitiveArray.ofInts(w))));
        }
        file = out.toByteArray();
    }

    static VortexFile open() {
        return VortexFile.open(InMemoryReadAt.of(file));
    }

    /** A pool that counts the tasks it ran. */
    static final class CountingPool extends ThreadPoolExecutor {
        final AtomicInteger ran = new AtomicInteger();

        CountingPool(int threads) {
            super(threads, threads, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
        }

        @Override
        protected void beforeExecute(Thread t, Runnable r) {
            ran.incrementAndGet();
        }
    }

    @Test
    void closingEarlyLeavesNoTaskRunning() throws InterruptedException {
        CountingPool pool = new CountingPool(4);
        try (VortexFile f = open()) {
            BatchStream stream = f.scan().filter("w < 500").splitRows(1000).concurrency(32).executor(pool).batches();
            StructArray first = stream.next();
            assertEquals(500, first.length());
            stream.close();
            assertTrue(stream.quiescent(), "work of the scan still queued or running after close");
            int ranByClose = pool.ran.get();
            pool.shutdown();
            assertTrue(pool.awaitTermination(1, TimeUnit.MINUTES));
            assertEquals(ranByClose, pool.ran.get(), "the scan started work after it was closed");
            assertFalse(stream.hasNext());
            assertTrue(stream.metrics().splits() < ROWS / 1000, "the scan stopped starting splits: "
                    + stream.metrics());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void concurrencyBoundsTheSplitsInFlight() {
        CountingPool pool = new CountingPool(2);
        try (VortexFile f = open(); BatchStream stream = f.scan().splitRows(1000).concurrency(3).executor(pool)
                .batches()) {
            stream.next();
            assertTrue(stream.metrics().splits() <= 4, "started " + stream.metrics().splits() + " splits");
            long rows = 1000;
            while (stream.hasNext()) {
                rows += stream.next().length();
            }
            assertEquals(ROWS, rows);
            assertEquals(f.scan().splitRows(1000).splitBoundaries().length - 1, stream.metrics().splits());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aFilterWithALimitReturnsTheFirstMatchingRowsInOrder() {
        try (VortexFile f = open()) {
            List<Long> rows = new ArrayList<>();
            f.scan().filter("w = 7").limit(5).forEach(b -> {
                PrimitiveArray v = (PrimitiveArray) b.field("v");
                for (long i = 0; i < v.length(); i++) {
                    rows.add(v.getLong(i));
                }
            });
            assertEquals(List.of(7L, 1007L, 2007L, 3007L, 4007L), rows);
            assertEquals(5, f.scan().filter("w = 7").limit(5).count());
            assertEquals(ROWS / 1000, f.scan().filter("w = 7").count());
        }
    }

    @Test
    void countWithMetricsSaysWhatTheCountRead() {
        try (VortexFile f = open()) {
            ScanMetrics filtered = f.scan().splitRows(10_000).filter("w = 7").countWithMetrics();
            assertEquals(ROWS / 1000, filtered.rowsReturned());
            assertEquals(f.scan().splitRows(10_000).splitBoundaries().length - 1, filtered.splits());
            assertEquals(ROWS, filtered.rowsScanned());
            ScanMetrics selected = f.scan().splitRows(10_000).select(Selection.include(3, 150_000)).filter("w >= 0")
                    .countWithMetrics();
            assertEquals(2, selected.rowsReturned());
            assertEquals(2, selected.splits(), "the selection skips the splits it rules out");
            ScanMetrics unfiltered = f.scan().select(Selection.exclude(0, 1, 2)).countWithMetrics();
            assertEquals(new ScanMetrics(0, 0, 0, 0, 0, ROWS - 3), unfiltered, "nothing is read without a filter");
        }
    }

    @Test
    void unorderedScansReturnEveryRowOnce() {
        try (VortexFile f = open()) {
            boolean[] seen = new boolean[ROWS];
            f.scan().project("v").ordered(false).splitRows(777).forEach(b -> {
                PrimitiveArray v = (PrimitiveArray) b.field("v");
                for (long i = 0; i < v.length(); i++) {
                    int row = (int) v.getLong(i);
                    assertFalse(seen[row], "row " + row + " twice");
                    seen[row] = true;
                }
            });
            for (int i = 0; i < ROWS; i++) {
                assertTrue(seen[i], "row " + i + " missing");
            }
        }
    }

    @Test
    void selectionsPickRowsBeforeTheFilter() {
        try (VortexFile f = open()) {
            assertEquals(3, f.scan().select(Selection.include(5, 150_000, 199_999, 5)).count());
            assertEquals(ROWS - 2, f.scan().select(Selection.exclude(0, 1)).count());
            assertEquals(1, f.scan().select(Selection.include(5, 150_000, 199_999)).filter("v > 100000 and v < 199999")
                    .count());
            RowMask everyOther = RowMask.of(10, 0, 2, 4, 6, 8);
            assertEquals(5, f.scan().select(Selection.include(everyOther)).count());
            assertEquals(ROWS - 5, f.scan().select(Selection.exclude(everyOther)).count());
            List<Long> picked = new ArrayList<>();
            f.scan().project("v").select(Selection.include(199_999, 3, 70_000)).forEach(b -> {
                for (long i = 0; i < b.length(); i++) {
                    picked.add(((PrimitiveArray) b.field(0)).getLong(i));
                }
            });
            assertEquals(List.of(3L, 70_000L, 199_999L), picked);
        }
    }

    @Test
    void aSparseSelectionDoesNotVisitEverySplit() {
        try (VortexFile f = open(); BatchStream s = f.scan().splitRows(100).select(Selection.include(10, 199_990))
                .batches()) {
            long rows = 0;
            for (StructArray b : s) {
                rows += b.length();
            }
            assertEquals(2, rows);
            assertEquals(2, s.metrics().splits());
        }
    }

    @Test
    void naturalSplitsFollowTheChunksOfTheNamedColumns() {
        try (VortexFile f = open()) {
            var splits = f.splits("v");
            assertEquals(0, splits.getFirst().from());
            assertEquals(ROWS, splits.getLast().to());
            var column = chunksOf(f.layout().child(0));
            assertEquals(column.childCount(), splits.size());
            for (int i = 0; i < splits.size(); i++) {
                assertEquals(column.childRowCount(i), splits.get(i).length());
                if (i > 0) {
                    assertEquals(splits.get(i - 1).to(), splits.get(i).from());
                }
            }
            assertTrue(f.splits().size() >= splits.size());
        }
    }

    @Test
    void filtersAreCheckedWhenSet() {
        try (VortexFile f = open()) {
            var e = assertThrows(InvalidArgumentException.class, () -> f.scan().filter("z > 1"));
            assertTrue(e.getMessage().contains("z"), e.getMessage());
            assertThrows(ExpressionSyntaxException.class, () -> f.scan().filter("v >"));
            assertThrows(InvalidArgumentException.class, () -> f.scan().concurrency(0));
        }
    }

    @Test
    void aFailingSplitFailsTheStreamAndStopsTheOthers() {
        byte[] broken = file.clone();
        try (VortexFile f = open()) {
            // Corrupt the last chunk of column v: its array flatbuffer length now points outside the segment.
            var column = chunksOf(f.layout().child(0));
            SegmentSpec last = f.segments().get(column.child(column.childCount() - 1).segmentId(0));
            int at = (int) (last.offset() + last.length() - 4);
            broken[at] = (byte) 0xFF;
            broken[at + 1] = (byte) 0xFF;
            broken[at + 2] = (byte) 0xFF;
        }
        CountingPool pool = new CountingPool(2);
        try (VortexFile f = VortexFile.open(InMemoryReadAt.of(broken));
                BatchStream s = f.scan().project("v").executor(pool).batches()) {
            var e = assertThrows(MalformedFileException.class, () -> {
                while (s.hasNext()) {
                    s.next();
                }
            });
            assertTrue(e.getMessage().contains("flatbuffer length"), e.getMessage());
            assertFalse(s.hasNext());
            assertTrue(s.quiescent(), "a failed scan closes itself");
        } finally {
            pool.shutdownNow();
        }
    }

    /** The chunked layout of a column, under the zoned layout the writer wraps it in. */
    private static Layout chunksOf(Layout column) {
        while (column.encodingId().equals("vortex.zoned")) {
            column = column.child(0);
        }
        assertEquals("vortex.chunked", column.encodingId());
        return column;
    }
}
