package dev.quire.cli.output;

import java.time.Duration;
import java.util.Locale;

/** Numbers, sizes and durations for people: fixed formats, whatever the locale. */
public final class Text {
    private Text() {}

    /** {@code 1,234,567}. */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** {@code 512 B}, {@code 1.5 KiB}, {@code 45.2 MiB}. */
    public static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    /** {@code 850 ms}, {@code 12.3 s}, {@code 2 min 5 s}. */
    public static String duration(Duration d) {
        long ms = d.toMillis();
        if (ms < 1000) {
            return ms + " ms";
        }
        if (ms < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
        }
        return (ms / 60_000) + " min " + (ms % 60_000) / 1000 + " s";
    }

    /** Rows (or bytes) per second over a duration, {@code 1.2M rows/s}. */
    public static String rate(long n, Duration d, String what) {
        double seconds = Math.max(d.toNanos(), 1) / 1e9;
        double r = n / seconds;
        if (r >= 1e6) {
            return String.format(Locale.ROOT, "%.1fM %s/s", r / 1e6, what);
        }
        if (r >= 1e3) {
            return String.format(Locale.ROOT, "%.1fk %s/s", r / 1e3, what);
        }
        return String.format(Locale.ROOT, "%.0f %s/s", r, what);
    }
}
