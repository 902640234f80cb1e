package dev.quire.io.spi;

import dev.quire.errors.InvalidArgumentException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The registry of {@link IoProvider}s found through {@link ServiceLoader}, and the rule that picks one: the provider
 * named by the options, else the one named by the {@code quire.io} system property, else the available provider with
 * the highest priority among those that support the URI. It also keeps the process-wide statistics of each provider's
 * counted readers ({@link #openCounted}, {@link #stats(String)}).
 */
public final class IoProviders {
    /** Per-provider statistics of counted readers, by provider name. */
    private static final ConcurrentMap<String, IoStatsRecorder> STATS = new ConcurrentHashMap<>();

    private IoProviders() {}

    /** Loaded once, on first use, so class initialisation never races provider loading. */
    private static final class Holder {
        static final Map<String, IoProvider> PROVIDERS = load();

        private static Map<String, IoProvider> load() {
            Map<String, IoProvider> byName = new LinkedHashMap<>();
            ServiceLoader<IoProvider> loader = ServiceLoader.load(IoProvider.class, IoProviders.class.getClassLoader());
            for (var it = loader.iterator(); ; ) {
                IoProvider provider;
                try {
                    if (!it.hasNext()) {
                        break;
                    }
                    provider = it.next();
                } catch (ServiceConfigurationError e) {
                    System.getLogger(IoProviders.class.getName())
                            .log(System.Logger.Level.WARNING, "skipping an I/O provider that failed to load", e);
                    continue;
                }
                IoProvider previous = byName.putIfAbsent(provider.name(), provider);
                if (previous != null && previous.getClass() != provider.getClass()) {
                    System.getLogger(IoProviders.class.getName()).log(System.Logger.Level.WARNING,
                            "two I/O providers are named `" + provider.name() + "`: keeping "
                                    + previous.getClass().getName() + ", ignoring " + provider.getClass().getName());
                }
            }
            return Map.copyOf(byName);
        }
    }

    /** Every provider found, highest priority first. */
    public static List<IoProvider> all() {
        List<IoProvider> list = new ArrayList<>(Holder.PROVIDERS.values());
        list.sort(Comparator.comparingInt(IoProvider::priority).reversed().thenComparing(IoProvider::name));
        return list;
    }

    /** The provider with this name; fails with the names that exist when there is none. */
    public static IoProvider byName(String name) {
        IoProvider provider = Holder.PROVIDERS.get(Objects.requireNonNull(name, "name is null"));
        if (provider == null) {
            throw new InvalidArgumentException("no I/O provider named `" + name + "`; found: "
                    + all().stream().map(IoProvider::name).toList());
        }
        return provider;
    }

    /** The provider that would serve {@code uri} with these options. */
    public static IoProvider choose(URI uri, IoOptions options) {
        String named = options.provider().orElse(System.getProperty(IoOptions.PROVIDER_PROPERTY, ""));
        if (!named.isEmpty()) {
            IoProvider provider = byName(named);
            if (!provider.supports(uri)) {
                throw new InvalidArgumentException("I/O provider `" + named + "` cannot read " + uri);
            }
            Availability availability = availability(provider);
            if (!availability.available()) {
                throw new InvalidArgumentException("I/O provider `" + named + "` is not available here: "
                        + availability.reason());
            }
            return provider;
        }
        for (IoProvider provider : all()) {
            if (provider.supports(uri) && availability(provider).available()) {
                return provider;
            }
        }
        throw new InvalidArgumentException("no available I/O provider can read " + uri + "; found: "
                + all().stream().map(p -> p.name() + whyNot(p, uri)).toList());
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

    /** Opens {@code uri} with the provider {@link #choose} picks. */
    public static ReadAt open(URI uri, IoOptions options) {
        return choose(uri, options).open(uri, options);
    }

    /**
     * Opens {@code uri} like {@link #open(URI, IoOptions)}, wrapped in a {@link CountingReadAt} that counts into its
     * own statistics and into the chosen provider's ({@link #stats(String)}).
     */
    public static CountingReadAt openCounted(URI uri, IoOptions options) {
        IoProvider provider = choose(uri, options);
        return CountingReadAt.wrap(provider.open(uri, options), statsRecorder(provider.name()));
    }

    /** The process-wide counters of provider {@code name}, created on first use; counted readers add to them. */
    public static IoStatsRecorder statsRecorder(String name) {
        return STATS.computeIfAbsent(Objects.requireNonNull(name, "name is null"), IoStatsRecorder::new);
    }

    /**
     * What the counted readers of provider {@code name} ({@link #openCounted}, or any {@link CountingReadAt} adding to
     * {@link #statsRecorder}) have done in this process; empty statistics when nothing was counted.
     */
    public static IoStats stats(String name) {
        IoStatsRecorder recorder = STATS.get(Objects.requireNonNull(name, "name is null"));
        return recorder == null ? IoStats.empty(name) : recorder.snapshot();
    }

    /** The statistics of every provider that has counted reads in this process, by name. */
    public static List<IoStats> stats() {
        List<IoStats> out = new ArrayList<>();
        for (IoStatsRecorder recorder : STATS.values()) {
            out.add(recorder.snapshot());
        }
        out.sort(Comparator.comparing(IoStats::name));
        return out;
    }

    public static ReadAt open(Path path) {
        return open(path.toAbsolutePath().toUri(), IoOptions.defaults());
    }
}
