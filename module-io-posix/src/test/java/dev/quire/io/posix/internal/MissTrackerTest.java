package dev.quire.io.posix.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import org.junit.jupiter.api.Test;

class MissTrackerTest {
    /** Tries {@code n} reads that all miss or all hit; returns how many were allowed to try. */
    private static int run(MissTracker tracker, int n, boolean miss) {
        int tried = 0;
        for (int i = 0; i < n; i++) {
            if (tracker.shouldTry()) {
                tried++;
                tracker.record(miss);
            }
        }
        return tried;
    }

    @Test
    void aFileThatKeepsHittingIsAlwaysTried() {
        MissTracker tracker = new MissTracker(8, 16, 64);
        assertEquals(1000, run(tracker, 1000, false));
        assertEquals(0, tracker.pauseLeft());
    }

    @Test
    void aFileThatMostlyMissesPausesAndResumesWithGrowingPauses() {
        MissTracker tracker = new MissTracker(8, 16, 64);
        assertEquals(8, run(tracker, 8, true), "a whole epoch is tried");
        assertEquals(16, tracker.pauseLeft());
        assertEquals(0, run(tracker, 16, true), "then the pause skips the try");
        assertEquals(8, run(tracker, 8, true), "then tries resume");
        assertEquals(0, run(tracker, 32, true), "the second bad epoch pauses twice as long");
        assertEquals(8, run(tracker, 8, true));
        assertEquals(0, run(tracker, 64, true));
        assertEquals(8, run(tracker, 8, true));
        assertEquals(64, tracker.pauseLeft(), "pauses stop growing at the maximum");
    }

    @Test
    void aGoodEpochResetsThePause() {
        MissTracker tracker = new MissTracker(8, 16, 64);
        run(tracker, 8, true);
        run(tracker, 16, true);
        run(tracker, 8, true);
        assertEquals(32, tracker.pauseLeft());
        run(tracker, 32, true);
        assertEquals(8, run(tracker, 8, false), "a good epoch");
        assertEquals(0, tracker.pauseLeft());
        run(tracker, 8, true);
        assertEquals(16, tracker.pauseLeft(), "back to the first pause");
    }

    @Test
    void halfTheTriesMissingIsNotMostly() {
        MissTracker tracker = new MissTracker(8, 16, 64);
        for (int i = 0; i < 8; i++) {
            assertTrue(tracker.shouldTry());
            tracker.record(i % 2 == 0);
        }
        assertEquals(0, tracker.pauseLeft());
        for (int i = 0; i < 8; i++) {
            tracker.record(i < 5);
        }
        assertEquals(16, tracker.pauseLeft(), "five misses of eight is mostly");
        assertFalse(tracker.shouldTry());
    }

    @Test
    void badParametersAreRejected() {
        assertThrows(InvalidArgumentException.class, () -> new MissTracker(0, 1, 1));
        assertThrows(InvalidArgumentException.class, () -> new MissTracker(1, 0, 1));
        assertThrows(InvalidArgumentException.class, () -> new MissTracker(1, 4, 2));
    }
}
