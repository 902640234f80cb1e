package dev.quire.io.posix;

import dev.quire.errors.InvalidArgumentException;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * How the {@code posix} provider reads: whether reads first take what the page cache holds on the calling thread
 * (the fast path, {@code preadv2} with {@code RWF_NOWAIT}) and for which read lengths, and whether reads bypass the
 * page cache ({@code O_DIRECT}).
 *
 * <p>The provider reads these from the environment at every open ({@link #fromEnvironment()}): the system properties
 * below, then the environment variables, then the defaults.
 *
 * @param fastPath whether reads inside the window try the page cache inline before handing the rest to the pool
 * @param minReadLength the shortest read, in bytes, the fast path tries
 * @param maxReadLength the longest read, in bytes, the fast path tries
 * @param direct whether reads use {@code O_DIRECT} (ranges widened to whole 4 KiB blocks, no fast path); a file
 *     system that refuses it gets buffered reads, and the reader says why
 */
public record PosixOptions(boolean fastPath, long minReadLength, long maxReadLength, boolean direct) {
    public static final long DEFAULT_MIN_READ_LENGTH = 64 * 1024;
    public static final long DEFAULT_MAX_READ_LENGTH = 256 * 1024;
    /** The longest window bound accepted: longer reads gain nothing from skipping one hand-off. */
    public static final long MAX_WINDOW_BOUND = 1L << 30;

    /** {@code false} turns the fast path off. */
    public static final String FAST_PATH_PROPERTY = "quire.io.nowait";
    public static final String MIN_READ_LENGTH_PROPERTY = "quire.io.nowait.minReadLength";
    public static final String MAX_READ_LENGTH_PROPERTY = "quire.io.nowait.maxReadLength";
    public static final String MIN_READ_LENGTH_ENV = "QUIRE_IO_NOWAIT_MIN_READ_LENGTH";
    public static final String MAX_READ_LENGTH_ENV = "QUIRE_IO_NOWAIT_MAX_READ_LENGTH";
    /** {@code true} reads with {@code O_DIRECT}. */
    public static final String DIRECT_PROPERTY = "quire.io.direct";

    public PosixOptions {
        if (minReadLength < 0 || maxReadLength < minReadLength || maxReadLength > MAX_WINDOW_BOUND) {
            throw new InvalidArgumentException("the fast-path window must satisfy 0 <= min <= max <= "
                    + MAX_WINDOW_BOUND + " bytes, got " + minReadLength + ".." + maxReadLength);
        }
    }

    /** The fast path on for reads of 64 KiB..256 KiB, no {@code O_DIRECT}; nothing read from the environment. */
    public static PosixOptions defaults() {
        return new PosixOptions(true, DEFAULT_MIN_READ_LENGTH, DEFAULT_MAX_READ_LENGTH, false);
    }

    /**
     * The defaults overridden by the system properties {@value #FAST_PATH_PROPERTY},
     * {@value #MIN_READ_LENGTH_PROPERTY}, {@value #MAX_READ_LENGTH_PROPERTY} and {@value #DIRECT_PROPERTY}, and for
     * the window bounds not set that way by the environment variables {@value #MIN_READ_LENGTH_ENV} and
     * {@value #MAX_READ_LENGTH_ENV}. Lengths are bytes, or a number with {@code k}, {@code m} or {@code g}
     * ({@code KiB} and so on) after it.
     *
     * @throws InvalidArgumentException naming the setting when a value does not parse or the window is empty
     */
    public static PosixOptions fromEnvironment() {
        return from(System::getProperty, System::getenv);
    }

    /** {@link #fromEnvironment()} with the lookups given (for tests). */
    static PosixOptions from(UnaryOperator<String> properties, UnaryOperator<String> environment) {
        PosixOptions d = defaults();
        boolean fastPath = flag(FAST_PATH_PROPERTY, properties.apply(FAST_PATH_PROPERTY), d.fastPath);
        long min = length(properties, environment, MIN_READ_LENGTH_PROPERTY, MIN_READ_LENGTH_ENV, d.minReadLength);
        long max = length(properties, environment, MAX_READ_LENGTH_PROPERTY, MAX_READ_LENGTH_ENV, d.maxReadLength);
        boolean direct = flag(DIRECT_PROPERTY, properties.apply(DIRECT_PROPERTY), d.direct);
        if (max < min) {
            throw new InvalidArgumentException("the fast-path window is empty: minimum read length " + min
                    + " bytes is above the maximum " + max + " (" + MIN_READ_LENGTH_PROPERTY + " / "
                    + MIN_READ_LENGTH_ENV + ", " + MAX_READ_LENGTH_PROPERTY + " / " + MAX_READ_LENGTH_ENV + ")");
        }
        return new PosixOptions(fastPath, min, max, direct);
    }

    public PosixOptions withFastPath(boolean on) {
        return new PosixOptions(on, minReadLength, maxReadLength, direct);
    }

    public PosixOptions withWindow(long min, long max) {
        return new PosixOptions(fastPath, min, max, direct);
    }

    public PosixOptions withDirect(boolean on) {
        return new PosixOptions(fastPath, minReadLength, maxReadLength, on);
    }

    /** Whether a read of {@code length} bytes falls inside the fast-path window. */
    public boolean inWindow(long length) {
        return length >= minReadLength && length <= maxReadLength;
    }

    private static boolean flag(String name, String value, boolean otherwise) {
        if (value == null || value.isBlank()) {
            return otherwise;
        }
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "true", "on", "yes" -> true;
            case "false", "off", "no" -> false;
            default -> throw new InvalidArgumentException(name + " must be true or false, got `" + value + "`");
        };
    }

    private static long length(UnaryOperator<String> properties, UnaryOperator<String> environment, String property,
            String variable, long otherwise) {
        String value = properties.apply(property);
        String source = property;
        if (value == null || value.isBlank()) {
            value = environment.apply(variable);
            source = variable;
        }
        if (value == null || value.isBlank()) {
            return otherwise;
        }
        long bytes = parseLength(source, value);
        if (bytes > MAX_WINDOW_BOUND) {
            throw new InvalidArgumentException(source + " must be at most " + MAX_WINDOW_BOUND + " bytes, got `"
                    + value + "`");
        }
        return bytes;
    }

    /** Bytes from {@code 65536}, {@code 64k}, {@code 64KiB}, {@code 1m}, {@code 1MB} (binary units throughout). */
    static long parseLength(String source, String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end))) {
            end++;
        }
        String unit = v.substring(end).strip();
        int shift = switch (unit) {
            case "", "b" -> 0;
            case "k", "kb", "kib" -> 10;
            case "m", "mb", "mib" -> 20;
            case "g", "gb", "gib" -> 30;
            default -> -1;
        };
        if (end == 0 || end > 12 || shift < 0) {
            throw new InvalidArgumentException(source + " is not a length in bytes: `" + value
                    + "` (write e.g. 65536, 64k or 1m)");
        }
        return Long.parseLong(v.substring(0, end)) << shift;
    }
}
