package dev.quire.io.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class IoOptionsTest {
    @Test
    void defaultsNameNoProvider() {
        assertTrue(IoOptions.defaults().provider().isEmpty());
        assertEquals("quire.io", IoOptions.PROVIDER_PROPERTY);
    }

    @Test
    void withProviderReturnsANewRecord() {
        IoOptions defaults = IoOptions.defaults();
        IoOptions named = defaults.withProvider("posix");
        assertEquals(Optional.of("posix"), named.provider());
        assertTrue(defaults.provider().isEmpty(), "options are immutable");
    }

    @Test
    void nullsAreRejected() {
        assertThrows(NullPointerException.class, () -> new IoOptions(null));
        assertThrows(NullPointerException.class, () -> IoOptions.defaults().withProvider(null));
    }
}
