package dev.quire.encodings.internal.strings;

import static dev.quire.encodings.internal.Expected.assertMalformed;
import static dev.quire.encodings.internal.Expected.assertValues;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.InMemoryParts;
import dev.quire.encodings.internal.Node;
import dev.quire.errors.MalformedFileException;
import dev.quire.encodings.internal.fastlanes.PackedNodes;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BytesBlocks;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.BoundExpr;
import dev.quire.layout.expr.Expr;
import dev.quire.layout.spi.IntegerBlocks;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * FSST arrays whose lengths and codes offsets are bit-packed, as the reference writes them: the children are read a
 * block at a time through their cursors ({@link IntegerBlocks}), and must give the values, filters and errors that the
 * same numbers as plain primitive children give, for chunks shorter than a block, one block exactly, one row past it
 * and several blocks, with the children starting at row 0 of their first block or further in.
 */
class FsstPackedChildrenTest {
    private static final DType UTF8 = new DType.Utf8(true);
    private static final PType[] LENGTH_TYPES = {PType.U8, PType.U16, PType.U32, PType.I32};
    private static final PType[] OFFSET_TYPES = {PType.U16, PType.U32, PType.I32};

    /** The numbers of a primitive child node, widened. */
    private static long[] numbers(Node primitive, PType ptype, int n) {
        MemorySegment bytes = primitive.buffers().get(0);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            long at = (long) i * ptype.byteWidth();
            out[i] = switch (ptype.byteWidth()) {
                case 1 -> bytes.get(ValueLayout.JAVA_BYTE, at) & 0xFF;
                case 2 -> bytes.get(LittleEndian.SHORT, at) & 0xFFFF;
                default -> bytes.get(LittleEndian.INT, at) & 0xFFFF_FFFFL;
            };
        }
        return out;
    }

    /** {@code node} with both integer children bit-packed, {@code offset} rows into their first block. */
    private static Node packed(Node node, PType lengthsType, PType offsetsType, int n, int offset) {
        Node lengths = PackedNodes.bitPacked(lengthsType, offset, numbers(node.children().get(0), lengthsType, n));
        Node offsets = PackedNodes.bitPacked(offsetsType, offset, numbers(node.children().get(1), offsetsType, n + 1));
        // the children read through cursors, as in files, not decoded whole first
        Array lengthsRead = InMemoryParts.decode(lengths, new DType.Primitive(lengthsType, false), n);
        Array offsetsRead = InMemoryParts.decode(offsets, new DType.Primitive(offsetsType, false), n + 1);
        for (Array child : List.of(lengthsRead, offsetsRead)) {
            assertTrue(assertInstanceOf(IntegerBlocks.class, child).intBlocks().isPresent(), "a cursor is offered");
        }
        List<Node> children = new java.util.ArrayList<>(node.children());
        children.set(0, lengths);
        children.set(1, offsets);
        return new Node(node.encoding(), node.metadata(), node.buffers(), children);
    }

    /** Every value {@code array}'s own block cursor gives equals {@code decoded}'s (a null row's has no bytes). */
    private static void assertCursorGives(VarBinViewArray decoded, Array array, String context) {
        BytesBlocks.Cursor cursor = ((BytesBlocks) array).bytesBlocks().orElseThrow();
        BytesBlocks.Block block = new BytesBlocks.Block();
        int row = 0;
        int n;
        while ((n = cursor.next(block)) > 0) {
            int[] offsets = block.offsets();
            for (int i = 0; i < n; i++, row++) {
                byte[] got = Arrays.copyOfRange(block.bytes(), offsets[i], offsets[i + 1]);
                if (decoded.isValid(row)) {
                    assertArrayEquals(decoded.getBytes(row), got, context + ": row " + row);
                } else {
                    assertEquals(0, got.length, context + ": null row " + row);
                }
            }
        }
        assertEquals(decoded.length(), row, context + ": rows");
    }

    private static StructArray batch(Array column) {
        return new StructArray(new DType.Struct(List.of(new Field("s", column.dtype())), false), List.of(column),
                column.length(), Validity.NON_NULLABLE);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 1023, 1024, 1025, 3000})
    void packedChildrenGiveWhatPrimitiveOnesGive(int n) {
        Random random = new Random(n);
        List<String> values = LazyFsstArrayTest.values(random, n);
        FsstEncodingTest.Table table = FsstEncodingTest.Table.sample(random, values, 1 + random.nextInt(200));
        List<String> filters = List.of("s like 'the%'", "s = 'fox'", "s like '%fox%'", "s like 'qu%'");
        for (PType lengthsType : LENGTH_TYPES) {
            for (PType offsetsType : OFFSET_TYPES) {
                Node plain = FsstEncodingTest.fsst(table, values, lengthsType, offsetsType);
                long[] offsets = numbers(plain.children().get(1), offsetsType, n + 1);
                if (offsetsType == PType.U16 && offsets[n] > 0xFFFF) {
                    continue;
                }
                for (int offset : new int[] {0, 37, 1000}) {
                    String context = "n=" + n + ", lengths " + lengthsType + ", offsets " + offsetsType + ", offset "
                            + offset;
                    Node packed = packed(plain, lengthsType, offsetsType, n, offset);
                    VarBinViewArray decoded = (VarBinViewArray) InMemoryParts.decode(packed, UTF8, n).toCanonical();
                    assertValues(values, decoded, context);
                    // through the block cursor: the lengths from their own cursor (the window starts at row 0),
                    // and from the chunk's ends (a window further in)
                    assertCursorGives(decoded, InMemoryParts.decode(packed, UTF8, n), context);
                    if (n > 1) {
                        assertCursorGives(decoded.slice(1, n), InMemoryParts.decode(packed, UTF8, n).slice(1, n),
                                context + ", window from row 1");
                    }
                    for (String text : filters) {
                        BoundExpr e = Expr.parse(text).bind(batch(InMemoryParts.decode(plain, UTF8, n)).dtype());
                        long[] expected = e.evaluate(batch(InMemoryParts.decode(plain, UTF8, n)), true).toRows();
                        assertArrayEquals(expected,
                                e.evaluate(batch(InMemoryParts.decode(packed, UTF8, n)), true).toRows(),
                                context + ": " + text);
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1000})
    void packedChildrenAreCheckedAsPrimitiveOnesAre(int offset) {
        List<String> values = List.of("hello world", "hello there", "general kenobi");
        FsstEncodingTest.Table table = new FsstEncodingTest.Table(List.of(
                "hello".getBytes(java.nio.charset.StandardCharsets.UTF_8),
                " ".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        Node good = FsstEncodingTest.fsst(table, values, PType.U32, PType.U32);
        long[] offsets = numbers(good.children().get(1), PType.U32, 4);
        // offsets that go backwards
        long[] backwards = offsets.clone();
        backwards[2] = backwards[1] - 1;
        Node b = new Node(good.encoding(), good.metadata(), good.buffers(),
                List.of(good.children().get(0), PackedNodes.bitPacked(PType.U32, offset, backwards)));
        // the values decode from the first offset to the last, which are sound; a take reads every value's
        LazyFsstArray array = assertInstanceOf(LazyFsstArray.class, InMemoryParts.decode(b, UTF8, 3));
        MalformedFileException e = assertThrows(MalformedFileException.class, () -> array.take(new long[] {0}));
        assertTrue(e.getMessage().contains("codes offset 2 is " + backwards[2] + ", below the one before it, "
                + backwards[1]), e.getMessage());
        // offsets past the codes buffer
        long[] past = offsets.clone();
        past[3] = 1 << 20;
        Node p = new Node(good.encoding(), good.metadata(), good.buffers(),
                List.of(good.children().get(0), PackedNodes.bitPacked(PType.U32, offset, past)));
        assertMalformed(p, UTF8, 3, "codes offsets span [2, 1048576)");
        // lengths that add up to more than the codes can decode to
        Node longer = new Node(good.encoding(), good.metadata(), good.buffers(),
                List.of(PackedNodes.bitPacked(PType.U32, offset, 11, 1 << 20, 14), good.children().get(1)));
        assertMalformed(longer, UTF8, 3, "more than");
        // read through the cursor, which sums the lengths block by block: refused before the block is allocated
        BytesBlocks.Cursor cursor = ((BytesBlocks) InMemoryParts.decode(longer, UTF8, 3)).bytesBlocks().orElseThrow();
        MalformedFileException m = assertThrows(MalformedFileException.class,
                () -> cursor.next(new BytesBlocks.Block()));
        assertTrue(m.getMessage().contains("the uncompressed lengths of values [0, 3) add up to 1048601 bytes, more"
                + " than the " + (offsets[3] - offsets[0]) + " bytes of codes left can decode to"), m.getMessage());
    }
}
