package dev.quire.io.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    @Test
    void nothingIsFound() {
        assertEquals(0, IoProviders.all().size(), String.valueOf(IoProviders.all()));
    }

    @Test
    void anUnknownNameIsAClearError() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> IoProviders.byName("posix"));
        assertEquals("no I/O provider named `posix`; found: []", e.getMessage());
    }

    @Test
    void openingWithoutProvidersSaysSo() {
        URI uri = Path.of("/tmp/x.vortex").toUri();
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> IoProviders.open(uri, IoOptions.defaults()));
        assertTrue(e.getMessage().startsWith("no available I/O provider can read " + uri), e.getMessage());
        assertThrows(InvalidArgumentException.class, () -> ReadAtFactory.defaults().open(uri));
    }

    @Test
    void aNameIsRequired() {
        assertThrows(NullPointerException.class, () -> IoProviders.byName(null));
    }
}
