package dev.quire.dictionary.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.math.BigDecimal;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link DictArray#longBlocks()}: a dictionary of integers or narrow decimals read a block at a time gives each valid
 * row's value, for every code type, with nulls in codes and values, and from slices; other values decline; a valid
 * code out of range fails as the gather fails.
 */
class DictLongBlocksTest {
    private static final List<DType> INTEGER_TYPES = List.of(new DType.Primitive(PType.I8, true),
            new DType.Primitive(PType.U16, true), new DType.Primitive(PType.I32, true),
            new DType.Primitive(PType.I64, true), new DType.Decimal(9, 2, true));

    private static long asLong(Object value) {
        return value instanceof BigDecimal d ? d.unscaledValue().longValueExact() : ((Number) value).longValue();
    }

    private static long[] readAll(Array array) {
        LongBlocks.Cursor cursor = ((LongBlocks) array).longBlocks().orElseThrow();
        long[] all = new long[(int) array.length()];
        long[] block = new long[LongBlocks.BLOCK_ROWS];
        int at = 0;
        for (int n; (n = cursor.next(block)) > 0; at += n) {
            System.arraycopy(block, 0, all, at, n);
        }
        assertEquals(array.length(), at);
        assertEquals(0, cursor.next(block));
        return all;
    }

    @Test
    void eachValidRowReadsAsItsValue() {
        Random random = new Random(41);
        for (DType t : INTEGER_TYPES) {
            for (PType codeType : GatherTest.CODE_TYPES) {
                for (int nulls = 0; nulls < 4; nulls++) {
                    int valueCount = 1 + random.nextInt(120);
                    int n = random.nextInt(4) == 0 ? random.nextInt(40) : 1 + random.nextInt(5000);
                    GatherTest.Case c = GatherTest.randomCase(random, t, codeType, valueCount, n, (nulls & 1) != 0,
                            (nulls & 2) != 0);
                    String what = t + " codes " + codeType + " nulls " + nulls;
                    long[] read = readAll(c.dict());
                    for (int i = 0; i < n; i++) {
                        if (c.expected(i) != null) {
                            assertEquals(asLong(c.expected(i)), read[i], what + " row " + i);
                        }
                    }
                    int from = n == 0 ? 0 : random.nextInt(n);
                    int to = from + random.nextInt(n - from + 1);
                    long[] slice = readAll(c.dict().slice(from, to));
                    for (int i = from; i < to; i++) {
                        if (c.expected(i) != null) {
                            assertEquals(asLong(c.expected(i)), slice[i - from], what + " slice row " + i);
                        }
                    }
                    // what a reader gets through the public entry point, too
                    LongBlocks.Cursor cursor = LongBlocks.cursor(c.dict());
                    long[] block = new long[LongBlocks.BLOCK_ROWS];
                    if (n > 0 && c.expected(0) != null) {
                        assertTrue(cursor.next(block) > 0);
                        assertEquals(asLong(c.expected(0)), block[0], what);
                    }
                }
            }
        }
    }

    @Test
    void otherValuesDecline() {
        Random random = new Random(5);
        for (DType t : List.of(new DType.Primitive(PType.F64, true), new DType.Decimal(30, 3, true),
                new DType.Utf8(true))) {
            GatherTest.Case c = GatherTest.randomCase(random, t, PType.U8, 10, 100, false, false);
            assertTrue(c.dict().longBlocks().isEmpty(), t.toString());
        }
    }

    @Test
    void aValidCodeOutOfRangeFailsWhenItsBlockIsRead() {
        DType t = new DType.Primitive(PType.I64, false);
        Array values = DictFiles.column(t, List.of(new Scalar(t, 5L), new Scalar(t, 6L)));
        long[] codes = new long[3000];
        codes[2500] = 2;
        PrimitiveArray codeArray = new PrimitiveArray(new DType.Primitive(PType.U8, false),
                GatherTest.codeSegment(PType.U8, codes), Validity.NON_NULLABLE);
        DictArray dict = DeferredCheckTest.deferred(t, codeArray, values);
        LongBlocks.Cursor cursor = dict.longBlocks().orElseThrow();
        long[] block = new long[LongBlocks.BLOCK_ROWS];
        assertEquals(1024, cursor.next(block));
        assertEquals(1024, cursor.next(block));
        MalformedFileException e = assertThrows(MalformedFileException.class, () -> cursor.next(block));
        assertTrue(e.getMessage().contains("row 2500"), e.getMessage());
    }
}
