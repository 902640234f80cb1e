package dev.quire.io.posix.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quire.config.Settings;
import dev.quire.errors.ClosedException;
import dev.quire.errors.QuireIoException;
import dev.quire.io.posix.PosixOptions;
import dev.quire.io.posix.PosixPageCache;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProviders;
import dev.quire.io.spi.ReadAt;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Counts this process's file descriptors open on the test's files ({@code /proc/self/fd}) around many opens and
 * closes. Everything the counted code path touches is warmed up first.
 */
@EnabledOnOs(value = OS.LINUX, disabledReason = "counts /proc/self/fd")
class FileDescriptorLeakTest {
    private static final int READERS = 300;
    private static final IoProviders PROVIDERS = IoProviders.load(Settings.defaults());

    @TempDir
    Path dir;

    private Path file;

    @BeforeEach
    void writeFile() throws IOException {
        file = Files.write(dir.resolve("f.bin"), new byte[8192]);
        Files.createDirectory(dir.resolve("sub"));
        // Warm-up: every path below once.
        cycle(1);
    }

    /**
     * This process's descriptors open on something in the test's directory: only the code under test opens those, so
     * descriptors the JVM, Maven or a cleaner opens or closes meanwhile cannot move the count (counting every
     * descriptor made this test flaky).
     */
    private long openDescriptors() throws IOException {
        Path root = dir.toRealPath();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).startsWith(root);
                } catch (IOException | UnsupportedOperationException gone) {
                    return false; // closed since it was listed (the listing's own descriptor, for one)
                }
            }).count();
        }
    }

    private void cycle(int n) {
        List<ReadAt> open = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            open.add(FileChannelReadAt.open(file));
            open.add(PROVIDERS.open(file.toUri(), IoOptions.defaults()));
            open.add(LibcReadAt.open(file, PosixOptions.defaults()));
            open.add(LibcReadAt.open(file, PosixOptions.defaults().withDirect(true)));
        }
        for (ReadAt in : open) {
            in.readFully(0, 100, 8);
        }
        for (ReadAt in : open) {
            in.close();
            in.close();
            assertThrows(ClosedException.class, () -> in.readFully(0, 1, 1));
        }
        for (int i = 0; i < n; i++) {
            assertThrows(QuireIoException.class, () -> FileChannelReadAt.open(dir.resolve("missing")));
            assertThrows(QuireIoException.class, () -> FileChannelReadAt.open(dir.resolve("sub")));
            assertThrows(QuireIoException.class, () -> LibcReadAt.open(dir.resolve("missing"), PosixOptions.defaults()));
            assertThrows(QuireIoException.class, () -> LibcReadAt.open(dir.resolve("sub"), PosixOptions.defaults()));
            assertThrows(QuireIoException.class,
                    () -> LibcReadAt.open(dir.resolve("sub"), PosixOptions.defaults().withDirect(true)));
            assertThrows(QuireIoException.class, () -> PosixPageCache.evict(dir.resolve("sub")));
            PosixPageCache.evict(file);
            // Reads in flight when the reader closes hold the descriptor; the last one to finish closes it.
            LibcReadAt pooled = LibcReadAt.open(file, PosixOptions.defaults().withFastPath(false));
            List<CompletableFuture<MemorySegment>> reads = new ArrayList<>();
            for (int r = 0; r < 8; r++) {
                reads.add(pooled.read(r, 4096, 8));
            }
            pooled.close();
            reads.forEach(ReadAt::await);
            // A read on an interrupted thread closes the channel and the reader reopens it.
            try (FileChannelReadAt in = FileChannelReadAt.open(file)) {
                Thread.currentThread().interrupt();
                try {
                    assertThrows(QuireIoException.class, () -> in.readFully(0, 10, 1));
                } finally {
                    Thread.interrupted();
                }
                assertEquals(10, in.readFully(0, 10, 1).byteSize());
            }
        }
    }

    @Test
    void openingAndClosingManyReadersLeaksNoDescriptor() throws IOException {
        long before = openDescriptors();
        List<ReadAt> open = new ArrayList<>();
        for (int i = 0; i < READERS; i++) {
            open.add(FileChannelReadAt.open(file));
            open.add(LibcReadAt.open(file, PosixOptions.defaults()));
        }
        long during = openDescriptors();
        assertEquals(before + 2 * READERS, during, "each open reader holds a descriptor: " + before + " -> " + during
                + " (so the count below can see a leak)");
        for (ReadAt in : open) {
            in.close();
        }
        assertEquals(before, openDescriptors(), "descriptors after closing " + READERS + " readers");
    }

    @Test
    void failedOpensInterruptedReadsAndDoubleClosesLeakNoDescriptor() throws IOException {
        long before = openDescriptors();
        cycle(READERS);
        assertEquals(before, openDescriptors());
    }
}
