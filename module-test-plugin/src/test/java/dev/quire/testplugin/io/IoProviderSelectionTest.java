package dev.quire.testplugin.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.spi.ByteRange;
import dev.quire.io.spi.CountingReadAt;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProvider;
import dev.quire.io.spi.IoProviders;
import dev.quire.io.spi.IoStats;
import dev.quire.io.spi.ReadAt;
import dev.quire.testplugin.internal.io.PatternIoProvider;
import dev.quire.testplugin.internal.io.UnavailableIoProvider;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Provider selection with several providers installed: mmap (priority 20), posix (10) and this plugin's pattern providers
 * (50 and 5) and an unavailable one (1000) that claims file: and pattern URIs.
 */
class IoProviderSelectionTest {
    private static final URI PATTERN = PatternIoProvider.uri(1000);

    @TempDir
    Path dir;

    private final IoProviders providers = IoProviders.load(Settings.defaults());

    private URI file() throws IOException {
        return Files.write(dir.resolve("f.bin"), new byte[] {1, 2, 3}).toUri();
    }

    private static void assertPattern(ReadAt in, long size) {
        assertEquals(size, in.size());
        MemorySegment all = in.readFully(0, size, 8);
        for (long i = 0; i < size; i++) {
            assertEquals(PatternIoProvider.byteAt(i), all.get(ValueLayout.JAVA_BYTE, i), "byte " + i);
        }
    }

    @Test
    void everyProviderIsFoundHighestPriorityFirst() {
        assertEquals(List.of("test-unavailable", "test-pattern", "mmap", "posix", "test-pattern-fallback"),
                providers.all().stream().map(IoProvider::name).toList());
    }

    @Test
    void theBestAvailableProviderWinsAndUnavailableOnesArePassedOver() throws IOException {
        assertEquals("test-pattern", providers.choose(PATTERN, IoOptions.defaults()).name());
        assertEquals("mmap", providers.choose(file(), IoOptions.defaults()).name());
        try (ReadAt in = providers.open(PATTERN, IoOptions.defaults())) {
            assertTrue(in.name().startsWith("test-pattern:"), in.name());
            assertPattern(in, 1000);
        }
    }

    @Test
    void aLowerPriorityProviderIsUsedWhenNamed() {
        IoOptions options = IoOptions.defaults().withProvider(PatternIoProvider.Fallback.NAME);
        try (ReadAt in = providers.open(PATTERN, options)) {
            assertTrue(in.name().startsWith("test-pattern-fallback:"), in.name());
            assertPattern(in, 1000);
        }
    }

    @Test
    void theProviderSettingSelectsAProvider() throws IOException {
        IoProviders fallback = IoProviders.load(
                Settings.defaults().with(IoProviders.PROVIDER, PatternIoProvider.Fallback.NAME));
        IoProviders byProperty = IoProviders.load(Settings.of(Map.of("quire.io", "test-pattern"), Map.of()));
        assertEquals("test-pattern-fallback", fallback.choose(PATTERN, IoOptions.defaults()).name());
        assertEquals("test-pattern", byProperty.choose(PATTERN, IoOptions.defaults()).name(),
                "two sets in one JVM choose by their own settings");
        URI file = file();
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> fallback.choose(file, IoOptions.defaults()));
        assertEquals("I/O provider `test-pattern-fallback` (setting quire.io, set in code) cannot read " + file,
                e.getMessage());
        assertEquals("posix", fallback.choose(file, IoOptions.defaults().withProvider("posix")).name());
    }

    @Test
    void countedReadersAddToTheirProvidersStatistics() {
        IoStats before = providers.stats(PatternIoProvider.Fallback.NAME);
        IoStats otherBefore = providers.stats(PatternIoProvider.NAME);
        IoOptions options = IoOptions.defaults().withProvider(PatternIoProvider.Fallback.NAME);
        try (CountingReadAt in = providers.openCounted(PATTERN, options);
                ReadAt viaFactory = providers.countedReaders(options).open(PATTERN)) {
            assertPattern(in, 1000);
            in.readRanges(List.of(new ByteRange(0, 10), new ByteRange(10, 10)), 1).forEach(ReadAt::await);
            viaFactory.readFully(0, 5, 1);
            assertEquals(3, in.stats().requests());
            assertEquals(2, in.stats().reads(), "the two neighbours were read at once");
            assertEquals(1, in.stats().readsSaved());
            assertInstanceOf(CountingReadAt.class, viaFactory);
        }
        IoStats after = providers.stats(PatternIoProvider.Fallback.NAME);
        assertEquals(4, after.requests() - before.requests(), "both readers count for their provider");
        assertEquals(3, after.reads() - before.reads());
        assertEquals(1000 + 20 + 5, after.bytesRead() - before.bytesRead());
        assertEquals(otherBefore, providers.stats(PatternIoProvider.NAME), "another provider's are untouched");
    }

    @Test
    void namingAnUnavailableProviderGivesItsReason() throws IOException {
        URI file = file();
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> providers.open(file, IoOptions.defaults().withProvider(UnavailableIoProvider.NAME)));
        assertEquals("I/O provider `test-unavailable` is not available here: switched off for tests",
                e.getMessage());
    }

    @Test
    void anUnknownNameListsEveryProvider() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> providers.choose(PATTERN, IoOptions.defaults().withProvider("uring")));
        assertEquals("no I/O provider named `uring`; found: "
                + "[test-unavailable, test-pattern, mmap, posix, test-pattern-fallback]", e.getMessage());
    }

    @Test
    void aUriNoProviderReadsSaysWhichSchemesDiffer() {
        URI s3 = URI.create("s3://bucket/key.vortex");
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> providers.open(s3, IoOptions.defaults()));
        assertEquals("no available I/O provider can read s3://bucket/key.vortex; found: [test-unavailable (other "
                + "scheme), test-pattern (other scheme), mmap (other scheme), posix (other scheme), test-pattern-fallback "
                + "(other scheme)]",
                e.getMessage());
    }

    @Test
    void aUriOnlyAnUnavailableProviderReadsSaysWhyItIsUnavailable() {
        URI uri = URI.create(UnavailableIoProvider.SCHEME + ":x");
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> providers.open(uri, IoOptions.defaults()));
        assertEquals("no available I/O provider can read quire-test-unavailable:x; found: [test-unavailable "
                + "(not available: switched off for tests), test-pattern (other scheme), mmap (other scheme), "
                + "posix (other scheme), "
                + "test-pattern-fallback (other scheme)]", e.getMessage());
    }
}
