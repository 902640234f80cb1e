package dev.quire.splits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class RowSplitsTest {
    @Test
    void identicalRunsCollapseToOne() {
        RowSplits splits = new RowSplits();
        for (int column = 0; column < 5; column++) {
            splits.add(0);
            splits.add(100);
            splits.add(250);
            splits.endRun();
        }
        assertEquals(1, splits.runCount());
        assertArrayEquals(new long[] {0, 100, 250}, splits.boundaries());
    }

    @Test
    void differingRunsAreMergedSortedAndUnique() {
        RowSplits splits = new RowSplits();
        splits.add(0);
        splits.add(100);
        splits.add(300);
        splits.add(0); // not ascending: a new run starts by itself
        splits.add(150);
        splits.add(300);
        assertEquals(2, splits.runCount());
        assertArrayEquals(new long[] {0, 100, 150, 300}, splits.boundaries());
    }

    @Test
    void matchesASortedSetForRandomInput() {
        Random random = new Random(7);
        for (int trial = 0; trial < 200; trial++) {
            RowSplits splits = new RowSplits();
            TreeSet<Long> expected = new TreeSet<>();
            int runs = 1 + random.nextInt(6);
            for (int r = 0; r < runs; r++) {
                long row = 0;
                int n = random.nextInt(20);
                for (int i = 0; i < n; i++) {
                    row += random.nextInt(3) == 0 ? 0 : random.nextInt(1000);
                    splits.add(row);
                    expected.add(row);
                }
                splits.endRun();
            }
            assertArrayEquals(expected.stream().mapToLong(Long::longValue).toArray(), splits.boundaries());
        }
    }

    @Test
    void rejectsNegativeRows() {
        assertThrows(IllegalArgumentException.class, () -> new RowSplits().add(-1));
    }
}
