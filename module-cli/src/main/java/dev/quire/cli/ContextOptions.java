package dev.quire.cli;

import dev.quire.bench.runner.spi.IoVariant;
import dev.quire.cli.output.Text;
import dev.quire.config.Setting;
import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.posix.PosixOptions;
import dev.quire.io.posix.PosixSettings;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProviders;
import dev.quire.io.spi.IoStats;
import dev.quire.io.spi.LatencyHistogram;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.ReadAtFactory;
import dev.quire.io.spi.StoreStats;
import dev.quire.io.store.StoreSettings;
import dev.quire.io.uring.UringSettings;
import dev.quire.layout.QuireContext;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.format.ReadLimits;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --io} and {@code --set}, for the commands that open or write files, and the one {@link QuireContext} a run of
 * such a command reads and writes with. The context has every plugin on the module path and these settings, each
 * from the first of: the command's own options ({@code --io}, {@code --no-filter-kernels}, {@code --walk-every-child}),
 * {@code --set}, the JVM's system properties, its environment variables, the setting's default. The JVM's are read
 * once, by {@link QuireContext#builder()}, which the context is built from.
 *
 * <p>What the command line sets is checked before anything is opened: an unknown key, a value that does not parse, an
 * {@code --io} or {@code quire.io} that names no provider, an empty fast-path window, are bad usage (exit 2) naming
 * the option. A system property or environment variable that does not parse fails the open instead (exit 1), with a
 * message naming it, as it does anywhere Quire reads it.
 */
final class ContextOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--io", paramLabel = "NAME[:SETTING]...",
            description = {"Read files with this I/O provider (`quire io` lists them) instead of the best available "
                    + "one; for posix, with settings of its reader: posix:nowait=off (no page-cache fast path), "
                    + "posix:window=64k-4m (the fast path for reads of 64 KiB to 4 MiB), posix:direct (O_DIRECT), "
                    + "combined as in posix:nowait=on:window=4k-1m. The same as --set quire.io=NAME and the "
                    + "quire.io.* settings, over which it wins."})
    String io;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "Set one of Quire's settings for this run, over its system property and environment "
                    + "variable; repeatable. `quire io` lists the settings with their values and where each comes "
                    + "from. E.g. --set quire.io.nowait=false")
    List<String> set = new ArrayList<>();

    /** A setting one of the command's own options stands for, and how the option is written. */
    record Given<T>(Setting<T> setting, T value, String option) {
        Settings applyTo(Settings settings) {
            return settings.with(setting, value);
        }
    }

    static <T> Given<T> given(Setting<T> setting, T value, String option) {
        return new Given<>(setting, value, option);
    }

    private QuireContext context;
    /** The readers {@link #open} opened for {@code --stats}, whose store statistics it prints. */
    private final List<ReadAt> opened = new CopyOnWriteArrayList<>();
    /** The option that set each setting the command line set, by key. */
    private final Map<String, String> setBy = new HashMap<>();

    /**
     * Every setting {@code --set} takes and {@code quire io} lists: the core's, the local providers', then those of
     * readers over object stores (the {@code http} provider's).
     */
    static List<Setting<?>> settings() {
        return Stream.of(QuireContext.CORE_SETTINGS, PosixSettings.ALL, UringSettings.ALL, StoreSettings.ALL)
                .flatMap(List::stream).toList();
    }

    /**
     * The context of this run, built on the first call with the settings of {@code options} (the command's own
     * options) over those of {@code --io} and {@code --set}; later calls return it whatever they pass.
     *
     * @throws ParameterException (exit 2) when an option names an unknown setting, gives one a value that does not
     *     parse, or names an I/O provider that does not exist
     */
    synchronized QuireContext context(List<Given<?>> options) {
        if (context == null) {
            context = build(options);
        }
        return context;
    }

    /** The context of this run, with nothing set by the command's own options. */
    QuireContext context() {
        return context(List.of());
    }

    private QuireContext build(List<Given<?>> options) {
        // The snapshot of system properties and environment variables that builder() starts from too.
        Settings settings = QuireContext.defaults().settings();
        for (String entry : set) {
            settings = applySet(settings, entry);
        }
        if (io != null) {
            settings = applyIo(settings);
        }
        for (Given<?> g : options) {
            settings = g.applyTo(settings);
            setBy.put(g.setting().key(), g.option());
        }
        QuireContext built = QuireContext.builder().settings(settings).build();
        checkProvider(built);
        checkWindow(built.settings());
        return built;
    }

    private Settings applySet(Settings settings, String entry) {
        int eq = entry.indexOf('=');
        if (eq < 0) {
            throw usage("--set takes KEY=VALUE, got `" + entry + "`");
        }
        String key = entry.substring(0, eq).strip();
        String value = entry.substring(eq + 1);
        Setting<?> setting = settings().stream().filter(s -> s.key().equals(key)).findFirst().orElseThrow(() ->
                usage("--set " + entry + ": no setting is called `" + key + "`; the settings are "
                        + String.join(", ", settings().stream().map(Setting::key).toList())));
        try {
            setting.parse(value, "--set");
        } catch (InvalidArgumentException e) {
            throw usage("--set " + entry + ": " + key + " must be " + setting.expected() + ", got `" + value + "`",
                    e);
        }
        setBy.put(key, "--set");
        return settings.withText(key, value);
    }

    private Settings applyIo(Settings settings) {
        if (io.isBlank()) {
            throw usage("--io must name an I/O provider; `quire io` lists them");
        }
        IoVariant variant;
        try {
            variant = IoVariant.parse(io);
        } catch (InvalidArgumentException e) {
            throw usage(e.getMessage(), e);
        }
        String option = "--io " + variant.spec();
        setBy.put(IoProviders.PROVIDER.key(), option);
        variant.fastPath().ifPresent(on -> setBy.put(PosixSettings.FAST_PATH.key(), option));
        if (variant.minReadLength().isPresent()) {
            setBy.put(PosixSettings.MIN_READ_LENGTH.key(), option);
            setBy.put(PosixSettings.MAX_READ_LENGTH.key(), option);
        }
        if (variant.direct()) {
            setBy.put(PosixSettings.DIRECT.key(), option);
        }
        return variant.applyTo(settings);
    }

    /** A provider the command line names must exist; one a system property names fails the open as it would. */
    private void checkProvider(QuireContext built) {
        String option = setBy.get(IoProviders.PROVIDER.key());
        String name = built.setting(IoProviders.PROVIDER);
        if (option == null || name.isEmpty()) {
            return;
        }
        try {
            built.io().byName(name);
        } catch (InvalidArgumentException e) {
            String which = option.equals("--set") ? "--set " + IoProviders.PROVIDER.key() + "=" + name : "--io";
            throw usage(which + ": " + e.getMessage(), e);
        }
    }

    /**
     * The posix fast path's window must be one {@link PosixOptions} takes, when the command line set one of its ends
     * ({@code --set} checks each end's range, not that they make a window; {@code --io} checks neither bound).
     */
    private void checkWindow(Settings settings) {
        String option = setBy.getOrDefault(PosixSettings.MIN_READ_LENGTH.key(),
                setBy.get(PosixSettings.MAX_READ_LENGTH.key()));
        if (option == null) {
            return;
        }
        long min;
        long max;
        try {
            min = settings.get(PosixSettings.MIN_READ_LENGTH);
            max = settings.get(PosixSettings.MAX_READ_LENGTH);
        } catch (InvalidArgumentException e) {
            // The other end's system property or environment variable: the open reports it, naming it.
            return;
        }
        if (max > PosixOptions.MAX_WINDOW_BOUND) {
            throw usage(option + ": the fast path's longest read may be at most " + PosixOptions.MAX_WINDOW_BOUND
                    + " bytes, got " + max);
        }
        if (min > max) {
            throw usage(option + ": the fast-path window is empty: " + PosixSettings.MIN_READ_LENGTH.key() + " is "
                    + min + " (" + source(PosixSettings.MIN_READ_LENGTH, settings) + "), above "
                    + PosixSettings.MAX_READ_LENGTH.key() + ", " + max + " ("
                    + source(PosixSettings.MAX_READ_LENGTH, settings) + ")");
        }
    }

    /**
     * Where the value of {@code setting} comes from in this run: the option that set it ({@code --set},
     * {@code --io posix:direct}, {@code --no-filter-kernels}), else {@link Settings#source}.
     */
    String source(Setting<?> setting) {
        return source(setting, context().settings());
    }

    private String source(Setting<?> setting, Settings settings) {
        String option = setBy.get(setting.key());
        return option != null ? option : settings.source(setting);
    }

    /**
     * Opens {@code path} with this run's context, after checking that it can be read; through its I/O providers'
     * counted readers when {@code countReads} (for {@code --stats}, {@link #printStats}).
     */
    VortexFile open(Path path, boolean countReads) {
        // The command line first: a bad --set is bad usage whether or not the file is there.
        context();
        Inputs.checkReadableFile(path);
        return open(path.toAbsolutePath().toUri(), countReads);
    }

    /**
     * Opens {@code location}, a local path or a URL ({@code https://host/file.vortex}, or any URI a provider on the
     * path reads), like {@link #open(Path, boolean)}.
     */
    VortexFile open(String location, boolean countReads) {
        context();
        Optional<URI> url = Inputs.url(location);
        return url.isPresent() ? open(url.get(), countReads) : open(Path.of(location), countReads);
    }

    private VortexFile open(URI uri, boolean countReads) {
        QuireContext quire = context();
        if (!countReads) {
            return VortexFile.open(uri, quire);
        }
        ReadAtFactory counted = quire.io().countedReaders(IoOptions.of(quire.settings()));
        return VortexFile.open(uri, u -> {
            ReadAt reader = counted.open(u);
            opened.add(reader);
            return reader;
        }, ReadLimits.defaults(), quire);
    }

    /**
     * Writes the reads the context's providers counted to {@code err}, then what each object-store reader did (GETs,
     * bytes fetched against those asked for, retries, times to first and last byte): what {@code --stats} adds about
     * I/O.
     */
    void printStats(PrintWriter err) {
        for (IoStats s : context().io().stats()) {
            err.println("io: " + s.name() + ", " + Text.count(s.requests()) + " requests ("
                    + Text.bytes(s.requestedBytes()) + ") in " + Text.count(s.reads()) + " reads ("
                    + Text.bytes(s.bytesRead()) + "); " + Text.count(s.mergedReads()) + " merged reads saved "
                    + Text.count(s.readsSaved()) + "; " + Text.count(s.errors()) + " errors");
            err.println("io latency: " + percentiles(s.latency()));
        }
        for (ReadAt reader : opened) {
            reader.storeStats().ifPresent(s -> printStoreStats(err, s));
        }
    }

    private static void printStoreStats(PrintWriter err, StoreStats s) {
        err.println("store: " + s.name() + ", " + Text.count(s.requests()) + " requests of "
                + Text.count(s.requestedBytes()) + " bytes in " + Text.count(s.gets()) + " GETs fetching "
                + Text.count(s.fetchedBytes()) + " bytes (" + String.format(Locale.ROOT, "%.2f",
                s.fetchedPerRequested()) + "x); " + Text.count(s.retries()) + " retries, " + Text.count(s.failures())
                + " failed reads");
        err.println("store first byte: " + percentiles(s.firstByte()));
        err.println("store last byte: " + percentiles(s.lastByte()) + "; slowest GET "
                + micros(Math.ceilDiv(s.slowestGetNanos(), 1000)));
    }

    private static String percentiles(LatencyHistogram h) {
        return "p50 <= " + micros(h.percentileMicros(0.5)) + ", p90 <= " + micros(h.percentileMicros(0.9))
                + ", p99 <= " + micros(h.percentileMicros(0.99)) + ", max " + micros(Math.ceilDiv(h.maxNanos(), 1000));
    }

    private static String micros(long us) {
        return Text.count(us) + " us";
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    private ParameterException usage(String message, Throwable cause) {
        return new ParameterException(spec.commandLine(), message, cause);
    }
}
