package dev.quire.io.posix.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.ClosedException;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import dev.quire.io.posix.FastPathStats;
import dev.quire.io.posix.PosixOptions;
import dev.quire.io.posix.PosixPageCache;
import dev.quire.io.spi.ReadAt;
import java.io.IOException;
import java.lang.foreign.Arena;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

@EnabledOnOs(value = OS.LINUX, disabledReason = "libc through FFM is Linux only")
class LibcReadAtTest {
    private static final long MIN = PosixOptions.DEFAULT_MIN_READ_LENGTH;
    private static final long MAX = PosixOptions.DEFAULT_MAX_READ_LENGTH;
    /** Not a multiple of any page or block, so reads near the end cover a partial block. */
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

    static Stream<Arguments> options() {
        PosixOptions d = PosixOptions.defaults();
        return Stream.of(Arguments.of("default window", d), Arguments.of("fast path off", d.withFastPath(false)),
                Arguments.of("every length in the window", d.withWindow(0, PosixOptions.MAX_WINDOW_BOUND)),
                Arguments.of("O_DIRECT", d.withDirect(true)));
    }

    /** Lengths on both sides of both window bounds, and a few others. */
    private static long[] lengths() {
        return new long[] {0, 1, 7, 4095, 4096, 4097, MIN - 1, MIN, MIN + 1, MAX - 1, MAX, MAX + 1, 300_000, 1 << 20};
    }

    private void assertBytes(MemorySegment s, long offset, long length, long alignment, String what) {
        assertEquals(length, s.byteSize(), what);
        assertEquals(0, s.address() % alignment, what + ": address " + s.address() + " for alignment " + alignment);
        assertEquals(-1, s.mismatch(MemorySegment.ofArray(data).asSlice(offset, length)),
                what + ": first differing byte");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("options")
    void readsReturnTheFilesBytesAroundTheWindowBoundsAndTheFileEnd(String name, PosixOptions options)
            throws IOException {
        writeFile(FILE_SIZE);
        try (LibcReadAt in = LibcReadAt.open(file, options)) {
            assertEquals(FILE_SIZE, in.size());
            assertEquals(file.toString(), in.name());
            if (options.direct()) {
                assertTrue(in.direct() || in.directRefusal().isPresent(), "O_DIRECT is used or its refusal named");
            } else {
                assertFalse(in.direct());
            }
            for (long length : lengths()) {
                // From the start, an odd offset, a block boundary, and ending exactly at the end of the file.
                for (long offset : new long[] {0, 3, 4096, FILE_SIZE - length}) {
                    for (long alignment : new long[] {1, 8, 64, 4096}) {
                        String what = name + ": " + length + " bytes at " + offset + ", alignment " + alignment;
                        assertBytes(ReadAt.await(in.read(offset, length, alignment)), offset, length, alignment,
                                "read " + what);
                        assertBytes(in.readFully(offset, length, alignment), offset, length, alignment,
                                "readFully " + what);
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("options")
    void randomReadsMatchAndSegmentsAreReadOnly(String name, PosixOptions options) throws IOException {
        writeFile(FILE_SIZE);
        Random random = new Random(7);
        try (LibcReadAt in = LibcReadAt.open(file, options)) {
            for (int i = 0; i < 500; i++) {
                long offset = random.nextInt(FILE_SIZE + 1);
                long length = random.nextLong(Math.min(FILE_SIZE - offset, 2 * MAX) + 1);
                long alignment = 1L << random.nextInt(13);
                MemorySegment s = random.nextBoolean() ? ReadAt.await(in.read(offset, length, alignment))
                        : in.readFully(offset, length, alignment);
                assertTrue(s.isReadOnly(), "segments handed out are read-only");
                assertBytes(s, offset, length, alignment, name + ": read " + i);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("options")
    void readExactAtPooledFillsHeapAndNativeDestinations(String name, PosixOptions options) throws IOException {
        writeFile(FILE_SIZE);
        try (LibcReadAt in = LibcReadAt.open(file, options); Arena shared = Arena.ofShared();
                Arena confined = Arena.ofConfined()) {
            for (long length : lengths()) {
                long offset = FILE_SIZE - length - 1;
                MemorySegment heap = MemorySegment.ofArray(new byte[(int) length]);
                assertEquals(heap, in.readExactAtPooled(heap, offset).join());
                assertBytes(heap, offset, length, 1, name + ": heap " + length);
                for (Arena arena : List.of(shared, confined)) {
                    MemorySegment off = arena.allocate(length + 1, 8).asSlice(1);
                    assertEquals(off, in.readExactAtPooled(off, offset).join());
                    assertBytes(off, offset, length, 1, name + ": native " + length);
                    MemorySegment inline = arena.allocate(length + 1, 8).asSlice(1);
                    in.readExactAt(inline, offset);
                    assertBytes(inline, offset, length, 1, name + ": inline into native " + length);
                }
                MemorySegment inlineHeap = MemorySegment.ofArray(new byte[(int) length]);
                in.readExactAt(inlineHeap, offset);
                assertBytes(inlineHeap, offset, length, 1, name + ": inline into heap " + length);
            }
        }
    }

    @Test
    void theCachedPrefixIsAlwaysACorrectPrefix() throws IOException {
        writeFile(FILE_SIZE);
        Random random = new Random(11);
        try (LibcReadAt in = LibcReadAt.open(file, PosixOptions.defaults()); Arena arena = Arena.ofConfined()) {
            for (int round = 0; round < 3; round++) {
                if (round == 1) {
                    PosixPageCache.evict(file);
                } else if (round == 2) {
                    in.readFully(0, FILE_SIZE, 8);
                }
                for (int i = 0; i < 200; i++) {
                    long offset = random.nextInt(FILE_SIZE);
                    long length = 1 + random.nextLong(Math.min(FILE_SIZE - offset, 3 * MAX));
                    byte[] garbage = new byte[(int) length];
                    random.nextBytes(garbage);
                    MemorySegment dst = random.nextBoolean() ? MemorySegment.ofArray(garbage.clone())
                            : arena.allocate(length).copyFrom(MemorySegment.ofArray(garbage));
                    long n = in.readCachedAt(dst, offset);
                    assertTrue(n >= 0 && n <= length, "served " + n + " of " + length);
                    assertEquals(-1, dst.asSlice(0, n).mismatch(MemorySegment.ofArray(data).asSlice(offset, n)),
                            "the cached prefix of " + length + " bytes at " + offset);
                    assertEquals(-1, dst.asSlice(n).mismatch(MemorySegment.ofArray(garbage).asSlice(n)),
                            "bytes past the prefix are untouched");
                }
            }
        }
    }

    @Test
    void countersAddUp() throws IOException {
        writeFile(FILE_SIZE);
        FastPathStats processBefore = LibcReadAt.processFastPathStats();
        int inside = 300;
        int outside = 50;
        long length = 100_000;
        try (LibcReadAt in = LibcReadAt.open(file, PosixOptions.defaults())) {
            assertEquals(FastPathStats.NONE, in.fastPathStats());
            Random random = new Random(3);
            List<CompletableFuture<MemorySegment>> reads = new ArrayList<>();
            for (int i = 0; i < inside; i++) {
                reads.add(in.read(random.nextInt((int) (FILE_SIZE - length)), length, 8));
            }
            for (int i = 0; i < outside; i++) {
                reads.add(in.read(random.nextInt(FILE_SIZE - 1000), i % 2 == 0 ? 1000 : 0, 8));
                reads.add(in.read(0, MAX + 1, 8));
            }
            in.readFully(0, length, 8);
            reads.forEach(ReadAt::await);
            FastPathStats s = in.fastPathStats();
            assertEquals(s.attempted(), s.hit() + s.partial() + s.miss(), s.toString());
            assertEquals(inside, s.attempted() + s.suppressed(), "every read in the window tried or was suppressed");
            assertEquals(2 * outside - outside / 2, s.skipped() - s.suppressed(),
                    "reads outside the window skip (empty reads and readFully are no decisions)");
            assertEquals(s.attempted() * length, s.bytesServed() + s.bytesMissed(), s.toString());
            assertEquals(s.attempted() + s.skipped(), s.decisions());

            MemorySegment dst = MemorySegment.ofArray(new byte[10]);
            long n = in.readCachedAt(dst, 5);
            FastPathStats t = in.fastPathStats();
            assertEquals(s.attempted() + 1, t.attempted(), "readCachedAt counts as an attempt");
            assertEquals(s.bytesServed() + n, t.bytesServed());
            assertEquals(s.bytesMissed() + 10 - n, t.bytesMissed());

            FastPathStats process = LibcReadAt.processFastPathStats();
            assertTrue(process.attempted() - processBefore.attempted() >= t.attempted(),
                    "the process counts every reader's attempts");
            assertTrue(process.skipped() - processBefore.skipped() >= t.skipped());
            String json = t.toJson();
            assertTrue(json.startsWith("{\"attempted\":" + t.attempted() + ","), json);
            assertTrue(json.contains("\"bytesMissed\":" + t.bytesMissed() + "}"), json);
        }
    }

    @Test
    void withTheFastPathOffOrODirectNothingIsCounted() throws IOException {
        writeFile(FILE_SIZE);
        for (PosixOptions options : List.of(PosixOptions.defaults().withFastPath(false),
                PosixOptions.defaults().withDirect(true))) {
            try (LibcReadAt in = LibcReadAt.open(file, options)) {
                for (int i = 0; i < 20; i++) {
                    ReadAt.await(in.read(i * 1000, MIN, 8));
                }
                if (in.direct()) {
                    assertEquals(0, in.readCachedAt(MemorySegment.ofArray(new byte[100]), 0),
                            "an O_DIRECT reader serves nothing from the page cache");
                }
                assertEquals(FastPathStats.NONE, in.fastPathStats(), options.toString());
            }
        }
    }

    @Test
    void concurrentReadsFromManyThreadsAllSeeTheRightBytes() throws Exception {
        writeFile(FILE_SIZE);
        int threads = 16;
        int readsPerThread = 200;
        for (PosixOptions options : List.of(PosixOptions.defaults(), PosixOptions.defaults().withDirect(true),
                PosixOptions.defaults().withWindow(0, 1 << 20))) {
            try (LibcReadAt in = LibcReadAt.open(file, options);
                    ExecutorService pool = Executors.newFixedThreadPool(threads)) {
                List<Future<Integer>> results = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    long seed = t;
                    results.add(pool.submit(() -> {
                        Random random = new Random(seed);
                        int checked = 0;
                        for (int i = 0; i < readsPerThread; i++) {
                            int offset = random.nextInt(FILE_SIZE);
                            int length = random.nextInt(Math.min(FILE_SIZE - offset, 2 * (int) MAX) + 1);
                            long alignment = 1L << random.nextInt(13);
                            MemorySegment s = switch (i % 3) {
                                case 0 -> ReadAt.await(in.read(offset, length, alignment));
                                case 1 -> in.readFully(offset, length, alignment);
                                default -> {
                                    MemorySegment dst = MemorySegment.ofArray(new byte[length]);
                                    in.readCachedAt(dst, offset);
                                    yield in.readExactAtPooled(dst, offset).join();
                                }
                            };
                            if (s.address() % alignment != 0 && i % 3 != 2) {
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
                assertEquals(threads * readsPerThread, total, options.toString());
            }
        }
    }

    /** Virtual threads keep no bounce buffer of their own: each read sizes a temporary one. */
    @Test
    void readsOnVirtualThreadsSeeTheRightBytes() throws Exception {
        writeFile(FILE_SIZE);
        for (PosixOptions options : List.of(PosixOptions.defaults(), PosixOptions.defaults().withDirect(true))) {
            try (LibcReadAt in = LibcReadAt.open(file, options);
                    ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
                List<Future<?>> reads = new ArrayList<>();
                for (long length : lengths()) {
                    long offset = FILE_SIZE - length - 5;
                    reads.add(pool.submit(() -> {
                        assertBytes(in.readFully(offset, length, 8), offset, length, 8, "readFully " + length);
                        MemorySegment dst = MemorySegment.ofArray(new byte[(int) length]);
                        long n = in.readCachedAt(dst, offset);
                        assertEquals(-1, dst.asSlice(0, n).mismatch(MemorySegment.ofArray(data).asSlice(offset, n)));
                        assertBytes(in.readExactAtPooled(dst, offset).join(), offset, length, 1, "pooled " + length);
                    }));
                }
                for (Future<?> f : reads) {
                    f.get();
                }
            }
        }
    }

    @Test
    void readsPastTheEndFailClearly() throws IOException {
        writeFile(1000);
        try (LibcReadAt in = LibcReadAt.open(file, PosixOptions.defaults())) {
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
            assertThrows(QuireIoException.class, () -> in.readCachedAt(MemorySegment.ofArray(new byte[20]), 990));
            assertThrows(QuireIoException.class,
                    () -> ReadAt.await(in.readExactAtPooled(MemorySegment.ofArray(new byte[20]), 990)));
            assertThrows(QuireIoException.class, () -> in.readExactAt(MemorySegment.ofArray(new byte[20]), 990));
        }
    }

    @Test
    void badArgumentsAreInvalidArguments() throws IOException {
        writeFile(100);
        try (LibcReadAt in = LibcReadAt.open(file, PosixOptions.defaults())) {
            assertThrows(InvalidArgumentException.class, () -> in.readFully(0, 10, 0));
            assertThrows(InvalidArgumentException.class, () -> in.readFully(0, 10, 6));
            assertThrows(InvalidArgumentException.class, () -> ReadAt.await(in.read(0, 10, 1 << 13)));
            MemorySegment readOnly = MemorySegment.ofArray(new byte[10]).asReadOnly();
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                    () -> in.readCachedAt(readOnly, 0));
            assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
            assertThrows(InvalidArgumentException.class, () -> ReadAt.await(in.readExactAtPooled(readOnly, 0)));
        }
    }

    @Test
    void aClosedReaderFailsClearly() throws IOException {
        writeFile(1000);
        LibcReadAt in = LibcReadAt.open(file, PosixOptions.defaults());
        MemorySegment before = in.readFully(0, 1000, 8);
        in.close();
        in.close(); // idempotent
        ClosedException e = assertThrows(ClosedException.class, () -> in.readFully(0, 10, 1));
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        assertTrue(e.getMessage().endsWith("is closed"), e.getMessage());
        CompletableFuture<MemorySegment> f = in.read(0, 10, 1);
        assertTrue(f.isCompletedExceptionally());
        assertThrows(ClosedException.class, () -> ReadAt.await(f));
        assertThrows(ClosedException.class, () -> in.readCachedAt(MemorySegment.ofArray(new byte[10]), 0));
        assertThrows(ClosedException.class,
                () -> ReadAt.await(in.readExactAtPooled(MemorySegment.ofArray(new byte[10]), 0)));
        assertThrows(ClosedException.class, () -> in.readExactAt(MemorySegment.ofArray(new byte[10]), 0));
        assertArrayEquals(data, before.toArray(ValueLayout.JAVA_BYTE), "segments read before close stay valid");
        assertEquals(1000, in.size(), "the size stays known after close");
    }

    @Test
    void readsInFlightWhenTheReaderClosesStillFinishOrFailAsClosed() throws IOException {
        writeFile(FILE_SIZE);
        LibcReadAt in = LibcReadAt.open(file, PosixOptions.defaults().withFastPath(false));
        List<CompletableFuture<MemorySegment>> reads = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            reads.add(in.read(i * 1000L, 500_000, 8));
        }
        in.close();
        int finished = 0;
        for (int i = 0; i < reads.size(); i++) {
            MemorySegment s = ReadAt.await(reads.get(i));
            assertBytes(s, i * 1000L, 500_000, 8, "read " + i + " in flight at close");
            finished++;
        }
        assertEquals(64, finished, "reads issued before close complete");
        assertThrows(ClosedException.class, () -> ReadAt.await(in.read(0, 500_000, 8)));
    }

    @Test
    void aFileThatShrankWhileOpenFailsWithAnIoException() throws IOException {
        writeFile(FILE_SIZE);
        try (LibcReadAt in = LibcReadAt.open(file, PosixOptions.defaults())) {
            try (FileChannel truncate = FileChannel.open(file, StandardOpenOption.WRITE)) {
                truncate.truncate(500_000);
            }
            QuireIoException e = assertThrows(QuireIoException.class, () -> in.readFully(400_000, 200_000, 8));
            assertTrue(e.getMessage().contains("unexpected end"), e.getMessage());
            assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
            QuireIoException pooled = assertThrows(QuireIoException.class,
                    () -> ReadAt.await(in.read(400_000, 200_000, 8)));
            assertTrue(pooled.getMessage().contains("at offset 500000"), pooled.getMessage());
            assertArrayEquals(Arrays.copyOfRange(data, 0, 100), in.readFully(0, 100, 1).toArray(ValueLayout.JAVA_BYTE));
        }
    }

    @Test
    void aMissingFileOrADirectoryIsAnIoExceptionNamingThePath() throws IOException {
        Path missing = dir.resolve("no-such-dir").resolve("missing.vortex");
        QuireIoException e = assertThrows(QuireIoException.class,
                () -> LibcReadAt.open(missing, PosixOptions.defaults()));
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("no such file"), e.getMessage());
        Path sub = Files.createDirectory(dir.resolve("a-directory"));
        for (boolean direct : new boolean[] {false, true}) {
            QuireIoException d = assertThrows(QuireIoException.class,
                    () -> LibcReadAt.open(sub, PosixOptions.defaults().withDirect(direct)));
            assertTrue(d.getMessage().contains(sub.toString()), d.getMessage());
            assertTrue(d.getMessage().contains("not a regular file"), d.getMessage());
        }
    }

    @Test
    void anEmptyFileHasSizeZeroAndAnEmptyRead() throws IOException {
        writeFile(0);
        for (boolean direct : new boolean[] {false, true}) {
            try (LibcReadAt in = LibcReadAt.open(file, PosixOptions.defaults().withDirect(direct))) {
                assertEquals(0, in.size());
                assertEquals(0, in.readFully(0, 0, 4096).byteSize());
                assertEquals(0, ReadAt.await(in.read(0, 0, 8)).byteSize());
                assertThrows(QuireIoException.class, () -> in.readFully(0, 1, 1));
            }
        }
    }

    /** libc calls are not interruptible: an interrupted thread reads normally and keeps its interrupt status. */
    @Test
    void aReadOnAnInterruptedThreadSucceedsAndKeepsTheInterrupt() throws IOException {
        writeFile(100_000);
        try (LibcReadAt in = LibcReadAt.open(file, PosixOptions.defaults())) {
            Thread.currentThread().interrupt();
            try {
                assertBytes(in.readFully(10, 90_000, 8), 10, 90_000, 8, "readFully");
                // join() waits without reacting to the interrupt, so this checks the pooled read itself.
                assertBytes(in.read(10, 90_000, 8).join(), 10, 90_000, 8, "read");
            } finally {
                assertTrue(Thread.interrupted(), "the interrupt status is kept");
            }
        }
    }

    @Test
    void theProviderOpensPosixReaders() throws IOException {
        writeFile(100);
        try (ReadAt in = new PosixIoProvider().open(file.toUri(), dev.quire.io.spi.IoOptions.defaults())) {
            assertInstanceOf(LibcReadAt.class, in);
            assertEquals(100, in.size());
        }
        assertTrue(LibcReadAt.availability().available());
        assertTrue(LibcReadAt.fastPathAvailability().available(), LibcReadAt.fastPathAvailability().reason());
    }
}
