package dev.quire.io.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.config.Settings;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class IoOptionsTest {
    @Test
    void defaultsNameNoProviderAndReadNoEnvironment() {
        assertTrue(IoOptions.defaults().provider().isEmpty());
        assertSame(Settings.defaults(), IoOptions.defaults().settings());
        assertEquals("quire.io", IoProviders.PROVIDER.key());
        assertEquals("QUIRE_IO", IoProviders.PROVIDER.environmentVariable());
    }

    @Test
    void withProviderReturnsANewRecordWithTheSameSettings() {
        Settings settings = Settings.of(Map.of("quire.io", "mmap"), Map.of());
        IoOptions options = IoOptions.of(settings);
        IoOptions named = options.withProvider("posix");
        assertEquals(Optional.of("posix"), named.provider());
        assertSame(settings, named.settings());
        assertTrue(options.provider().isEmpty(), "options are immutable");
    }

    @Test
    void nullsAreRejected() {
        assertThrows(NullPointerException.class, () -> new IoOptions(null, Settings.defaults()));
        assertThrows(NullPointerException.class, () -> new IoOptions(Optional.empty(), null));
        assertThrows(NullPointerException.class, () -> IoOptions.of(null));
        assertThrows(NullPointerException.class, () -> IoOptions.defaults().withProvider(null));
    }
}
