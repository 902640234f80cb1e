package dev.quire.layout.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LongBlocksTest {
    private static final int[] LENGTHS = {0, 1, 1023, 1024, 1025, 3000};

    /** Every value the cursor gives, block by block, checking each block's size. */
    static long[] readAll(LongBlocks.Cursor cursor, long length) {
        long[] all = new long[(int) length];
        long[] block = new long[LongBlocks.BLOCK_ROWS];
        int at = 0;
        for (int n; (n = cursor.next(block)) > 0; ) {
            assertTrue(n <= LongBlocks.BLOCK_ROWS);
            System.arraycopy(block, 0, all, at, n);
            at += n;
        }
        assertEquals(length, at, "rows read");
        assertEquals(0, cursor.next(block), "a cursor at its end stays there");
        return all;
    }

    private static PrimitiveArray random(PType ptype, int n, Random random) {
        byte[] bytes = new byte[n * ptype.byteWidth()];
        random.nextBytes(bytes);
        return new PrimitiveArray(new DType.Primitive(ptype, false), MemorySegment.ofArray(bytes),
                Validity.NON_NULLABLE);
    }

    /** The value at {@code i} as the scalar accessor gives it, widened as the contract says. */
    private static long expected(PrimitiveArray array, long i) {
        Object v = array.scalarAt(i).value();
        long x = ((Number) v).longValue();
        return switch (array.ptype()) {
            case U8 -> x & 0xFFL;
            case U16 -> x & 0xFFFFL;
            case U32 -> x & 0xFFFF_FFFFL;
            default -> x;
        };
    }

    @Test
    void canonicalIntegersOfEveryTypeAreSignOrZeroExtended() {
        Random random = new Random(7);
        for (PType ptype : PType.values()) {
            if (!ptype.isInteger()) {
                continue;
            }
            for (int n : LENGTHS) {
                PrimitiveArray array = random(ptype, n, random);
                long[] read = readAll(LongBlocks.cursor(array), n);
                for (int i = 0; i < n; i++) {
                    assertEquals(expected(array, i), read[i], ptype + " row " + i + " of " + n);
                }
            }
        }
        // the widening itself, on values whose top bit is set
        byte[] ones = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF};
        assertEquals(-1, readAll(LongBlocks.cursor(ints(PType.I32, ones)), 1)[0]);
        assertEquals(0xFFFF_FFFFL, readAll(LongBlocks.cursor(ints(PType.U32, ones)), 1)[0]);
        assertEquals(0xFFFFL, readAll(LongBlocks.cursor(ints(PType.U16, ones)), 2)[1]);
        assertEquals(-1, readAll(LongBlocks.cursor(ints(PType.I8, ones)), 4)[3]);
    }

    private static PrimitiveArray ints(PType ptype, byte[] bytes) {
        return new PrimitiveArray(new DType.Primitive(ptype, false), MemorySegment.ofArray(bytes),
                Validity.NON_NULLABLE);
    }

    @Test
    void aSliceIsReadFromItsFirstRow() {
        PrimitiveArray array = random(PType.I64, 5000, new Random(1));
        Array slice = array.slice(1500, 4100);
        long[] read = readAll(LongBlocks.cursor(slice), 2600);
        for (int i = 0; i < 2600; i++) {
            assertEquals(array.values().getAtIndex(LittleEndian.LONG, 1500 + i), read[i]);
        }
    }

    @Test
    void decimalsGiveTheirUnscaledValuesAndWideOnesMustFitALong() {
        DType.Decimal dtype = new DType.Decimal(10, 2, true);
        long[] values = {0, -1, 12345, Long.MIN_VALUE, Long.MAX_VALUE};
        ByteBuffer b = ByteBuffer.allocate(16 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            b.putLong(v).putLong(v < 0 ? -1 : 0);
        }
        DecimalArray wide = new DecimalArray(dtype, MemorySegment.ofArray(b.array()), 16, Validity.ALL_VALID);
        assertArrayEquals(values, readAll(LongBlocks.cursor(wide), values.length));

        DecimalArray narrow = new DecimalArray(dtype, MemorySegment.ofArray(new int[] {-5, 7}), 4,
                Validity.ALL_VALID);
        assertArrayEquals(new long[] {-5, 7}, readAll(LongBlocks.cursor(narrow), 2));

        // 2^64: beyond a long, named by its row
        ByteBuffer big = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN).putLong(3).putLong(0).putLong(0)
                .putLong(1);
        DecimalArray tooWide = new DecimalArray(dtype, MemorySegment.ofArray(big.array()), 16, Validity.ALL_VALID);
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> readAll(LongBlocks.cursor(tooWide), 2));
        assertTrue(e.getMessage().contains("row 1"), e.getMessage());
        // ... unless that row is null
        DecimalArray nullThere = new DecimalArray(dtype, MemorySegment.ofArray(big.array()), 16,
                new Validity.Mask(BitBuffer.ofBytes(new byte[] {1}, 2)));
        assertEquals(3, readAll(LongBlocks.cursor(nullThere), 2)[0]);
    }

    @Test
    void anExtensionIsReadThroughItsStorage() {
        PrimitiveArray days = PrimitiveArray.ofInts(-3, 0, 19_000);
        DType.Extension date = new DType.Extension("vortex.date", days.dtype(), new byte[] {0});
        ExtensionArray array = new ExtensionArray(date, days);
        assertArrayEquals(new long[] {-3, 0, 19_000}, readAll(LongBlocks.cursor(array), 3));
    }

    @Test
    void valuesThatAreNotIntegersAreATypedError() {
        assertThrows(InvalidArgumentException.class, () -> LongBlocks.cursor(PrimitiveArray.ofDoubles(1.5)));
        Array strings = new VarBinViewBuilder(new DType.Utf8(false)).finish();
        assertThrows(InvalidArgumentException.class, () -> LongBlocks.cursor(strings));
    }

    @Test
    void anArraysOwnCursorIsUsedAndADeclinedOneFallsBackToTheCanonicalForm() {
        PrimitiveArray values = PrimitiveArray.ofLongs(4, 5, 6);
        LongBlocks.Cursor own = out -> 0;
        assertSame(own, LongBlocks.cursor(new Offering(values, Optional.of(own))));
        assertArrayEquals(new long[] {4, 5, 6}, readAll(LongBlocks.cursor(new Offering(values, Optional.empty())),
                3));
    }

    /** An encoded array stand-in: its values are {@code canonical}'s, and it offers the cursor it is given. */
    private record Offering(PrimitiveArray canonical, Optional<LongBlocks.Cursor> cursor)
            implements Array, LongBlocks {
        @Override
        public Optional<Cursor> longBlocks() {
            return cursor;
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
            return "test.offering";
        }

        @Override
        public boolean isValid(long index) {
            return true;
        }

        @Override
        public long nullCount() {
            return 0;
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
