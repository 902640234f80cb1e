package dev.quire.testplugin.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.MalformedFileException;
import dev.quire.errors.UnknownEncodingException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.BatchStream;
import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.Layout;
import dev.quire.testplugin.internal.VortexFileBuilder.Node;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file holding the plugin's encoding and layout, read back through {@link VortexFile} and scans. */
class PluginFileTest {
    @TempDir
    Path dir;

    private Path path;

    @BeforeEach
    void writeFile() throws IOException {
        path = PluginFiles.write(dir.resolve("plugin.vortex"));
    }

    @Test
    void theFooterNamesThePluginIds() {
        try (VortexFile file = VortexFile.open(path)) {
            assertEquals(PluginFiles.SCHEMA, file.dtype());
            assertEquals(PluginFiles.ROWS, file.rowCount());
            assertTrue(file.arraySpecs().contains(FrameOfReferenceArray.ID), file.arraySpecs().toString());
            assertTrue(file.layoutSpecs().contains(SplitEveryLayout.ID), file.layoutSpecs().toString());
        }
    }

    @Test
    void theLayoutTreeResolvesThePluginVTable() {
        try (VortexFile file = VortexFile.open(path)) {
            Layout id = file.layout().child(0);
            assertEquals("vortex.chunked", id.encodingId());
            assertEquals(PluginFiles.CHUNK_ROWS.length, id.childCount());
            assertEquals(SplitEveryLayout.ID, id.childEncodingId(1));
            assertFalse(id.childHasNoInteriorSplits(1), "answered from the footer through the registry");
            Layout wrapper = id.child(1);
            assertInstanceOf(SplitEveryLayout.class, wrapper.vtable());
            assertEquals("root.id.chunk[1]", wrapper.path());
            assertEquals("root.id.chunk[1].data", wrapper.child(0).path());
            assertTrue(wrapper.childHasNoInteriorSplits(0), "its data child is flat");
            assertTrue(id.anyChildHasInteriorSplits(), "its chunks are the plugin's layout");
            assertFalse(wrapper.anyChildHasInteriorSplits(), "a flat child alone");
            Layout plain = file.layout().child(2);
            assertFalse(plain.anyChildHasInteriorSplits(), "a flat layout has no children");
        }
    }

    @Test
    void readingTheDataUnderThePluginLayoutGoesThroughThePluginDecoder() {
        try (VortexFile file = VortexFile.open(path)) {
            Layout wrapper = file.layout().child(0).child(1);
            Array rows = wrapper.vtable().reader(wrapper).read(10, 20, Projection.all(), wrapper.segments()).join();
            assertEquals(FrameOfReferenceArray.ID, rows.encodingId(), "not canonicalised on the way out");
            FrameOfReferenceArray encoded = (FrameOfReferenceArray) rows;
            assertEquals(PluginFiles.id(PluginFiles.CHUNK_ROWS[0]), encoded.reference());
            PrimitiveArray values = encoded.toCanonical();
            for (int i = 0; i < 10; i++) {
                assertEquals(PluginFiles.id(PluginFiles.CHUNK_ROWS[0] + 10 + i), values.getLong(i));
            }
        }
    }

    @Test
    void aScanReturnsEveryValue() {
        try (VortexFile file = VortexFile.open(path); BatchStream batches = file.scan().batches()) {
            long row = 0;
            long checksum = 0;
            for (StructArray batch : batches) {
                PrimitiveArray id = (PrimitiveArray) batch.field("id");
                PrimitiveArray maybe = (PrimitiveArray) batch.field("maybe");
                PrimitiveArray plain = (PrimitiveArray) batch.field("plain");
                for (int i = 0; i < batch.length(); i++, row++) {
                    assertEquals(PluginFiles.id(row), id.getLong(i), "id at row " + row);
                    Long expected = PluginFiles.maybe(row);
                    assertEquals(expected != null, maybe.isValid(i), "maybe validity at row " + row);
                    if (expected != null) {
                        assertEquals((long) expected, maybe.getLong(i), "maybe at row " + row);
                    }
                    assertEquals(PluginFiles.plain(row), plain.getInt(i), "plain at row " + row);
                    checksum += id.getLong(i);
                }
            }
            assertEquals(PluginFiles.ROWS, row);
            assertEquals(PluginFiles.idChecksum(), checksum);
        }
    }

    /**
     * The plugin layout registers interior splits, so chunked and struct parents must build it and walk it: its
     * every-n boundaries appear only if they do.
     */
    @Test
    void splitRegistrationWalksThePluginLayoutUnderChunkedAndStructParents() {
        try (VortexFile file = VortexFile.open(path)) {
            long[] all = file.scan().splitBoundaries();
            assertArrayEquals(PluginFiles.expectedBoundaries(List.of("id", "maybe", "plain")), all,
                    Arrays.toString(all));
            assertTrue(LongStream.of(all).anyMatch(b -> b == 256), "an interior split of the first id chunk");
            assertTrue(LongStream.of(all).anyMatch(b -> b == 2000), "an interior split of the maybe column");
        }
    }

    @Test
    void splitsFollowTheProjectedColumnsOnly() {
        try (VortexFile file = VortexFile.open(path)) {
            assertArrayEquals(new long[] {0, PluginFiles.ROWS}, file.scan().project("plain").splitBoundaries());
            assertArrayEquals(new long[] {0, 1000, 2000, 3000, PluginFiles.ROWS},
                    file.scan().project("maybe").splitBoundaries());
            assertArrayEquals(PluginFiles.expectedBoundaries(List.of("id")),
                    file.scan().project("id", "plain").splitBoundaries());
        }
    }

    @Test
    void batchesFollowTheBoundariesAndARowRangeCutsThem() {
        try (VortexFile file = VortexFile.open(path)) {
            long[] bounds = file.scan().project("id").rowRange(300, 2600).splitBoundaries();
            long[] natural = PluginFiles.expectedBoundaries(List.of("id"));
            long[] expected = LongStream.concat(LongStream.concat(LongStream.of(300),
                    LongStream.of(natural).filter(b -> b > 300 && b < 2600)), LongStream.of(2600)).toArray();
            assertArrayEquals(expected, bounds);

            try (BatchStream batches = file.scan().project("id").rowRange(300, 2600).batches()) {
                int index = 0;
                long row = 300;
                for (StructArray batch : batches) {
                    assertEquals(bounds[index + 1] - bounds[index], batch.length(), "batch " + index);
                    PrimitiveArray id = (PrimitiveArray) batch.field("id");
                    for (int i = 0; i < batch.length(); i++, row++) {
                        assertEquals(PluginFiles.id(row), id.getLong(i));
                    }
                    index++;
                }
                assertEquals(bounds.length - 1, index);
                assertEquals(2600, row);
            }
        }
    }

    // ---- failures surface as Quire exceptions that name the id and the place ----

    private static final DType.Struct ONE_COLUMN =
            DType.Struct.of(new Field("plain", new DType.Primitive(PType.I32, false)));

    private Path oneColumnFile(String name, long rows, Function<Integer, Node> column) throws IOException {
        VortexFileBuilder builder = new VortexFileBuilder();
        int segment = builder.writeArray(PrimitiveArray.ofInts(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
        return builder.finish(ONE_COLUMN, Node.struct(rows, List.of(column.apply(segment))), dir.resolve(name));
    }

    @Test
    void aLayoutIdNoModuleProvidesFailsNamingIt() throws IOException {
        Path file = oneColumnFile("unknown.vortex", 10,
                segment -> Node.wrap("quire.test.not_installed", new byte[0], Node.flat(10, segment)));
        try (VortexFile vortex = VortexFile.open(file)) {
            UnknownEncodingException e = assertThrows(UnknownEncodingException.class,
                    () -> vortex.scan().splitBoundaries());
            assertEquals("quire.test.not_installed", e.id());
            assertTrue(e.getMessage().contains(SplitEveryLayout.ID), "lists what is available: " + e.getMessage());
        }
    }

    @Test
    void malformedPluginLayoutMetadataFailsWithItsPath() throws IOException {
        Path file = oneColumnFile("short-metadata.vortex", 10,
                segment -> Node.wrap(SplitEveryLayout.ID, new byte[4], Node.flat(10, segment)));
        try (VortexFile vortex = VortexFile.open(file)) {
            MalformedFileException e = assertThrows(MalformedFileException.class,
                    () -> vortex.scan().splitBoundaries());
            assertTrue(e.getMessage().contains("root.plain"), e.getMessage());
            assertTrue(e.getMessage().contains("metadata must be 8 bytes, got 4"), e.getMessage());
        }
    }

    @Test
    void aSplitIntervalThatWouldFloodTheScanIsRejected() throws IOException {
        long rows = (SplitEveryLayout.MAX_SPLITS + 1) * 2;
        Path file = oneColumnFile("flood.vortex", rows,
                segment -> Node.wrap(SplitEveryLayout.ID, SplitEveryLayout.metadata(1), Node.flat(rows, segment)));
        try (VortexFile vortex = VortexFile.open(file)) {
            MalformedFileException e = assertThrows(MalformedFileException.class,
                    () -> vortex.scan().splitBoundaries());
            assertTrue(e.getMessage().contains("exceeds " + SplitEveryLayout.MAX_SPLITS + " splits"),
                    e.getMessage());
        }
    }

    @Test
    void aMalformedPluginArrayFailsWithItsLocation() throws IOException {
        DType.Struct schema = DType.Struct.of(new Field("id", new DType.Primitive(PType.I64, false)));
        VortexFileBuilder builder = new VortexFileBuilder();
        EncodedArray deltas = builder.encode(PrimitiveArray.ofInts(1, 2, 3));
        // No reference in the metadata.
        int segment = builder.writeEncoded(new EncodedArray(FrameOfReferenceArray.ID, new byte[0], List.of(),
                List.of(deltas)));
        Path file = builder.finish(schema, Node.struct(3, List.of(Node.flat(3, segment))),
                dir.resolve("bad-array.vortex"));
        try (VortexFile vortex = VortexFile.open(file); BatchStream batches = vortex.scan().batches()) {
            MalformedFileException e = assertThrows(MalformedFileException.class, batches::next);
            assertTrue(e.getMessage().contains(FrameOfReferenceArray.ID), e.getMessage());
            assertTrue(e.getMessage().contains("root.id"), e.getMessage());
            assertTrue(e.getMessage().contains("bad reference"), e.getMessage());
        }
    }
}
