package dev.quire.io.uring.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.spi.Coalescing;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProviders;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.uring.UringOptions;
import dev.quire.io.uring.UringSettings;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

@EnabledOnOs(value = OS.LINUX, disabledReason = "io_uring is Linux only")
class UringIoProviderTest {
    @TempDir
    Path dir;

    @Test
    void isFoundByNameAvailableHereAndReadsThroughTheProviderSet() throws Exception {
        Path file = dir.resolve("f.bin");
        byte[] bytes = TestFiles.write(file, 100_000, 8);
        Settings settings = Settings.defaults().with(UringSettings.QUEUE_DEPTH, 16).with(UringSettings.DIRECT, true)
                .with(UringSettings.COALESCING, "fifo");
        IoProviders providers = IoProviders.load(settings);
        var uring = providers.byName("uring");
        assertTrue(uring.availability().available(), uring.availability().reason());
        assertTrue(uring.availability().reason().startsWith("io_uring with "), uring.availability().reason());
        assertTrue(providers.all().indexOf(uring) < providers.all().indexOf(providers.byName("posix")),
                "uring ranks above posix");
        try (ReadAt in = providers.open(file.toUri(), IoOptions.of(settings).withProvider("uring"))) {
            UringReadAt reader = assertInstanceOf(UringReadAt.class, in);
            assertEquals(new UringOptions(16, 1, true, Coalescing.fifo(), true), reader.options());
            assertEquals(Coalescing.fifo(), in.coalescing());
            assertTrue(reader.direct());
            TestFiles.assertBytes(bytes, 99_000, 1000, in.readFully(99_000, 1000, 1), "last bytes");
        }
    }

    @Test
    void badSettingsAndUrisFailNamingThem() {
        Settings bad = Settings.of(Map.of("quire.io.uring.queueDepth", "0"), Map.of());
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> UringOptions.from(bad));
        assertTrue(e.getMessage().contains("quire.io.uring.queueDepth"), e.getMessage());
        assertThrows(InvalidArgumentException.class, () -> new UringOptions(64, 3, false, Coalescing.defaults(), true));
        Settings order = Settings.of(Map.of("quire.io.uring.coalescing", "lifo"), Map.of());
        InvalidArgumentException o = assertThrows(InvalidArgumentException.class, () -> UringOptions.from(order));
        assertTrue(o.getMessage().contains("quire.io.uring.coalescing"), o.getMessage());
        assertEquals(Coalescing.defaults(), UringOptions.from(Settings.defaults()).coalescing());
        UringIoProvider provider = new UringIoProvider();
        assertThrows(InvalidArgumentException.class,
                () -> provider.open(URI.create("s3://bucket/key"), IoOptions.defaults()));
        assertThrows(dev.quire.errors.QuireIoException.class,
                () -> provider.open(dir.resolve("missing").toUri(), IoOptions.defaults()));
    }
}
