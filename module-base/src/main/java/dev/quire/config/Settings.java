package dev.quire.config;

import dev.quire.errors.InvalidArgumentException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An immutable set of setting values. A value is looked up by its {@link Setting}: the value given in code
 * ({@link #with}), else the system property named by the setting's key, else its environment variable, else its
 * default. System properties and environment variables are read once, when {@link #fromEnvironment()} takes its
 * snapshot, so changing them later changes nothing for settings already made.
 *
 * <p>Text values are parsed on first lookup and kept; a value that does not parse fails every lookup with an
 * {@link InvalidArgumentException} naming the setting and where its text came from. Thread-safe.
 */
public final class Settings {
    private static final Settings NONE = new Settings(Map.of(), Map.of(), Map.of());

    /** {@code quire.*} system properties at the snapshot. */
    private final Map<String, String> properties;
    /** {@code QUIRE_*} environment variables at the snapshot. */
    private final Map<String, String> environment;
    /** Values given in code, by key: either a typed value or a {@link Text}. */
    private final Map<String, Object> given;
    /** Values looked up so far, by setting. */
    private final ConcurrentHashMap<Setting<?>, Object> resolved = new ConcurrentHashMap<>();

    /** Text given in code for a key, parsed when its setting is first looked up. */
    private record Text(String value) {}

    private Settings(Map<String, String> properties, Map<String, String> environment, Map<String, Object> given) {
        this.properties = properties;
        this.environment = environment;
        this.given = given;
    }

    /** Every setting at its default: no system property or environment variable is consulted. */
    public static Settings defaults() {
        return NONE;
    }

    /** A snapshot of this JVM's {@code quire.*} system properties and {@code QUIRE_*} environment variables. */
    public static Settings fromEnvironment() {
        Map<String, String> properties = new HashMap<>();
        Properties system = System.getProperties();
        for (String name : system.stringPropertyNames()) {
            if (name.startsWith("quire.")) {
                properties.put(name, system.getProperty(name));
            }
        }
        Map<String, String> environment = new HashMap<>();
        System.getenv().forEach((name, value) -> {
            if (name.startsWith("QUIRE_")) {
                environment.put(name, value);
            }
        });
        return of(properties, environment);
    }

    /** Settings read from these system properties and environment variables (for tests and embedding). */
    public static Settings of(Map<String, String> systemProperties, Map<String, String> environmentVariables) {
        return new Settings(Map.copyOf(systemProperties), Map.copyOf(environmentVariables), Map.of());
    }

    /** These settings with {@code setting} set to {@code value}, which wins over every other source. */
    public <T> Settings with(Setting<T> setting, T value) {
        Objects.requireNonNull(setting, "setting is null");
        Objects.requireNonNull(value, "value of " + setting.key() + " is null");
        return withGiven(setting.key(), setting.type().cast(value));
    }

    /**
     * These settings with the setting keyed {@code key} set from text, as a system property would set it; the text
     * is parsed (and a bad one reported) when the setting is looked up. For command lines and configuration files.
     *
     * @throws InvalidArgumentException when {@code key} is not a setting key ({@code quire.} and dotted names)
     */
    public Settings withText(String key, String text) {
        Objects.requireNonNull(key, "key is null");
        Objects.requireNonNull(text, "text of " + key + " is null");
        if (!key.startsWith("quire.") || key.endsWith(".") || key.contains("..")) {
            throw new InvalidArgumentException("`" + key + "` is not a setting key (quire.something)");
        }
        return withGiven(key, new Text(text));
    }

    private Settings withGiven(String key, Object value) {
        Map<String, Object> next = new HashMap<>(given);
        next.put(key, value);
        return new Settings(properties, environment, Map.copyOf(next));
    }

    /**
     * The value of {@code setting}.
     *
     * @throws InvalidArgumentException when its text does not parse, naming the setting and the text's source
     */
    public <T> T get(Setting<T> setting) {
        Object known = resolved.get(setting);
        if (known == null) {
            known = resolve(setting);
            resolved.putIfAbsent(setting, known);
        }
        return setting.type().cast(known);
    }

    private <T> T resolve(Setting<T> setting) {
        Object value = given.get(setting.key());
        if (value instanceof Text(String text)) {
            return setting.parse(text, "set in code");
        }
        if (value != null) {
            if (!setting.type().isInstance(value)) {
                throw new InvalidArgumentException("setting " + setting.key() + " was given a "
                        + value.getClass().getSimpleName() + ", it takes a " + setting.type().getSimpleName());
            }
            return setting.type().cast(value);
        }
        String text = properties.get(setting.key());
        if (text != null && !text.isBlank()) {
            return setting.parse(text, "system property " + setting.key());
        }
        text = environment.get(setting.environmentVariable());
        if (text != null && !text.isBlank()) {
            return setting.parse(text, "environment variable " + setting.environmentVariable());
        }
        return setting.defaultValue();
    }

    /**
     * Where the value of {@code setting} comes from: {@code set in code}, {@code system property ...},
     * {@code environment variable ...} or {@code default}.
     */
    public String source(Setting<?> setting) {
        if (given.containsKey(setting.key())) {
            return "set in code";
        }
        String text = properties.get(setting.key());
        if (text != null && !text.isBlank()) {
            return "system property " + setting.key();
        }
        text = environment.get(setting.environmentVariable());
        if (text != null && !text.isBlank()) {
            return "environment variable " + setting.environmentVariable();
        }
        return "default";
    }

    @Override
    public String toString() {
        return "Settings" + given.keySet() + " over " + properties.keySet() + " and " + environment.keySet();
    }
}
