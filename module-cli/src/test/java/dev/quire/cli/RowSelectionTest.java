package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.cli.RowSelection.Range;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.scan.Selection;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The {@code --select-rows} / {@code --exclude-rows} syntax, its set arithmetic and the selections it builds. */
class RowSelectionTest {

    private static List<Range> rows(String text, long rowCount) {
        return RowSelection.parse(text).rows(rowCount);
    }

    @Test
    void rowsAndInclusiveRangesAreSortedAndMerged() {
        assertEquals(List.of(new Range(1, 2), new Range(5, 6), new Range(10, 21)), rows("1,5,10-20", 100));
        assertEquals(List.of(new Range(3, 9)), rows(" 7-8 , 3 ,4-6, 5 ", 100), "overlapping and adjacent items merge");
        assertEquals(List.of(new Range(95, 100)), rows("95-", 100), "an open range runs to the last row");
        assertEquals(List.of(new Range(0, 1)), rows("0-0", 100));
    }

    @Test
    void aLeadingBangSelectsEveryOtherRow() {
        assertEquals(List.of(new Range(0, 1), new Range(2, 10), new Range(21, 100)), rows("!1,10-20", 100));
        assertEquals(List.of(new Range(0, 95)), rows("! 95-", 100));
        assertEquals(List.of(), rows("!0-", 100));
    }

    @Test
    void malformedListsAreRejectedNamingTheItem() {
        for (String bad : new String[] {"", "!", "1,,2", "1,", "a", "1-b", "-5", "1-2-3", "1.5", "+3",
            "99999999999999999999"}) {
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> RowSelection.parse(bad),
                    bad);
            assertTrue(e.getMessage().contains("`"), e.getMessage());
        }
        InvalidArgumentException backwards = assertThrows(InvalidArgumentException.class,
                () -> RowSelection.parse("20-10"));
        assertTrue(backwards.getMessage().startsWith("backwards range `20-10`"), backwards.getMessage());
    }

    @Test
    void rowsPastTheEndOfTheFileAreErrors() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> rows("3,100", 100));
        assertEquals("row 100 in `3,100` is past the end of the file, whose last row is 99", e.getMessage());
        assertThrows(InvalidArgumentException.class, () -> rows("50-100", 100));
        assertThrows(InvalidArgumentException.class, () -> rows("100-", 100));
        InvalidArgumentException empty = assertThrows(InvalidArgumentException.class, () -> rows("0", 0));
        assertTrue(empty.getMessage().endsWith("which has no rows"), empty.getMessage());
    }

    @Test
    void minusCutsEveryOverlap() {
        List<Range> a = List.of(new Range(0, 10), new Range(20, 30), new Range(40, 50));
        List<Range> b = List.of(new Range(5, 25), new Range(28, 29), new Range(45, 60));
        assertEquals(List.of(new Range(0, 5), new Range(25, 28), new Range(29, 30), new Range(40, 45)),
                RowSelection.minus(a, b));
        assertEquals(a, RowSelection.minus(a, List.of()));
        assertEquals(List.of(), RowSelection.minus(a, List.of(new Range(0, 50))));
    }

    @Test
    void minusAgreesWithBitsOnRandomSets() {
        Random random = new Random(7);
        for (int round = 0; round < 200; round++) {
            int n = 1 + random.nextInt(200);
            List<Range> a = randomRanges(random, n);
            List<Range> b = randomRanges(random, n);
            boolean[] expected = new boolean[n];
            for (Range r : a) {
                for (long i = r.from(); i < r.to(); i++) {
                    expected[(int) i] = true;
                }
            }
            for (Range r : b) {
                for (long i = r.from(); i < r.to(); i++) {
                    expected[(int) i] = false;
                }
            }
            boolean[] actual = new boolean[n];
            for (Range r : RowSelection.minus(a, b)) {
                for (long i = r.from(); i < r.to(); i++) {
                    actual[(int) i] = true;
                }
            }
            for (int i = 0; i < n; i++) {
                assertEquals(expected[i], actual[i], "row " + i + " of " + a + " minus " + b);
            }
        }
    }

    private static List<Range> randomRanges(Random random, int n) {
        List<Range> out = new java.util.ArrayList<>();
        for (int i = 0; i < random.nextInt(6); i++) {
            long from = random.nextInt(n);
            out.add(new Range(from, from + 1 + random.nextInt((int) (n - from))));
        }
        return RowSelection.merge(out);
    }

    @Test
    void selectionMinusExclusionCountsTheRowsLeft() {
        Selection s = RowSelection.of(Optional.of(RowSelection.parse("0-99")), Optional.of(RowSelection.parse(
                "10-19,50")), 1000).orElseThrow();
        assertEquals(89, s.count(0, 1000));
        assertEquals(-1, s.nextSelected(100));
        assertEquals(20, s.nextSelected(10));
        assertEquals(Optional.empty(), RowSelection.of(Optional.empty(), Optional.empty(), 1000));
        Selection onlyExcluded = RowSelection.of(Optional.empty(), Optional.of(RowSelection.parse("0-9")), 1000)
                .orElseThrow();
        assertEquals(990, onlyExcluded.count(0, 1000));
        assertEquals(10, onlyExcluded.nextSelected(0));
    }

    @Test
    void shortListsAreIndicesAndLongOnesBitmapsOfTheSmallerSpan() {
        long rows = 10 * RowSelection.MAX_LISTED_ROWS;
        Selection few = RowSelection.selection(List.of(new Range(5, 10), new Range(rows - 2, rows)), rows);
        assertInstanceOf(Selection.Rows.class, few);
        assertTrue(((Selection.Rows) few).include());
        assertEquals(7, few.count(0, rows));

        Selection allButFew = RowSelection.selection(List.of(new Range(0, rows - 3)), rows);
        assertInstanceOf(Selection.Rows.class, allButFew);
        assertEquals(false, ((Selection.Rows) allButFew).include());
        assertEquals(rows - 3, allButFew.count(0, rows));

        long half = rows / 2;
        Selection firstHalf = RowSelection.selection(List.of(new Range(0, half)), rows);
        Selection.Bitmap bitmap = assertInstanceOf(Selection.Bitmap.class, firstHalf);
        assertTrue(bitmap.include());
        assertEquals(half, bitmap.rows().length(), "the bitmap ends where the selected rows do");
        assertEquals(half, firstHalf.count(0, rows));

        Selection secondHalf = RowSelection.selection(List.of(new Range(half, rows)), rows);
        Selection.Bitmap inverse = assertInstanceOf(Selection.Bitmap.class, secondHalf);
        assertEquals(false, inverse.include(), "an open-ended tail is the complement of a short head");
        assertEquals(half, inverse.rows().length());
        assertEquals(rows - half, secondHalf.count(0, rows));
        assertEquals(half, secondHalf.nextSelected(3));

        Selection odd = RowSelection.selection(List.of(new Range(63, 64), new Range(65, half + 129)), rows);
        assertEquals(half + 65, odd.count(0, rows), "ranges that start and end inside words");
        assertEquals(63, odd.nextSelected(0));
        assertEquals(65, odd.nextSelected(64));
    }
}
