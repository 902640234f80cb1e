package dev.quire.dictionary.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BytesBlocks;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link DictArray#bytesBlocks()}: a dictionary of strings read a block at a time gives each valid row's bytes (short
 * values copied as words, long ones whole), for every code type, with nulls in codes and values (a null row is
 * empty), and from slices; values too large for the table, or too many for the rows, decline (the public entry point
 * then reads the gathered values, alike); a valid code out of range fails as the gather fails.
 */
class DictBytesBlocksTest {
    /** Every row's bytes as the cursor gives them, checking the offsets start at 0 and never decrease. */
    private static List<String> readAll(Array array) {
        BytesBlocks.Cursor cursor = BytesBlocks.cursor(array);
        BytesBlocks.Block block = new BytesBlocks.Block();
        List<String> all = new ArrayList<>();
        for (int n; (n = cursor.next(block)) > 0; ) {
            int[] o = block.offsets();
            assertEquals(0, o[0]);
            for (int i = 0; i < n; i++) {
                assertTrue(o[i + 1] >= o[i]);
                all.add(new String(block.bytes(), o[i], o[i + 1] - o[i], StandardCharsets.UTF_8));
            }
            assertTrue(block.bytes().length >= o[n] + BytesBlocks.Block.SLACK, "slack after the last value");
        }
        assertEquals(array.length(), all.size());
        return all;
    }

    @Test
    void eachValidRowReadsAsItsValueAndANullRowIsEmpty() {
        Random random = new Random(17);
        DType t = new DType.Utf8(true);
        for (PType codeType : GatherTest.CODE_TYPES) {
            for (int nulls = 0; nulls < 4; nulls++) {
                int valueCount = 1 + random.nextInt(120);
                int n = random.nextInt(4) == 0 ? random.nextInt(40) : 1 + random.nextInt(5000);
                GatherTest.Case c = GatherTest.randomCase(random, t, codeType, valueCount, n, (nulls & 1) != 0,
                        (nulls & 2) != 0);
                String what = "codes " + codeType + " nulls " + nulls;
                assertEquals(n >= DictArray.MIN_ROWS_PER_VALUE * valueCount, c.dict().bytesBlocks().isPresent(),
                        what + ": its own cursor when rows are at least four per value");
                List<String> read = readAll(c.dict());
                for (int i = 0; i < n; i++) {
                    Object expected = c.expected(i);
                    assertEquals(expected == null ? "" : expected, read.get(i), what + " row " + i);
                }
                int from = n == 0 ? 0 : random.nextInt(n);
                int to = from + random.nextInt(n - from + 1);
                List<String> slice = readAll(c.dict().slice(from, to));
                for (int i = from; i < to; i++) {
                    Object expected = c.expected(i);
                    assertEquals(expected == null ? "" : expected, slice.get(i - from), what + " slice row " + i);
                }
            }
        }
    }

    /**
     * Dictionaries whose longest value takes one to four words are copied a fixed number of words a value, longer
     * ones value by value: every length from 0 to the longest, in random order, reads back as itself either way (a
     * copy that took too few words, or moved on by the words instead of the length, would not).
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 7, 8, 9, 16, 17, 24, 25, 31, 32, 33, 40, 100})
    void valuesOfEveryLengthUpToTheLongestReadBack(int longest) {
        Random random = new Random(longest);
        DType t = new DType.Utf8(false);
        List<Scalar> entries = new ArrayList<>();
        for (int length = 0; length <= longest; length++) {
            StringBuilder b = new StringBuilder();
            for (int k = 0; k < length; k++) {
                b.append((char) ('a' + random.nextInt(26)));
            }
            entries.add(new Scalar(t, b.toString()));
        }
        int n = 3000;
        long[] codes = new long[n];
        for (int i = 0; i < n; i++) {
            codes[i] = random.nextInt(entries.size());
        }
        DictArray dict = new DictArray(t, new PrimitiveArray(new DType.Primitive(PType.U16, false),
                GatherTest.codeSegment(PType.U16, codes), Validity.NON_NULLABLE), DictFiles.column(t, entries));
        assertTrue(dict.bytesBlocks().isPresent(), "its own cursor");
        List<String> read = readAll(dict);
        for (int i = 0; i < n; i++) {
            assertEquals(entries.get((int) codes[i]).value(), read.get(i), "longest " + longest + ", row " + i);
        }
    }

    @Test
    void everyRowNullGivesEmptyValues() {
        DType t = new DType.Utf8(true);
        Array values = DictFiles.column(t, List.of(new Scalar(t, "a"), new Scalar(t, "bb")));
        boolean[] valid = new boolean[1500];
        PrimitiveArray codes = new PrimitiveArray(new DType.Primitive(PType.U8, true),
                GatherTest.codeSegment(PType.U8, new long[1500]), DictReadTest.mask(valid));
        List<String> read = readAll(new DictArray(t, codes, values));
        assertTrue(read.stream().allMatch(String::isEmpty));
    }

    @Test
    void valuesTooLargeForTheTableAndOtherValuesDecline() {
        DType t = new DType.Utf8(false);
        String big = "x".repeat(DictArray.MAX_TABLE_VALUE);
        Array values = DictFiles.column(t, List.of(new Scalar(t, big), new Scalar(t, big + "y")));
        PrimitiveArray codes = new PrimitiveArray(new DType.Primitive(PType.U8, false),
                GatherTest.codeSegment(PType.U8, new long[] {0, 1, 0, 0, 1, 1, 0, 0}), Validity.NON_NULLABLE);
        DictArray tooLarge = new DictArray(t, codes, values);
        // rows enough per value: only the value's size declines
        assertTrue(tooLarge.length() >= DictArray.MIN_ROWS_PER_VALUE * 2);
        assertTrue(tooLarge.bytesBlocks().isEmpty());
        assertTrue(tooLarge.bytesBlocks().isEmpty(), "found once, declined again");
        // read from the canonical form instead, with the same values
        BytesBlocks.Block block = new BytesBlocks.Block();
        assertEquals(8, BytesBlocks.cursor(new DictArray(t, codes, values)).next(block));
        assertEquals(big.length() + 1, block.offsets()[2] - block.offsets()[1]);

        GatherTest.Case ints = GatherTest.randomCase(new Random(2), new DType.Primitive(PType.I32, false), PType.U8,
                5, 100, false, false);
        assertTrue(ints.dict().bytesBlocks().isEmpty());
    }

    @Test
    void aValidCodeOutOfRangeFailsWhenItsBlockIsRead() {
        DType t = new DType.Utf8(false);
        Array values = DictFiles.column(t, List.of(new Scalar(t, "a"), new Scalar(t, "b")));
        long[] codes = new long[3000];
        codes[2100] = 7;
        PrimitiveArray codeArray = new PrimitiveArray(new DType.Primitive(PType.U16, false),
                GatherTest.codeSegment(PType.U16, codes), Validity.NON_NULLABLE);
        BytesBlocks.Cursor cursor = DeferredCheckTest.deferred(t, codeArray, values).bytesBlocks().orElseThrow();
        BytesBlocks.Block block = new BytesBlocks.Block();
        assertEquals(1024, cursor.next(block));
        assertEquals(1024, cursor.next(block));
        MalformedFileException e = assertThrows(MalformedFileException.class, () -> cursor.next(block));
        assertTrue(e.getMessage().contains("row 2100"), e.getMessage());
    }
}
