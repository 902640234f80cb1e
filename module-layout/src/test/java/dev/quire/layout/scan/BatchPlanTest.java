package dev.quire.layout.scan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BatchPlanTest {

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

    static long[] drain(BatchPlan plan) {
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
                drain(new BatchPlan(natural, 0, 1000, 100)));
        assertArrayEquals(new long[] {120, 220, 250, 350, 450, 550, 650, 750, 850, 900},
                drain(new BatchPlan(natural, 120, 900, 100)));
        assertArrayEquals(new long[] {7}, drain(new BatchPlan(natural, 7, 7, 100)));
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
            BatchPlan plan = new BatchPlan(natural, from, end, rows);
            assertEquals(expected.length - 1, plan.remaining());
            assertArrayEquals(expected, drain(plan));
        }
    }

    @Test
    void plansHugeRangesWithoutListingThem() {
        BatchPlan plan = new BatchPlan(new long[] {Long.MAX_VALUE}, 0, Long.MAX_VALUE, 100_000);
        assertEquals(Long.MAX_VALUE / 100_000 + 1, plan.remaining());
        assertEquals(100_000, plan.next());
        assertEquals(200_000, plan.next());
        assertTrue(plan.hasNext());
        assertEquals(Long.MAX_VALUE, new BatchPlan(new long[0], 0, Long.MAX_VALUE, 1).remaining());
        BatchPlan last = new BatchPlan(new long[0], Long.MAX_VALUE - 5, Long.MAX_VALUE, 100);
        assertEquals(Long.MAX_VALUE, last.next());
        assertFalse(last.hasNext());
    }
}
