package dev.quire.layout.spi;

import dev.quire.errors.UnknownEncodingException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Function;
import java.util.regex.Pattern;

/** A name-keyed, immutable map of service providers, loaded once through {@link ServiceLoader}. */
final class Registry<T> {
    private static final Pattern VALID_ID = Pattern.compile("[a-z0-9_]+(\\.[a-z0-9_]+)+");

    /** Which Quire module provides ids that are not in the core, so a failed lookup can say what to add. */
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

    private final String kind;
    private final Map<String, T> byId;

    private Registry(String kind, Map<String, T> byId) {
        this.kind = kind;
        this.byId = byId;
    }

    static <T> Registry<T> load(String kind, Class<T> service, Function<T, String> idOf) {
        Map<String, T> byId = new LinkedHashMap<>();
        ServiceLoader<T> loader = ServiceLoader.load(service, Registry.class.getClassLoader());
        var it = loader.iterator();
        while (true) {
            T provider;
            try {
                if (!it.hasNext()) {
                    break;
                }
                provider = it.next();
            } catch (ServiceConfigurationError e) {
                System.getLogger(Registry.class.getName())
                        .log(System.Logger.Level.WARNING, "skipping a " + kind + " that failed to load", e);
                continue;
            }
            add(kind, byId, provider, idOf.apply(provider));
        }
        return new Registry<>(kind, Map.copyOf(byId));
    }

    private static <T> void add(String kind, Map<String, T> byId, T provider, String id) {
        if (id == null || !VALID_ID.matcher(id).matches()) {
            throw new IllegalStateException(provider.getClass().getName() + " declares an invalid " + kind + " id `"
                    + id + "`: ids are dotted lower-case names such as vortex.flat");
        }
        T previous = byId.putIfAbsent(id, provider);
        if (previous != null && previous.getClass() != provider.getClass()) {
            throw new IllegalStateException("two " + kind + "s claim id `" + id + "`: "
                    + previous.getClass().getName() + " and " + provider.getClass().getName());
        }
    }

    Optional<T> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    T get(String id) {
        T found = byId.get(id);
        if (found == null) {
            throw new UnknownEncodingException(kind, id, byId.keySet(), hint(id));
        }
        return found;
    }

    List<String> ids() {
        List<String> ids = new ArrayList<>(byId.keySet());
        ids.sort(null);
        return ids;
    }

    private static String hint(String id) {
        for (var e : PROVIDING_MODULE.entrySet()) {
            if (id.equals(e.getKey()) || (e.getKey().endsWith(".") && id.startsWith(e.getKey()))) {
                return "provided by module " + e.getValue() + "; add it to the module path or class path";
            }
        }
        return "";
    }
}
