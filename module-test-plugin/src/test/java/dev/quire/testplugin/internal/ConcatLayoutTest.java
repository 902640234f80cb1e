package dev.quire.testplugin.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.MalformedFileException;
import dev.quire.layout.QuireContext;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ChunkedArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.BatchStream;
import dev.quire.layout.scan.Scan;
import dev.quire.layout.spi.Layout;
import dev.quire.layout.spi.LayoutReader;
import dev.quire.layout.spi.LayoutVTable;
import dev.quire.layout.spi.MetadataParser;
import dev.quire.layout.spi.SegmentBatch;
import dev.quire.layout.spi.SegmentSource;
import dev.quire.splits.FieldMask;
import dev.quire.splits.RowOffsets;
import dev.quire.splits.RowRange;
import dev.quire.splits.RowSplits;
import dev.quire.splits.SplitRange;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Executor;
import java.util.function.LongPredicate;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin's concat layout over its segment leaves ({@link ConcatFiles}): split boundaries taken from the footer's
 * offsets without building a leaf, the children with interior splits asked, and every value read back.
 */
class ConcatLayoutTest {
    private static final QuireContext WALKING =
            QuireContext.builder().set(QuireContext.SKIP_SPLITLESS_CHILDREN, false).build();

    @TempDir
    Path dir;

    private Path path;

    @BeforeEach
    void writeFile() throws IOException {
        path = ConcatFiles.write(dir.resolve("concat.vortex"));
    }

    @Test
    void theTreeResolvesThePluginLayoutsFromTheFooter() {
        try (VortexFile file = VortexFile.open(path)) {
            Layout a = file.layout().child(0);
            assertInstanceOf(ConcatLayout.class, a.vtable());
            assertEquals(ConcatFiles.PARTS.length, a.childCount());
            assertEquals(SegmentLayout.ID, a.childEncodingId(0));
            assertTrue(a.childHasNoInteriorSplits(0), "the segment layout says it has none");
            assertFalse(a.anyChildHasInteriorSplits());
            Layout c = file.layout().child(2);
            assertTrue(c.childHasNoInteriorSplits(0));
            assertFalse(c.childHasNoInteriorSplits(1), "split_every has interior splits");
            assertTrue(c.anyChildHasInteriorSplits());
            assertEquals("root.c.part[1]", c.child(1).path());
            assertEquals("root.c.part[1].data", c.child(1).child(0).path());
            assertEquals(Map.of("version", "1", "children", Integer.toString(ConcatFiles.PARTS.length)),
                    a.vtable().describe(a));
        }
    }

    // ---- splits ----

    @Test
    void splitsOverSegmentsComeFromTheOffsetsWithoutBuildingAChild() {
        try (VortexFile file = VortexFile.open(path)) {
            long before = file.layoutNodesBuilt();
            long[] bounds = file.scan().project("a", "b").splitBoundaries();
            assertArrayEquals(ConcatFiles.expectedBoundaries(List.of("a", "b")), bounds, Arrays.toString(bounds));
            assertArrayEquals(new long[] {0, 400, 1100, 1400, 2000}, bounds, "the empty part adds no boundary");
            assertEquals(before + 2, file.layoutNodesBuilt(), "the two concat nodes and none of their parts");

            assertEquals(ranges(bounds), file.splits("a", "b"));
            assertEquals(before + 2, file.layoutNodesBuilt(), "split ranges build no part either");
        }
    }

    @Test
    void walkingEveryChildFindsTheSameBoundariesAfterBuildingEveryPart() {
        long[] skipped;
        try (VortexFile file = VortexFile.open(path)) {
            skipped = file.scan().project("a", "b").splitBoundaries();
        }
        try (VortexFile file = VortexFile.open(path, WALKING)) {
            long before = file.layoutNodesBuilt();
            assertArrayEquals(skipped, file.scan().project("a", "b").splitBoundaries());
            assertEquals(before + 2 + 2 * ConcatFiles.PARTS.length, file.layoutNodesBuilt(),
                    "both concat nodes and every one of their parts");
        }
    }

    @Test
    void aConcatAsksTheChildrenWithInteriorSplitsOnly() {
        long[] expected = ConcatFiles.expectedBoundaries(List.of("c"));
        assertArrayEquals(new long[] {0, 1000, 1300, 1600, 1900, 2000}, expected);
        try (VortexFile file = VortexFile.open(path)) {
            long before = file.layoutNodesBuilt();
            assertArrayEquals(expected, file.scan().project("c").splitBoundaries());
            // The concat and its split_every part; neither the plain segment part nor split_every's data.
            assertEquals(before + 2, file.layoutNodesBuilt());
        }
        try (VortexFile file = VortexFile.open(path, WALKING)) {
            long before = file.layoutNodesBuilt();
            assertArrayEquals(expected, file.scan().project("c").splitBoundaries());
            assertEquals(before + 4, file.layoutNodesBuilt(), "the concat, both parts and split_every's data");
        }
    }

    @Test
    void everyColumnTogetherGivesTheUnionOfTheirBoundaries() {
        try (VortexFile file = VortexFile.open(path)) {
            assertArrayEquals(new long[] {0, 400, 1000, 1100, 1300, 1400, 1600, 1900, 2000},
                    file.scan().splitBoundaries());
        }
    }

    /**
     * Every range on a grid of rows (and every range starting or ending at a part's edge, the empty part's included):
     * the collection that skips segment parts, the walk that builds them and the boundaries the file describes agree.
     */
    @Test
    void everyRangeAgreesWithTheWalkAndTheModel() {
        TreeSet<Long> rows = new TreeSet<>();
        for (long r = 0; r <= ConcatFiles.ROWS; r += 50) {
            rows.add(r);
        }
        for (long b : ConcatFiles.expectedBoundaries(List.of("a", "c"))) {
            rows.add(b);
            rows.add(Math.max(0, b - 1));
            rows.add(Math.min(ConcatFiles.ROWS, b + 1));
        }
        try (VortexFile file = VortexFile.open(path)) {
            for (List<String> columns : List.of(List.of("a"), List.of("c"), List.of("a", "b", "c"))) {
                FieldMask mask = Projection.of(file.dtype(), columns.stream().map(FieldPath::parse).toList())
                        .fieldMask();
                long[] natural = ConcatFiles.expectedBoundaries(columns);
                for (long from : rows) {
                    for (long to : rows.tailSet(from)) {
                        SplitRange range = new SplitRange(0, from, to);
                        long[] skipped = collect(file.reader(), mask, range, RowSplits.skippingSplitlessChildren());
                        long[] walked = collect(file.freshReader(), mask, range, RowSplits.walkingEveryChild());
                        String what = columns + " " + range;
                        assertArrayEquals(walked, skipped, what);
                        long[] model = LongStream.concat(LongStream.of(natural).filter(b -> b > from && b < to),
                                LongStream.of(to)).toArray();
                        assertArrayEquals(model, skipped, what);
                    }
                }
            }
        }
    }

    /**
     * What the concat reader asks of its node while it collects splits: over parts without interior splits, one
     * answer for all of them and the offsets, nothing per part; with a split_every part, that part alone is built.
     */
    @Test
    void overPartsWithoutInteriorSplitsTheReaderAsksNothingPerPart() {
        try (VortexFile file = VortexFile.open(path)) {
            Watched a = new Watched(file.layout().child(0));
            RowSplits splits = RowSplits.skippingSplitlessChildren();
            new ConcatLayout().reader(a).registerSplits(FieldMask.all(), SplitRange.whole(ConcatFiles.ROWS), splits);
            assertArrayEquals(new long[] {400, 1100, 1400, 2000}, splits.boundaries(), "each end, not the start");
            assertEquals(0, a.perChildAnswers, "no part asked about one by one");
            assertEquals(0, a.childrenBuilt);
            assertTrue(a.anyAnswers > 0, "the one answer for all parts");

            Watched walked = new Watched(file.layout().child(0));
            new ConcatLayout().reader(walked).registerSplits(FieldMask.all(), SplitRange.whole(ConcatFiles.ROWS),
                    RowSplits.walkingEveryChild());
            assertEquals(ConcatFiles.PARTS.length, walked.childrenBuilt, "the walk builds every part");

            Watched c = new Watched(file.layout().child(2));
            splits = RowSplits.skippingSplitlessChildren();
            new ConcatLayout().reader(c).registerSplits(FieldMask.all(), SplitRange.whole(ConcatFiles.ROWS), splits);
            assertArrayEquals(new long[] {1000, 1300, 1600, 1900, 2000}, splits.boundaries());
            assertEquals(1, c.childrenBuilt, "the split_every part alone");
        }
    }

    /** A file's layout node that counts what a reader asks of it about its children. */
    private static final class Watched implements Layout {
        private final Layout node;
        int perChildAnswers;
        int anyAnswers;
        int childrenBuilt;

        Watched(Layout node) {
            this.node = node;
        }

        @Override
        public boolean childHasNoInteriorSplits(int index) {
            perChildAnswers++;
            return node.childHasNoInteriorSplits(index);
        }

        @Override
        public boolean anyChildHasInteriorSplits() {
            anyAnswers++;
            return node.anyChildHasInteriorSplits();
        }

        @Override
        public Layout child(int index) {
            childrenBuilt++;
            return node.child(index);
        }

        @Override
        public LayoutVTable vtable() {
            return node.vtable();
        }

        @Override
        public DType dtype() {
            return node.dtype();
        }

        @Override
        public long rowCount() {
            return node.rowCount();
        }

        @Override
        public ByteBuffer metadata() {
            return node.metadata();
        }

        @Override
        public int childCount() {
            return node.childCount();
        }

        @Override
        public long childRowCount(int index) {
            return node.childRowCount(index);
        }

        @Override
        public RowOffsets childOffsets() {
            return node.childOffsets();
        }

        @Override
        public String childEncodingId(int index) {
            return node.childEncodingId(index);
        }

        @Override
        public <T> T metadata(MetadataParser<T> parser) {
            return node.metadata(parser);
        }

        @Override
        public int segmentCount() {
            return node.segmentCount();
        }

        @Override
        public int segmentId(int index) {
            return node.segmentId(index);
        }

        @Override
        public SegmentSource segments() {
            return node.segments();
        }

        @Override
        public SegmentBatch batchSegments(Executor completeOn) {
            return node.batchSegments(completeOn);
        }

        @Override
        public Array decodeArray(MemorySegment segment, int segmentId, ByteBuffer inlineArrayTree, DType dtype,
                long length) {
            return node.decodeArray(segment, segmentId, inlineArrayTree, dtype, length);
        }

        @Override
        public String path() {
            return node.path();
        }

        @Override
        public MalformedFileException malformed(String message) {
            return node.malformed(message);
        }
    }

    private static long[] collect(LayoutReader reader, FieldMask mask, SplitRange range, RowSplits splits) {
        reader.registerSplits(mask, range, splits);
        return splits.boundaries();
    }

    private static List<RowRange> ranges(long[] bounds) {
        List<RowRange> out = new ArrayList<>();
        for (int i = 1; i < bounds.length; i++) {
            out.add(new RowRange(bounds[i - 1], bounds[i]));
        }
        return out;
    }

    // ---- reads ----

    @Test
    void aScanReadsEveryValue() {
        try (VortexFile file = VortexFile.open(path)) {
            assertEquals(LongStream.range(0, ConcatFiles.ROWS).boxed().toList(),
                    scanRows(file.scan(), List.of("a", "b", "c"), 0));
        }
    }

    @Test
    void projectionsAndRowRangesReadTheirRowsOnly() {
        try (VortexFile file = VortexFile.open(path)) {
            assertEquals(LongStream.range(350, 1750).boxed().toList(),
                    scanRows(file.scan().project("c", "a").rowRange(350, 1750), List.of("a", "c"), 350));
            assertEquals(LongStream.range(10, 1990).boxed().toList(),
                    scanRows(file.scan().project("b").rowRange(10, 1990), List.of("b"), 10));
        }
    }

    @Test
    void filtersReadTheRowsThatMatch() {
        LongPredicate matches = row -> ConcatFiles.a(row) >= 5000 && ConcatFiles.c(row) < 300;
        List<Long> expected = LongStream.range(0, ConcatFiles.ROWS).filter(matches).boxed().toList();
        assertTrue(expected.size() > 100 && expected.size() < 1000, "a selective filter: " + expected.size());
        try (VortexFile file = VortexFile.open(path)) {
            assertEquals(expected,
                    scanRows(file.scan().filter("a >= 5000 and c < 300"), List.of("a", "b", "c"), 0));
            assertEquals(expected.size(), file.scan().filter("a >= 5000 and c < 300").count());
            // b is null every 5th row: a filter on it reads its validity through the frame-of-reference decoder.
            long valid = LongStream.range(0, ConcatFiles.ROWS).filter(r -> ConcatFiles.b(r) != null).count();
            assertEquals(valid, file.scan().filter("b > 0").count());
        }
    }

    /**
     * The rows the scan returned, each column present checked against the values of its row: the row is told by
     * {@code a}'s value (which maps rows one to one) when the scan has it, else counted from {@code first}.
     */
    private static List<Long> scanRows(Scan scan, List<String> columns, long first) {
        List<Long> rows = new ArrayList<>();
        long next = first;
        try (BatchStream batches = scan.batches()) {
            for (StructArray batch : batches) {
                assertEquals(columns, batch.dtype().names(), "the projected columns, in the file's order");
                for (int i = 0; i < batch.length(); i++) {
                    long row = columns.contains("a") ? (((PrimitiveArray) batch.field("a")).getLong(i) + 1000) / 7
                            : next;
                    next = row + 1;
                    rows.add(row);
                    if (columns.contains("a")) {
                        assertEquals(ConcatFiles.a(row), ((PrimitiveArray) batch.field("a")).getLong(i), "a " + row);
                    }
                    if (columns.contains("b")) {
                        PrimitiveArray b = (PrimitiveArray) batch.field("b");
                        Long expected = ConcatFiles.b(row);
                        assertEquals(expected != null, b.isValid(i), "b validity " + row);
                        if (expected != null) {
                            assertEquals((long) expected, b.getLong(i), "b " + row);
                        }
                    }
                    if (columns.contains("c")) {
                        assertEquals(ConcatFiles.c(row), ((PrimitiveArray) batch.field("c")).getInt(i), "c " + row);
                    }
                }
            }
        }
        return rows;
    }

    @Test
    void aReadAcrossPartsJoinsThemAndAReadInsideOneIsThatPart() {
        try (VortexFile file = VortexFile.open(path)) {
            Layout a = file.layout().child(0);
            LayoutReader reader = a.vtable().reader(a);
            // Rows 350..1150 span parts 0, 2 and 3; the empty part 1 reads nothing.
            Array across = reader.read(350, 1150, Projection.all(), a.segments()).join();
            ChunkedArray chunks = assertInstanceOf(ChunkedArray.class, across);
            assertEquals(List.of(50L, 700L, 50L), chunks.chunks().stream().map(Array::length).toList());
            PrimitiveArray values = (PrimitiveArray) across.toCanonical();
            for (int i = 0; i < 800; i++) {
                assertEquals(ConcatFiles.a(350 + i), values.getLong(i));
            }
            Array inside = reader.read(500, 600, Projection.all(), a.segments()).join();
            assertEquals("vortex.primitive", inside.encodingId(), "one part's slice, not a chunked array");
            assertEquals(ConcatFiles.a(500), ((PrimitiveArray) inside).getLong(0));
            assertEquals(0, reader.read(400, 400, Projection.all(), a.segments()).join().length());
        }
    }
}
