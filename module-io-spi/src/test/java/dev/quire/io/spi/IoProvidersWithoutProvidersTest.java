package dev.quire.io.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * This module provides no {@link IoProvider} and its tests have none on the module path, so these check the errors a
 * user sees when no provider module was added. Discovery and selection with real providers are tested in
 * {@code module-io-posix} and {@code module-test-plugin}.
 */
class IoProvidersWithoutProvidersTest {
    private final IoProviders providers = IoProviders.load(Settings.defaults());

    @Test
    void nothingIsFound() {
        assertEquals(0, providers.all().size(), String.valueOf(providers.all()));
        assertEquals(0, IoProviders.discover(IoProviders.class.getClassLoader()).size());
    }

    @Test
    void anUnknownNameIsAClearError() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> providers.byName("posix"));
        assertEquals("no I/O provider named `posix`; found: []", e.getMessage());
    }

    @Test
    void openingWithoutProvidersSaysSo() {
        URI uri = Path.of("/tmp/x.vortex").toUri();
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> providers.open(uri, IoOptions.defaults()));
        assertTrue(e.getMessage().startsWith("no available I/O provider can read " + uri), e.getMessage());
        assertThrows(InvalidArgumentException.class, () -> providers.readers().open(uri));
    }

    @Test
    void aNameIsRequired() {
        assertThrows(NullPointerException.class, () -> providers.byName(null));
    }
}
