package dev.quire.io.posix.internal;

import dev.quire.io.posix.FastPathStats;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts fast-path decisions for one reader and adds them to the process's counters, which log a summary at
 * {@code DEBUG} level every {@value #LOG_EVERY} decisions.
 */
final class FastPathCounters {
    static final int LOG_EVERY = 1024;
    private static final System.Logger LOG = System.getLogger(FastPathCounters.class.getName());

    private final FastPathCounters process;
    private final LongAdder attempted = new LongAdder();
    private final LongAdder hit = new LongAdder();
    private final LongAdder partial = new LongAdder();
    private final LongAdder miss = new LongAdder();
    private final LongAdder skipped = new LongAdder();
    private final LongAdder suppressed = new LongAdder();
    private final LongAdder bytesServed = new LongAdder();
    private final LongAdder bytesMissed = new LongAdder();
    /** Only the process's counters count decisions, to know when to log. */
    private final AtomicLong decisions;

    private FastPathCounters(FastPathCounters process) {
        this.process = process;
        this.decisions = process == null ? new AtomicLong() : null;
    }

    /** The process-wide counters. */
    static FastPathCounters forProcess() {
        return new FastPathCounters(null);
    }

    /** Counters for one reader that also count into {@code process}. */
    static FastPathCounters forReader(FastPathCounters process) {
        return new FastPathCounters(process);
    }

    /** A read that did not try the page cache; {@code suppressed} when its file's tries mostly missed. */
    void skipped(boolean wasSuppressed) {
        skipped.increment();
        if (wasSuppressed) {
            suppressed.increment();
        }
        if (process != null) {
            process.skipped(wasSuppressed);
        } else {
            decided();
        }
    }

    /** A read of {@code length} bytes that tried the page cache and got {@code served} of them. */
    void attempted(long length, long served) {
        attempted.increment();
        if (served == length) {
            hit.increment();
        } else if (served > 0) {
            partial.increment();
        } else {
            miss.increment();
        }
        bytesServed.add(served);
        bytesMissed.add(length - served);
        if (process != null) {
            process.attempted(length, served);
        } else {
            decided();
        }
    }

    private void decided() {
        if (decisions.incrementAndGet() % LOG_EVERY == 0 && LOG.isLoggable(System.Logger.Level.DEBUG)) {
            LOG.log(System.Logger.Level.DEBUG, "posix page-cache fast path: " + snapshot().summary());
        }
    }

    FastPathStats snapshot() {
        return new FastPathStats(attempted.sum(), hit.sum(), partial.sum(), miss.sum(), skipped.sum(),
                suppressed.sum(), bytesServed.sum(), bytesMissed.sum());
    }
}
