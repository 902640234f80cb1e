package dev.quire.layout.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link BytesBlocks#cursor}: over a canonical array (the fallback), the blocks hold every value's bytes as the array
 * does, whatever the lengths (inline and in data buffers), the nulls, the number of rows around the block size, slices
 * and buffers off the heap; each block keeps its promises (at most 1024 rows, offsets from 0, the slack); an array's
 * own cursor is preferred, extensions are read through their storage, other dtypes are refused.
 */
class BytesBlocksTest {
    private static final DType UTF8 = new DType.Utf8(true);

    /** Random values: nulls, empty, inline (at most 12 bytes), around the inline limit, and long ones. */
    static List<byte[]> values(Random random, int n) {
        List<byte[]> values = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int kind = random.nextInt(8);
            if (kind == 0) {
                values.add(null);
                continue;
            }
            int len = switch (kind) {
                case 1 -> 0;
                case 2 -> 1;
                case 3 -> 11 + random.nextInt(3);
                case 4 -> random.nextInt(12);
                case 5 -> 200 + random.nextInt(3000);
                default -> random.nextInt(60);
            };
            byte[] v = new byte[len];
            random.nextBytes(v);
            values.add(v);
        }
        return values;
    }

    static VarBinViewArray array(List<byte[]> values) {
        VarBinViewBuilder b = (VarBinViewBuilder) ArrayBuilder.forType(UTF8);
        for (byte[] v : values) {
            if (v == null) {
                b.appendNull();
            } else {
                b.appendBytes(v);
            }
        }
        return b.finish();
    }

    /**
     * Reads every block of {@code cursor}, checks each block's shape, and returns the values, null rows' as read
     * (nulls are the caller's to compare).
     */
    static List<byte[]> drain(BytesBlocks.Cursor cursor, BytesBlocks.Block block) {
        List<byte[]> out = new ArrayList<>();
        int n;
        while ((n = cursor.next(block)) > 0) {
            assertTrue(n <= BytesBlocks.BLOCK_ROWS, n + " rows in a block");
            int[] offsets = block.offsets();
            assertEquals(0, offsets[0], "a block's values start at 0");
            assertTrue(block.bytes().length >= offsets[n] + BytesBlocks.Block.SLACK,
                    block.bytes().length + " bytes for values ending at " + offsets[n]);
            for (int i = 0; i < n; i++) {
                assertTrue(offsets[i] <= offsets[i + 1], "offsets do not decrease");
                out.add(Arrays.copyOfRange(block.bytes(), offsets[i], offsets[i + 1]));
            }
        }
        assertEquals(0, cursor.next(block), "an ended cursor stays ended");
        return out;
    }

    static void assertSameValues(List<byte[]> expected, List<byte[]> actual, String context) {
        assertEquals(expected.size(), actual.size(), context + ": rows");
        for (int i = 0; i < expected.size(); i++) {
            if (expected.get(i) != null) {
                assertArrayEquals(expected.get(i), actual.get(i), context + ": row " + i);
            }
        }
    }

    @Test
    void theCanonicalFormsValuesComeOutInBlocksForEveryCountAroundTheBlockSize() {
        Random random = new Random(7);
        BytesBlocks.Block block = new BytesBlocks.Block();
        for (int n : new int[] {0, 1, 2, 1023, 1024, 1025, 2048, 3500}) {
            List<byte[]> values = values(random, n);
            VarBinViewArray array = array(values);
            List<byte[]> read = drain(BytesBlocks.cursor(array), block);
            assertSameValues(values, read, n + " rows");
            for (int i = 0; i < n; i++) {
                if (values.get(i) == null) {
                    assertEquals(0, read.get(i).length, "a null row of the canonical form has length 0");
                }
            }
            // slices: windows of the views, read from their first row
            for (int w = 0; w < 3 && n > 0; w++) {
                int from = random.nextInt(n);
                int to = from + random.nextInt(n - from + 1);
                assertSameValues(values.subList(from, to), drain(BytesBlocks.cursor(array.slice(from, to)), block),
                        "slice [" + from + ", " + to + ") of " + n);
            }
        }
    }

    @Test
    void blocksAreFullUntilTheLastAndTheCountsAddUp() {
        VarBinViewArray array = array(values(new Random(8), 2500));
        BytesBlocks.Cursor cursor = BytesBlocks.cursor(array);
        BytesBlocks.Block block = new BytesBlocks.Block();
        assertEquals(1024, cursor.next(block));
        assertEquals(1024, cursor.next(block));
        assertEquals(452, cursor.next(block));
        assertEquals(0, cursor.next(block));
    }

    @Test
    void valuesInDataBuffersOffTheHeapAreCopiedToo() {
        Random random = new Random(9);
        List<byte[]> values = values(random, 1500);
        VarBinViewArray heap = array(values);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment views = arena.allocate(heap.views().byteSize(), 8).copyFrom(heap.views());
            List<MemorySegment> buffers = new ArrayList<>();
            for (MemorySegment b : heap.buffers()) {
                buffers.add(arena.allocate(Math.max(1, b.byteSize())).asSlice(0, b.byteSize()).copyFrom(b));
            }
            VarBinViewArray offHeap = new VarBinViewArray(UTF8, views, buffers, heap.validity());
            assertSameValues(values, drain(BytesBlocks.cursor(offHeap), new BytesBlocks.Block()), "off the heap");
        }
    }

    @Test
    void extensionsAreReadThroughTheirStorageAndOtherDtypesAreRefused() {
        List<byte[]> values = values(new Random(10), 40);
        DType.Extension json = new DType.Extension("test.json", UTF8, new byte[0]);
        ExtensionArray ext = new ExtensionArray(json, array(values));
        assertSameValues(values, drain(BytesBlocks.cursor(ext), new BytesBlocks.Block()), "extension");

        PrimitiveBuilder ints = (PrimitiveBuilder) ArrayBuilder.forType(new DType.Primitive(PType.I32, false));
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> BytesBlocks.cursor(ints.finish()));
        assertTrue(e.getMessage().contains("no utf8 or binary values"), e.getMessage());
    }

    @Test
    void anArraysOwnCursorIsPreferredAndAnEmptyOneFallsBackToTheCanonicalForm() {
        List<byte[]> values = List.of("one".getBytes(StandardCharsets.UTF_8), "two".getBytes(StandardCharsets.UTF_8));
        VarBinViewArray canonical = array(values);
        BytesBlocks.Cursor own = block -> 0;
        assertSame(own, BytesBlocks.cursor(new Encoded(canonical, Optional.of(own))));
        assertSameValues(values, drain(BytesBlocks.cursor(new Encoded(canonical, Optional.empty())),
                new BytesBlocks.Block()), "declined");
    }

    @Test
    void aBlockGrowsToWhatItIsAskedForWithItsSlackAndRefusesImpossibleSizes() {
        BytesBlocks.Block block = new BytesBlocks.Block();
        for (long size : new long[] {0, 1, 100, 5000, 70_000, 3}) {
            assertTrue(block.reserve(size).length >= size + BytesBlocks.Block.SLACK, "room for " + size);
            assertSame(block.bytes(), block.reserve(size), "the block's own array");
        }
        assertThrows(InvalidArgumentException.class, () -> block.reserve(-1));
        assertThrows(InvalidArgumentException.class, () -> block.reserve(BytesBlocks.Block.MAX_BYTES + 1L));
        assertEquals(BytesBlocks.BLOCK_ROWS + 1, block.offsets().length);
    }

    /** An encoded array that offers a cursor, or declines to, over canonical values. */
    private record Encoded(VarBinViewArray canonical, Optional<BytesBlocks.Cursor> own)
            implements Array, BytesBlocks {
        @Override
        public Optional<Cursor> bytesBlocks() {
            return own;
        }

        @Override
        public DType dtype() {
            return canonical.dtype();
        }

        @Override
        public long length() {
            return canonical.length();
        }

        @Override
        public String encodingId() {
            return "test.encoded";
        }

        @Override
        public boolean isValid(long index) {
            return canonical.isValid(index);
        }

        @Override
        public long nullCount() {
            return canonical.nullCount();
        }

        @Override
        public Array slice(long from, long to) {
            return canonical.slice(from, to);
        }

        @Override
        public Array toCanonical() {
            return canonical;
        }

        @Override
        public Scalar scalarAt(long index) {
            return canonical.scalarAt(index);
        }
    }
}
