package dev.quire.bench.runner.spi;

import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.posix.PosixSettings;
import dev.quire.io.uring.UringSettings;
import dev.quire.io.spi.IoProviders;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One way of reading the files, as {@code --io} names it: an I/O provider and, for {@code posix} and {@code uring},
 * settings of its
 * reader, written {@code NAME[:SETTING]...}:
 *
 * <ul>
 *   <li>{@code mmap}, {@code posix}: the provider as it is configured (for {@code posix}, the {@code quire.io.*}
 *       system properties and {@code QUIRE_IO_NOWAIT_*} variables, else its defaults);
 *   <li>{@code posix:nowait=off} (or {@code on}): the inline page-cache fast path off (on);
 *   <li>{@code posix:window=64k-4m}: the fast path for reads of 64 KiB to 4 MiB (bytes, or {@code k}, {@code m},
 *       {@code g}: binary units);
 *   <li>{@code posix:direct}, {@code uring:direct}: {@code O_DIRECT} reads;
 *   <li>{@code uring:coalescing=fifo} (or {@code offset}): how the {@code uring} reader merges neighbouring reads;
 *   <li>{@code uring:resident=off} (or {@code on}): every {@code uring} read through the ring, none served from a
 *       mapping of the file when the page cache holds it.
 * </ul>
 *
 * <p>Settings combine ({@code posix:nowait=on:window=4k-1m}). A variant stands for settings of a
 * {@link dev.quire.layout.QuireContext} ({@link #applyTo}): the provider is {@link IoProviders#PROVIDER}, and
 * {@code nowait}, {@code window} and {@code direct} are {@link PosixSettings#FAST_PATH},
 * {@link PosixSettings#MIN_READ_LENGTH} with {@link PosixSettings#MAX_READ_LENGTH}, and {@link PosixSettings#DIRECT}
 * ({@link UringSettings#DIRECT} for {@code uring}); {@code coalescing} is {@link UringSettings#COALESCING} and
 * {@code resident} {@link UringSettings#RESIDENT}.
 * The text travels to the runner's child JVMs as it is
 * ({@link EngineOptions#io()}), and each engine that {@linkplain Engine#readsThroughIoProviders() reads through
 * Quire's providers} parses it again; {@link #spec()} is the canonical text, used as the variant's label in results.
 *
 * @param provider the I/O provider's name
 * @param fastPath whether the {@code posix} fast path is on, or empty for the provider's configuration
 * @param minReadLength the shortest read the fast path tries, or empty for the provider's configuration
 * @param maxReadLength the longest read the fast path tries, or empty for the provider's configuration
 * @param direct whether {@code posix} or {@code uring} reads use {@code O_DIRECT}
 * @param coalescing how the {@code uring} reader merges reads ({@code offset} or {@code fifo}), or empty for its
 *     configuration
 * @param resident whether the {@code uring} reader serves cached ranges from a mapping, or empty for its configuration
 */
public record IoVariant(String provider, Optional<Boolean> fastPath, OptionalLong minReadLength,
        OptionalLong maxReadLength, boolean direct, Optional<String> coalescing, Optional<Boolean> resident) {
    /** A provider whose reader takes settings: the fast-path window, {@code nowait} and {@code direct}. */
    public static final String POSIX = "posix";
    /** A provider whose reader takes settings: {@code direct}, {@code coalescing} and {@code resident}. */
    public static final String URING = "uring";
    private static final long MAX_LENGTH = 1L << 40;

    public IoVariant {
        Objects.requireNonNull(provider, "provider is null");
        Objects.requireNonNull(fastPath, "fastPath is null");
        Objects.requireNonNull(minReadLength, "minReadLength is null");
        Objects.requireNonNull(maxReadLength, "maxReadLength is null");
        Objects.requireNonNull(coalescing, "coalescing is null");
        Objects.requireNonNull(resident, "resident is null");
        if (resident.isPresent() && !provider.equals(URING)) {
            throw new InvalidArgumentException("--io " + provider + ": resident is a setting of the " + URING
                    + " provider only");
        }
        if (provider.isBlank() || !provider.equals(provider.strip()) || provider.contains(":")
                || provider.contains(",")) {
            throw new InvalidArgumentException("--io: not an I/O provider name: `" + provider + "`");
        }
        if (minReadLength.isPresent() != maxReadLength.isPresent()) {
            throw new InvalidArgumentException("--io: a fast-path window needs both bounds");
        }
        if (minReadLength.isPresent() && minReadLength.getAsLong() > maxReadLength.getAsLong()) {
            throw new InvalidArgumentException("--io " + provider + ": the fast-path window " + minReadLength
                    .getAsLong() + ".." + maxReadLength.getAsLong() + " is empty");
        }
        if ((fastPath.isPresent() || minReadLength.isPresent()) && !provider.equals(POSIX)) {
            throw new InvalidArgumentException("--io " + provider + ": nowait and window are settings of the "
                    + POSIX + " provider only");
        }
        if (direct && !provider.equals(POSIX) && !provider.equals(URING)) {
            throw new InvalidArgumentException("--io " + provider + ": direct is a setting of the " + POSIX + " and "
                    + URING + " providers only");
        }
        if (coalescing.isPresent()) {
            if (!provider.equals(URING)) {
                throw new InvalidArgumentException("--io " + provider + ": coalescing is a setting of the " + URING
                        + " provider only");
            }
            if (!coalescing.get().equals("offset") && !coalescing.get().equals("fifo")) {
                throw new InvalidArgumentException("--io " + provider + ": coalescing takes offset or fifo, got `"
                        + coalescing.get() + "`");
            }
        }
    }

    /** The provider as configured, without settings. */
    public static IoVariant of(String provider) {
        return new IoVariant(provider, Optional.empty(), OptionalLong.empty(), OptionalLong.empty(), false,
                Optional.empty(), Optional.empty());
    }

    /**
     * Parses {@code NAME[:SETTING]...}.
     *
     * @throws InvalidArgumentException naming the text and what is wrong with it
     */
    public static IoVariant parse(String text) {
        Objects.requireNonNull(text, "text is null");
        String[] parts = text.strip().split(":", -1);
        String provider = parts[0].strip();
        if (provider.isEmpty()) {
            throw new InvalidArgumentException("--io `" + text + "` names no I/O provider (write e.g. mmap, posix or"
                    + " posix:direct)");
        }
        Optional<Boolean> fastPath = Optional.empty();
        OptionalLong min = OptionalLong.empty();
        OptionalLong max = OptionalLong.empty();
        boolean direct = false;
        Optional<String> coalescing = Optional.empty();
        Optional<Boolean> resident = Optional.empty();
        for (int i = 1; i < parts.length; i++) {
            String setting = parts[i].strip().toLowerCase(Locale.ROOT);
            int eq = setting.indexOf('=');
            String key = eq < 0 ? setting : setting.substring(0, eq).strip();
            String value = eq < 0 ? "" : setting.substring(eq + 1).strip();
            switch (key) {
                case "nowait" -> fastPath = Optional.of(switch (value) {
                    case "on", "true" -> true;
                    case "off", "false" -> false;
                    default -> throw bad(text, "nowait takes on or off, got `" + value + "`");
                });
                case "window" -> {
                    int dash = value.indexOf('-');
                    if (dash < 0) {
                        throw bad(text, "window takes MIN-MAX, e.g. 64k-4m, got `" + value + "`");
                    }
                    min = OptionalLong.of(length(text, value.substring(0, dash)));
                    max = OptionalLong.of(length(text, value.substring(dash + 1)));
                }
                case "direct" -> {
                    if (!value.isEmpty() && !value.equals("on") && !value.equals("true")) {
                        throw bad(text, "direct takes no value");
                    }
                    direct = true;
                }
                case "coalescing" -> coalescing = Optional.of(value);
                case "resident" -> resident = Optional.of(switch (value) {
                    case "on", "true" -> true;
                    case "off", "false" -> false;
                    default -> throw bad(text, "resident takes on or off, got `" + value + "`");
                });
                default -> throw bad(text, "unknown setting `" + parts[i].strip() + "` (settings: nowait=on|off, "
                        + "window=MIN-MAX, direct, coalescing=offset|fifo, resident=on|off)");
            }
        }
        return new IoVariant(provider, fastPath, min, max, direct, coalescing, resident);
    }

    /**
     * Parses a comma-separated list of variants.
     *
     * @throws InvalidArgumentException when the text is blank, one does not parse or two are the same
     */
    public static List<IoVariant> parseList(String text) {
        Objects.requireNonNull(text, "text is null");
        if (text.isBlank()) {
            throw new InvalidArgumentException("--io must name an I/O provider or variant, e.g. mmap, posix or "
                    + "posix:nowait=off");
        }
        List<IoVariant> out = new ArrayList<>();
        for (String item : text.split(",", -1)) {
            IoVariant v = parse(item);
            if (out.contains(v)) {
                throw new InvalidArgumentException("--io names `" + v.spec() + "` twice");
            }
            out.add(v);
        }
        return out;
    }

    /**
     * {@code settings} with this variant's over them: the provider ({@link IoProviders#PROVIDER}) and those of its
     * settings this variant sets; the others keep their values.
     */
    public Settings applyTo(Settings settings) {
        Settings out = settings.with(IoProviders.PROVIDER, provider);
        if (fastPath.isPresent()) {
            out = out.with(PosixSettings.FAST_PATH, fastPath.get());
        }
        if (minReadLength.isPresent()) {
            out = out.with(PosixSettings.MIN_READ_LENGTH, minReadLength.getAsLong())
                    .with(PosixSettings.MAX_READ_LENGTH, maxReadLength.getAsLong());
        }
        if (direct) {
            out = provider.equals(URING) ? out.with(UringSettings.DIRECT, true) : out.with(PosixSettings.DIRECT, true);
        }
        if (coalescing.isPresent()) {
            out = out.with(UringSettings.COALESCING, coalescing.get());
        }
        if (resident.isPresent()) {
            out = out.with(UringSettings.RESIDENT, resident.get());
        }
        return out;
    }

    /** Whether this variant sets anything of the provider's reader. */
    public boolean hasSettings() {
        return fastPath.isPresent() || minReadLength.isPresent() || direct || coalescing.isPresent()
                || resident.isPresent();
    }

    /** The canonical text, e.g. {@code posix:nowait=on:window=64k-4m:direct}; {@link #parse} reads it back. */
    public String spec() {
        StringBuilder b = new StringBuilder(provider);
        fastPath.ifPresent(on -> b.append(":nowait=").append(on ? "on" : "off"));
        if (minReadLength.isPresent()) {
            b.append(":window=").append(length(minReadLength.getAsLong())).append('-')
                    .append(length(maxReadLength.getAsLong()));
        }
        if (direct) {
            b.append(":direct");
        }
        coalescing.ifPresent(c -> b.append(":coalescing=").append(c));
        resident.ifPresent(on -> b.append(":resident=").append(on ? "on" : "off"));
        return b.toString();
    }

    @Override
    public String toString() {
        return spec();
    }

    private static long length(String text, String value) {
        String v = value.strip();
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end))) {
            end++;
        }
        int shift = switch (v.substring(end)) {
            case "", "b" -> 0;
            case "k", "kib" -> 10;
            case "m", "mib" -> 20;
            case "g", "gib" -> 30;
            default -> -1;
        };
        if (end == 0 || end > 12 || shift < 0) {
            throw bad(text, "`" + value + "` is not a length (write e.g. 65536, 64k or 4m)");
        }
        long n = Long.parseLong(v.substring(0, end)) << shift;
        if (n > MAX_LENGTH) {
            throw bad(text, "`" + value + "` is too long a length");
        }
        return n;
    }

    /** {@code 64k}, {@code 4m}: the shortest exact spelling. */
    private static String length(long n) {
        if (n > 0 && n % (1L << 30) == 0) {
            return (n >> 30) + "g";
        }
        if (n > 0 && n % (1L << 20) == 0) {
            return (n >> 20) + "m";
        }
        if (n > 0 && n % (1L << 10) == 0) {
            return (n >> 10) + "k";
        }
        return Long.toString(n);
    }

    private static InvalidArgumentException bad(String text, String why) {
        return new InvalidArgumentException("--io `" + text + "`: " + why);
    }
}
