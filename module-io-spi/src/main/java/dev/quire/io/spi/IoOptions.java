package dev.quire.io.spi;

import java.util.Objects;
import java.util.Optional;

/**
 * Options for opening files. {@code provider} names the provider to use; when empty, the {@value #PROVIDER_PROPERTY}
 * system property is consulted, and then the best available provider for the URI is chosen.
 */
public record IoOptions(Optional<String> provider) {
    /** System property naming the provider to use when the options name none. */
    public static final String PROVIDER_PROPERTY = "quire.io";

    public IoOptions {
        Objects.requireNonNull(provider, "provider is null");
    }

    public static IoOptions defaults() {
        return new IoOptions(Optional.empty());
    }

    public IoOptions withProvider(String name) {
        return new IoOptions(Optional.of(Objects.requireNonNull(name, "name is null")));
    }
}
