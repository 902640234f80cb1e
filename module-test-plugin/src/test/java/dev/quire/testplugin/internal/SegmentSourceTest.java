package dev.quire.testplugin.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.io.spi.InMemoryReadAt;
import dev.quire.layout.QuireContext;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.format.ReadLimits;
import dev.quire.layout.scan.BatchStream;
import dev.quire.layout.scan.Scan;
import dev.quire.layout.spi.Pruning;
import dev.quire.layout.spi.SegmentBatch;
import dev.quire.layout.spi.SegmentSource;
import dev.quire.testplugin.internal.LeafVariants.Recording;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The plugin's readers read their segments through the source each call is handed and hand it to their children, so
 * the reads a scan's first tasks need reach the I/O provider as one batch.
 */
class SegmentSourceTest {
    /** More tasks than the file has splits: a scan starts them all in one group. */
    private static final int ALL_AT_ONCE = 64;

    private static RecordingReadAt reader(String leafId) {
        return new RecordingReadAt(InMemoryReadAt.of(ConcatFiles.bytes(leafId)));
    }

    /** Scans every row and checks every value; returns the rows. */
    private static long scanAll(Scan scan) {
        long row = 0;
        try (BatchStream batches = scan.batches()) {
            for (StructArray batch : batches) {
                PrimitiveArray a = (PrimitiveArray) batch.field("a");
                PrimitiveArray b = (PrimitiveArray) batch.field("b");
                PrimitiveArray c = (PrimitiveArray) batch.field("c");
                for (int i = 0; i < batch.length(); i++, row++) {
                    assertEquals(ConcatFiles.a(row), a.getLong(i), "a " + row);
                    Long expected = ConcatFiles.b(row);
                    assertEquals(expected != null, b.isValid(i), "b validity " + row);
                    if (expected != null) {
                        assertEquals((long) expected, b.getLong(i), "b " + row);
                    }
                    assertEquals(ConcatFiles.c(row), c.getInt(i), "c " + row);
                }
            }
        }
        return row;
    }

    @Test
    void theSegmentsOfTheFirstGroupOfTasksAreRequestedInOneCall() {
        RecordingReadAt in = reader(SegmentLayout.ID);
        try (VortexFile file = VortexFile.open(in)) {
            in.reset();
            assertEquals(ConcatFiles.ROWS, scanAll(file.scan().concurrency(ALL_AT_ONCE)));
            assertEquals(List.of(ConcatFiles.SEGMENTS), in.batches(), "every leaf's segment, in one call");
            assertEquals(0, in.singleReads());
        }
    }

    @Test
    void eachGroupOfTasksRequestsItsNewSegmentsTogether() {
        RecordingReadAt in = reader(SegmentLayout.ID);
        try (VortexFile file = VortexFile.open(in)) {
            in.reset();
            assertEquals(ConcatFiles.ROWS, scanAll(file.scan().concurrency(2)));
            List<Integer> batches = in.batches();
            // Splits [0, 400) and [400, 1000): parts 0 of a, b and c, then parts 2 of a and b (part 1 is empty, and
            // c's part 0 is already on its way).
            assertEquals(5, batches.getFirst(), batches.toString());
            assertTrue(batches.size() > 1 && batches.size() < ConcatFiles.SEGMENTS, batches.toString());
            assertEquals(ConcatFiles.SEGMENTS, in.rangesRequested(), "each segment once");
            assertEquals(0, in.singleReads(), "no read outside a batch");
        }
    }

    /** What the counts above would be for a reader that ignored the source it is handed. */
    @Test
    void aLeafThatReadsAroundTheHandedSourceIsNotBatched() {
        QuireContext context = QuireContext.builder().add(new LeafVariants.Unbatched()).build();
        RecordingReadAt in = reader(LeafVariants.Unbatched.ID);
        try (VortexFile file = VortexFile.open(in, ReadLimits.defaults(), context)) {
            in.reset();
            assertEquals(ConcatFiles.ROWS, scanAll(file.scan().concurrency(ALL_AT_ONCE)));
            assertEquals(List.of(), in.batches());
            assertEquals(ConcatFiles.SEGMENTS, in.singleReads());
        }
    }

    /**
     * Scans drop what readers cached when they end ({@link dev.quire.layout.spi.LayoutReader#release()}): concat and
     * split_every pass it on, so the next scan reads every segment again.
     */
    @Test
    void theEndOfAScanReleasesTheSegmentsUnderConcatAndSplitEvery() {
        RecordingReadAt in = reader(SegmentLayout.ID);
        try (VortexFile file = VortexFile.open(in)) {
            for (int scan = 0; scan < 2; scan++) {
                in.reset();
                assertEquals(ConcatFiles.ROWS, scanAll(file.scan().concurrency(ALL_AT_ONCE)));
                assertEquals(List.of(ConcatFiles.SEGMENTS), in.batches(), "scan " + scan);
            }
        }
    }

    @Test
    void readAndPruneHandTheirSourceToEveryLeaf() {
        Recording recording = new Recording();
        QuireContext context = QuireContext.builder().add(recording).build();
        try (VortexFile file = VortexFile.open(InMemoryReadAt.of(ConcatFiles.bytes(Recording.ID)),
                ReadLimits.defaults(), context)) {
            AtomicInteger reads = new AtomicInteger();
            SegmentSource mine = id -> {
                reads.incrementAndGet();
                return file.layout().segments().read(id);
            };
            StructArray rows = (StructArray) file.reader().read(0, ConcatFiles.ROWS, Projection.all(), mine).join();
            assertEquals(ConcatFiles.c(1500), ((PrimitiveArray) rows.field("c").toCanonical()).getInt(1500));
            assertHandedToEveryLeaf(recording.calls(), "read", mine);
            assertEquals(ConcatFiles.SEGMENTS, reads.get(), "every leaf read through the source handed down");

            recording.clear();
            Pruning pruning = Pruning.of(file.scan().filter("a > 0 and b > 0 and c > 0").boundFilter().orElseThrow());
            file.reader().prune(0, ConcatFiles.ROWS, pruning, mine).join();
            assertHandedToEveryLeaf(recording.calls(), "prune", mine);
        }
    }

    private static void assertHandedToEveryLeaf(List<Recording.Call> calls, String kind, SegmentSource source) {
        Set<String> paths = new HashSet<>();
        for (Recording.Call call : calls) {
            assertEquals(kind, call.kind(), call.toString());
            assertSame(source, call.source(), call.toString());
            paths.add(call.path());
        }
        // Every part with rows; the empty part 1 of a and b is not asked.
        assertEquals(Set.of("root.a.part[0]", "root.a.part[2]", "root.a.part[3]", "root.a.part[4]",
                "root.b.part[0]", "root.b.part[2]", "root.b.part[3]", "root.b.part[4]",
                "root.c.part[0]", "root.c.part[1].data"), paths, calls.toString());
    }

    @Test
    void aFilteredScanPrunesAndReadsThroughItsBatch() {
        Recording recording = new Recording();
        QuireContext context = QuireContext.builder().add(recording).build();
        try (VortexFile file = VortexFile.open(InMemoryReadAt.of(ConcatFiles.bytes(Recording.ID)),
                ReadLimits.defaults(), context)) {
            assertEquals(ConcatFiles.ROWS - 143, file.scan().filter("a > 0").concurrency(ALL_AT_ONCE).count());
            List<Recording.Call> prunes = recording.calls().stream().filter(c -> c.kind().equals("prune")).toList();
            assertFalse(prunes.isEmpty());
            for (Recording.Call call : prunes) {
                assertInstanceOf(SegmentBatch.class, call.source(), call.toString());
            }
            assertTrue(recording.calls().stream().anyMatch(c -> c.kind().equals("read")
                    && c.source() instanceof SegmentBatch), "the filter's first reads go through the batch");
        }
    }
}
