package dev.quire.cli;

import dev.quire.cli.csv.CsvConverter;
import dev.quire.cli.output.Text;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A one-line progress bar on standard error, redrawn in place. It appears only for long runs (after
 * {@link #DELAY}) and only when enabled (standard error is a terminal), and is erased when the run ends, so short
 * runs and redirected output never see it.
 */
final class Progress implements CsvConverter.Listener, AutoCloseable {
    static final Duration DELAY = Duration.ofSeconds(1);
    static final Duration INTERVAL = Duration.ofMillis(200);
    static final int BAR = 24;

    private final PrintWriter err;
    private final boolean enabled;
    private final String label;
    private final long totalBytes;
    private final LongSupplier nanoTime;
    private final long start;
    private long lastDraw = Long.MIN_VALUE;
    private int drawnWidth;

    /**
     * @param totalBytes the input size, or -1 when unknown (standard input): then there is no bar, only counts
     * @param nanoTime the clock ({@link System#nanoTime} outside tests)
     */
    Progress(PrintWriter err, boolean enabled, String label, long totalBytes, LongSupplier nanoTime) {
        this.err = err;
        this.enabled = enabled;
        this.label = label;
        this.totalBytes = totalBytes;
        this.nanoTime = nanoTime;
        this.start = nanoTime.getAsLong();
    }

    @Override
    public void progress(long bytesRead, long rows) {
        if (!enabled) {
            return;
        }
        long now = nanoTime.getAsLong();
        if (now - start < DELAY.toNanos() || (drawnWidth > 0 && now - lastDraw < INTERVAL.toNanos())) {
            return;
        }
        lastDraw = now;
        String line = line(bytesRead, rows, Duration.ofNanos(now - start));
        String blank = " ".repeat(Math.max(0, drawnWidth - line.length()));
        err.print("\r" + line + blank);
        err.flush();
        drawnWidth = line.length();
    }

    String line(long bytesRead, long rows, Duration elapsed) {
        StringBuilder sb = new StringBuilder(label).append("  ");
        if (totalBytes > 0) {
            double done = Math.min(1.0, (double) bytesRead / totalBytes);
            int filled = (int) Math.round(done * BAR);
            sb.append(String.format(Locale.ROOT, "%3d%% ", Math.round(done * 100)))
                    .append('[').append("#".repeat(filled)).append(" ".repeat(BAR - filled)).append("]  ");
        } else {
            sb.append(Text.bytes(bytesRead)).append(" read  ");
        }
        double seconds = Math.max(elapsed.toNanos(), 1) / 1e9;
        sb.append(Text.count(rows)).append(" rows  ").append(Text.bytes(Math.round(bytesRead / seconds))).append("/s");
        return sb.toString();
    }

    /** Erases the bar, if it was drawn. */
    @Override
    public void close() {
        if (drawnWidth > 0) {
            err.print("\r" + " ".repeat(drawnWidth) + "\r");
            err.flush();
            drawnWidth = 0;
        }
    }
}
