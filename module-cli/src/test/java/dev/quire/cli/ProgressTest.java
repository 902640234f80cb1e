package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The progress bar, on a clock the test moves. */
class ProgressTest {
    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final StringWriter err = new StringWriter();

    private Progress progress(boolean enabled, long total) {
        return new Progress(new PrintWriter(err), enabled, "converting in.csv", total, now::get);
    }

    private void advance(Duration d) {
        now.addAndGet(d.toNanos());
    }

    @Test
    void shortRunsShowNothing() {
        try (Progress p = progress(true, 1000)) {
            advance(Duration.ofMillis(900));
            p.progress(900, 90);
        }
        assertEquals("", err.toString());
    }

    @Test
    void longRunsDrawThrottledAndEraseAtTheEnd() {
        Progress p = progress(true, 1000);
        advance(Duration.ofSeconds(1));
        p.progress(250, 2500);
        String first = err.toString();
        assertTrue(first.startsWith("\rconverting in.csv   25% [######                  ]  2,500 rows  250 B/s"),
                first);
        advance(Duration.ofMillis(100));
        p.progress(300, 3000);
        assertEquals(first, err.toString(), "redrawn at most every " + Progress.INTERVAL);
        advance(Duration.ofMillis(100));
        p.progress(1000, 10_000);
        String last = "converting in.csv  100% [########################]  10,000 rows  833 B/s";
        assertTrue(err.toString().endsWith("\r" + last), err.toString());
        p.close();
        assertTrue(err.toString().endsWith("\r" + last + "\r" + " ".repeat(last.length()) + "\r"), "erased: " + err);
    }

    @Test
    void withoutATotalItCountsBytes() {
        Progress p = progress(true, -1);
        advance(Duration.ofSeconds(2));
        p.progress(3 << 20, 10);
        assertTrue(err.toString().startsWith("\rconverting in.csv  3.0 MiB read  10 rows  1.5 MiB/s"), err.toString());
    }

    @Test
    void disabledMeansSilent() {
        try (Progress p = progress(false, 1000)) {
            advance(Duration.ofSeconds(10));
            p.progress(500, 5);
        }
        assertEquals("", err.toString());
    }
}
