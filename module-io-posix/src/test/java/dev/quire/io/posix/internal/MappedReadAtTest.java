package dev.quire.io.posix.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.ClosedException;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import dev.quire.io.spi.ReadAt;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MappedReadAtTest {
    private static final int FILE_SIZE = (1 << 20) + 4_321;

    @TempDir
    Path dir;

    private byte[] data;

    private Path writeFile(int size) throws IOException {
        data = new byte[size];
        new Random(size).nextBytes(data);
        return Files.write(dir.resolve("data-" + size + ".bin"), data);
    }

    private void assertReadMatches(ReadAt in, long offset, long length, long alignment) {
        MemorySegment s = in.readFully(offset, length, alignment);
        assertEquals(length, s.byteSize());
        assertEquals(0, s.address() % alignment, "address " + s.address() + " for alignment " + alignment);
        assertTrue(s.isReadOnly(), "segments handed out are read-only");
        assertEquals(-1, s.mismatch(MemorySegment.ofArray(data).asSlice(offset, length)),
                "read at offset " + offset + ", length " + length);
    }

    @Test
    void readsReturnTheFilesExactBytesForAnyRangeAndAlignment() throws IOException {
        Path file = writeFile(FILE_SIZE);
        Random random = new Random(7);
        try (MappedReadAt in = MappedReadAt.open(file)) {
            assertEquals(FILE_SIZE, in.size());
            for (int i = 0; i < 2_000; i++) {
                long offset = random.nextInt(FILE_SIZE + 1);
                long length = random.nextLong(Math.min(FILE_SIZE - offset, 100_000) + 1);
                assertReadMatches(in, offset, length, 1L << random.nextInt(13));
            }
            assertReadMatches(in, FILE_SIZE - 1, 1, 1);
            assertReadMatches(in, FILE_SIZE, 0, 8);
        }
    }

    @Test
    void readsOutsideTheFileAndBadAlignmentsFailClearly() throws IOException {
        try (MappedReadAt in = MappedReadAt.open(writeFile(100))) {
            var e = assertThrows(QuireIoException.class, () -> in.readFully(90, 11, 1));
            assertTrue(e.getMessage().contains("outside"), e.getMessage());
            assertThrows(QuireIoException.class, () -> in.readFully(-1, 1, 1));
            assertThrows(InvalidArgumentException.class, () -> in.readFully(0, 1, 3));
            assertTrue(in.read(95, 10, 1).isCompletedExceptionally());
        }
    }

    @Test
    void aClosedReaderRefusesReadsButEarlierSegmentsStayReadable() throws IOException {
        Path file = writeFile(4096);
        MappedReadAt in = MappedReadAt.open(file);
        MemorySegment before = in.readFully(100, 200, 1);
        in.close();
        in.close();
        assertThrows(ClosedException.class, () -> in.readFully(0, 1, 1));
        assertEquals(-1, before.mismatch(MemorySegment.ofArray(data).asSlice(100, 200)));
    }

    @Test
    void emptyAndMissingFiles() throws IOException {
        try (MappedReadAt in = MappedReadAt.open(writeFile(0))) {
            assertEquals(0, in.size());
            assertEquals(0, in.readFully(0, 0, 1).byteSize());
            assertThrows(QuireIoException.class, () -> in.readFully(0, 1, 1));
        }
        Path missing = dir.resolve("missing.vortex");
        var e = assertThrows(QuireIoException.class, () -> MappedReadAt.open(missing));
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
    }

    @Test
    void concurrentReadsSeeTheSameBytes() throws Exception {
        Path file = writeFile(FILE_SIZE);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try (MappedReadAt in = MappedReadAt.open(file)) {
            List<Future<?>> tasks = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int seed = t;
                tasks.add(pool.submit(() -> {
                    Random random = new Random(seed);
                    for (int i = 0; i < 500; i++) {
                        long offset = random.nextInt(FILE_SIZE);
                        assertReadMatches(in, offset, random.nextLong(FILE_SIZE - offset + 1), 8);
                    }
                }));
            }
            for (Future<?> f : tasks) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void readersOfTheSameFileShareOneMappingWhileOpenAndForTheKeepTimeAfter() throws Exception {
        Path file = writeFile(FILE_SIZE);
        long first;
        try (MappedReadAt a = MappedReadAt.open(file, 60_000); MappedReadAt b = MappedReadAt.open(file, 60_000)) {
            first = a.readFully(0, 1, 1).address();
            assertEquals(first, b.readFully(0, 1, 1).address(), "two open readers share the mapping");
        }
        try (MappedReadAt c = MappedReadAt.open(file, 60_000)) {
            assertEquals(first, c.readFully(0, 1, 1).address(), "a reader opened within the keep time shares it");
            assertReadMatches(c, 0, FILE_SIZE, 8);
        }
    }

    @Test
    void withNoKeepTimeAFileOpenedAfterTheLastCloseIsMappedAgain() throws Exception {
        Path file = writeFile(FILE_SIZE);
        MappedReadAt a = MappedReadAt.open(file, 0);
        MemorySegment held = a.readFully(0, 16, 1);
        a.close();
        try (MappedReadAt b = MappedReadAt.open(file, 0)) {
            // the first mapping is still reachable through `held`, so a new one cannot land at its address
            assertNotEquals(held.address(), b.readFully(0, 16, 1).address());
            assertEquals(-1, held.mismatch(b.readFully(0, 16, 1)));
        }
    }

    @Test
    void aFileReplacedOrRewrittenIsMappedAnewAndEarlierReadsKeepTheOldBytes() throws Exception {
        Path file = writeFile(FILE_SIZE);
        byte[] original = data.clone();
        try (MappedReadAt old = MappedReadAt.open(file, 60_000)) {
            MemorySegment before = old.readFully(0, FILE_SIZE, 1);
            // replaced: a new file (a new inode) moved over the path
            Path other = writeFile(FILE_SIZE + 10);
            Files.move(other, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            try (MappedReadAt replaced = MappedReadAt.open(file, 60_000)) {
                assertEquals(FILE_SIZE + 10, replaced.size());
                assertReadMatches(replaced, 0, FILE_SIZE + 10, 1);
            }
            // rewritten in place at another size (same inode, new size and modification time)
            data = new byte[777];
            new Random(3).nextBytes(data);
            Files.write(file, data);
            try (MappedReadAt rewritten = MappedReadAt.open(file, 60_000)) {
                assertEquals(777, rewritten.size());
                assertReadMatches(rewritten, 0, 777, 1);
            }
            assertEquals(-1, before.mismatch(MemorySegment.ofArray(original)), "the replaced file's bytes");
        }
    }

    @Test
    void aNegativeKeepTimeIsRejected() throws IOException {
        Path file = writeFile(100);
        var e = assertThrows(InvalidArgumentException.class, () -> MappedReadAt.open(file, -1));
        assertTrue(e.getMessage().contains("-1 milliseconds"), e.getMessage());
    }
}
