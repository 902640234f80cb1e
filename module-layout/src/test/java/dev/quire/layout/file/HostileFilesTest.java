package dev.quire.layout.file;

import static dev.quire.layout.file.HostileFile.bytes;
import static dev.quire.layout.file.HostileFile.concat;
import static dev.quire.layout.file.HostileFile.longs;
import static dev.quire.layout.file.HostileFile.segment;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.flatbuffers.FlatBufferBuilder;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.MalformedFileException;
import dev.quire.errors.QuireException;
import dev.quire.io.spi.InMemoryReadAt;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.HostileFile.ArrayNode;
import dev.quire.layout.file.HostileFile.BufferSpec;
import dev.quire.layout.file.HostileFile.LayoutNode;
import dev.quire.layout.format.SegmentSpec;
import dev.quire.layout.format.ReadLimits;
import dev.quire.layout.internal.fb.DTypeFlatbuffers;
import dev.quire.layout.scan.BatchStream;
import dev.quire.layout.scan.Scan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Files built by hand to be hostile while staying valid flatbuffers: huge lengths, counts and row counts, deep
 * nesting, DAGs that would expand exponentially, and contradictions between the layout, the dtype and the arrays.
 * Each must be rejected with a {@link QuireException} whose message names the problem, or, where the file is
 * merely huge but consistent, be read lazily without allocating for what it claims.
 */
class HostileFilesTest {
    // Layout and array encoding indices into the footer spec lists every file below uses.
    static final int STRUCT = 0;
    static final int CHUNKED = 1;
    static final int FLAT = 2;
    static final int PRIMITIVE = 0;
    static final int BOOL = 1;
    static final int VARBINVIEW = 2;
    static final int STRUCT_ARRAY = 3;
    static final int NULL = 4;
    static final int CONSTANT = 5;
    static final int DECIMAL = 6;
    static final int EXT = 7;

    static final long MAX = Long.MAX_VALUE;
    static final DType I64 = new DType.Primitive(PType.I64, false);

    static HostileFile file(DType.Struct dtype, LayoutNode root) {
        return new HostileFile().dtype(dtype).layout(root)
                .layoutSpecs("vortex.struct", "vortex.chunked", "vortex.flat")
                .arraySpecs("vortex.primitive", "vortex.bool", "vortex.varbinview", "vortex.struct", "vortex.null",
                        "vortex.constant", "vortex.decimal", "vortex.ext");
    }

    /** A file of one column {@code a} of {@code rows} rows in one flat layout over {@code segment}. */
    static byte[] oneColumn(DType column, long rows, byte[] segment) {
        return file(DType.Struct.of(new Field("a", column)),
                new LayoutNode(STRUCT, rows).child(new LayoutNode(FLAT, rows).segments(0)))
                .segment(segment).build();
    }

    static ArrayNode node(int encoding, int... buffers) {
        return new ArrayNode(encoding, new byte[0], buffers);
    }

    static ArrayNode node(int encoding, byte[] metadata, int... buffers) {
        return new ArrayNode(encoding, metadata, buffers);
    }

    static ReadEverything.Summary read(byte[] file) {
        return read(file, ReadLimits.defaults(), Long.MAX_VALUE);
    }

    static ReadEverything.Summary read(byte[] file, ReadLimits limits, long rowCap) {
        return assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> ReadEverything.read(file, limits, List.of(), rowCap));
    }

    /** Reads the file in full and expects a clean Quire failure whose message contains every fragment. */
    static QuireException rejected(byte[] file, String... fragments) {
        return rejected(file, ReadLimits.defaults(), fragments);
    }

    static QuireException rejected(byte[] file, ReadLimits limits, String... fragments) {
        Throwable thrown = null;
        try {
            read(file, limits, Long.MAX_VALUE);
        } catch (Throwable t) {
            thrown = t;
        }
        if (thrown == null) {
            fail("the file was read without error; expected a failure naming " + List.of(fragments));
        }
        if (!(thrown instanceof QuireException q)) {
            throw new AssertionError("expected a QuireException, got " + thrown, thrown);
        }
        Throwable leaked = MalformedInputHarness.leakedCause(q);
        if (leaked != null) {
            throw new AssertionError("a JDK exception leaked inside " + q, q);
        }
        for (String f : fragments) {
            assertTrue(q.getMessage().contains(f), () -> "message `" + q.getMessage() + "` should mention `" + f
                    + "`");
        }
        return q;
    }

    // ---- the baseline the cases below depart from ----

    @Test
    void theHandBuiltBaselineReads() {
        byte[] f = oneColumn(I64, 3, segment(node(PRIMITIVE, 0), longs(1, 2, 3)));
        assertEquals(3, read(f).rows());
    }

    // ---- huge claimed lengths and counts ----

    @Test
    void segmentLengthBeyondTheFile() {
        byte[] seg = segment(node(PRIMITIVE, 0), longs(1, 2, 3));
        byte[] f = file(DType.Struct.of(new Field("a", I64)),
                new LayoutNode(STRUCT, 3).child(new LayoutNode(FLAT, 3).segments(0))).segment(seg)
                .segmentSpecs(new HostileFile.SegmentSpec(16, 0xFFFF_FFFFL, 4)).build();
        rejected(f, "segment_specs[0]", "4294967311", "outside the data region");
    }

    @Test
    void segmentOffsetsNearTheTopOfTheRange() {
        for (long offset : new long[] {MAX, -1L, MAX - 3, 1L << 62}) {
            byte[] f = file(DType.Struct.of(new Field("a", I64)),
                    new LayoutNode(STRUCT, 3).child(new LayoutNode(FLAT, 3).segments(0)))
                    .segment(segment(node(PRIMITIVE, 0), longs(1, 2, 3)))
                    .segmentSpecs(new HostileFile.SegmentSpec(offset, 64, 4)).build();
            rejected(f, "segment_specs[0]", "outside the data region");
        }
    }

    @Test
    void bufferLengthBeyondItsSegment() {
        byte[] seg = segment(node(PRIMITIVE, 0), List.of(new BufferSpec(0, 3, 0, 0xFFFF_FFFFL)), longs(1, 2, 3));
        rejected(oneColumn(I64, 3, seg), "buffer 0 spans bytes [0, 4294967295)", "buffers end at 24");
    }

    @Test
    void paddingPushesABufferPastItsSegment() {
        byte[] f = oneColumn(I64, 3, segment(node(PRIMITIVE, 0), List.of(new BufferSpec(0, 3, 0, 24)),
                longs(1, 2, 3)));
        int padding = FileAnatomy.of("hostile", f).segments.getFirst().buffers().getFirst().specPos();
        Mutations.putLong(f, padding, 0xFFFF, 2);
        rejected(f, "buffer 0 spans bytes [65535, 65559)");
    }

    @Test
    void arrayFlatbufferLengthBeyondItsSegment() {
        byte[] seg = segment(node(PRIMITIVE, 0), longs(1, 2, 3));
        Mutations.putLong(seg, seg.length - 4, 0xFFFF_FFF0L, 4);
        rejected(oneColumn(I64, 3, seg), "array flatbuffer length 4294967280 exceeds its");
    }

    @Test
    void vectorLengthsBeyondTheirFlatbuffer() {
        byte[] f = file(DType.Struct.of(new Field("a", I64), new Field("b", I64)),
                new LayoutNode(STRUCT, 1).child(new LayoutNode(FLAT, 1).segments(0))
                        .child(new LayoutNode(FLAT, 1).segments(0)))
                .segment(segment(node(PRIMITIVE, 0), longs(7))).build();
        FileAnatomy a = FileAnatomy.of("hostile", f);
        int children = a.layouts.getFirst().childrenVector();
        for (long len : new long[] {0xFFFF_FFFFL, 0x8000_0000L, 0x4000_0001L, 1000}) {
            byte[] g = f.clone();
            Mutations.putLong(g, children, len, 4);
            rejected(g, "layout.children", "outside the");
        }
        int specs = a.segments.getFirst().specPos() - 4;
        for (long len : new long[] {0xFFFF_FFFFL, 0x1000_0000L, 1000}) {
            byte[] g = f.clone();
            Mutations.putLong(g, specs, len, 4);
            rejected(g, "footer.segment_specs", "outside the");
        }
    }

    @Test
    void arrayNodeChildCountBeyondTheFlatbuffer() {
        ArrayNode root = node(PRIMITIVE, 0).child(node(BOOL, 1));
        byte[] seg = segment(root, longs(1, 2, 3), bytes(7));
        DType nullable = new DType.Primitive(PType.I64, true);
        byte[] f = oneColumn(nullable, 3, seg);
        assertEquals(3, read(f).rows());
        // The children vector of the root node: the only vector of length 1 whose element points at a table.
        FileAnatomy a = FileAnatomy.of("hostile", f);
        FileAnatomy.Segment s = a.segments.getFirst();
        int array = a.rootTable(s.arrayFlatbuffer().start());
        int rootNode = a.deref(a.field(array, 0));
        int childVec = a.deref(a.field(rootNode, 2));
        byte[] g = f.clone();
        Mutations.putLong(g, childVec, 0xFFFF_FFFFL, 4);
        rejected(g, "children", "outside the");
    }

    // ---- row counts up to 2^63 - 1 ----

    @Test
    void primitiveRowCountsThatOverflowTheBufferSize() {
        // 2^61 i64 values would need 2^64 bytes: a product that wraps to 0 must not match an empty buffer.
        rejected(oneColumn(I64, 1L << 61, segment(node(PRIMITIVE, 0), new byte[0])), "values buffer has 0 bytes",
                "2305843009213693952 i64 values");
        rejected(oneColumn(I64, MAX, segment(node(PRIMITIVE, 0), longs(1))), "values buffer has 8 bytes",
                "9223372036854775807 i64 values");
    }

    @Test
    void boolRowCountsThatOverflowTheBitCount() {
        rejected(oneColumn(new DType.Bool(false), MAX, segment(node(BOOL, 0), bytes(0xFF))),
                "bits buffer has 1 bytes", "9223372036854775807 values");
        byte[] offset7 = new byte[] {0x08, 0x07};
        rejected(oneColumn(new DType.Bool(false), MAX - 3, segment(node(BOOL, offset7, 0), bytes(0xFF))),
                "bits buffer has 1 bytes");
    }

    @Test
    void varBinViewRowCountsThatOverflowTheViewsSize() {
        rejected(oneColumn(new DType.Utf8(false), 1L << 60, segment(node(VARBINVIEW, 0), new byte[0])),
                "views buffer has 0 bytes", "1152921504606846976 values");
    }

    @Test
    void decimalRowCountsThatOverflowTheValuesSize() {
        byte[] i128 = {0x08, 0x04};
        rejected(oneColumn(new DType.Decimal(38, 2, false), 1L << 60, segment(node(DECIMAL, i128, 0), new byte[0])),
                "values buffer has 0 bytes", "1152921504606846976 values");
    }

    @Test
    void aHugeButConsistentAllNullColumnIsReadLazily() {
        // Nothing contradicts 2^63 - 1 rows of a null column: the scan must plan and read batches lazily.
        byte[] f = oneColumn(new DType.Null(), MAX, segment(node(NULL)));
        try (VortexFile file = VortexFile.open(InMemoryReadAt.of(f))) {
            assertEquals(MAX, file.rowCount());
            assertEquals(MAX, file.scan().count());
        }
        ReadEverything.Summary s = read(f, ReadLimits.defaults(), 250_000);
        assertTrue(s.capped());
        // whole batches of the default split size until the cap is passed
        assertEquals(Math.ceilDiv(250_000, Scan.DEFAULT_SPLIT_ROWS) * Scan.DEFAULT_SPLIT_ROWS, s.rows());
    }

    @Test
    void aHugeConstantColumnIsCanonicalisedOneBatchAtATime() {
        byte[] scalar = {0x18, 0x54}; // int64 42
        byte[] f = oneColumn(I64, MAX, segment(node(CONSTANT, 0), scalar));
        ReadEverything.Summary s = read(f, ReadLimits.defaults(), 150_000);
        assertTrue(s.capped());
        assertEquals(Math.ceilDiv(150_000, Scan.DEFAULT_SPLIT_ROWS) * Scan.DEFAULT_SPLIT_ROWS, s.rows());
    }

    @Test
    void aStructOfNoFieldsWithAHugeRowCount() {
        byte[] f = file(new DType.Struct(List.of(), false), new LayoutNode(STRUCT, MAX)).build();
        try (VortexFile file = VortexFile.open(InMemoryReadAt.of(f));
                BatchStream batches = file.scan().batches()) {
            StructArray first = batches.next();
            assertEquals(Scan.DEFAULT_SPLIT_ROWS, first.length());
            assertTrue(batches.hasNext());
        }
        try (VortexFile file = VortexFile.open(InMemoryReadAt.of(f))) {
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                    () -> file.scan().splitBoundaries());
            assertTrue(e.getMessage().contains("read them through batches()"), e.getMessage());
        }
    }

    // ---- contradictions between layout, dtype and arrays ----

    @Test
    void flatRowCountDisagreesWithItsArray() {
        rejected(oneColumn(I64, 5, segment(node(PRIMITIVE, 0), longs(1, 2, 3))), "values buffer has 24 bytes",
                "5 i64 values need 40");
    }

    @Test
    void structChildRowCountsDisagree() {
        byte[] f = file(DType.Struct.of(new Field("a", I64)),
                new LayoutNode(STRUCT, 5).child(new LayoutNode(FLAT, 3).segments(0)))
                .segment(segment(node(PRIMITIVE, 0), longs(1, 2, 3))).build();
        rejected(f, "child a has 3 rows, the struct 5");
    }

    @Test
    void structLayoutChildCountDisagreesWithItsDType() {
        LayoutNode flat = new LayoutNode(FLAT, 3).segments(0);
        byte[] f = file(DType.Struct.of(new Field("a", I64)), new LayoutNode(STRUCT, 3).child(flat).child(flat))
                .segment(segment(node(PRIMITIVE, 0), longs(1, 2, 3))).build();
        rejected(f, "a struct of 1 fields needs 1 children, this one has 2");
        byte[] g = file(DType.Struct.of(new Field("a", I64)), new LayoutNode(STRUCT, 3)).build();
        rejected(g, "needs 1 children, this one has 0");
    }

    @Test
    void structArrayChildCountDisagreesWithItsDType() {
        DType.Struct inner = DType.Struct.of(new Field("x", I64));
        ArrayNode leaf = node(PRIMITIVE, 0);
        ArrayNode struct = node(STRUCT_ARRAY).child(leaf).child(leaf).child(leaf);
        rejected(oneColumn(inner, 1, segment(struct, longs(9))), "struct of 1 fields has 3 children");
    }

    @Test
    void chunkRowSumsThatOverflow() {
        LayoutNode big = new LayoutNode(FLAT, MAX).segments(0);
        LayoutNode chunked = new LayoutNode(CHUNKED, MAX).child(big).child(new LayoutNode(FLAT, 2).segments(0));
        byte[] f = file(DType.Struct.of(new Field("a", I64)), new LayoutNode(STRUCT, MAX).child(chunked))
                .segment(segment(node(PRIMITIVE, 0), longs(1, 2))).build();
        rejected(f, "chunk rows exceed the layout's 9223372036854775807 rows at chunk 1");
        LayoutNode sum = new LayoutNode(CHUNKED, 5).child(new LayoutNode(FLAT, 2).segments(0))
                .child(new LayoutNode(FLAT, 2).segments(0));
        byte[] g = file(DType.Struct.of(new Field("a", I64)), new LayoutNode(STRUCT, 5).child(sum))
                .segment(segment(node(PRIMITIVE, 0), longs(1, 2))).build();
        rejected(g, "chunks hold 4 rows, the layout says 5");
    }

    @Test
    void varBinViewViewsOutsideTheirBuffers() {
        DType utf8 = new DType.Utf8(false);
        byte[] data = "twenty bytes of text".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        // size 16, prefix, buffer 3 (of 1), offset 0
        byte[] badBuffer = concat(ints(16), bytes('t', 'w', 'e', 'n'), ints(3), ints(0));
        rejected(oneColumn(utf8, 1, segment(node(VARBINVIEW, 0, 1), data, badBuffer)),
                "varbinview value 0 names data buffer 3 of 1");
        byte[] pastEnd = concat(ints(16), bytes('t', 'w', 'e', 'n'), ints(0), ints(10));
        rejected(oneColumn(utf8, 1, segment(node(VARBINVIEW, 0, 1), data, pastEnd)),
                "varbinview value 0 spans bytes [10, 26) of a 20-byte data buffer");
        byte[] hugeOffset = concat(ints(16), bytes('t', 'w', 'e', 'n'), ints(0), ints(-1));
        rejected(oneColumn(utf8, 1, segment(node(VARBINVIEW, 0, 1), data, hugeOffset)),
                "spans bytes [4294967295, 4294967311)");
        byte[] negative = concat(ints(-5), new byte[12]);
        rejected(oneColumn(utf8, 1, segment(node(VARBINVIEW, 0), negative)), "negative length -5");
        byte[] noBuffers = concat(ints(100), bytes('t', 'w', 'e', 'n'), ints(0), ints(0));
        rejected(oneColumn(utf8, 1, segment(node(VARBINVIEW, 0), noBuffers)), "names data buffer 0 of 0");
    }

    @Test
    void nullSlotsWhoseViewsPointAnywhereAreStillSafeToRead() {
        // Views of null slots are not checked (nor does the reference check them): reading them must stay in bounds.
        byte[] wild = concat(ints(100), bytes('x', 'x', 'x', 'x'), ints(9), ints(-1));
        byte[] negative = concat(ints(-7), new byte[12]);
        byte[] hi = concat(ints(2), bytes('h', 'i'), new byte[10]);
        ArrayNode n = node(VARBINVIEW, 0).child(node(BOOL, 1));
        byte[] f = oneColumn(new DType.Utf8(true), 3, segment(n, concat(wild, negative, hi), bytes(0b100)));
        assertEquals(3, read(f).rows());
        try (VortexFile file = VortexFile.open(InMemoryReadAt.of(f))) {
            file.scan().forEach(batch -> {
                var column = (dev.quire.layout.array.VarBinViewArray) batch.field(0);
                assertTrue(column.scalarAt(0).isNull());
                assertEquals(0, column.getBytes(0).length);
                assertEquals(0, column.getBytes(1).length);
                assertEquals("hi", column.getString(2));
            });
        }
    }

    @Test
    void boolOffsetsOfEightOrMore() {
        for (int offset : new int[] {8, 9, 200, 0x7FFF_FFFF}) {
            byte[] meta = concat(bytes(0x08), varint(offset));
            rejected(oneColumn(new DType.Bool(false), 1, segment(node(BOOL, meta, 0), bytes(1, 1))),
                    "bit offset " + Integer.toUnsignedLong(offset) + " must be below 8");
        }
    }

    @Test
    void validityChildOnANonNullableDType() {
        ArrayNode withValidity = node(PRIMITIVE, 0).child(node(BOOL, 1));
        rejected(oneColumn(I64, 3, segment(withValidity, longs(1, 2, 3), bytes(7))),
                "has a validity child but its dtype i64 is not nullable");
        DType.Struct inner = DType.Struct.of(new Field("x", I64));
        ArrayNode struct = node(STRUCT_ARRAY).child(node(BOOL, 0)).child(node(PRIMITIVE, 1));
        rejected(oneColumn(inner, 3, segment(struct, bytes(7), longs(1, 2, 3))),
                "has a validity child but its dtype struct{x: i64} is not nullable");
    }

    @Test
    void validityChildOfTheWrongLengthOrType() {
        DType nullable = new DType.Primitive(PType.I64, true);
        ArrayNode shortValidity = node(PRIMITIVE, 0).child(node(PRIMITIVE, 1));
        rejected(oneColumn(nullable, 3, segment(shortValidity, longs(1, 2, 3), longs(1, 1, 1))),
                "vortex.primitive", "cannot hold values of dtype bool");
    }

    @Test
    void decimalValuesNarrowerThanThePrecision() {
        byte[] i8 = {}; // DECIMAL_I8 is the default
        rejected(oneColumn(new DType.Decimal(38, 4, false), 2, segment(node(DECIMAL, i8, 0), bytes(1, 2))),
                "decimal(38,4)", "values of at least 16 bytes");
        byte[] i32 = {0x08, 0x02};
        rejected(oneColumn(new DType.Decimal(10, 0, false), 1, segment(node(DECIMAL, i32, 0), bytes(1, 2, 3, 4))),
                "decimal(10,0)", "values of at least 8 bytes");
        byte[] unknown = {0x08, 0x09};
        rejected(oneColumn(new DType.Decimal(10, 0, false), 1, segment(node(DECIMAL, unknown, 0), longs(1))),
                "unknown decimal value type 9");
    }

    @Test
    void wrongMetadataOnEncodingsThatTakeNone() {
        rejected(oneColumn(I64, 1, segment(node(PRIMITIVE, bytes(1, 2, 3), 0), longs(1))),
                "expected empty metadata, got 3 bytes");
    }

    // ---- deep nesting ----

    @Test
    void layoutsNestedBeyondTheDepthLimit() {
        LayoutNode leaf = new LayoutNode(FLAT, 1).segments(0);
        LayoutNode n = leaf;
        for (int i = 0; i < 100; i++) {
            n = new LayoutNode(CHUNKED, 1).child(n);
        }
        byte[] f = file(DType.Struct.of(new Field("a", I64)), new LayoutNode(STRUCT, 1).child(n))
                .segment(segment(node(PRIMITIVE, 0), longs(1))).build();
        rejected(f, "nested deeper than 64 levels");
    }

    @Test
    void layoutsNestedUpToTheDepthLimitRead() {
        LayoutNode n = new LayoutNode(FLAT, 1).segments(0);
        for (int i = 0; i < 63; i++) {
            n = new LayoutNode(CHUNKED, 1).child(n);
        }
        byte[] f = file(DType.Struct.of(new Field("a", I64)), new LayoutNode(STRUCT, 1).child(n))
                .segment(segment(node(PRIMITIVE, 0), longs(1))).build();
        assertEquals(1, read(f).rows());
    }

    @Test
    void dtypesNestedBeyondTheDepthLimit() {
        byte[] f = new HostileFile().dtype(b -> {
            int t = DTypeFlatbuffers.write(b, I64);
            for (int i = 0; i < 100; i++) {
                t = structDType(b, new String[] {"s" + i}, new int[] {t});
            }
            return t;
        }).layout(new LayoutNode(STRUCT, 0)).layoutSpecs("vortex.struct").build();
        rejected(f, "dtype nesting deeper than 64");
    }

    @Test
    void structArraysNestedBeyondTheDepthLimit() {
        // Array trees nest as deep as their dtype; both are held to the same limit.
        DType d = I64;
        ArrayNode n = node(PRIMITIVE, 0);
        for (int i = 0; i < 12; i++) {
            d = DType.Struct.of(new Field("s", d));
            n = node(STRUCT_ARRAY).child(n);
        }
        byte[] f = oneColumn(d, 1, segment(n, longs(5)));
        assertEquals(1, read(f).rows());
        rejected(f, ReadLimits.defaults().withMaxDepth(10), "deeper than 10");
    }

    // ---- DAGs: children that point at the same table many times ----

    @Test
    void aLayoutDagThatWouldExpandExponentially() {
        // 6 levels of 100 children, all the same table: 10^12 nodes if expanded, 7 tables in the file.
        LayoutNode n = new LayoutNode(FLAT, 1).segments(0);
        long rows = 1;
        for (int level = 0; level < 6; level++) {
            rows *= 100;
            LayoutNode parent = new LayoutNode(CHUNKED, rows);
            for (int i = 0; i < 100; i++) {
                parent.child(n);
            }
            n = parent;
        }
        byte[] f = file(DType.Struct.of(new Field("a", I64)), new LayoutNode(STRUCT, rows).child(n))
                .segment(segment(node(PRIMITIVE, 0), longs(1))).build();
        assertTrue(f.length < 10_000);
        rejected(f, "layout tree has more than 1000000 nodes");
        rejected(f, new ReadLimits(64, 5000, 100_000, 1 << 20, 1 << 20, 100), "more than 5000");
    }

    @Test
    void aSmallLayoutDagWithinTheLimitsReads() {
        LayoutNode flat = new LayoutNode(FLAT, 2).segments(0);
        LayoutNode chunked = new LayoutNode(CHUNKED, 20);
        for (int i = 0; i < 10; i++) {
            chunked.child(flat);
        }
        byte[] f = file(DType.Struct.of(new Field("a", I64)), new LayoutNode(STRUCT, 20).child(chunked))
                .segment(segment(node(PRIMITIVE, 0), longs(4, 5))).build();
        assertEquals(20, read(f).rows());
    }

    @Test
    void aDTypeDagThatWouldExpandExponentially() {
        byte[] f = new HostileFile().dtype(b -> {
            int t = DTypeFlatbuffers.write(b, I64);
            for (int level = 0; level < 4; level++) {
                String[] names = new String[200];
                int[] types = new int[200];
                for (int i = 0; i < 200; i++) {
                    names[i] = "f" + i;
                    types[i] = t;
                }
                t = structDType(b, names, types);
            }
            return t;
        }).layout(new LayoutNode(STRUCT, 0)).layoutSpecs("vortex.struct").build();
        assertTrue(f.length < 20_000);
        rejected(f, "more than 1000000 tables");
    }

    @Test
    void anArrayDagThatWouldExpandExponentially() {
        // A struct array whose 40 children are one node, each again 40 times one node: 1,681 nodes from 3 tables.
        List<Field> fields = new ArrayList<>();
        List<Field> innerFields = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            innerFields.add(new Field("x" + i, I64));
        }
        DType.Struct inner = new DType.Struct(innerFields, false);
        for (int i = 0; i < 40; i++) {
            fields.add(new Field("s" + i, inner));
        }
        DType.Struct outer = new DType.Struct(fields, false);
        ArrayNode leaf = node(PRIMITIVE, 0);
        ArrayNode mid = node(STRUCT_ARRAY);
        ArrayNode top = node(STRUCT_ARRAY);
        for (int i = 0; i < 40; i++) {
            mid.child(leaf);
            top.child(mid);
        }
        byte[] f = oneColumn(outer, 1, segment(top, longs(3)));
        assertEquals(1, read(f).rows());
        ReadLimits few = new ReadLimits(64, 1000, 1000, 1 << 20, 1 << 20, 100);
        rejected(f, few, "the array tree has more than 1000 nodes");
    }

    // ---- references that do not resolve ----

    @Test
    void indicesOutsideTheFootersLists() {
        rejected(oneColumn(I64, 1, segment(node(9, 0), longs(1))), "array encoding index 9 is not in the 8 array "
                + "specs");
        byte[] f = file(DType.Struct.of(new Field("a", I64)),
                new LayoutNode(STRUCT, 1).child(new LayoutNode(FLAT, 1).segments(7)))
                .segment(segment(node(PRIMITIVE, 0), longs(1))).build();
        rejected(f, "segment 7 does not exist (the footer lists 1)");
        byte[] g = file(DType.Struct.of(new Field("a", I64)),
                new LayoutNode(STRUCT, 1).child(new LayoutNode(FLAT, 1).segments(0xFFFF_FFFFL)))
                .segment(segment(node(PRIMITIVE, 0), longs(1))).build();
        rejected(g, "segment 4294967295 does not exist");
        byte[] h = file(DType.Struct.of(new Field("a", I64)),
                new LayoutNode(STRUCT, 1).child(new LayoutNode(40, 1).segments(0)))
                .segment(segment(node(PRIMITIVE, 0), longs(1))).build();
        rejected(h, "layout index 40 is not in the 3 layout specs");
        rejected(oneColumn(I64, 1, segment(node(PRIMITIVE, 3), longs(1))), "names buffer 3 but the segment has 1");
    }

    @Test
    void limitsOnSegmentsAndMetadata() {
        byte[] f = file(DType.Struct.of(new Field("a", I64), new Field("b", I64)),
                new LayoutNode(STRUCT, 1).child(new LayoutNode(FLAT, 1).segments(0))
                        .child(new LayoutNode(FLAT, 1).segments(1).metadata(new byte[40])))
                .segment(segment(node(PRIMITIVE, 0), longs(1))).segment(segment(node(PRIMITIVE, 0), longs(2)))
                .build();
        rejected(f, new ReadLimits(64, 100, 100, 1 << 20, 1 << 20, 1), "footer lists 2 segments, more than the "
                + "limit of 1");
        rejected(f, new ReadLimits(64, 100, 100, 1 << 20, 16, 100), "metadata of 40 bytes exceeds the limit of 16");
        rejected(f, new ReadLimits(64, 100, 100, 64, 1 << 20, 100), "bytes, more than the limit of 64");
    }

    // ---- limits must bound what a file claims, not how often a valid file is used ----

    @Test
    void repeatedScansOfAValidFileDoNotExhaustItsLimits() {
        byte[] f = file(DType.Struct.of(new Field("a", I64), new Field("b", I64)),
                new LayoutNode(STRUCT, 2).child(new LayoutNode(FLAT, 2).segments(0))
                        .child(new LayoutNode(FLAT, 2).segments(0)))
                .segment(segment(node(PRIMITIVE, 0), longs(1, 2))).build();
        ReadLimits tight = new ReadLimits(64, 3, 10, 1 << 20, 1 << 20, 10);
        try (VortexFile file = VortexFile.open(InMemoryReadAt.of(f), tight)) {
            for (int i = 0; i < 500; i++) {
                long[] rows = {0};
                file.scan().forEach(batch -> rows[0] += batch.length());
                assertEquals(2, rows[0]);
            }
        }
    }

    @Test
    void aFooterListingManyArraySpecsOpens() {
        List<String> ids = new ArrayList<>(List.of("vortex.primitive"));
        for (int i = 0; i < 200; i++) {
            ids.add("vortex.unused" + i);
        }
        byte[] f = file(DType.Struct.of(new Field("a", I64)),
                new LayoutNode(STRUCT, 1).child(new LayoutNode(FLAT, 1).segments(0)))
                .arraySpecs(ids.toArray(String[]::new))
                .segment(segment(node(PRIMITIVE, 0), longs(1))).build();
        assertEquals(1, read(f).rows());
    }

    // ---- LZ4 buffers that lie about their size ----

    @Test
    void lz4BuffersThatClaimMoreThanTheyHold() {
        // u32 claimed size, then one LZ4 sequence of 8 literals: token 0x80 and the bytes.
        byte[] block = concat(bytes(0x80), longs(42));
        byte[] framed = concat(ints(255 * 9), block);
        byte[] seg = segment(node(PRIMITIVE, 0), List.of(new BufferSpec(0, 3, 1, framed.length)), framed);
        rejected(oneColumn(I64, 1, seg), "LZ4 buffer claims 2295 bytes", "decodes to 8");
        byte[] honest = concat(ints(8), block);
        byte[] ok = segment(node(PRIMITIVE, 0), List.of(new BufferSpec(0, 3, 1, honest.length)), honest);
        assertEquals(1, read(oneColumn(I64, 1, ok)).rows());
        byte[] truncated = concat(ints(8), bytes(0x80, 1, 2));
        byte[] bad = segment(node(PRIMITIVE, 0), List.of(new BufferSpec(0, 3, 1, truncated.length)), truncated);
        MalformedFileException e = (MalformedFileException) rejected(oneColumn(I64, 1, bad), "LZ4");
        assertFalse(e.getMessage().isEmpty());
    }

    // ---- helpers ----

    static byte[] ints(int... values) {
        byte[] out = new byte[4 * values.length];
        for (int i = 0; i < values.length; i++) {
            Mutations.putLong(out, 4 * i, values[i], 4);
        }
        return out;
    }

    static byte[] varint(long v) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
        return out.toByteArray();
    }

    /** A Struct_ DType table over already-written field dtype tables (which may repeat: a DAG). */
    static int structDType(FlatBufferBuilder b, String[] names, int[] types) {
        int[] nameOffsets = new int[names.length];
        for (int i = 0; i < names.length; i++) {
            nameOffsets[i] = b.createString(names[i]);
        }
        int namesVec = HostileFile.offsets(b, nameOffsets);
        int typesVec = HostileFile.offsets(b, types);
        b.startTable(3);
        b.addOffset(0, namesVec, 0);
        b.addOffset(1, typesVec, 0);
        int value = b.endTable();
        b.startTable(2);
        b.addByte(0, (byte) 7, 0);
        b.addOffset(1, value, 0);
        return b.endTable();
    }
}
