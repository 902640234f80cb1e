package dev.quire.plugin;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.PluginConflictException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Plugins of one kind (array encodings, layouts, I/O providers, ...) keyed by id: immutable, and built with one policy
 * for every kind. An id that several plugins of different classes claim is a {@link PluginConflictException} when the
 * registry is built, naming each claimant and where it came from, unless the builder {@linkplain Builder#choose chose}
 * one of them; an id that is not well formed is an {@link InvalidArgumentException} naming the plugin. The same class
 * added twice with one id (found on the path and added in code, say) counts once, as the instance added last; one
 * class may serve several ids through several instances.
 *
 * @param <T> the plugin interface
 */
public final class PluginRegistry<T> {
    private final String kind;
    private final Map<String, T> byId;
    private final List<T> all;
    private final List<String> sortedIds;

    private PluginRegistry(String kind, Map<String, T> byId) {
        this.kind = kind;
        this.byId = byId;
        this.all = List.copyOf(byId.values());
        List<String> ids = new ArrayList<>(byId.keySet());
        ids.sort(null);
        this.sortedIds = List.copyOf(ids);
    }

    /**
     * A builder of a registry of {@code kind} (a phrase for messages, such as {@code array encoding}).
     *
     * @param idOf a plugin's id
     * @param validId which ids are well formed
     * @param idForm what a well-formed id looks like, for the error ({@code a dotted lower-case name})
     */
    public static <T> Builder<T> builder(String kind, Function<? super T, String> idOf, Predicate<String> validId,
            String idForm) {
        return new Builder<>(kind, idOf, validId, idForm);
    }

    /** What the plugins are, such as {@code array encoding}. */
    public String kind() {
        return kind;
    }

    /** The plugin with this id. */
    public Optional<T> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** Every id, sorted. */
    public List<String> ids() {
        return sortedIds;
    }

    /** Every plugin, in the order they were added. */
    public List<T> all() {
        return all;
    }

    public int size() {
        return byId.size();
    }

    /** A builder that starts from this registry's plugins. */
    public Builder<T> toBuilder(Function<? super T, String> idOf, Predicate<String> validId, String idForm) {
        Builder<T> b = builder(kind, idOf, validId, idForm);
        all.forEach(b::add);
        return b;
    }

    /**
     * Collects plugins, then builds the registry. Not thread-safe.
     *
     * @param <T> the plugin interface
     */
    public static final class Builder<T> {
        private final String kind;
        private final Function<? super T, String> idOf;
        private final Predicate<String> validId;
        private final String idForm;
        private final List<T> plugins = new ArrayList<>();
        private final List<Class<?>> chosen = new ArrayList<>();

        private Builder(String kind, Function<? super T, String> idOf, Predicate<String> validId, String idForm) {
            this.kind = Objects.requireNonNull(kind, "kind is null");
            this.idOf = Objects.requireNonNull(idOf, "idOf is null");
            this.validId = Objects.requireNonNull(validId, "validId is null");
            this.idForm = Objects.requireNonNull(idForm, "idForm is null");
        }

        /** Adds a plugin; one of the same class with the same id already added is replaced. */
        public Builder<T> add(T plugin) {
            Objects.requireNonNull(plugin, kind + " is null");
            String id = idOf.apply(plugin);
            plugins.removeIf(p -> p.getClass() == plugin.getClass() && Objects.equals(idOf.apply(p), id));
            plugins.add(plugin);
            return this;
        }

        public Builder<T> addAll(Iterable<? extends T> more) {
            more.forEach(this::add);
            return this;
        }

        /** Removes every plugin with this id. */
        public Builder<T> remove(String id) {
            Objects.requireNonNull(id, "id is null");
            plugins.removeIf(p -> id.equals(idOf.apply(p)));
            return this;
        }

        /** Removes every plugin {@code which} accepts. */
        public Builder<T> removeIf(Predicate<? super T> which) {
            plugins.removeIf(which);
            return this;
        }

        /**
         * Where several plugins claim one id, keeps the one of class {@code type} (exactly that class) and drops the
         * others. Has no effect on ids that {@code type} does not claim.
         */
        public Builder<T> choose(Class<?> type) {
            chosen.add(Objects.requireNonNull(type, "type is null"));
            return this;
        }

        /**
         * The registry.
         *
         * @param remedy how a user chooses between conflicting plugins, for the conflict's message (such as
         *     {@code choose one with QuireContext.builder().choose(Class)}); may be empty
         * @throws PluginConflictException when plugins of different classes claim one id and none was chosen
         * @throws InvalidArgumentException when a plugin's id is not well formed
         */
        public PluginRegistry<T> build(String remedy) {
            Map<String, List<T>> claims = new LinkedHashMap<>();
            for (T plugin : plugins) {
                String id = idOf.apply(plugin);
                if (id == null || !validId.test(id)) {
                    throw new InvalidArgumentException(kind + " " + plugin.getClass().getName() + " from "
                            + PluginLoader.origin(plugin) + " has id `" + id + "`, which is not " + idForm);
                }
                claims.computeIfAbsent(id, k -> new ArrayList<>()).add(plugin);
            }
            Map<String, T> byId = new LinkedHashMap<>();
            for (var claim : claims.entrySet()) {
                List<T> claimants = claim.getValue();
                if (claimants.size() > 1) {
                    List<T> picked = claimants.stream().filter(p -> chosen.contains(p.getClass())).toList();
                    if (picked.size() != 1) {
                        throw new PluginConflictException(kind, claim.getKey(), claimants.stream()
                                .map(p -> p.getClass().getName() + " (" + PluginLoader.origin(p) + ")").toList(),
                                remedy);
                    }
                    claimants = picked;
                }
                byId.put(claim.getKey(), claimants.getFirst());
            }
            return new PluginRegistry<>(kind, byId);
        }
    }
}
