package dev.quire.splits.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.splits.RowRange;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class SparseRangesTest {
    @Test
    void rangesAreExactAndFollowTheRules() {
        long[] rows = {5, 9, 60_000, 60_001, 200_000};
        assertEquals(List.of(new RowRange(5, 10), new RowRange(60_000, 60_002), new RowRange(200_000, 200_001)),
                SparseRanges.of(rows));
    }

    @Test
    void aGapJustUnderTheLimitKeepsTheRange() {
        long gap = SparseRanges.MIN_GAP_ROWS;
        assertEquals(List.of(new RowRange(0, gap)), SparseRanges.of(new long[] {0, gap - 1}));
        assertEquals(List.of(new RowRange(0, 1), new RowRange(gap, gap + 1)), SparseRanges.of(new long[] {0, gap}));
    }

    @Test
    void aRangeHoldsAtMostFourThousandSelectedRows() {
        long[] rows = LongStream.range(0, 10_000).map(i -> i * 3).toArray();
        List<RowRange> ranges = SparseRanges.of(rows);
        assertEquals(List.of(new RowRange(0, 11_998), new RowRange(12_000, 23_998), new RowRange(24_000, 29_998)),
                ranges);
    }

    @Test
    void randomSelectionsAreCoveredExactly() {
        Random random = new Random(5);
        for (int trial = 0; trial < 200; trial++) {
            int n = random.nextInt(300);
            long[] rows = new long[n];
            long row = random.nextInt(10);
            for (int i = 0; i < n; i++) {
                rows[i] = row;
                row += 1 + (random.nextInt(10) == 0 ? random.nextInt(120) : random.nextInt(3));
            }
            int max = 1 + random.nextInt(20);
            long gap = 1 + random.nextInt(60);
            List<RowRange> ranges = SparseRanges.of(rows, max, gap);
            int at = 0;
            for (int r = 0; r < ranges.size(); r++) {
                RowRange range = ranges.get(r);
                assertEquals(rows[at], range.from(), "a range starts at a selected row");
                int count = 0;
                while (at < n && rows[at] < range.to()) {
                    if (count > 0) {
                        assertTrue(rows[at] - rows[at - 1] < gap, "no big gap inside a range");
                    }
                    at++;
                    count++;
                }
                assertEquals(rows[at - 1] + 1, range.to(), "a range ends past a selected row");
                assertTrue(count <= max);
                if (at < n && count < max) {
                    assertTrue(rows[at] - rows[at - 1] >= gap, "a range ends early only at a big gap");
                }
            }
            assertEquals(n, at, "every row is covered");
        }
    }

    @Test
    void rejectsUnsortedOrNegativeRowsAndBadRules() {
        assertThrows(InvalidArgumentException.class, () -> SparseRanges.of(new long[] {3, 3}));
        assertThrows(InvalidArgumentException.class, () -> SparseRanges.of(new long[] {-1}));
        assertThrows(InvalidArgumentException.class, () -> SparseRanges.of(new long[] {1}, 0, 5));
    }
}
