package dev.quire.testplugin.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexFile;
import dev.quire.testplugin.internal.VortexFileBuilder.Node;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The concat layout's metadata, parsed once per file through the SPI's cache, and malformed nodes reported by path. */
class ConcatMetadataTest {
    private static final DType I64 = new DType.Primitive(PType.I64, false);

    @TempDir
    Path dir;

    /** One column per entry of {@code parts} (all equal): a concat of that many segment parts of 10 rows each. */
    private Path columns(String name, int... parts) throws IOException {
        VortexFileBuilder file = new VortexFileBuilder();
        List<Node> columns = new ArrayList<>();
        List<Field> fields = new ArrayList<>();
        for (int c = 0; c < parts.length; c++) {
            List<Node> children = new ArrayList<>();
            for (int p = 0; p < parts[c]; p++) {
                long[] values = new long[10];
                Arrays.fill(values, 100L * c + p);
                children.add(Node.segment(10, file.writeArray(PrimitiveArray.ofLongs(values))));
            }
            columns.add(Node.concat(children));
            fields.add(new Field("c" + c, I64));
        }
        long rows = columns.getFirst().rows();
        return file.finish(new DType.Struct(fields, false), Node.struct(rows, columns), dir.resolve(name));
    }

    @Test
    void nodesWithEqualMetadataShareOneParse() throws IOException {
        Path path = columns("shared.vortex", 3, 3, 3, 3, 3, 3, 3, 3);
        try (VortexFile file = VortexFile.open(path)) {
            long before = ConcatLayout.metadataParses();
            assertEquals(30, file.scan().filter("c7 >= 0").count());
            assertEquals(1, ConcatLayout.metadataParses() - before, "8 concat nodes, one metadata");
            ConcatLayout.Metadata first = file.layout().child(0).metadata(ConcatLayout.METADATA);
            assertEquals(new ConcatLayout.Metadata(ConcatLayout.VERSION, 3), first);
            for (int c = 1; c < 8; c++) {
                assertSame(first, file.layout().child(c).metadata(ConcatLayout.METADATA), "column " + c);
            }
            assertEquals(1, ConcatLayout.metadataParses() - before);
        }
        try (VortexFile again = VortexFile.open(path)) {
            long before = ConcatLayout.metadataParses();
            again.scan().splitBoundaries();
            assertEquals(1, ConcatLayout.metadataParses() - before, "the cache is the file's, not the JVM's");
        }
    }

    @Test
    void differentMetadataIsParsedOnceEach() throws IOException {
        VortexFileBuilder file = new VortexFileBuilder();
        List<Node> columns = new ArrayList<>();
        List<Field> fields = new ArrayList<>();
        // Six columns of 60 rows: three cut in 3 parts, three in 2; two distinct metadata.
        for (int c = 0; c < 6; c++) {
            int parts = c % 2 == 0 ? 3 : 2;
            List<Node> children = new ArrayList<>();
            for (int p = 0; p < parts; p++) {
                children.add(Node.segment(60 / parts, file.writeArray(PrimitiveArray.ofLongs(new long[60 / parts]))));
            }
            columns.add(Node.concat(children));
            fields.add(new Field("c" + c, I64));
        }
        Path path = file.finish(new DType.Struct(fields, false), Node.struct(60, columns), dir.resolve("two.vortex"));
        try (VortexFile vortex = VortexFile.open(path)) {
            long before = ConcatLayout.metadataParses();
            assertArrayEquals(new long[] {0, 20, 30, 40, 60}, vortex.scan().splitBoundaries());
            assertEquals(2, ConcatLayout.metadataParses() - before);
            assertNotSame(vortex.layout().child(0).metadata(ConcatLayout.METADATA),
                    vortex.layout().child(1).metadata(ConcatLayout.METADATA));
            assertSame(vortex.layout().child(1).metadata(ConcatLayout.METADATA),
                    vortex.layout().child(5).metadata(ConcatLayout.METADATA));
        }
    }

    // ---- malformed nodes fail with the node's path ----

    private static final DType.Struct TWO_COLUMNS = DType.Struct.of(new Field("x", I64), new Field("y", I64));

    /** A file of columns x and y, each the node {@code column} makes from two fresh 5-row segments. */
    private Path twoColumns(String name, long rows, Function<int[], Node> column) throws IOException {
        VortexFileBuilder file = new VortexFileBuilder();
        List<Node> columns = new ArrayList<>();
        for (int c = 0; c < 2; c++) {
            int[] segments = {file.writeArray(PrimitiveArray.ofLongs(1, 2, 3, 4, 5)),
                file.writeArray(PrimitiveArray.ofLongs(6, 7, 8, 9, 10))};
            columns.add(column.apply(segments));
        }
        return file.finish(TWO_COLUMNS, Node.struct(rows, columns), dir.resolve(name));
    }

    private static Node concat(long rows, byte[] metadata, List<Node> children) {
        return new Node(ConcatLayout.ID, rows, metadata, children, List.of());
    }

    private static MalformedFileException scanFails(Path path) {
        try (VortexFile file = VortexFile.open(path)) {
            return assertThrows(MalformedFileException.class, () -> file.scan().splitBoundaries());
        }
    }

    private static void assertNames(MalformedFileException e, String path, String problem) {
        assertTrue(e.getMessage().contains("layout " + path + " (" + ConcatLayout.ID + ")"), e.getMessage());
        assertTrue(e.getMessage().contains(problem), e.getMessage());
    }

    @Test
    void childrenWhoseRowsDoNotAddUpAreMalformed() throws IOException {
        Path path = twoColumns("short.vortex", 12, s -> concat(12, ConcatLayout.metadata(2),
                List.of(Node.segment(5, s[0]), Node.segment(5, s[1]))));
        assertNames(scanFails(path), "root.x", "the children hold 10 rows, the layout says 12");
    }

    @Test
    void childrenWhoseRowsOverflowAreMalformed() throws IOException {
        Path path = twoColumns("overflow.vortex", 4, s -> concat(4, ConcatLayout.metadata(2),
                List.of(Node.segment(Long.MAX_VALUE, s[0]), Node.segment(5, s[1]))));
        assertNames(scanFails(path), "root.x", "overflow");
    }

    @Test
    void metadataOfTheWrongLengthIsMalformed() throws IOException {
        Path path = twoColumns("length.vortex", 10, s -> concat(10, new byte[] {1, 2, 0},
                List.of(Node.segment(5, s[0]), Node.segment(5, s[1]))));
        assertNames(scanFails(path), "root.x", "metadata must be 5 bytes, got 3");
    }

    @Test
    void metadataOfAnUnknownVersionIsMalformed() throws IOException {
        byte[] meta = ConcatLayout.metadata(2);
        meta[0] = 7;
        Path path = twoColumns("version.vortex", 10, s -> concat(10, meta,
                List.of(Node.segment(5, s[0]), Node.segment(5, s[1]))));
        assertNames(scanFails(path), "root.x", "unknown metadata version 7");
    }

    @Test
    void metadataThatDisagreesWithTheFooterIsMalformed() throws IOException {
        Path path = twoColumns("count.vortex", 10, s -> concat(10, ConcatLayout.metadata(3),
                List.of(Node.segment(5, s[0]), Node.segment(5, s[1]))));
        assertNames(scanFails(path), "root.x", "the metadata says 3 children, the footer lists 2");
    }

    /** A failed parse is not shared: the second node with the same bad bytes reports its own path. */
    @Test
    void eachNodeWithBadMetadataReportsItsOwnPath() throws IOException {
        Path path = twoColumns("both.vortex", 10, s -> concat(10, new byte[] {1},
                List.of(Node.segment(5, s[0]), Node.segment(5, s[1]))));
        try (VortexFile file = VortexFile.open(path)) {
            assertNames(assertThrows(MalformedFileException.class, () -> file.layout().child(0)), "root.x",
                    "got 1");
            assertNames(assertThrows(MalformedFileException.class, () -> file.layout().child(1)), "root.y",
                    "got 1");
        }
    }

    @Test
    void aSegmentWithMetadataIsMalformedWhenItIsRead() throws IOException {
        Path path = twoColumns("segment.vortex", 10, s -> Node.concat(List.of(Node.segment(5, s[0]),
                new Node(SegmentLayout.ID, 5, new byte[] {1}, List.of(), List.of(s[1])))));
        try (VortexFile file = VortexFile.open(path)) {
            // Splits do not build the segments, so they do not see it.
            assertArrayEquals(new long[] {0, 5, 10}, file.scan().splitBoundaries());
            // The first split reads part 0 alone; the second builds part 1 to read it.
            MalformedFileException e = assertThrows(MalformedFileException.class,
                    () -> file.scan().project("x").forEach(batch -> {}));
            assertTrue(e.getMessage().contains("layout root.x.part[1] (" + SegmentLayout.ID + ")"), e.getMessage());
            assertTrue(e.getMessage().contains("no metadata"), e.getMessage());
        }
    }

    @Test
    void aSegmentWithoutItsSegmentIsMalformed() throws IOException {
        Path path = twoColumns("no-segment.vortex", 10, s -> Node.concat(List.of(Node.segment(5, s[0]),
                new Node(SegmentLayout.ID, 5, new byte[0], List.of(), List.of()))));
        try (VortexFile file = VortexFile.open(path)) {
            MalformedFileException e = assertThrows(MalformedFileException.class,
                    () -> file.layout().child(0).child(1));
            assertTrue(e.getMessage().contains("root.x.part[1]"), e.getMessage());
            assertTrue(e.getMessage().contains("no children and 1 segment, this one has 0 and 0"), e.getMessage());
        }
    }
}
