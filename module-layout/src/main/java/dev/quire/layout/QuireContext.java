package dev.quire.layout;

import dev.quire.config.Setting;
import dev.quire.config.Settings;
import dev.quire.errors.UnknownEncodingException;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProvider;
import dev.quire.io.spi.IoProviders;
import dev.quire.io.spi.ReadAtFactory;
import dev.quire.layout.array.Array;
import dev.quire.layout.internal.format.PluginArrayEncoder;
import dev.quire.layout.spi.ArrayCompressor;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ColumnStrategy;
import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.LayoutVTable;
import dev.quire.layout.spi.Plugins;
import dev.quire.plugin.PluginLoader;
import dev.quire.plugin.PluginRegistry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Everything Quire reads and writes files with: the plugins (array encodings, layouts, compressors, column strategies
 * and I/O providers) and the settings. Immutable and thread-safe; files opened and written with a context use its
 * plugins and settings and nothing else, so two contexts in one JVM (two tenants of a server, a test beside the
 * defaults) never see each other's.
 *
 * <p>{@link #defaults()} is the context of the overloads that take none: every plugin {@link ServiceLoader} finds on
 * the module path and class path, loaded once, and the settings of this JVM's system properties and environment
 * variables, read once. {@link #builder()} starts from the same and adds or removes plugins and overrides settings:
 *
 * <pre>{@code
 * QuireContext context = QuireContext.builder()
 *         .set(QuireContext.FILTER_KERNELS, false)
 *         .set(IoProviders.PROVIDER, "posix")
 *         .add(new MyEncoding())
 *         .build();
 * try (VortexFile file = VortexFile.open(path, context)) { ... }
 * }</pre>
 *
 * <p>Two plugins of one kind that claim one id (two array encodings named {@code vortex.alp}, two I/O providers named
 * {@code posix}) are a {@link dev.quire.errors.PluginConflictException} naming both and where they came from, unless
 * the builder {@link Builder#choose chose} one: reading with the wrong one would give wrong data.
 */
public final class QuireContext implements Plugins {
    /**
     * Whether scans answer filters from encoded columns through their filter kernels (a dictionary evaluates a
     * predicate once on its values) when the scan does not say; {@code false} decodes every row of the filter's
     * columns instead. The rows are the same either way.
     */
    public static final Setting<Boolean> FILTER_KERNELS = Setting.flag("quire.filter.kernels", true,
            "answer filters from encoded columns through their filter kernels");
    /**
     * Whether split collection takes the ends of children that register no interior splits from their parent's
     * offsets, without building them; {@code false} builds and asks every child, the straightforward walk, for
     * comparison.
     */
    public static final Setting<Boolean> SKIP_SPLITLESS_CHILDREN = Setting.flag("quire.splits.skipSplitless", true,
            "take the ends of children without interior splits from their parent's offsets");

    /** The settings the core modules read, for tools that list them. */
    public static final List<Setting<?>> CORE_SETTINGS = List.of(FILTER_KERNELS, SKIP_SPLITLESS_CHILDREN,
            IoProviders.PROVIDER);

    static final String ARRAY_ENCODING = "array encoding";
    static final String LAYOUT = "layout";
    static final String COMPRESSOR = "array compressor";
    static final String STRATEGY = "column strategy";
    private static final Pattern DOTTED_ID = Pattern.compile("[a-z0-9_]+(\\.[a-z0-9_]+)+");
    private static final String DOTTED_FORM = "a dotted lower-case name such as vortex.flat";
    private static final String REMEDY = "choose one with QuireContext.builder().choose(TheClass.class)";

    /** Which Quire module provides the ids that are not in the core, so a failed lookup can say what to add. */
    private static final Map<String, String> PROVIDING_MODULE = Map.ofEntries(
            Map.entry("vortex.dict", "dev.quire.dictionary"),
            Map.entry("fastlanes.", "dev.quire.encodings"),
            Map.entry("vortex.alp", "dev.quire.encodings"),
            Map.entry("vortex.alprd", "dev.quire.encodings"),
            Map.entry("vortex.fsst", "dev.quire.encodings"),
            Map.entry("vortex.runend", "dev.quire.encodings"),
            Map.entry("vortex.sequence", "dev.quire.encodings"),
            Map.entry("vortex.sparse", "dev.quire.encodings"),
            Map.entry("vortex.zigzag", "dev.quire.encodings"),
            Map.entry("vortex.decimal_byte_parts", "dev.quire.encodings"),
            Map.entry("vortex.datetimeparts", "dev.quire.encodings"),
            Map.entry("vortex.varbin", "dev.quire.encodings"),
            Map.entry("vortex.bytebool", "dev.quire.encodings"),
            Map.entry("vortex.masked", "dev.quire.encodings"));

    private final PluginRegistry<ArrayEncoding> encodings;
    private final PluginRegistry<LayoutVTable> layouts;
    private final List<ArrayCompressor> compressors;
    private final List<ColumnStrategy> strategies;
    private final IoProviders io;
    private final Settings settings;
    private final PluginRegistry<ArrayCompressor> compressorRegistry;
    private final PluginRegistry<ColumnStrategy> strategyRegistry;

    private QuireContext(PluginRegistry<ArrayEncoding> encodings, PluginRegistry<LayoutVTable> layouts,
            PluginRegistry<ArrayCompressor> compressors, PluginRegistry<ColumnStrategy> strategies, IoProviders io,
            Settings settings) {
        this.encodings = encodings;
        this.layouts = layouts;
        this.compressorRegistry = compressors;
        this.strategyRegistry = strategies;
        this.compressors = byPriority(compressors, ArrayCompressor::priority, ArrayCompressor::id);
        this.strategies = byPriority(strategies, ColumnStrategy::priority, ColumnStrategy::id);
        this.io = io;
        this.settings = settings;
    }

    private static <T> List<T> byPriority(PluginRegistry<T> registry, Function<T, Integer> priority,
            Function<T, String> id) {
        List<T> list = new ArrayList<>(registry.all());
        list.sort(Comparator.comparing(priority, Comparator.reverseOrder()).thenComparing(id));
        return List.copyOf(list);
    }

    /** What {@link ServiceLoader} found on the module and class path, loaded once. */
    private static final class Discovered {
        static final Found FOUND = Found.load(QuireContext.class.getClassLoader());
        static final Settings SETTINGS = Settings.fromEnvironment();
    }

    /** The context made once for the overloads that take none; its failure to build is kept and rethrown. */
    private static final class Defaults {
        static final QuireContext CONTEXT;
        static final RuntimeException FAILURE;

        static {
            QuireContext context = null;
            RuntimeException failure = null;
            try {
                context = builder().build();
            } catch (RuntimeException e) {
                failure = e;
            }
            CONTEXT = context;
            FAILURE = failure;
        }
    }

    /** The plugins of each kind one class loader's {@link ServiceLoader}s found. */
    private record Found(List<ArrayEncoding> encodings, List<LayoutVTable> layouts,
            List<ArrayCompressor> compressors, List<ColumnStrategy> strategies, List<IoProvider> io) {
        static Found load(ClassLoader loader) {
            return new Found(
                    PluginLoader.load(ServiceLoader.load(ArrayEncoding.class, loader), ARRAY_ENCODING),
                    PluginLoader.load(ServiceLoader.load(LayoutVTable.class, loader), LAYOUT),
                    PluginLoader.load(ServiceLoader.load(ArrayCompressor.class, loader), COMPRESSOR),
                    PluginLoader.load(ServiceLoader.load(ColumnStrategy.class, loader), STRATEGY),
                    IoProviders.discover(loader));
        }
    }

    /**
     * The context of every plugin found on the module and class path and of this JVM's system properties and
     * environment variables, both read on first use.
     *
     * @throws dev.quire.errors.PluginConflictException when two plugins on the path claim one id (on every call)
     */
    public static QuireContext defaults() {
        if (Defaults.FAILURE != null) {
            throw Defaults.FAILURE;
        }
        return Defaults.CONTEXT;
    }

    /** A builder that starts from what {@link #defaults()} has: every plugin found, and the JVM's settings. */
    public static Builder builder() {
        Builder b = new Builder(Discovered.SETTINGS);
        b.addFound(Discovered.FOUND);
        return b;
    }

    /** A builder that starts from this context's plugins and settings. */
    public Builder toBuilder() {
        Builder b = new Builder(settings);
        b.encodings.addAll(encodings.all());
        b.layouts.addAll(layouts.all());
        b.compressors.addAll(compressorRegistry.all());
        b.strategies.addAll(strategyRegistry.all());
        io.all().forEach(b.io::add);
        return b;
    }

    /** The settings. */
    public Settings settings() {
        return settings;
    }

    /** The value of one setting. */
    public <T> T setting(Setting<T> setting) {
        return settings.get(setting);
    }

    /** The I/O providers, which read with this context's settings. */
    public IoProviders io() {
        return io;
    }

    /**
     * Opens files through the I/O providers: the one the {@link IoProviders#PROVIDER} setting names, else the best
     * available for each URI.
     */
    public ReadAtFactory readers() {
        return io.readers(IoOptions.of(settings));
    }

    @Override
    public Optional<ArrayEncoding> findArrayEncoding(String id) {
        return encodings.find(id);
    }

    @Override
    public ArrayEncoding arrayEncoding(String id) {
        return encodings.find(id).orElseThrow(() -> unknown(ARRAY_ENCODING, id, encodings.ids()));
    }

    @Override
    public Optional<LayoutVTable> findLayout(String id) {
        return layouts.find(id);
    }

    @Override
    public LayoutVTable layout(String id) {
        return layouts.find(id).orElseThrow(() -> unknown(LAYOUT, id, layouts.ids()));
    }

    @Override
    public List<String> arrayEncodingIds() {
        return encodings.ids();
    }

    @Override
    public List<String> layoutIds() {
        return layouts.ids();
    }

    @Override
    public List<ArrayCompressor> compressors() {
        return compressors;
    }

    @Override
    public List<ColumnStrategy> columnStrategies() {
        return strategies;
    }

    @Override
    public EncodedArray encode(Array array) {
        return new PluginArrayEncoder(this).encode(array);
    }

    private static UnknownEncodingException unknown(String kind, String id, List<String> available) {
        return new UnknownEncodingException(kind, id, available, hint(kind, id));
    }

    /**
     * What to do about a missing id: a plugin found on the path that was left out of this context says so; otherwise
     * the Quire module that provides the id, when it is one of Quire's.
     */
    static String hint(String kind, String id) {
        List<?> found = kind.equals(LAYOUT) ? Discovered.FOUND.layouts() : Discovered.FOUND.encodings();
        for (Object plugin : found) {
            String pluginId = plugin instanceof LayoutVTable v ? v.id() : ((ArrayEncoding) plugin).id();
            if (pluginId.equals(id)) {
                return plugin.getClass().getName() + " (" + PluginLoader.origin(plugin)
                        + ") provides it but is not in this context";
            }
        }
        for (var e : PROVIDING_MODULE.entrySet()) {
            if (id.equals(e.getKey()) || (e.getKey().endsWith(".") && id.startsWith(e.getKey()))) {
                return "provided by module " + e.getValue() + "; add it to the module path or class path";
            }
        }
        return "";
    }

    @Override
    public String toString() {
        return "QuireContext[" + encodings.size() + " array encodings, " + layouts.size() + " layouts, "
                + compressors.size() + " compressors, " + strategies.size() + " column strategies, "
                + io.all().size() + " I/O providers]";
    }

    /**
     * Builds a {@link QuireContext}: plugins to add, remove or choose between, and settings to override. Not
     * thread-safe.
     */
    public static final class Builder {
        private final PluginRegistry.Builder<ArrayEncoding> encodings =
                PluginRegistry.builder(ARRAY_ENCODING, ArrayEncoding::id, QuireContext::dotted, DOTTED_FORM);
        private final PluginRegistry.Builder<LayoutVTable> layouts =
                PluginRegistry.builder(LAYOUT, LayoutVTable::id, QuireContext::dotted, DOTTED_FORM);
        private final PluginRegistry.Builder<ArrayCompressor> compressors =
                PluginRegistry.builder(COMPRESSOR, ArrayCompressor::id, QuireContext::dotted, DOTTED_FORM);
        private final PluginRegistry.Builder<ColumnStrategy> strategies =
                PluginRegistry.builder(STRATEGY, ColumnStrategy::id, QuireContext::dotted, DOTTED_FORM);
        private final PluginRegistry.Builder<IoProvider> io = IoProviders.registryBuilder();
        private Settings settings;

        private Builder(Settings settings) {
            this.settings = settings;
        }

        private void addFound(Found found) {
            encodings.addAll(found.encodings());
            layouts.addAll(found.layouts());
            compressors.addAll(found.compressors());
            strategies.addAll(found.strategies());
            io.addAll(found.io());
        }

        /**
         * Adds every plugin that {@code loader}'s {@link ServiceLoader}s find (a plugin directory's class loader,
         * say) beside those the builder has.
         */
        public Builder loadFrom(ClassLoader loader) {
            addFound(Found.load(Objects.requireNonNull(loader, "loader is null")));
            return this;
        }

        public Builder add(ArrayEncoding encoding) {
            encodings.add(encoding);
            return this;
        }

        public Builder add(LayoutVTable layout) {
            layouts.add(layout);
            return this;
        }

        public Builder add(ArrayCompressor compressor) {
            compressors.add(compressor);
            return this;
        }

        public Builder add(ColumnStrategy strategy) {
            strategies.add(strategy);
            return this;
        }

        public Builder add(IoProvider provider) {
            io.add(provider);
            return this;
        }

        /**
         * Removes the plugins of kind {@code kind} ({@code ArrayEncoding.class}, {@code LayoutVTable.class},
         * {@code ArrayCompressor.class}, {@code ColumnStrategy.class} or {@code IoProvider.class}) with this id (an
         * I/O provider's name).
         *
         * @throws dev.quire.errors.InvalidArgumentException when {@code kind} is not one of those
         */
        public Builder remove(Class<?> kind, String id) {
            registry(kind).remove(id);
            return this;
        }

        /** Removes every plugin, of any kind, that {@code which} accepts (those of one module, say). */
        public Builder removeIf(Predicate<Object> which) {
            encodings.removeIf(which);
            layouts.removeIf(which);
            compressors.removeIf(which);
            strategies.removeIf(which);
            io.removeIf(which);
            return this;
        }

        /** Where plugins of any kind claim one id, keeps the one of class {@code pluginClass} and drops the others. */
        public Builder choose(Class<?> pluginClass) {
            encodings.choose(pluginClass);
            layouts.choose(pluginClass);
            compressors.choose(pluginClass);
            strategies.choose(pluginClass);
            io.choose(pluginClass);
            return this;
        }

        /** Replaces every setting (the builder starts with the JVM's system properties and environment variables). */
        public Builder settings(Settings settings) {
            this.settings = Objects.requireNonNull(settings, "settings is null");
            return this;
        }

        /** Sets one setting, over whatever the system properties and environment variables say. */
        public <T> Builder set(Setting<T> setting, T value) {
            this.settings = settings.with(setting, value);
            return this;
        }

        /**
         * The context.
         *
         * @throws dev.quire.errors.PluginConflictException when two plugins of one kind claim one id and none was
         *     chosen
         * @throws dev.quire.errors.InvalidArgumentException when a plugin's id is not well formed
         */
        public QuireContext build() {
            return new QuireContext(encodings.build(REMEDY), layouts.build(REMEDY), compressors.build(REMEDY),
                    strategies.build(REMEDY), IoProviders.of(io.build(REMEDY), settings), settings);
        }

        private PluginRegistry.Builder<?> registry(Class<?> kind) {
            if (kind == ArrayEncoding.class) {
                return encodings;
            } else if (kind == LayoutVTable.class) {
                return layouts;
            } else if (kind == ArrayCompressor.class) {
                return compressors;
            } else if (kind == ColumnStrategy.class) {
                return strategies;
            } else if (kind == IoProvider.class) {
                return io;
            }
            throw new dev.quire.errors.InvalidArgumentException(kind.getName() + " is not a kind of Quire plugin"
                    + " (ArrayEncoding, LayoutVTable, ArrayCompressor, ColumnStrategy or IoProvider)");
        }
    }

    private static boolean dotted(String id) {
        return DOTTED_ID.matcher(id).matches();
    }
}
