package dev.quire.io.posix.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import dev.quire.io.posix.PosixOptions;
import dev.quire.io.posix.PosixSettings;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.ReadAt;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PosixIoProviderTest {
    private final PosixIoProvider posix = new PosixIoProvider();

    @TempDir
    Path dir;

    @Test
    void describesItself() {
        assertEquals("posix", posix.name());
        assertEquals(PosixIoProvider.PRIORITY, posix.priority());
        assertTrue(posix.availability().available());
        assertEquals(LibcReadAt.availability().available() ? "" : "reads through FileChannel, without the page-cache "
                + "fast path or O_DIRECT: " + LibcReadAt.availability().reason(), posix.availability().reason());
    }

    @Test
    void supportsFileUrisOnly() {
        assertTrue(posix.supports(URI.create("file:///tmp/x.vortex")));
        assertTrue(posix.supports(URI.create("FILE:///tmp/x.vortex")), "schemes are case-insensitive");
        assertFalse(posix.supports(URI.create("s3://bucket/x.vortex")));
        assertFalse(posix.supports(URI.create("https://example.com/x.vortex")));
        assertFalse(posix.supports(URI.create("relative/x.vortex")), "a URI without a scheme is not a file URI");
    }

    @Test
    void opensAFileUri() throws IOException {
        Path file = Files.write(dir.resolve("a.bin"), new byte[] {1, 2, 3});
        try (ReadAt in = posix.open(file.toUri(), IoOptions.defaults())) {
            Class<?> expected = LibcReadAt.availability().available() ? LibcReadAt.class : FileChannelReadAt.class;
            assertInstanceOf(expected, in);
            assertEquals(3, in.size());
            assertEquals(file.toString(), in.name());
        }
    }

    @Test
    void theOptionsComeFromTheSettingsOfEachOpen() throws IOException {
        Path file = Files.write(dir.resolve("b.bin"), new byte[100]);
        IoOptions wide = IoOptions.of(Settings.of(Map.of("quire.io.nowait.maxReadLength", "1m",
                "quire.io.direct", "true"), Map.of()).with(PosixSettings.READ_THREADS, 6));
        IoOptions plain = IoOptions.of(Settings.defaults());
        try (ReadAt a = posix.open(file.toUri(), wide); ReadAt b = posix.open(file.toUri(), plain)) {
            if (a instanceof LibcReadAt p && b instanceof LibcReadAt q) {
                assertEquals(1 << 20, p.options().maxReadLength());
                assertTrue(p.options().direct());
                assertEquals(6, p.options().readThreads());
                assertEquals(PosixOptions.defaults(), q.options(), "another open in the same JVM keeps its own");
            }
        }
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> posix.open(file.toUri(),
                IoOptions.of(Settings.defaults().withText("quire.io.direct", "sometimes"))));
        assertEquals("setting quire.io.direct (set in code) must be true or false, got `sometimes`", e.getMessage());
    }

    @Test
    void theMmapKeepTimeComesFromTheSettingsAndABadOneNamesIt() throws IOException {
        Path file = Files.write(dir.resolve("c.bin"), new byte[100]);
        MmapIoProvider mmap = new MmapIoProvider();
        try (ReadAt in = mmap.open(file.toUri(), IoOptions.of(Settings.defaults()
                .with(PosixSettings.MMAP_KEEP_MILLIS, 0L)))) {
            assertEquals(100, in.size());
        }
        for (String bad : new String[] {"-1", "soon", "1.5"}) {
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> mmap.open(file.toUri(),
                    IoOptions.of(Settings.of(Map.of(), Map.of("QUIRE_IO_MMAP_KEEP_MILLIS", bad)))));
            assertTrue(e.getMessage().contains("quire.io.mmap.keepMillis (environment variable "
                    + "QUIRE_IO_MMAP_KEEP_MILLIS)") && e.getMessage().contains("`" + bad + "`"), e.getMessage());
        }
    }

    @Test
    void otherSchemesAreInvalidArguments() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> posix.open(URI.create("s3://bucket/key"), IoOptions.defaults()));
        assertTrue(e.getMessage().contains("s3://bucket/key"), e.getMessage());
    }

    @Test
    void fileUrisThatAreNotLocalPathsAreInvalidArguments() {
        for (String uri : new String[] {"file://otherhost/data/x.vortex", "file:relative.vortex",
                "file:///tmp/x.vortex?query=1"}) {
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                    () -> posix.open(URI.create(uri), IoOptions.defaults()), uri);
            assertTrue(e.getMessage().contains(uri), e.getMessage());
        }
    }

    @Test
    void aMissingFileNamesThePath() {
        Path missing = dir.resolve("missing.vortex");
        QuireIoException e = assertThrows(QuireIoException.class,
                () -> posix.open(missing.toUri(), IoOptions.defaults()));
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
    }
}
