package dev.quire.config;

import dev.quire.errors.InvalidArgumentException;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * One documented setting: its key (also the name of the system property that sets it, such as
 * {@code quire.filter.kernels}), the environment variable that sets it when the property does not
 * ({@code QUIRE_FILTER_KERNELS}), its default, and how its text is parsed. Settings are declared as constants by the
 * module that reads them and looked up in a {@link Settings}; the factories here cover the common kinds.
 *
 * @param <T> the parsed value's type
 */
public final class Setting<T> {
    private static final Pattern KEY = Pattern.compile("quire(\\.[a-z][a-zA-Z0-9]*)+");

    private final String key;
    private final String environmentVariable;
    private final Class<T> type;
    private final T defaultValue;
    private final Function<String, T> parser;
    private final String expected;
    private final String description;

    private Setting(String key, Class<T> type, T defaultValue, Function<String, T> parser, String expected,
            String description) {
        Objects.requireNonNull(key, "key is null");
        if (!KEY.matcher(key).matches()) {
            throw new InvalidArgumentException("setting key `" + key + "` is not a dotted name starting with quire.");
        }
        this.key = key;
        this.environmentVariable = environmentVariable(key);
        this.type = Objects.requireNonNull(type, "type is null");
        this.defaultValue = Objects.requireNonNull(defaultValue, "defaultValue is null");
        this.parser = Objects.requireNonNull(parser, "parser is null");
        this.expected = Objects.requireNonNull(expected, "expected is null");
        this.description = Objects.requireNonNull(description, "description is null");
    }

    /**
     * A setting of any type.
     *
     * @param parser turns the text of a property or variable into a value; throws {@link IllegalArgumentException}
     *     (or an {@link InvalidArgumentException}) when it cannot
     * @param expected what the text must be, for error messages ({@code true or false})
     */
    public static <T> Setting<T> of(String key, Class<T> type, T defaultValue, Function<String, T> parser,
            String expected, String description) {
        return new Setting<>(key, type, defaultValue, parser, expected, description);
    }

    /** {@code true}, {@code false} (also {@code on}/{@code off}, {@code yes}/{@code no}), any case. */
    public static Setting<Boolean> flag(String key, boolean defaultValue, String description) {
        return of(key, Boolean.class, defaultValue, Setting::parseFlag, "true or false", description);
    }

    /** A whole number in {@code [min, max]}. */
    public static Setting<Long> wholeNumber(String key, long defaultValue, long min, long max, String description) {
        checkDefault(key, defaultValue, min, max);
        String expected = max == Long.MAX_VALUE ? "a whole number of at least " + min
                : "a whole number from " + min + " to " + max;
        return of(key, Long.class, defaultValue, text -> inRange(Long.parseLong(text.strip()), min, max), expected,
                description);
    }

    /** An {@code int} in {@code [min, max]}. */
    public static Setting<Integer> count(String key, int defaultValue, int min, int max, String description) {
        checkDefault(key, defaultValue, min, max);
        return of(key, Integer.class, defaultValue,
                text -> (int) inRange(Long.parseLong(text.strip()), min, max),
                "a whole number from " + min + " to " + max, description);
    }

    /**
     * A length in bytes of at most {@code max}: a number, or a number followed by {@code k}, {@code m} or {@code g}
     * (binary units; {@code kb} and {@code kib} are read the same).
     */
    public static Setting<Long> byteLength(String key, long defaultValue, long max, String description) {
        checkDefault(key, defaultValue, 0, max);
        return of(key, Long.class, defaultValue, text -> inRange(parseLength(text), 0, max),
                "a length in bytes of at most " + max + " (65536, 64k, 1m)", description);
    }

    /** Any text; blank text counts as unset. */
    public static Setting<String> text(String key, String defaultValue, String description) {
        return of(key, String.class, defaultValue, String::strip, "text", description);
    }

    /** The key, which is also the system property that sets it. */
    public String key() {
        return key;
    }

    /** The environment variable that sets it when the system property is not set: the key in upper snake case. */
    public String environmentVariable() {
        return environmentVariable;
    }

    public Class<T> type() {
        return type;
    }

    public T defaultValue() {
        return defaultValue;
    }

    /** What the setting's text must be, such as {@code true or false}. */
    public String expected() {
        return expected;
    }

    public String description() {
        return description;
    }

    /**
     * Parses {@code text} as this setting's value.
     *
     * @param source where the text came from, for the error ({@code system property quire.io})
     * @throws InvalidArgumentException naming the setting, the source and the text when it does not parse
     */
    public T parse(String text, String source) {
        try {
            return Objects.requireNonNull(parser.apply(text), "parser returned null");
        } catch (IllegalArgumentException | ArithmeticException | NullPointerException e) {
            throw new InvalidArgumentException(
                    "setting " + key + " (" + source + ") must be " + expected + ", got `" + text + "`");
        }
    }

    /** {@code quire.io.nowait.minReadLength} becomes {@code QUIRE_IO_NOWAIT_MIN_READ_LENGTH}. */
    static String environmentVariable(String key) {
        StringBuilder out = new StringBuilder(key.length() + 8);
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c == '.') {
                out.append('_');
            } else if (Character.isUpperCase(c)) {
                out.append('_').append(c);
            } else {
                out.append(Character.toUpperCase(c));
            }
        }
        return out.toString();
    }

    private static boolean parseFlag(String text) {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "true", "on", "yes" -> true;
            case "false", "off", "no" -> false;
            default -> throw new IllegalArgumentException(text);
        };
    }

    private static long inRange(long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(Long.toString(value));
        }
        return value;
    }

    private static void checkDefault(String key, long value, long min, long max) {
        if (value < min || value > max) {
            throw new InvalidArgumentException("the default " + value + " of setting " + key + " is outside ["
                    + min + ", " + max + "]");
        }
    }

    /** Bytes from {@code 65536}, {@code 64k}, {@code 64KiB}, {@code 1m}, {@code 1MB}: binary units throughout. */
    static long parseLength(String text) {
        String v = text.strip().toLowerCase(Locale.ROOT);
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end))) {
            end++;
        }
        int shift = switch (v.substring(end).strip()) {
            case "", "b" -> 0;
            case "k", "kb", "kib" -> 10;
            case "m", "mb", "mib" -> 20;
            case "g", "gb", "gib" -> 30;
            default -> -1;
        };
        // Twelve digits shifted by at most 30 stay below 2^63.
        if (end == 0 || end > 12 || shift < 0) {
            throw new IllegalArgumentException(text);
        }
        return Long.parseLong(v.substring(0, end)) << shift;
    }

    @Override
    public String toString() {
        return key;
    }
}
