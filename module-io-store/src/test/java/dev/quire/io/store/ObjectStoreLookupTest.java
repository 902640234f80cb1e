package dev.quire.io.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.io.spi.Availability;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProvider;
import dev.quire.io.spi.IoProviders;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.StoreLocation;
import dev.quire.io.store.internal.HttpIoProvider;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding the store a URI names, for writing, through the providers of a set: the provider that hands out stores
 * wins, providers that only read (http) are passed over with the reason, and a URI nobody writes is a typed error
 * naming it.
 */
class ObjectStoreLookupTest {
    @TempDir
    Path root;

    /** {@code dir:/key} URIs as objects of a local-directory store rooted at one directory. */
    static final class DirectoryProvider implements IoProvider {
        private final Path root;

        DirectoryProvider(Path root) {
            this.root = root;
        }

        @Override
        public String name() {
            return "dir";
        }

        @Override
        public int priority() {
            return 1;
        }

        @Override
        public boolean supports(URI uri) {
            return "dir".equals(uri.getScheme());
        }

        @Override
        public Availability availability() {
            return Availability.yes();
        }

        @Override
        public ReadAt open(URI uri, IoOptions options) {
            StoreLocation location = objectStore(uri, options).orElseThrow();
            return StoreReadAt.open(location.store(), location.key(), StoreReadOptions.from(options.settings()));
        }

        @Override
        public Optional<StoreLocation> objectStore(URI uri, IoOptions options) {
            String path = uri.getPath();
            if (path == null || path.length() < 2) {
                throw new InvalidArgumentException("a dir: URI names a key, got " + uri);
            }
            return Optional.of(new StoreLocation(LocalDirectoryStore.open(root), path.substring(1)));
        }
    }

    private IoProviders providers(Settings settings) {
        return IoProviders.of(IoProviders.registryBuilder()
                .addAll(List.of(new DirectoryProvider(root), new HttpIoProvider()))
                .build(""), settings);
    }

    @Test
    void theProviderThatHandsOutStoresWritesItsUris() throws IOException {
        // quire.io names how files are read; it does not choose where a write goes.
        IoProviders providers = providers(Settings.defaults().with(IoProviders.PROVIDER, "http"));
        StoreLocation location = providers.objectStore(URI.create("dir:/out/a.bin"), IoOptions.defaults());
        assertEquals("out/a.bin", location.key());
        assertEquals(root.resolve("out/a.bin").toUri(), location.uri());
        byte[] bytes = "written through the store".getBytes(StandardCharsets.UTF_8);
        try (StoreOutput out = StoreOutput.create(location.store(), location.key())) {
            out.write(ByteBuffer.wrap(bytes));
            assertFalse(Files.exists(root.resolve("out/a.bin")), "visible before commit");
            out.commit();
        } finally {
            location.store().close();
        }
        assertArrayEquals(bytes, Files.readAllBytes(root.resolve("out/a.bin")));
    }

    @Test
    void aUriOnlyReadProvidersServeIsRefusedNamingIt() {
        UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class,
                () -> providers(Settings.defaults()).objectStore(URI.create("https://example.org/a.vortex"),
                        IoOptions.defaults()));
        assertTrue(e.getMessage().contains("https://example.org/a.vortex"), e.getMessage());
        assertTrue(e.getMessage().contains("http (reads only)"), e.getMessage());
        assertTrue(e.getMessage().contains("dir (other scheme)"), e.getMessage());
    }

    @Test
    void aSchemeNobodyServesIsRefusedNamingIt() {
        UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class,
                () -> providers(Settings.defaults()).objectStore(URI.create("gs://bucket/key"), IoOptions.defaults()));
        assertTrue(e.getMessage().startsWith("no available I/O provider writes gs://bucket/key"), e.getMessage());
    }

    @Test
    void aMalformedUriOfAStoresSchemeIsTheProvidersError() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> providers(Settings.defaults()).objectStore(URI.create("dir:/"), IoOptions.defaults()));
        assertTrue(e.getMessage().contains("dir:/"), e.getMessage());
    }
}
