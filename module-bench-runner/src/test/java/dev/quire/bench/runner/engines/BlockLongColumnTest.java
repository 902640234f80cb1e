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
