package dev.quire.bench.runner.spi;

import dev.quire.plugin.PluginLoader;
import dev.quire.plugin.PluginRegistry;
import java.util.List;
import java.util.ServiceLoader;

/** The engines on the module path or class path, found as Quire finds every plugin. */
public final class Engines {
    private Engines() {}

    /** What the runner calls its engines in messages about plugins. */
    public static final String KIND = "benchmark engine";

    /**
     * The engines {@link ServiceLoader} finds, in the order it finds them, loaded through {@link PluginLoader}: one that
     * fails to load is logged and skipped, and two engines of different classes with one name are a
     * {@link dev.quire.errors.PluginConflictException} naming both and the module or jar each came from.
     */
    public static List<Engine> discovered() {
        return unique(PluginLoader.load(ServiceLoader.load(Engine.class, Engines.class.getClassLoader()), KIND));
    }

    /** {@code found} under the plugin registries' duplicate policy: one engine per name, else the conflict. */
    static List<Engine> unique(List<Engine> found) {
        return PluginRegistry.builder(KIND, Engine::name, n -> !n.isBlank() && n.strip().equals(n),
                "a name without surrounding spaces").addAll(found)
                .build("leave one of them off the path").all();
    }
}
