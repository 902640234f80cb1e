package dev.quire.layout.spi;

import dev.quire.errors.ErrorCode;
import dev.quire.errors.QuireException;
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

    private static final System.Logger LOG = System.getLogger(Registry.class.getName());

    private final String kind;
    private final Map<String, T> byId;
    /** Ids that more than one provider claims: unusable, since reading with the wrong one gives wrong data. */
    private final Map<String, String> conflicts;

    private Registry(String kind, Map<String, T> byId, Map<String, String> conflicts) {
        this.kind = kind;
        this.byId = byId;
        this.conflicts = conflicts;
    }

    static <T> Registry<T> load(String kind, Class<T> service, Function<T, String> idOf) {
        List<T> providers = new ArrayList<>();
        ServiceLoader<T> loader = ServiceLoader.load(service, Registry.class.getClassLoader());
        var it = loader.iterator();
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
        return of(kind, providers, idOf);
    }

    static <T> Registry<T> of(String kind, List<T> providers, Function<T, String> idOf) {
        Map<String, T> byId = new LinkedHashMap<>();
        Map<String, String> conflicts = new LinkedHashMap<>();
        for (T provider : providers) {
            add(kind, byId, conflicts, provider, idOf.apply(provider));
        }
        for (String id : conflicts.keySet()) {
            byId.remove(id);
        }
        return new Registry<>(kind, Map.copyOf(byId), Map.copyOf(conflicts));
    }

    private static <T> void add(String kind, Map<String, T> byId, Map<String, String> conflicts, T provider,
            String id) {
        if (id == null || !VALID_ID.matcher(id).matches()) {
            LOG.log(System.Logger.Level.WARNING, "skipping " + provider.getClass().getName() + ": its " + kind
                    + " id `" + id + "` is not a dotted lower-case name such as vortex.flat");
            return;
        }
        T previous = byId.putIfAbsent(id, provider);
        if (previous != null && previous.getClass() != provider.getClass()) {
            String message = "two " + kind + "s claim id `" + id + "`: " + previous.getClass().getName() + " and "
                    + provider.getClass().getName() + "; remove one of them from the module or class path";
            LOG.log(System.Logger.Level.WARNING, message);
            conflicts.merge(id, message, (a, b) -> a + "; " + b);
        }
    }

    Optional<T> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    T get(String id) {
        T found = byId.get(id);
        if (found == null) {
            String conflict = conflicts.get(id);
            if (conflict != null) {
                throw new QuireException(ErrorCode.UNKNOWN_ENCODING, conflict);
            }
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
