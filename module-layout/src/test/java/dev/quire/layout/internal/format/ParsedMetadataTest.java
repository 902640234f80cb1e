package dev.quire.layout.internal.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.MalformedFileException;
import dev.quire.io.spi.InMemoryReadAt;
import dev.quire.layout.QuireContext;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.ReadLimits;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.internal.layouts.ZonedLayout;
import dev.quire.layout.internal.proto.ZonedMetadata;
import dev.quire.layout.spi.Layout;
import dev.quire.layout.spi.MetadataParser;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Layout metadata is parsed once per file for all nodes with the same bytes, and failures are never kept. */
class ParsedMetadataTest {
    private static final int ROWS = 5_000;

    @TempDir
    Path dir;

    /** Three zoned i64 columns: their zoned layouts carry the same metadata bytes. */
    private FileContext open() throws IOException {
        DType i64 = new DType.Primitive(PType.I64, false);
        DType.Struct schema = new DType.Struct(List.of(new Field("a", i64), new Field("b", i64), new Field("c", i64)),
                false);
        PrimitiveArray values = PrimitiveArray.ofLongs(LongStream.range(0, ROWS).toArray());
        Path path = dir.resolve("three.vortex");
        try (VortexWriter writer = VortexWriter.create(path, schema, WriteOptions.defaults().withZoneRows(1000))) {
            writer.write(new StructArray(schema, List.of(values, values, values), ROWS, Validity.NON_NULLABLE));
        }
        InMemoryReadAt in = InMemoryReadAt.of(Files.readAllBytes(path));
        return new FileContext(in, FileFooter.read(in, ReadLimits.defaults()), ReadLimits.defaults(),
                QuireContext.defaults());
    }

    /** A parser that counts its parses and returns a new object each time. */
    private static MetadataParser<Object> counting(AtomicInteger parses) {
        return (layout, bytes) -> {
            parses.incrementAndGet();
            return new Object();
        };
    }

    @Test
    void equalBytesAreParsedOnce() throws IOException {
        FileContext file = open();
        Layout root = LayoutNode.root(file);
        AtomicInteger parses = new AtomicInteger();
        MetadataParser<Object> p = counting(parses);
        Object first = file.parsedMetadata(p, root, ByteBuffer.wrap(new byte[] {1, 2, 3}));
        Object again = file.parsedMetadata(p, root, ByteBuffer.wrap(new byte[] {9, 1, 2, 3}).position(1));
        assertSame(first, again, "the same bytes at another position of another buffer");
        assertEquals(1, parses.get());
        file.parsedMetadata(counting(parses), root, ByteBuffer.wrap(new byte[] {1, 2, 3}));
        file.parsedMetadata(p, root, ByteBuffer.wrap(new byte[] {1, 2, 4}));
        assertEquals(3, parses.get(), "another parser or other bytes parse anew");
    }

    @Test
    void theParserSeesTheWholeMetadataAndFailuresAreNotKept() throws IOException {
        FileContext file = open();
        Layout root = LayoutNode.root(file);
        ByteBuffer meta = ByteBuffer.wrap(new byte[] {7, 8});
        MetadataParser<Integer> remaining = (layout, b) -> b.remaining();
        assertEquals(2, file.parsedMetadata(remaining, root, meta));
        assertEquals(0, meta.position(), "the caller's buffer is not moved");
        AtomicInteger attempts = new AtomicInteger();
        MetadataParser<Object> failing = (layout, b) -> {
            attempts.incrementAndGet();
            throw layout.malformed("bad metadata");
        };
        for (int i = 0; i < 2; i++) {
            MalformedFileException e = assertThrows(MalformedFileException.class,
                    () -> file.parsedMetadata(failing, root, meta));
            assertTrue(e.getMessage().contains("root"), e.getMessage());
        }
        assertEquals(2, attempts.get(), "each node reports its own error");
    }

    @Test
    void zonedColumnsOfOneDTypeShareTheirParsedMetadata() throws IOException {
        FileContext file = open();
        Layout root = LayoutNode.root(file);
        Layout a = root.child(0);
        Layout c = root.child(2);
        assertEquals(ZonedLayout.ID, a.encodingId());
        // Building a zoned node validates, and so parses, its metadata; the other column's node gets the result the
        // first one kept.
        ZonedMetadata fromA = a.metadata(ZonedLayout.METADATA);
        ZonedMetadata fromC = c.metadata(ZonedLayout.METADATA);
        assertSame(fromA, fromC);
        assertEquals(1000, fromA.getZoneLen());
    }

    @Test
    void nodesReadTheirMetadataThroughTheCache() throws IOException {
        FileContext file = open();
        Layout root = LayoutNode.root(file);
        AtomicInteger parses = new AtomicInteger();
        MetadataParser<Object> p = counting(parses);
        Object a = root.child(0).metadata(p);
        Object b = root.child(1).metadata(p);
        assertSame(a, b, "two zoned columns with the same metadata bytes");
        assertEquals(1, parses.get());
    }
}
