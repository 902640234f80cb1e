package dev.quire.io.posix.direct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.QuireIoException;
import dev.quire.io.posix.FastPathStats;
import dev.quire.io.posix.PosixOptions;
import dev.quire.io.posix.PosixReadAt;
import dev.quire.io.spi.ReadAt;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** The exported entry point: posix readers opened with options given in code, and the process's fast-path counts. */
@EnabledOnOs(value = OS.LINUX, disabledReason = "libc through FFM is Linux only")
class PosixReadersTest {
    @TempDir
    Path dir;

    private byte[] data;

    private Path write(int size) throws IOException {
        data = new byte[size];
        new Random(size).nextBytes(data);
        return Files.write(dir.resolve("f-" + size + ".bin"), data);
    }

    @Test
    void openGivesALibcReaderWithTheOptionsGiven() throws IOException {
        Path file = write(1 << 20);
        PosixOptions options = PosixOptions.defaults().withWindow(0, 1 << 20).withReadThreads(4);
        assertTrue(PosixReaders.libcAvailability().available(), PosixReaders.libcAvailability().reason());
        try (ReadAt in = PosixReaders.open(file, options)) {
            PosixReadAt posix = assertInstanceOf(PosixReadAt.class, in);
            assertEquals(options, posix.options());
            MemorySegment got = in.readFully(10, 1000, 8);
            assertEquals(-1, got.mismatch(MemorySegment.ofArray(data).asSlice(10, 1000)));
        }
        assertThrows(QuireIoException.class, () -> PosixReaders.openLibc(dir.resolve("missing"), options));
    }

    @Test
    void theProcessCountsAddUpTheFastPathOfEveryReader() throws IOException {
        Path file = write(1 << 20);
        Files.readAllBytes(file);
        FastPathStats before = PosixReaders.fastPathStats();
        try (PosixReadAt a = PosixReaders.openLibc(file, PosixOptions.defaults());
                PosixReadAt b = PosixReaders.openLibc(file, PosixOptions.defaults().withFastPath(false))) {
            MemorySegment dst = MemorySegment.ofArray(new byte[65_536]);
            long served = a.readCachedAt(dst, 4096);
            ReadAt.await(b.read(0, 65_536, 8));
            FastPathStats reader = a.fastPathStats();
            assertEquals(1, reader.attempted(), reader.summary());
            assertEquals(served, reader.bytesServed(), reader.summary());
            assertEquals(0, b.fastPathStats().decisions(), "a reader with the fast path off decides nothing");
            FastPathStats process = PosixReaders.fastPathStats().minus(before);
            assertTrue(process.attempted() >= 1 && process.bytesServed() >= served, process.summary());
        }
    }
}
