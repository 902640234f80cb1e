package dev.quire.bench.runner.engines;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quire.bench.runner.spi.LongColumn;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BlockLongColumnTest {
    private static final int N = 5000;

    private static long[] values() {
        return new Random(3).longs(N).toArray();
    }

    /** A column over {@code v}'s cursor that counts how often it decoded the whole array. */
    private static BlockLongColumn column(long[] v, AtomicInteger wholeDecodes) {
        PrimitiveArray array = PrimitiveArray.ofLongs(v);
        return new BlockLongColumn(LongBlocks.cursor(array), N, () -> {
            wholeDecodes.incrementAndGet();
            return ArrayColumns.longs(array);
        });
    }

    @Test
    void aBufferShorterThanABlockIsRefused() {
        PrimitiveArray array = PrimitiveArray.ofLongs(values());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new BlockLongColumn(
                LongBlocks.cursor(array), N, () -> ArrayColumns.longs(array), new long[LongBlocks.BLOCK_ROWS - 1]));
        assertEquals("a buffer of " + (LongBlocks.BLOCK_ROWS - 1) + " values is shorter than a block", e.getMessage());
    }

    @Test
    void readsInRowOrderOfAnySizeComeFromTheCursorAlone() {
        long[] v = values();
        AtomicInteger whole = new AtomicInteger();
        LongColumn column = column(v, whole);
        int[] sizes = {1, 1023, 1025, 7, 2048, 0, 3000};
        long[] out = new long[3000];
        int from = 0;
        for (int i = 0; from < N; i++) {
            int n = Math.min(sizes[i % sizes.length], N - from);
            column.read(from, out, n);
            for (int r = 0; r < n; r++) {
                assertEquals(v[from + r], out[r], "row " + (from + r));
            }
            from += n;
        }
        assertEquals(0, whole.get(), "decoded whole");
    }

    /**
     * A cursor over {@code v} that hands out blocks of the given sizes (the last repeated) and, as the contract allows,
     * writes junk past the rows it returns up to a block's room.
     */
    private static LongBlocks.Cursor scripted(long[] v, int... sizes) {
        return new LongBlocks.Cursor() {
            private int row;
            private int call;

            @Override
            public int next(long[] out) {
                int k = Math.min(sizes[Math.min(call++, sizes.length - 1)], v.length - row);
                System.arraycopy(v, row, out, 0, k);
                java.util.Arrays.fill(out, k, LongBlocks.BLOCK_ROWS, 0xBAD);
                row += k;
                return k;
            }
        };
    }

    /**
     * Block-sized reads (the checksum's pattern) straight from the cursor, and topped up from the buffer when the
     * cursor's first block is short (a packed array sliced mid-block) or a read is longer than a block; never a write
     * past the rows asked for, whatever the cursor wrote in its room.
     */
    @Test
    void blockSizedReadsAreRightWhetherOrNotTheCursorsBlocksStartWithTheReads() {
        long[] v = values();
        int block = LongBlocks.BLOCK_ROWS;
        for (int[] sizes : new int[][] {{block}, {352, block}, {1, block}, {block, 7, block}}) {
            for (int size : new int[] {block, 2 * block + 5}) {
                BlockLongColumn column = new BlockLongColumn(scripted(v, sizes), N, () -> {
                    throw new AssertionError("decoded whole");
                });
                long[] out = new long[size + 3];
                for (int from = 0; from < N; from += size) {
                    int n = Math.min(size, N - from);
                    java.util.Arrays.fill(out, -1);
                    column.read(from, out, n);
                    for (int r = 0; r < n; r++) {
                        if (out[r] != v[from + r]) {
                            assertEquals(v[from + r], out[r], java.util.Arrays.toString(sizes) + " reads of " + size
                                    + ": row " + (from + r));
                        }
                    }
                    if (n >= block) {
                        assertEquals(-1, out[n], "written past the read");
                    }
                }
            }
        }
    }

    @Test
    void aCursorThatEndsEarlyIsAnErrorOnTheDirectPathToo() {
        long[] v = values();
        BlockLongColumn column = new BlockLongColumn(scripted(new long[0], LongBlocks.BLOCK_ROWS), N, () -> ArrayColumns.longs(
                PrimitiveArray.ofLongs(v)));
        long[] out = new long[LongBlocks.BLOCK_ROWS];
        assertThrows(IllegalStateException.class, () -> column.read(0, out, out.length));
    }

    @Test
    void aReadOutOfOrderOrAGetDecodesTheArrayOnceAndReadsThatFromThenOn() {
        long[] v = values();
        AtomicInteger whole = new AtomicInteger();
        LongColumn column = column(v, whole);
        long[] out = new long[100];
        column.read(0, out, 100);
        column.read(2500, out, 100);
        assertEquals(v[2500], out[0]);
        assertEquals(v[2599], out[99]);
        // back in order after the jump: still the right rows
        column.read(100, out, 100);
        assertEquals(v[100], out[0]);
        assertEquals(v[4999], column.get(4999));
        assertEquals(1, whole.get());

        AtomicInteger gets = new AtomicInteger();
        LongColumn fresh = column(v, gets);
        assertEquals(v[7], fresh.get(7));
        fresh.read(0, out, 10);
        assertEquals(v[9], out[9]);
        assertEquals(1, gets.get());
    }

    /**
     * Only values in a Java array of their own width are read in place; others (a read-only view, as a scan's take
     * makes, or 8-byte values in a byte array) go through a cursor, which reads them in bulk.
     */
    @Test
    void decodedValuesAreReadInPlaceOnlyFromAnArrayOfTheirWidth() {
        long[] v = {1, -2, 3};
        assertNotNull(ArrayColumns.inPlace(PrimitiveArray.ofLongs(v)));
        PrimitiveArray readOnly = new PrimitiveArray(new DType.Primitive(PType.I64, false),
                MemorySegment.ofArray(v).asReadOnly(), Validity.NON_NULLABLE);
        assertNull(ArrayColumns.inPlace(readOnly));
        DecimalArray inBytes = new DecimalArray(new DType.Decimal(15, 2, false),
                MemorySegment.ofArray(new byte[24]), 8, Validity.NON_NULLABLE);
        assertNull(ArrayColumns.inPlace(inBytes));
        assertNotNull(ArrayColumns.inPlace(new DecimalArray(new DType.Decimal(15, 2, false),
                MemorySegment.ofArray(v), 8, Validity.NON_NULLABLE)));
        assertNull(ArrayColumns.inPlace(PrimitiveArray.ofDoubles(1.0)));
        // and the cursor reads what in place would have
        BlockLongColumn column = new BlockLongColumn(LongBlocks.cursor(readOnly), 3, () -> {
            throw new AssertionError("decoded whole");
        });
        long[] out = new long[3];
        column.read(0, out, 3);
        assertArrayEquals(v, out);
    }

    @Test
    void readsOutsideTheBatchOrTheOutputAreIndexErrors() {
        LongColumn column = column(values(), new AtomicInteger());
        long[] out = new long[10];
        assertThrows(IndexOutOfBoundsException.class, () -> column.read(N - 5, out, 10));
        assertThrows(IndexOutOfBoundsException.class, () -> column.read(0, out, 11));
        assertThrows(IndexOutOfBoundsException.class, () -> column.read(-1, out, 1));
    }
}
