package dev.quire.io.posix.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.posix.PosixOptions;
import dev.quire.io.spi.ReadAt;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.ThreadPoolExecutor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** Read pools of different sizes, for readers opened with different settings in one JVM. */
class ReadPoolTest {
    @TempDir
    Path dir;

    @Test
    void poolsOfDifferentSizesCoexistAndOneSizeIsShared() {
        ThreadPoolExecutor three = (ThreadPoolExecutor) ReadPool.get(3);
        ThreadPoolExecutor five = (ThreadPoolExecutor) ReadPool.get(5);
        assertNotSame(three, five);
        assertEquals(3, three.getMaximumPoolSize());
        assertEquals(5, five.getMaximumPoolSize());
        assertSame(three, ReadPool.get(3), "readers with one size share its pool");
        assertEquals(3, ((ThreadPoolExecutor) ReadPool.get(3)).getMaximumPoolSize(),
                "a later size does not resize an earlier pool");
    }

    @Test
    void aSizeOutsideTheRangeIsRejected() {
        for (int bad : new int[] {0, -1, PosixOptions.MAX_READ_THREADS + 1}) {
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> ReadPool.get(bad));
            assertTrue(e.getMessage().contains("got " + bad), e.getMessage());
        }
    }

    @Test
    @EnabledOnOs(value = OS.LINUX, disabledReason = "libc through FFM is Linux only")
    void readersWithDifferentSizesReadThroughTheirOwnPools() throws IOException {
        byte[] data = new byte[1 << 20];
        new Random(5).nextBytes(data);
        Path file = Files.write(dir.resolve("f.bin"), data);
        PosixOptions poolOnly = PosixOptions.defaults().withFastPath(false);
        try (LibcReadAt small = LibcReadAt.open(file, poolOnly.withReadThreads(2));
                LibcReadAt large = LibcReadAt.open(file, poolOnly.withReadThreads(7));
                LibcReadAt alsoSmall = LibcReadAt.open(file, poolOnly.withReadThreads(2))) {
            assertEquals(2, ((ThreadPoolExecutor) small.pool()).getMaximumPoolSize());
            assertEquals(7, ((ThreadPoolExecutor) large.pool()).getMaximumPoolSize());
            assertSame(small.pool(), alsoSmall.pool());
            for (LibcReadAt in : new LibcReadAt[] {small, large}) {
                MemorySegment got = ReadAt.await(in.read(1000, 300_000, 8));
                assertEquals(-1, got.mismatch(MemorySegment.ofArray(data).asSlice(1000, 300_000)));
            }
        }
    }
}
