package dev.quire.splits.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.splits.RowRange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SplitPlanTest {

    /** The eager algorithm the plan replaced: every boundary, listed up front. */
    static long[] eager(long[] natural, long from, long end, long batchRows) {
        List<Long> out = new ArrayList<>(List.of(from));
        long last = from;
        for (long b : natural) {
            if (b > from && b < end) {
                for (long pos = last; ; ) {
                    if (b - pos > batchRows) {
                        pos += batchRows;
                        out.add(pos);
                    } else {
                        out.add(b);
                        break;
                    }
                }
                last = b;
            }
        }
        for (long pos = last; end > pos; ) {
            pos = end - pos > batchRows ? pos + batchRows : end;
            out.add(pos);
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    static long[] drain(SplitPlan plan) {
        List<Long> out = new ArrayList<>(List.of(plan.start()));
        while (plan.hasNext()) {
            out.add(plan.next());
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    @Test
    void cutsNaturalSpansIntoBatches() {
        long[] natural = {0, 250, 1000};
        assertArrayEquals(new long[] {0, 100, 200, 250, 350, 450, 550, 650, 750, 850, 950, 1000},
                drain(new SplitPlan(natural, 0, 1000, 100)));
        assertArrayEquals(new long[] {120, 220, 250, 350, 450, 550, 650, 750, 850, 900},
                drain(new SplitPlan(natural, 120, 900, 100)));
        assertArrayEquals(new long[] {7}, drain(new SplitPlan(natural, 7, 7, 100)));
    }

    @Test
    void agreesWithTheEagerListingItReplaced() {
        Random rnd = new Random(11);
        for (int round = 0; round < 500; round++) {
            int n = rnd.nextInt(8);
            long[] natural = rnd.longs(n, 0, 5000).sorted().distinct().toArray();
            long from = rnd.nextInt(3000);
            long end = from + rnd.nextInt(3000);
            long rows = 1 + rnd.nextInt(700);
            long[] expected = eager(natural, from, end, rows);
            SplitPlan plan = new SplitPlan(natural, from, end, rows);
            assertEquals(expected.length - 1, plan.remaining());
            assertArrayEquals(expected, drain(plan));
        }
    }

    @Test
    void plansHugeRangesWithoutListingThem() {
        SplitPlan plan = new SplitPlan(new long[] {Long.MAX_VALUE}, 0, Long.MAX_VALUE, 100_000);
        // 2^53 blocks of 1024 rows, at most 97 to a piece
        assertEquals(Math.ceilDiv(1L << 53, 97), plan.remaining());
        assertEquals(97 * 1024, plan.next());
        assertEquals(2 * 97 * 1024, plan.next());
        assertTrue(plan.hasNext());
        assertEquals(Long.MAX_VALUE, new SplitPlan(new long[0], 0, Long.MAX_VALUE, 1).remaining());
        SplitPlan last = new SplitPlan(new long[0], Long.MAX_VALUE - 5, Long.MAX_VALUE, 100);
        assertEquals(Long.MAX_VALUE, last.next());
        assertFalse(last.hasNext());
    }

    /** A selector over a sorted list of kept rows. */
    record Kept(long[] rows) implements RowSelector {
        @Override
        public long nextSelected(long from) {
            for (long r : rows) {
                if (r >= from) {
                    return r;
                }
            }
            return -1;
        }

        @Override
        public boolean anySelected(long from, long to) {
            long next = nextSelected(from);
            return next >= 0 && next < to;
        }
    }

    static List<RowRange> drainSplits(SplitPlan plan) {
        List<RowRange> out = new ArrayList<>();
        for (RowRange r = plan.nextSplit(); r != null; r = plan.nextSplit()) {
            out.add(r);
        }
        return out;
    }

    @Test
    void selectionsSkipToKeptRowsAndDropEmptySplits() {
        long[] natural = {0, 250, 1000};
        SplitPlan plan = new SplitPlan(natural, 0, 1000, 100, new Kept(new long[] {120, 130, 260, 990}), null);
        // Each split starts at a kept row; [220, 250) and most of [360, 1000) hold none and are never planned.
        assertEquals(List.of(new RowRange(120, 220), new RowRange(260, 360), new RowRange(990, 1000)),
                drainSplits(plan));
    }

    @Test
    void exactRangesCutSplitsWithoutMovingBoundaries() {
        long[] natural = {0, 250, 1000};
        long[] kept = {5, 9, 240, 700};
        SplitPlan plan = new SplitPlan(natural, 0, 1000, 100, new Kept(kept), SparseRanges.of(kept, 3, 1000));
        // Ranges [5, 241) and [700, 701): the first split stops at the split size, [105, 240) keeps no row, and
        // the next split ends with its range (before the natural boundary at 250).
        assertEquals(List.of(new RowRange(5, 105), new RowRange(240, 241), new RowRange(700, 701)),
                drainSplits(plan));
        SplitPlan gaps = new SplitPlan(natural, 0, 1000, 100, new Kept(kept), SparseRanges.of(kept, 3, 100));
        assertEquals(List.of(new RowRange(5, 10), new RowRange(240, 241), new RowRange(700, 701)),
                drainSplits(gaps));
    }

    @Test
    void withoutSelectionNextSplitFollowsTheBoundaries() {
        Random rnd = new Random(13);
        for (int round = 0; round < 200; round++) {
            long[] natural = rnd.longs(rnd.nextInt(8), 0, 5000).sorted().distinct().toArray();
            long from = rnd.nextInt(3000);
            long end = from + rnd.nextInt(3000);
            long rows = 1 + rnd.nextInt(700);
            long[] expected = eager(natural, from, end, rows);
            List<RowRange> splits = drainSplits(new SplitPlan(natural, from, end, rows, null, null));
            assertEquals(expected.length - 1, splits.size());
            for (int i = 0; i < splits.size(); i++) {
                assertEquals(new RowRange(expected[i], expected[i + 1]), splits.get(i));
            }
        }
    }

    @Test
    void longSpansAreCutIntoFewEvenPiecesOfWholeBlocks() {
        // the reference writer's chunks of 131,072 and 262,144 rows are one and two splits by default
        assertArrayEquals(new long[] {0, 131_072, 262_144, 393_216, 524_288},
                drain(new SplitPlan(new long[] {131_072, 393_216}, 0, 524_288, SplitPlan.DEFAULT_MAX_ROWS)));
        // 262,144 rows at most 100,000 to a piece: 256 blocks in three pieces of 86 (the last shorter), not
        // 100,000 + 100,000 + 62,144
        assertArrayEquals(new long[] {0, 88_064, 176_128, 262_144},
                drain(new SplitPlan(new long[0], 0, 262_144, 100_000)));
        Random rnd = new Random(17);
        for (int round = 0; round < 2000; round++) {
            long[] natural = rnd.longs(rnd.nextInt(6), 0, 1_000_000).sorted().distinct().toArray();
            long from = rnd.nextInt(500_000);
            long end = from + rnd.nextInt(1_000_000);
            long rows = 1024 + rnd.nextInt(rnd.nextBoolean() ? 4096 : 300_000);
            SplitPlan plan = new SplitPlan(natural, from, end, rows);
            long expectedCount = plan.remaining();
            long[] cuts = drain(plan);
            assertEquals(expectedCount, cuts.length - 1);
            long spanStart = from;
            int count = 0;
            for (int i = 1; i < cuts.length; i++) {
                long piece = cuts[i] - cuts[i - 1];
                assertTrue(piece > 0 && piece <= rows, "piece of " + piece + " rows, at most " + rows);
                boolean spanEnds = cuts[i] == end || Arrays.binarySearch(natural, cuts[i]) >= 0;
                if (!spanEnds) {
                    assertEquals(0, (cuts[i] - spanStart) % 1024, "cut " + cuts[i] + " in the span from " + spanStart);
                } else {
                    // one piece if it fits, else as few as whole blocks of at most `rows` allow
                    long span = cuts[i] - spanStart;
                    long fewest = span <= rows ? 1 : Math.ceilDiv(Math.ceilDiv(span, 1024), rows / 1024);
                    assertEquals(fewest, i - count, "pieces of the span ending " + cuts[i]);
                    spanStart = cuts[i];
                    count = i;
                }
            }
        }
    }
}
