package dev.quire.io.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.posix.internal.MappedReadAt;
import dev.quire.io.posix.internal.MmapIoProvider;
import dev.quire.io.posix.internal.PosixIoProvider;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProvider;
import dev.quire.io.spi.IoProviders;
import dev.quire.io.spi.ReadAt;
import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link IoProviders} with this module's providers on the module path: found through {@code provides} in the
 * module's descriptor, chosen by name, by the {@code quire.io} setting of the set, or as the best available provider
 * for a URI ({@code mmap}, which outranks {@code posix}).
 */
class IoProvidersDiscoveryTest {
    @TempDir
    Path dir;

    private final IoProviders providers = IoProviders.load(Settings.defaults());

    private URI file() throws IOException {
        return Files.write(dir.resolve("f.bin"), new byte[] {7, 8, 9}).toUri();
    }

    private static IoProviders naming(String provider) {
        return IoProviders.load(Settings.of(Map.of("quire.io", provider), Map.of()));
    }

    @Test
    void posixIsDiscoveredFromTheModuleDescriptor() {
        List<IoProvider> all = providers.all();
        assertEquals(List.of("mmap", "posix"), all.stream().map(IoProvider::name).toList(), "highest priority first");
        IoProvider posix = providers.byName("posix");
        assertInstanceOf(PosixIoProvider.class, posix);
        assertEquals("dev.quire.io.posix", posix.getClass().getModule().getName());
        assertTrue(PosixIoProvider.class.getModule().getDescriptor().provides().stream()
                .anyMatch(p -> p.service().equals(IoProvider.class.getName())
                        && p.providers().equals(List.of(MmapIoProvider.class.getName(),
                                PosixIoProvider.class.getName()))));
        assertSame(posix, providers.byName("posix"), "a set holds one instance of each provider");
        assertEquals(2, IoProviders.discover(IoProviders.class.getClassLoader()).size());
    }

    @Test
    void theBestAvailableProviderServesFileUris() throws IOException {
        URI uri = file();
        assertEquals("mmap", providers.choose(uri, IoOptions.defaults()).name());
        try (ReadAt in = providers.open(uri, IoOptions.defaults())) {
            assertInstanceOf(MappedReadAt.class, in);
            assertEquals(3, in.size());
            assertEquals(9, in.readFully(2, 1, 1).get(ValueLayout.JAVA_BYTE, 0));
        }
        try (ReadAt in = providers.readers().open(uri)) {
            assertEquals(3, in.size());
        }
    }

    @Test
    void aProviderCanBeNamedInTheOptions() throws IOException {
        IoOptions options = IoOptions.defaults().withProvider("posix");
        assertEquals("posix", providers.choose(file(), options).name());
        try (ReadAt in = providers.readers(options).open(file())) {
            assertEquals(3, in.size());
        }
    }

    @Test
    void anUnknownNameFailsListingTheProvidersFound() throws IOException {
        URI uri = file();
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> providers.choose(uri, IoOptions.defaults().withProvider("uring")));
        assertEquals("no I/O provider named `uring`; found: [mmap, posix]", e.getMessage());
    }

    @Test
    void theSettingNamesTheProviderWhenTheOptionsDoNot() throws IOException {
        URI uri = file();
        assertEquals("posix", naming("posix").choose(uri, IoOptions.defaults()).name());
        assertEquals("mmap", providers.choose(uri, IoOptions.defaults()).name(), "another set is not affected");

        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> naming("tiered").open(uri, IoOptions.defaults()));
        assertEquals("no I/O provider named `tiered` (setting quire.io, system property quire.io); found: "
                + "[mmap, posix]", e.getMessage());
    }

    @Test
    void theOptionsWinOverTheSetting() throws IOException {
        assertEquals("posix", naming("tiered").choose(file(), IoOptions.defaults().withProvider("posix")).name());
    }

    @Test
    void anEmptySettingMeansNoChoice() throws IOException {
        assertEquals("mmap", naming("").choose(file(), IoOptions.defaults()).name());
    }

    @Test
    void aUriNoProviderSupportsIsAClearError() {
        URI s3 = URI.create("s3://bucket/data.vortex");
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> providers.open(s3, IoOptions.defaults()));
        assertEquals("no available I/O provider can read s3://bucket/data.vortex; found: [mmap (other scheme), "
                + "posix (other scheme)]", e.getMessage());
    }

    @Test
    void aNamedProviderThatCannotReadTheUriIsAClearError() {
        URI s3 = URI.create("s3://bucket/data.vortex");
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> providers.choose(s3, IoOptions.defaults().withProvider("posix")));
        assertEquals("I/O provider `posix` cannot read s3://bucket/data.vortex", e.getMessage());
    }
}
