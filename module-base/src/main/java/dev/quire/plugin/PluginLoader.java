package dev.quire.plugin;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Instantiates the providers a {@link ServiceLoader} finds. The loader is made by the module that declares
 * {@code uses} for the service (the JDK checks the caller of {@code ServiceLoader.load}), and handed here so that
 * every kind of plugin is loaded the same way: a provider that fails to load is logged and skipped, never fatal, since
 * it can serve nothing.
 */
public final class PluginLoader {
    private static final System.Logger LOG = System.getLogger(PluginLoader.class.getName());

    private PluginLoader() {}

    /** Every provider {@code loader} yields, in its order, skipping (and logging) those that fail to load. */
    public static <T> List<T> load(ServiceLoader<T> loader, String kind) {
        List<T> providers = new ArrayList<>();
        Iterator<T> it = loader.iterator();
        while (true) {
            try {
                if (!it.hasNext()) {
                    break;
                }
                providers.add(it.next());
            } catch (ServiceConfigurationError e) {
                LOG.log(System.Logger.Level.WARNING, "skipping a " + kind + " that failed to load", e);
            }
        }
        return providers;
    }

    /**
     * Where a plugin's class comes from, for messages: {@code module dev.quire.encodings} on the module path, else
     * {@code class path (/path/to/plugin.jar)}.
     */
    public static String origin(Object plugin) {
        Class<?> type = plugin.getClass();
        Module module = type.getModule();
        if (module.isNamed()) {
            return "module " + module.getName();
        }
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return "class path";
        }
        try {
            return "class path (" + Path.of(source.getLocation().toURI()) + ")";
        } catch (URISyntaxException | IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return "class path (" + source.getLocation() + ")";
        }
    }
}
