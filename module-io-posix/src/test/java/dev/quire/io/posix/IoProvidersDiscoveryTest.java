package dev.quire.io.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProvider;
import dev.quire.io.spi.IoProviders;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.ReadAtFactory;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link IoProviders} with this module's providers on the module path: found through {@code provides} in the
 * module's descriptor, chosen by name, by the {@code quire.io} property, or as the best available provider for a URI
 * ({@code mmap}, which outranks {@code posix}).
 */
class IoProvidersDiscoveryTest {
    @TempDir
    Path dir;

    @AfterEach
    void clearProperty() {
        System.clearProperty(IoOptions.PROVIDER_PROPERTY);
    }

    private URI file() throws IOException {
        return Files.write(dir.resolve("f.bin"), new byte[] {7, 8, 9}).toUri();
    }

    @Test
    void posixIsDiscoveredFromTheModuleDescriptor() {
        List<IoProvider> all = IoProviders.all();
        assertEquals(List.of("mmap", "posix"), all.stream().map(IoProvider::name).toList(), "highest priority first");
        IoProvider posix = IoProviders.byName("posix");
        assertInstanceOf(PosixIoProvider.class, posix);
        assertEquals("dev.quire.io.posix", posix.getClass().getModule().getName());
        assertTrue(PosixIoProvider.class.getModule().getDescriptor().provides().stream()
                .anyMatch(p -> p.service().equals(IoProvider.class.getName())
                        && p.providers().equals(List.of(MmapIoProvider.class.getName(),
                                PosixIoProvider.class.getName()))));
        assertSame(posix, IoProviders.byName("posix"), "providers are loaded once");
    }

    @Test
    void theBestAvailableProviderServesFileUris() throws IOException {
        URI uri = file();
        assertEquals("mmap", IoProviders.choose(uri, IoOptions.defaults()).name());
        try (ReadAt in = IoProviders.open(uri, IoOptions.defaults())) {
            assertInstanceOf(MappedReadAt.class, in);
            assertEquals(3, in.size());
        }
        try (ReadAt in = IoProviders.open(Path.of(uri))) {
            assertEquals(9, in.readFully(2, 1, 1).get(java.lang.foreign.ValueLayout.JAVA_BYTE, 0));
        }
        try (ReadAt in = ReadAtFactory.defaults().open(uri)) {
            assertEquals(3, in.size());
        }
    }

    @Test
    void aRelativePathIsOpenedAsAnAbsoluteFileUri() throws IOException {
        Path absolute = Path.of(file());
        Path relative = Path.of("").toAbsolutePath().relativize(absolute);
        try (ReadAt in = IoProviders.open(relative)) {
            assertEquals(absolute, Path.of(in.name()).normalize());
            assertEquals(3, in.size());
        }
    }

    @Test
    void aProviderCanBeNamedInTheOptions() throws IOException {
        IoOptions options = IoOptions.defaults().withProvider("posix");
        assertEquals("posix", IoProviders.choose(file(), options).name());
        try (ReadAt in = ReadAtFactory.providers(options).open(file())) {
            assertEquals(3, in.size());
        }
    }

    @Test
    void anUnknownNameFailsListingTheProvidersFound() throws IOException {
        URI uri = file();
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> IoProviders.choose(uri, IoOptions.defaults().withProvider("uring")));
        assertEquals("no I/O provider named `uring`; found: [mmap, posix]", e.getMessage());
    }

    @Test
    void theSystemPropertyNamesTheProviderWhenTheOptionsDoNot() throws IOException {
        URI uri = file();
        System.setProperty(IoOptions.PROVIDER_PROPERTY, "posix");
        assertEquals("posix", IoProviders.choose(uri, IoOptions.defaults()).name());

        System.setProperty(IoOptions.PROVIDER_PROPERTY, "tiered");
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> IoProviders.open(uri, IoOptions.defaults()));
        assertTrue(e.getMessage().contains("`tiered`"), e.getMessage());
        assertTrue(e.getMessage().contains("[mmap, posix]"), e.getMessage());
    }

    @Test
    void theOptionsWinOverTheSystemProperty() throws IOException {
        System.setProperty(IoOptions.PROVIDER_PROPERTY, "tiered");
        assertEquals("posix", IoProviders.choose(file(), IoOptions.defaults().withProvider("posix")).name());
    }

    @Test
    void anEmptySystemPropertyMeansNoChoice() throws IOException {
        System.setProperty(IoOptions.PROVIDER_PROPERTY, "");
        assertEquals("mmap", IoProviders.choose(file(), IoOptions.defaults()).name());
    }

    @Test
    void aUriNoProviderSupportsIsAClearError() {
        URI s3 = URI.create("s3://bucket/data.vortex");
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> IoProviders.open(s3, IoOptions.defaults()));
        assertEquals("no available I/O provider can read s3://bucket/data.vortex; found: [mmap (other scheme), posix (other scheme)]",
                e.getMessage());
    }

    @Test
    void aNamedProviderThatCannotReadTheUriIsAClearError() {
        URI s3 = URI.create("s3://bucket/data.vortex");
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> IoProviders.choose(s3, IoOptions.defaults().withProvider("posix")));
        assertEquals("I/O provider `posix` cannot read s3://bucket/data.vortex", e.getMessage());
    }
}
