package dev.quire.io.posix.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.ClosedException;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireException;
import dev.quire.errors.QuireIoException;
import dev.quire.io.spi.ByteRange;
import dev.quire.io.spi.ReadAt;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileChannelReadAtTest {
    /** Not a multiple of any page or alignment, so reads near the end exercise partial blocks. */
    private static final int FILE_SIZE = (1 << 20) + 12_345;

    @TempDir
    Path dir;

    private byte[] data;
    private Path file;

    private Path writeFile(int size) throws IOException {
        data = new byte[size];
        new Random(size).nextBytes(data);
        file = dir.resolve("data-" + size + ".bin");
        Files.write(file, data);
        return file;
    }

    private static byte[] bytesOf(MemorySegment s) {
        return s.toArray(ValueLayout.JAVA_BYTE);
    }

    private void assertReadMatches(ReadAt in, long offset, long length, long alignment) {
        MemorySegment s = in.readFully(offset, length, alignment);
        assertEquals(length, s.byteSize());
        assertEquals(0, s.address() % alignment, "address " + s.address() + " for alignment " + alignment);
        assertTrue(s.isReadOnly(), "segments handed out are read-only");
        long mismatch = s.mismatch(MemorySegment.ofArray(data).asSlice(offset, length));
        assertEquals(-1, mismatch, "first differing byte of the read at offset " + offset + ", length " + length);
    }

    @Test
    void readsReturnTheFilesExactBytesForManyOffsetsLengthsAndAlignments() throws IOException {
        writeFile(FILE_SIZE);
        Random random = new Random(42);
        try (FileChannelReadAt in = FileChannelReadAt.open(file)) {
            assertEquals(FILE_SIZE, in.size());
            assertEquals(file.toString(), in.name());
            for (int i = 0; i < 2_000; i++) {
                long offset = random.nextInt(FILE_SIZE + 1);
                long maxLength = Math.min(FILE_SIZE - offset, random.nextBoolean() ? 64 : 200_000);
                long length = random.nextLong(maxLength + 1);
                long alignment = 1L << random.nextInt(13);
                assertReadMatches(in, offset, length, alignment);
            }
        }
    }

    @Test
    void edgeRangesReadExactly() throws IOException {
        writeFile(FILE_SIZE);
        try (FileChannelReadAt in = FileChannelReadAt.open(file)) {
            assertReadMatches(in, 0, FILE_SIZE, 4096);
            assertReadMatches(in, 0, 1, 1);
            assertReadMatches(in, FILE_SIZE - 1, 1, 8);
            assertReadMatches(in, FILE_SIZE - 8, 8, 8);
            assertReadMatches(in, FILE_SIZE, 0, 8);
            assertReadMatches(in, 4095, 4098, 4096);
            for (long alignment = 1; alignment <= 4096; alignment <<= 1) {
                assertReadMatches(in, 4096, 4096, alignment);
                assertReadMatches(in, 4097, 4095, alignment);
            }
        }
    }

    @Test
    void theFutureApiAndReadRangesReturnTheSameBytes() throws IOException {
        writeFile(100_000);
        try (FileChannelReadAt in = FileChannelReadAt.open(file)) {
            CompletableFuture<MemorySegment> f = in.read(10, 20, 8);
            assertTrue(f.isDone(), "positional reads complete on the calling thread");
            assertArrayEquals(Arrays.copyOfRange(data, 10, 30), bytesOf(f.join()));

            List<ByteRange> ranges = List.of(new ByteRange(99_000, 1_000), new ByteRange(0, 3), new ByteRange(5, 0));
            List<CompletableFuture<MemorySegment>> out = in.readRanges(ranges, 64);
            for (int i = 0; i < ranges.size(); i++) {
                ByteRange r = ranges.get(i);
                MemorySegment s = ReadAt.await(out.get(i));
                assertEquals(0, s.address() % 64);
                assertArrayEquals(Arrays.copyOfRange(data, (int) r.offset(), (int) r.end()), bytesOf(s));
            }
        }
    }

    @Test
    void anEmptyFileHasSizeZeroAndAnEmptyRead() throws IOException {
        writeFile(0);
        try (FileChannelReadAt in = FileChannelReadAt.open(file)) {
            assertEquals(0, in.size());
            assertEquals(0, in.readFully(0, 0, 4096).byteSize());
            assertThrows(QuireIoException.class, () -> in.readFully(0, 1, 1));
        }
    }

    @Test
    void readsPastTheEndFailClearly() throws IOException {
        writeFile(1000);
        try (FileChannelReadAt in = FileChannelReadAt.open(file)) {
            QuireIoException e = assertThrows(QuireIoException.class, () -> in.readFully(990, 11, 1));
            assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
            assertTrue(e.getMessage().contains("11 bytes at offset 990"), e.getMessage());
            assertTrue(e.getMessage().contains("1000 bytes"), e.getMessage());
            assertThrows(QuireIoException.class, () -> in.readFully(1001, 0, 1));
            assertThrows(QuireIoException.class, () -> in.readFully(-1, 2, 1));
            assertThrows(QuireIoException.class, () -> in.readFully(10, -2, 1));
            assertThrows(QuireIoException.class, () -> in.readFully(10, Long.MAX_VALUE, 1));
            assertThrows(QuireIoException.class, () -> in.readFully(Long.MAX_VALUE, Long.MAX_VALUE, 1));

            CompletableFuture<MemorySegment> f = in.read(1000, 1, 1);
            assertTrue(f.isCompletedExceptionally(), "read() reports range errors through the future");
            assertThrows(QuireIoException.class, () -> ReadAt.await(f));
        }
    }

    @Test
    void badAlignmentsAreInvalidArguments() throws IOException {
        writeFile(100);
        try (FileChannelReadAt in = FileChannelReadAt.open(file)) {
            assertThrows(InvalidArgumentException.class, () -> in.readFully(0, 10, 0));
            assertThrows(InvalidArgumentException.class, () -> in.readFully(0, 10, 6));
            assertThrows(InvalidArgumentException.class, () -> in.readFully(0, 10, 1 << 13));
        }
    }

    @Test
    void aFileThatShrankWhileOpenFailsWithAnIoException() throws IOException {
        writeFile(10_000);
        try (FileChannelReadAt in = FileChannelReadAt.open(file)) {
            try (FileChannel truncate = FileChannel.open(file, StandardOpenOption.WRITE)) {
                truncate.truncate(5_000);
            }
            QuireIoException e = assertThrows(QuireIoException.class, () -> in.readFully(4_000, 2_000, 8));
            assertTrue(e.getMessage().contains("unexpected end"), e.getMessage());
            assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
            assertArrayEquals(Arrays.copyOfRange(data, 0, 100), bytesOf(in.readFully(0, 100, 1)));
        }
    }

    @Test
    void aClosedReaderFailsClearly() throws IOException {
        writeFile(1000);
        FileChannelReadAt in = FileChannelReadAt.open(file);
        MemorySegment before = in.readFully(0, 1000, 8);
        in.close();
        in.close(); // idempotent
        ClosedException e = assertThrows(ClosedException.class, () -> in.readFully(0, 10, 1));
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        assertTrue(e.getMessage().endsWith("is closed"), e.getMessage());
        CompletableFuture<MemorySegment> f = in.read(0, 10, 1);
        assertTrue(f.isCompletedExceptionally());
        assertThrows(ClosedException.class, () -> ReadAt.await(f));
        assertArrayEquals(data, bytesOf(before), "segments read before close stay valid");
        assertEquals(1000, in.size(), "the size stays known after close");
    }

    @Test
    void aMissingFileIsAnIoExceptionNamingThePath() {
        Path missing = dir.resolve("no-such-dir").resolve("missing.vortex");
        QuireIoException e = assertThrows(QuireIoException.class, () -> FileChannelReadAt.open(missing));
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("no such file"), e.getMessage());
    }

    @Test
    void aDirectoryIsRejectedWhenOpened() throws IOException {
        Path sub = Files.createDirectory(dir.resolve("a-directory"));
        QuireIoException e = assertThrows(QuireIoException.class, () -> FileChannelReadAt.open(sub));
        assertTrue(e.getMessage().contains(sub.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
    }

    @Test
    void concurrentReadsFromManyThreadsAllSeeTheRightBytes() throws Exception {
        writeFile(FILE_SIZE);
        int threads = 16;
        int readsPerThread = 300;
        try (FileChannelReadAt in = FileChannelReadAt.open(file);
                ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                long seed = t;
                results.add(pool.submit(() -> {
                    Random random = new Random(seed);
                    int checked = 0;
                    for (int i = 0; i < readsPerThread; i++) {
                        int offset = random.nextInt(FILE_SIZE);
                        int length = random.nextInt(Math.min(FILE_SIZE - offset, 65_536) + 1);
                        long alignment = 1L << random.nextInt(13);
                        MemorySegment s = in.readFully(offset, length, alignment);
                        if (s.address() % alignment != 0) {
                            throw new AssertionError("misaligned segment for alignment " + alignment);
                        }
                        long mismatch = s.mismatch(MemorySegment.ofArray(data).asSlice(offset, length));
                        if (mismatch != -1) {
                            throw new AssertionError("byte " + mismatch + " of a read at " + offset + " differs");
                        }
                        checked++;
                    }
                    return checked;
                }));
            }
            int total = 0;
            for (Future<Integer> r : results) {
                total += r.get();
            }
            assertEquals(threads * readsPerThread, total);
        }
    }

    /**
     * FileChannel is interruptible: a read on an interrupted thread closes the channel. One cancelled scan task
     * must not close the file for every other reader of it.
     */
    @Test
    void aReadOnAnInterruptedThreadDoesNotCloseTheReaderForOthers() throws Exception {
        writeFile(100_000);
        try (FileChannelReadAt in = FileChannelReadAt.open(file);
                ExecutorService pool = Executors.newSingleThreadExecutor()) {
            Future<Throwable> interrupted = pool.submit(() -> {
                Thread.currentThread().interrupt();
                Throwable failure = null;
                try {
                    in.readFully(0, 10, 1);
                } catch (RuntimeException e) {
                    failure = e;
                }
                boolean kept = Thread.interrupted();
                return kept ? failure : new AssertionError("the interrupt status was lost", failure);
            });
            Throwable failure = interrupted.get();
            assertTrue(failure instanceof QuireIoException, "got " + failure);
            assertFalse(failure instanceof ClosedException, "the reader is not closed: " + failure);
            assertTrue(failure.getMessage().contains("interrupted"), failure.getMessage());

            assertArrayEquals(Arrays.copyOfRange(data, 0, 100), bytesOf(in.readFully(0, 100, 8)));
            Future<byte[]> other = pool.submit(() -> bytesOf(in.readFully(50_000, 1_000, 64)));
            assertArrayEquals(Arrays.copyOfRange(data, 50_000, 51_000), other.get());
        }
    }

    @Test
    void readersOnOtherThreadsNeverFailWhileOneThreadKeepsGettingInterrupted() throws Exception {
        writeFile(FILE_SIZE);
        int readers = 6;
        int interruptedReads = 200;
        try (FileChannelReadAt in = FileChannelReadAt.open(file);
                ExecutorService pool = Executors.newFixedThreadPool(readers + 1)) {
            AtomicBoolean done = new AtomicBoolean();
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < readers; t++) {
                long seed = 100 + t;
                results.add(pool.submit(() -> {
                    Random random = new Random(seed);
                    int checked = 0;
                    // Keep reading until the interrupting thread is done, and at least 50 times.
                    while (!done.get() || checked < 50) {
                        int offset = random.nextInt(FILE_SIZE);
                        int length = random.nextInt(Math.min(FILE_SIZE - offset, 262_144) + 1);
                        MemorySegment s = in.readFully(offset, length, 8);
                        if (s.mismatch(MemorySegment.ofArray(data).asSlice(offset, length)) != -1) {
                            throw new AssertionError("wrong bytes at " + offset);
                        }
                        checked++;
                    }
                    return checked;
                }));
            }
            Future<Integer> interrupter = pool.submit(() -> {
                int failures = 0;
                try {
                    for (int i = 0; i < interruptedReads; i++) {
                        Thread.currentThread().interrupt();
                        try {
                            in.readFully(i, 4096, 8);
                        } catch (QuireException e) {
                            if (!(e instanceof QuireIoException)) {
                                throw new AssertionError("an interrupted read failed with " + e, e);
                            }
                            failures++;
                        } finally {
                            Thread.interrupted();
                        }
                    }
                } finally {
                    done.set(true);
                }
                return failures;
            });
            assertEquals(interruptedReads, interrupter.get(), "every read on an interrupted thread fails");
            for (Future<Integer> r : results) {
                assertTrue(r.get() >= 50);
            }
            assertArrayEquals(Arrays.copyOfRange(data, 0, 4096), bytesOf(in.readFully(0, 4096, 8)));
        }
    }
}
