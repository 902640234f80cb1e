package dev.quire.io.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.ReadAt;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
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
        assertEquals(PosixReadAt.availability().available() ? "" : "reads through FileChannel, without the page-cache "
                + "fast path or O_DIRECT: " + PosixReadAt.availability().reason(), posix.availability().reason());
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
            Class<?> expected = PosixReadAt.availability().available() ? PosixReadAt.class : FileChannelReadAt.class;
            assertInstanceOf(expected, in);
            assertEquals(3, in.size());
            assertEquals(file.toString(), in.name());
        }
    }

    @Test
    void theOptionsComeFromSystemProperties() throws IOException {
        Path file = Files.write(dir.resolve("b.bin"), new byte[100]);
        System.setProperty(PosixOptions.MAX_READ_LENGTH_PROPERTY, "1m");
        System.setProperty(PosixOptions.DIRECT_PROPERTY, "true");
        try (ReadAt in = posix.open(file.toUri(), IoOptions.defaults())) {
            if (in instanceof PosixReadAt p) {
                assertEquals(1 << 20, p.options().maxReadLength());
                assertTrue(p.options().direct());
            }
            System.setProperty(PosixOptions.DIRECT_PROPERTY, "sometimes");
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                    () -> posix.open(file.toUri(), IoOptions.defaults()));
            assertTrue(e.getMessage().contains(PosixOptions.DIRECT_PROPERTY), e.getMessage());
        } finally {
            System.clearProperty(PosixOptions.MAX_READ_LENGTH_PROPERTY);
            System.clearProperty(PosixOptions.DIRECT_PROPERTY);
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
