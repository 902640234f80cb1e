package dev.quire.encodings.internal.strings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.Node;
import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BytesBlocks;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * FSST arrays read through {@link BytesBlocks}: every block's values equal the values decoded whole, for random tables
 * and values (escapes, empty, null and long values), row counts around the block size, windows that start and end
 * anywhere, codes in a heap array and off the heap; the cursor leaves the window undecoded, a decoded window falls back
 * to its decoded values, and corrupt codes are a {@link MalformedFileException} from the block that holds them.
 */
class FsstBytesBlocksTest {

    /** Every block of {@code array}'s own cursor, checked for shape, as one value per row (null rows as read). */
    private static List<byte[]> drain(Array array) {
        BytesBlocks.Cursor cursor = ((BytesBlocks) array).bytesBlocks().orElseThrow();
        return drain(cursor, new BytesBlocks.Block());
    }

    private static List<byte[]> drain(BytesBlocks.Cursor cursor, BytesBlocks.Block block) {
        List<byte[]> out = new ArrayList<>();
        int n;
        while ((n = cursor.next(block)) > 0) {
            assertTrue(n <= BytesBlocks.BLOCK_ROWS, n + " rows in a block");
            int[] offsets = block.offsets();
            assertEquals(0, offsets[0]);
            assertTrue(block.bytes().length >= offsets[n] + BytesBlocks.Block.SLACK, "slack past the last value");
            for (int i = 0; i < n; i++) {
                out.add(Arrays.copyOfRange(block.bytes(), offsets[i], offsets[i + 1]));
            }
        }
        assertEquals(0, cursor.next(block), "an ended cursor stays ended");
        return out;
    }

    /** The cursor's values against the decoded ones: every valid row's bytes, and a null row's length. */
    private static void assertSameAsDecoded(List<byte[]> read, VarBinViewArray decoded, String context) {
        assertEquals(decoded.length(), read.size(), context + ": rows");
        for (int i = 0; i < read.size(); i++) {
            if (decoded.isValid(i)) {
                assertArrayEquals(decoded.getBytes(i), read.get(i), context + ": row " + i);
            } else {
                assertEquals(0, read.get(i).length, context + ": null row " + i + " (written with no bytes)");
            }
        }
    }

    @Test
    void blocksEqualTheDecodedValuesForEveryCountAroundTheBlockSizeAndAnyWindow() {
        Random random = new Random(77);
        for (int n : new int[] {0, 1, 2, 1023, 1024, 1025, 2047, 2048, 2049, 5000}) {
            for (int round = 0; round < 3; round++) {
                List<byte[]> values = FsstDecodeTest.values(random, n, round == 2 ? 3000 : 120);
                FsstEncodingTest.Table table = round == 1 ? new FsstEncodingTest.Table(List.of())
                        : FsstDecodeTest.table(random);
                Node node = FsstDecodeTest.node(table, values, PType.U32, PType.I32, random.nextInt(3));
                String context = n + " rows, round " + round;
                LazyFsstArray array = FsstDecodeTest.lazy(node, n);
                List<byte[]> read = drain(array);
                assertFalse(array.isDecoded(), context + ": the cursor leaves the window undecoded");
                VarBinViewArray decoded = FsstDecodeTest.lazy(node, n).toCanonical();
                assertSameAsDecoded(read, decoded, context);
                for (int i = 0; i < n; i++) {
                    if (values.get(i) != null) {
                        assertArrayEquals(values.get(i), read.get(i), context + ": row " + i + " as compressed");
                    }
                }
                for (int w = 0; w < 4 && n > 0; w++) {
                    int from = random.nextInt(n);
                    int to = from + random.nextInt(n - from + 1);
                    Array window = FsstDecodeTest.lazy(node, n).slice(from, to);
                    if (window instanceof BytesBlocks) {
                        assertSameAsDecoded(drain(window), decoded.slice(from, to),
                                context + ", window [" + from + ", " + to + ")");
                    }
                }
            }
        }
    }

    /**
     * Codes off the heap are copied a run at a time (at least 256 KiB): the larger case's codes take several runs,
     * each keeping the codes the last one copied and the blocks have not read yet.
     */
    @ParameterizedTest
    @ValueSource(ints = {400, 3000})
    void codesOffTheHeapAreCopiedARunAtATimeAndGiveTheSameValues(int maxLength) {
        Random random = new Random(78);
        int n = 3333;
        List<byte[]> values = FsstDecodeTest.values(random, n, maxLength);
        Node node = FsstDecodeTest.node(FsstDecodeTest.table(random), values, PType.U16, PType.U32, 2);
        VarBinViewArray decoded = FsstDecodeTest.lazy(node, n).toCanonical();
        try (Arena arena = Arena.ofConfined()) {
            List<MemorySegment> buffers = new ArrayList<>();
            for (MemorySegment b : node.buffers()) {
                buffers.add(arena.allocate(Math.max(1, b.byteSize())).asSlice(0, b.byteSize()).copyFrom(b));
            }
            Node offHeap = new Node(node.encoding(), node.metadata(), buffers, node.children());
            LazyFsstArray array = FsstDecodeTest.lazy(offHeap, n);
            assertSameAsDecoded(drain(array.slice(100, n)), decoded.slice(100, n), "off the heap, window");
            assertSameAsDecoded(drain(FsstDecodeTest.lazy(offHeap, n)), decoded, "off the heap");
        }
    }

    /**
     * A cursor that has read its last block leaves its copy buffer to the next cursor on its thread: two cursors made
     * after one finished, read by turns, must each keep codes of their own (one takes the buffer, the other makes
     * one), and a cursor that finishes while another is still reading must not hand over the reader's buffer.
     */
    @Test
    void cursorsOffTheHeapReadByTurnsOnOneThreadKeepTheirOwnCodes() {
        Random random = new Random(81);
        int n = 2600;
        List<Node> nodes = new ArrayList<>();
        List<VarBinViewArray> decoded = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            for (int k = 0; k < 3; k++) {
                Node node = FsstDecodeTest.node(FsstDecodeTest.table(random), FsstDecodeTest.values(random, n, 60),
                        PType.U32, PType.U32, 0);
                List<MemorySegment> buffers = new ArrayList<>();
                for (MemorySegment b : node.buffers()) {
                    buffers.add(arena.allocate(Math.max(1, b.byteSize())).asSlice(0, b.byteSize()).copyFrom(b));
                }
                nodes.add(new Node(node.encoding(), node.metadata(), buffers, node.children()));
                decoded.add(FsstDecodeTest.lazy(node, n).toCanonical());
            }
            assertSameAsDecoded(drain(FsstDecodeTest.lazy(nodes.get(0), n)), decoded.get(0), "first, alone");
            for (int round = 0; round < 3; round++) {
                int a = round % 3;
                int b = (round + 1) % 3;
                BytesBlocks.Cursor first = FsstDecodeTest.lazy(nodes.get(a), n).bytesBlocks().orElseThrow();
                BytesBlocks.Cursor second = FsstDecodeTest.lazy(nodes.get(b), n).bytesBlocks().orElseThrow();
                BytesBlocks.Block firstBlock = new BytesBlocks.Block();
                BytesBlocks.Block secondBlock = new BytesBlocks.Block();
                List<byte[]> firstValues = new ArrayList<>();
                List<byte[]> secondValues = new ArrayList<>();
                boolean firstLeft = true;
                boolean secondLeft = true;
                while (firstLeft || secondLeft) {
                    firstLeft = firstLeft && readBlock(first, firstBlock, firstValues);
                    secondLeft = secondLeft && readBlock(second, secondBlock, secondValues);
                    if (!firstLeft && secondLeft) {
                        // a third cursor starts (taking what the finished one left) while the second still reads
                        assertSameAsDecoded(drain(FsstDecodeTest.lazy(nodes.get(a), n)), decoded.get(a),
                                "round " + round + ", a cursor made while another reads");
                    }
                }
                assertSameAsDecoded(firstValues, decoded.get(a), "round " + round + ", first of two");
                assertSameAsDecoded(secondValues, decoded.get(b), "round " + round + ", second of two");
            }
        }
    }

    /** One block of {@code cursor}'s values added to {@code out}; false when the cursor had ended. */
    private static boolean readBlock(BytesBlocks.Cursor cursor, BytesBlocks.Block block, List<byte[]> out) {
        int n = cursor.next(block);
        int[] offsets = block.offsets();
        for (int i = 0; i < n; i++) {
            out.add(Arrays.copyOfRange(block.bytes(), offsets[i], offsets[i + 1]));
        }
        return n > 0;
    }

    @Test
    void aBlockCanHoldOneVeryLongValueAndTheBlockIsReusedAcrossCursors() {
        Random random = new Random(79);
        List<byte[]> values = new ArrayList<>(FsstDecodeTest.values(random, 1500, 30));
        byte[] longValue = new byte[300_000];
        for (int i = 0; i < longValue.length; i++) {
            longValue[i] = (byte) "abcd e\0x".charAt(random.nextInt(8));
        }
        values.set(1100, longValue);
        FsstEncodingTest.Table table = FsstDecodeTest.table(random);
        Node node = FsstDecodeTest.node(table, values, PType.I32, PType.I64, 0);
        VarBinViewArray decoded = FsstDecodeTest.lazy(node, 1500).toCanonical();
        BytesBlocks.Block block = new BytesBlocks.Block();
        for (int pass = 0; pass < 2; pass++) {
            BytesBlocks.Cursor cursor = FsstDecodeTest.lazy(node, 1500).bytesBlocks().orElseThrow();
            assertSameAsDecoded(drain(cursor, block), decoded, "pass " + pass);
        }
        assertTrue(block.bytes().length >= 300_000, "the block grew for the long value");
    }

    @Test
    void aDecodedWindowDeclinesItsOwnCursorAndIsReadFromItsDecodedValues() {
        Random random = new Random(80);
        List<byte[]> values = FsstDecodeTest.values(random, 1500, 50);
        Node node = FsstDecodeTest.node(FsstDecodeTest.table(random), values, PType.U32, PType.U32, 1);
        LazyFsstArray array = FsstDecodeTest.lazy(node, 1500);
        VarBinViewArray decoded = array.toCanonical();
        assertTrue(array.bytesBlocks().isEmpty(), "a decoded window offers no cursor of its own");
        assertSameAsDecoded(drain(BytesBlocks.cursor(array), new BytesBlocks.Block()), decoded, "fallback");
    }

    @Test
    void aCodeThatNamesNoSymbolIsReportedByTheBlockThatHoldsIt() {
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < 2500; i++) {
            values.add("hello hello".getBytes(StandardCharsets.UTF_8));
        }
        FsstEncodingTest.Table table = new FsstEncodingTest.Table(List.of(
                "hello".getBytes(StandardCharsets.UTF_8), " ".getBytes(StandardCharsets.UTF_8)));
        Node good = FsstDecodeTest.node(table, values, PType.I32, PType.I32, 0);
        byte[] codes = good.buffers().get(2).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        // three codes a value; value 1500's second (in the second block) names symbol 7 of 2
        int at = 1500 * 3 + 1;
        codes[at] = 7;
        List<MemorySegment> buffers = new ArrayList<>(good.buffers());
        buffers.set(2, MemorySegment.ofArray(codes));
        Node bad = new Node(good.encoding(), good.metadata(), buffers, good.children());
        BytesBlocks.Cursor cursor = FsstDecodeTest.lazy(bad, 2500).bytesBlocks().orElseThrow();
        BytesBlocks.Block block = new BytesBlocks.Block();
        assertEquals(1024, cursor.next(block), "the first block is sound");
        MalformedFileException e = assertThrows(MalformedFileException.class, () -> cursor.next(block));
        assertTrue(e.getMessage().contains("code 7 at codes byte " + at + " names no symbol"), e.getMessage());
    }

    /** 2048 values "ab" (one code each) under other lengths, read through the cursor. */
    private static List<byte[]> readWithLengths(long[] lengths) {
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < 2048; i++) {
            values.add("ab".getBytes(StandardCharsets.UTF_8));
        }
        FsstEncodingTest.Table table = new FsstEncodingTest.Table(List.of("ab".getBytes(StandardCharsets.UTF_8)));
        Node good = FsstDecodeTest.node(table, values, PType.I32, PType.I32, 0);
        Node other = new Node(good.encoding(), good.metadata(), good.buffers(),
                List.of(Node.primitive(PType.I32, lengths), good.children().get(1)));
        return drain(FsstDecodeTest.lazy(other, 2048));
    }

    /**
     * The window's codes are one stream cut by the lengths, as the reference cuts them when it decodes: lengths that
     * move a value's end (the total unchanged) move where the blocks cut it, whatever the offsets say, as decoding
     * the window whole does.
     */
    @Test
    void blocksCutTheStreamWhereTheLengthsSay() {
        long[] lengths = new long[2048];
        Arrays.fill(lengths, 2);
        lengths[1023] = 4;
        lengths[1024] = 0;
        List<byte[]> read = readWithLengths(lengths);
        assertEquals("abab", new String(read.get(1023), StandardCharsets.UTF_8));
        assertEquals(0, read.get(1024).length);
        assertEquals("ab", new String(read.get(1025), StandardCharsets.UTF_8));
    }

    /** Lengths that add up to fewer bytes than the codes decode to, or more, are reported by the last block. */
    @Test
    void lengthsThatDisagreeWithTheCodesOnTheTotalAreReportedByTheLastBlock() {
        long[] fewer = new long[2048];
        Arrays.fill(fewer, 2);
        fewer[2047] = 0;
        MalformedFileException e = assertThrows(MalformedFileException.class, () -> readWithLengths(fewer));
        assertTrue(e.getMessage().contains("add up to fewer bytes than their codes decode to: they end at codes byte"
                + " 2047, before the codes' end at byte 2048"), e.getMessage());
        long[] more = new long[2048];
        Arrays.fill(more, 2);
        more[2047] = 4;
        e = assertThrows(MalformedFileException.class, () -> readWithLengths(more));
        assertTrue(e.getMessage().contains("the codes from byte 1024 end at byte 2048 after 2048 bytes of a block of"
                + " values whose uncompressed lengths add up to 2050"), e.getMessage());
        // a value's end inside a symbol: the block's bytes end in the middle of the codes' output
        long[] split = new long[2048];
        Arrays.fill(split, 2);
        split[1023] = 1;
        split[1024] = 3;
        e = assertThrows(MalformedFileException.class, () -> readWithLengths(split));
        assertTrue(e.getMessage().contains("the codes from byte 0 run past a value's end, to byte 2048 of a block of"
                + " values whose uncompressed lengths add up to 2047"), e.getMessage());
    }

    @Test
    void codesEndingOnAnEscapeInABlockAreReported() {
        List<byte[]> values = List.of("x".getBytes(StandardCharsets.UTF_8), "y".getBytes(StandardCharsets.UTF_8));
        Node good = FsstDecodeTest.node(new FsstEncodingTest.Table(List.of()), values, PType.I32, PType.I32, 0);
        // "x" then "y" as escapes; the last escape loses its byte: offsets end one byte early
        Node cut = new Node(good.encoding(), good.metadata(), good.buffers(),
                List.of(good.children().get(0), Node.primitive(PType.I32, 0, 2, 3)));
        BytesBlocks.Cursor cursor = FsstDecodeTest.lazy(cut, 2).bytesBlocks().orElseThrow();
        MalformedFileException e = assertThrows(MalformedFileException.class,
                () -> cursor.next(new BytesBlocks.Block()));
        assertTrue(e.getMessage().contains("end with an escape and no byte after it (codes byte 2)"), e.getMessage());
    }
}
