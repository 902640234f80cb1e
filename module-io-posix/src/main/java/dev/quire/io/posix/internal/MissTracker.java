package dev.quire.io.posix.internal;

import dev.quire.errors.InvalidArgumentException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Decides whether a file's next read should try the page cache. A try that misses is not free (from a few
 * microseconds at 4 KiB to over a hundred at 1 MiB), so a file whose tries mostly miss stops being tried: after every
 * {@code epoch} tries, if more than half found nothing cached, the next {@code pause} reads skip the try. Then tries
 * resume; each further bad epoch in a row doubles the pause, up to {@code maxPause}, and a good one resets it.
 *
 * <p>The counters are updated without locks: under contention an epoch may count a try more or less, which only
 * shifts the decision slightly. Thread-safe.
 */
final class MissTracker {
    static final int DEFAULT_EPOCH = 32;
    static final int DEFAULT_PAUSE = 256;
    static final int DEFAULT_MAX_PAUSE = 16_384;

    private final int epoch;
    private final int firstPause;
    private final int maxPause;
    private final AtomicInteger tries = new AtomicInteger();
    private final AtomicInteger misses = new AtomicInteger();
    private final AtomicInteger pauseLeft = new AtomicInteger();
    private volatile int nextPause;

    MissTracker(int epoch, int pause, int maxPause) {
        if (epoch < 1 || pause < 1 || maxPause < pause) {
            throw new InvalidArgumentException("epoch " + epoch + ", pause " + pause + ", max " + maxPause);
        }
        this.epoch = epoch;
        this.firstPause = pause;
        this.maxPause = maxPause;
        this.nextPause = pause;
    }

    static MissTracker defaults() {
        return new MissTracker(DEFAULT_EPOCH, DEFAULT_PAUSE, DEFAULT_MAX_PAUSE);
    }

    /** Whether the next read should try the page cache; a read told no counts down the pause. */
    boolean shouldTry() {
        if (pauseLeft.get() <= 0) {
            return true;
        }
        return pauseLeft.getAndDecrement() <= 0;
    }

    /** Records a try's outcome: {@code missed} when nothing was served. */
    void record(boolean missed) {
        if (missed) {
            misses.incrementAndGet();
        }
        int t = tries.incrementAndGet();
        if (t >= epoch && tries.compareAndSet(t, 0)) {
            int m = misses.getAndSet(0);
            if (2 * m > t) {
                int pause = nextPause;
                pauseLeft.set(pause);
                nextPause = Math.min(maxPause, 2 * pause);
            } else {
                nextPause = firstPause;
            }
        }
    }

    /** How many more reads will skip the try (for tests). */
    int pauseLeft() {
        return Math.max(0, pauseLeft.get());
    }
}
