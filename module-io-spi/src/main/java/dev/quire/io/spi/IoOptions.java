package dev.quire.io.spi;

import dev.quire.config.Settings;
import java.util.Objects;
import java.util.Optional;

/**
 * Options for opening one file: the provider to read it with, if the caller names one, and the settings the provider
 * reads at {@link IoProvider#open} (the {@code posix} provider's fast-path window, say). When {@code provider} is
 * empty, {@link IoProviders#choose} takes the provider its own settings name, else the best available one.
 *
 * @param provider the name of the provider to read with, or empty to let {@link IoProviders} choose
 * @param settings what providers read their configuration from
 */
public record IoOptions(Optional<String> provider, Settings settings) {
    public IoOptions {
        Objects.requireNonNull(provider, "provider is null");
        Objects.requireNonNull(settings, "settings is null");
    }

    /** No provider named, every setting at its default: no system property or environment variable is read. */
    public static IoOptions defaults() {
        return of(Settings.defaults());
    }

    /** No provider named, providers configured by {@code settings}. */
    public static IoOptions of(Settings settings) {
        return new IoOptions(Optional.empty(), settings);
    }

    /** These options with the provider named {@code name}. */
    public IoOptions withProvider(String name) {
        return new IoOptions(Optional.of(Objects.requireNonNull(name, "name is null")), settings);
    }
}
