package dev.quire.splits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class RowSplitsTest {
    @Test
    void identicalRunsCollapseToOne() {
        RowSplits splits = RowSplits.skippingSplitlessChildren();
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
        RowSplits splits = RowSplits.skippingSplitlessChildren();
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
            RowSplits splits = RowSplits.skippingSplitlessChildren();
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
    void aRepeatedEndKeepsTheRunGoing() {
        RowSplits splits = RowSplits.skippingSplitlessChildren();
        for (int column = 0; column < 3; column++) {
            splits.add(100);
            splits.add(250);
        }
        splits.add(250); // a struct pushing its own end after its fields
        assertEquals(1, splits.runCount());
        assertArrayEquals(new long[] {100, 250}, splits.boundaries());
    }

    @Test
    void addAllMatchesAddingOneByOne() {
        Random random = new Random(3);
        for (int trial = 0; trial < 100; trial++) {
            RowSplits bulk = RowSplits.skippingSplitlessChildren();
            RowSplits single = RowSplits.skippingSplitlessChildren();
            for (int r = 0; r < 1 + random.nextInt(4); r++) {
                long[] offsets = new long[random.nextInt(40)];
                for (int i = 1; i < offsets.length; i++) {
                    offsets[i] = offsets[i - 1] + random.nextInt(3);
                }
                long base = random.nextInt(100);
                int from = offsets.length == 0 ? 0 : random.nextInt(offsets.length);
                int to = from + (offsets.length == from ? 0 : random.nextInt(offsets.length - from + 1));
                bulk.addAll(base, offsets, from, to);
                for (int i = from; i < to; i++) {
                    single.add(base + offsets[i]);
                }
            }
            assertEquals(single.runCount(), bulk.runCount());
            assertArrayEquals(single.boundaries(), bulk.boundaries());
        }
    }

    @Test
    void addAllRejectsDescendingRowsAndBadSlices() {
        RowSplits splits = RowSplits.skippingSplitlessChildren();
        assertThrows(InvalidArgumentException.class, () -> splits.addAll(0, new long[] {5, 3}, 0, 2));
        assertThrows(InvalidArgumentException.class, () -> splits.addAll(0, new long[] {5}, 0, 2));
    }

    @Test
    void thePolicyFollowsTheFactory() {
        assertTrue(RowSplits.skippingSplitlessChildren().skipsSplitlessChildren());
        assertFalse(RowSplits.walkingEveryChild().skipsSplitlessChildren());
    }

    @Test
    void rejectsNegativeRows() {
        assertThrows(InvalidArgumentException.class, () -> RowSplits.skippingSplitlessChildren().add(-1));
    }

    @Test
    void denseAndSparseRunsMergeToTheSortedUnion() {
        Random random = new Random(11);
        for (int trial = 0; trial < 300; trial++) {
            RowSplits splits = RowSplits.skippingSplitlessChildren();
            TreeSet<Long> expected = new TreeSet<>();
            // Steps from 1 (dense: the bitmap merge) to millions (sparse: the sort).
            int maxStep = 1 << random.nextInt(24);
            int runs = 2 + random.nextInt(8);
            for (int r = 0; r < runs; r++) {
                long[] offsets = new long[1 + random.nextInt(60)];
                offsets[0] = random.nextInt(maxStep);
                for (int i = 1; i < offsets.length; i++) {
                    offsets[i] = offsets[i - 1] + 1 + random.nextInt(maxStep);
                }
                long base = random.nextBoolean() ? 0 : random.nextInt(1000);
                splits.addAll(base, offsets, 0, offsets.length);
                for (long o : offsets) {
                    expected.add(base + o);
                }
                if (random.nextInt(3) == 0) {
                    long end = base + offsets[offsets.length - 1] + random.nextInt(3);
                    splits.add(end); // a parent pushing its end: equal (nothing) or past the slice (continues it)
                    expected.add(end);
                }
            }
            assertArrayEquals(expected.stream().mapToLong(Long::longValue).toArray(), splits.boundaries());
        }
    }

    @Test
    void equalSlicesOfDifferentArraysOrBasesAreOneRun() {
        RowSplits splits = RowSplits.skippingSplitlessChildren();
        splits.addAll(0, new long[] {0, 10, 20, 30}, 1, 4);
        splits.addAll(0, new long[] {0, 10, 20, 30}, 1, 4);
        splits.addAll(5, new long[] {5, 15, 25}, 0, 3);
        splits.addAll(0, new long[] {0, 10, 20, 30}, 1, 4);
        assertEquals(1, splits.runCount());
        splits.addAll(0, new long[] {10, 20, 31}, 0, 3);
        assertEquals(2, splits.runCount());
        assertArrayEquals(new long[] {10, 20, 30, 31}, splits.boundaries());
    }

    @Test
    void aSliceFollowedByLargerBoundariesIsOneRun() {
        RowSplits splits = RowSplits.skippingSplitlessChildren();
        long[] offsets = {0, 100, 200};
        splits.addAll(0, offsets, 1, 3);
        splits.add(300);
        splits.addAll(300, offsets, 1, 3);
        splits.add(100); // the next column starts again
        splits.add(200);
        splits.add(300);
        splits.add(400);
        splits.add(500);
        assertEquals(1, splits.runCount());
        assertArrayEquals(new long[] {100, 200, 300, 400, 500}, splits.boundaries());
    }

    @Test
    void addAllRejectsANegativeFirstRow() {
        assertThrows(InvalidArgumentException.class,
                () -> RowSplits.skippingSplitlessChildren().addAll(-10, new long[] {5, 20}, 0, 2));
    }
}
