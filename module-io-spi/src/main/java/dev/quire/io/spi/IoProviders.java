package dev.quire.io.spi;

import dev.quire.config.Setting;
import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.PluginConflictException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.plugin.PluginLoader;
import dev.quire.plugin.PluginRegistry;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.regex.Pattern;

/**
 * A set of {@link IoProvider}s with the settings they are used with, and the rule that picks one for a file: the
 * provider named by the options, else the one this set's {@link #PROVIDER} setting names, else the available provider
 * with the highest priority among those that support the URI. It also keeps the statistics of the counted readers it
 * opens ({@link #openCounted}, {@link #stats(String)}).
 *
 * <p>Immutable apart from those statistics, and thread-safe. Nothing here is global: two sets in one JVM (two tenants
 * of a server, two tests) may hold different providers, choose by different settings and count apart. Build one from
 * a {@link PluginRegistry} ({@link #of}), or from what {@link ServiceLoader} finds ({@link #load}).
 */
public final class IoProviders {
    /** The provider to read files with when the options name none; empty for the best available one. */
    public static final Setting<String> PROVIDER = Setting.text("quire.io", "",
            "the I/O provider to read files with when the caller names none (`quire io` lists them); empty for the "
                    + "available provider of highest priority that supports the file");

    /** What the registry's plugins are, for messages. */
    public static final String KIND = "I/O provider";

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");
    private static final String REMEDY = "build the providers with IoProviders.registryBuilder() and choose(Class) "
            + "the one to keep";

    private final PluginRegistry<IoProvider> providers;
    private final Settings settings;
    /** Every provider, highest priority first, then by name. */
    private final List<IoProvider> ranked;
    /** Statistics of counted readers, by provider name. */
    private final ConcurrentMap<String, IoStatsRecorder> stats = new ConcurrentHashMap<>();

    private IoProviders(PluginRegistry<IoProvider> providers, Settings settings) {
        this.providers = providers;
        this.settings = settings;
        List<IoProvider> list = new ArrayList<>(providers.all());
        list.sort(Comparator.comparingInt(IoProvider::priority).reversed().thenComparing(IoProvider::name));
        this.ranked = List.copyOf(list);
    }

    /**
     * Every provider {@link ServiceLoader} finds through {@code loader} (the module layers it defines and its class
     * path); one that fails to load is logged and skipped.
     */
    public static List<IoProvider> discover(ClassLoader loader) {
        return PluginLoader.load(ServiceLoader.load(IoProvider.class, loader), KIND);
    }

    /**
     * A builder of a registry of providers keyed by {@linkplain IoProvider#name() name}: lower-case letters, digits
     * and dashes, starting with a letter or digit. Two providers of different classes with one name fail the build
     * with a {@link PluginConflictException} unless the builder {@linkplain PluginRegistry.Builder#choose chooses} one.
     */
    public static PluginRegistry.Builder<IoProvider> registryBuilder() {
        return PluginRegistry.builder(KIND, IoProvider::name, name -> NAME.matcher(name).matches(),
                "lower-case letters, digits and dashes (posix, test-pattern)");
    }

    /** These providers, used with these settings. */
    public static IoProviders of(PluginRegistry<IoProvider> providers, Settings settings) {
        return new IoProviders(Objects.requireNonNull(providers, "providers is null"),
                Objects.requireNonNull(settings, "settings is null"));
    }

    /**
     * The providers {@link #discover} finds through this module's class loader, used with {@code settings}.
     *
     * @throws PluginConflictException when two providers of different classes have one name
     * @throws InvalidArgumentException when a provider's name is not well formed
     */
    public static IoProviders load(Settings settings) {
        return of(registryBuilder().addAll(discover(IoProviders.class.getClassLoader())).build(REMEDY), settings);
    }

    /** The settings this set chooses providers by ({@link #PROVIDER}) and {@link #readers()} opens files with. */
    public Settings settings() {
        return settings;
    }

    /** Every provider, highest priority first, then by name. */
    public List<IoProvider> all() {
        return ranked;
    }

    /** The provider with this name; fails with the names that exist when there is none. */
    public IoProvider byName(String name) {
        return named(Objects.requireNonNull(name, "name is null"), "");
    }

    private IoProvider named(String name, String origin) {
        return providers.find(name).orElseThrow(() -> new InvalidArgumentException("no I/O provider named `" + name
                + "`" + origin + "; found: " + ranked.stream().map(IoProvider::name).toList()));
    }

    /**
     * The provider that would serve {@code uri} with these options: the one they name, else the one this set's
     * {@link #PROVIDER} setting names, else the available provider of highest priority that supports the URI. (The
     * options' own settings configure the provider once chosen; they do not choose it.)
     *
     * @throws InvalidArgumentException when the provider named does not exist, cannot read the URI or is not available
     *     here, or when no available provider supports the URI; the message lists the providers and why each was
     *     passed over
     */
    public IoProvider choose(URI uri, IoOptions options) {
        Objects.requireNonNull(uri, "uri is null");
        Objects.requireNonNull(options, "options is null");
        String name = options.provider().orElseGet(() -> settings.get(PROVIDER));
        if (!name.isEmpty()) {
            String origin = options.provider().isPresent() ? ""
                    : " (setting " + PROVIDER.key() + ", " + settings.source(PROVIDER) + ")";
            IoProvider provider = named(name, origin);
            if (!provider.supports(uri)) {
                throw new InvalidArgumentException("I/O provider `" + name + "`" + origin + " cannot read " + uri);
            }
            Availability availability = availability(provider);
            if (!availability.available()) {
                throw new InvalidArgumentException("I/O provider `" + name + "`" + origin
                        + " is not available here: " + availability.reason());
            }
            return provider;
        }
        for (IoProvider provider : ranked) {
            if (provider.supports(uri) && availability(provider).available()) {
                return provider;
            }
        }
        throw new InvalidArgumentException("no available I/O provider can read " + uri + "; found: "
                + ranked.stream().map(p -> p.name() + whyNot(p, uri)).toList());
    }

    /** Why {@code provider} was passed over for {@code uri}, for the message listing them all. */
    private static String whyNot(IoProvider provider, URI uri) {
        if (!provider.supports(uri)) {
            return " (other scheme)";
        }
        Availability availability = availability(provider);
        return availability.available() ? "" : " (not available: " + availability.reason() + ")";
    }

    /** A provider's probe; one that throws counts as unavailable, so it cannot break selection for everyone. */
    public static Availability availability(IoProvider provider) {
        try {
            Availability a = provider.availability();
            return a != null ? a : Availability.no("its availability probe returned nothing");
        } catch (RuntimeException e) {
            return Availability.no("its availability probe failed: " + e);
        }
    }

    /**
     * The object store {@code uri} names an object of, for writing it: from the available provider of highest priority
     * that supports the URI and hands out stores ({@link IoProvider#objectStore}). The {@link #PROVIDER} setting and
     * the options' provider are not asked: they choose how files are read, and a write goes to whatever store the URI
     * names. The store is the caller's to close.
     *
     * @throws UnsupportedFeatureException when no available provider writes the URI; the message names it and lists
     *     the providers and why each was passed over
     * @throws InvalidArgumentException when the URI is of a store's scheme but names no object there
     */
    public StoreLocation objectStore(URI uri, IoOptions options) {
        Objects.requireNonNull(uri, "uri is null");
        Objects.requireNonNull(options, "options is null");
        List<String> passedOver = new ArrayList<>();
        for (IoProvider provider : ranked) {
            if (!provider.supports(uri)) {
                passedOver.add(provider.name() + " (other scheme)");
                continue;
            }
            Availability availability = availability(provider);
            if (!availability.available()) {
                passedOver.add(provider.name() + " (not available: " + availability.reason() + ")");
                continue;
            }
            Optional<StoreLocation> location = provider.objectStore(uri, options);
            if (location.isPresent()) {
                return location.get();
            }
            passedOver.add(provider.name() + " (reads only)");
        }
        throw new UnsupportedFeatureException("no available I/O provider writes " + uri + "; found: " + passedOver);
    }

    /** Opens {@code uri} with the provider {@link #choose} picks, passing it {@code options}. */
    public ReadAt open(URI uri, IoOptions options) {
        return choose(uri, options).open(uri, options);
    }

    /**
     * Opens {@code uri} like {@link #open(URI, IoOptions)}, wrapped in a {@link CountingReadAt} that counts into its
     * own statistics and into the chosen provider's in this set ({@link #stats(String)}).
     */
    public CountingReadAt openCounted(URI uri, IoOptions options) {
        IoProvider provider = choose(uri, options);
        return CountingReadAt.wrap(provider.open(uri, options), statsRecorder(provider.name()));
    }

    /** Opens files with {@link #open(URI, IoOptions)} and options carrying this set's {@link #settings()}. */
    public ReadAtFactory readers() {
        return readers(IoOptions.of(settings));
    }

    /** Opens files with {@link #open(URI, IoOptions)} and {@code options}. */
    public ReadAtFactory readers(IoOptions options) {
        Objects.requireNonNull(options, "options is null");
        return uri -> open(uri, options);
    }

    /** Opens files with {@link #openCounted(URI, IoOptions)} and {@code options}. */
    public ReadAtFactory countedReaders(IoOptions options) {
        Objects.requireNonNull(options, "options is null");
        return uri -> openCounted(uri, options);
    }

    /** This set's counters of provider {@code name}, created on first use; counted readers add to them. */
    public IoStatsRecorder statsRecorder(String name) {
        return stats.computeIfAbsent(Objects.requireNonNull(name, "name is null"), IoStatsRecorder::new);
    }

    /**
     * What the counted readers of provider {@code name} ({@link #openCounted}, or any {@link CountingReadAt} adding to
     * {@link #statsRecorder}) have done through this set; empty statistics when nothing was counted.
     */
    public IoStats stats(String name) {
        IoStatsRecorder recorder = stats.get(Objects.requireNonNull(name, "name is null"));
        return recorder == null ? IoStats.empty(name) : recorder.snapshot();
    }

    /** The statistics of every provider that has counted reads through this set, by name. */
    public List<IoStats> stats() {
        List<IoStats> out = new ArrayList<>();
        for (IoStatsRecorder recorder : stats.values()) {
            out.add(recorder.snapshot());
        }
        out.sort(Comparator.comparing(IoStats::name));
        return out;
    }

    @Override
    public String toString() {
        return "IoProviders" + ranked.stream().map(IoProvider::name).toList();
    }
}
