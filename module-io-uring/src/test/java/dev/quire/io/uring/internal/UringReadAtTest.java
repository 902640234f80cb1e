package dev.quire.io.uring.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.ClosedException;
import dev.quire.errors.QuireIoException;
import dev.quire.io.spi.CompletionScope;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.ReadCompletion;
import dev.quire.io.uring.RingStats;
import dev.quire.io.uring.UringOptions;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reads through the real kernel's io_uring, checked byte for byte against the file. */
@EnabledOnOs(value = OS.LINUX, disabledReason = "io_uring is Linux only")
class UringReadAtTest {
    /** Not a multiple of the block size, so reads end inside the last block. */
    private static final int SIZE = (24 << 20) + 777;
    private static final long MAX_READ = 8 << 20;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "direct={0}, rings={1}")
    @CsvSource({"false, 1", "true, 1", "false, 2"})
    void randomReadsFromSixtyFourThreadsGiveTheFilesBytes(boolean direct, int rings) throws Exception {
        Path file = dir.resolve("data.bin");
        byte[] bytes = TestFiles.write(file, SIZE, 7);
        RingStats before = UringReadAt.processRingStats();
        try (UringReadAt in = UringReadAt.open(file, UringOptions.defaults().withResident(false).withDirect(direct).withRings(rings))) {
            assertEquals(direct, in.direct(), in.directRefusal().orElse(""));
            ExecutorService threads = Executors.newFixedThreadPool(64);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 64; t++) {
                long seed = t;
                done.add(threads.submit(() -> readRandomly(in, bytes, seed)));
            }
            for (Future<?> f : done) {
                f.get();
            }
            threads.shutdown();
        }
        RingStats during = UringReadAt.processRingStats().minus(before);
        assertTrue(during.submissions() >= 64 * 12, during.summary());
    }

    /** Twelve reads of 1 B..8 MiB (log-uniform), one in four ending at the end of the file, by every read path. */
    private static Void readRandomly(ReadAt in, byte[] bytes, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        try (CompletionScope<Integer> scope = in.openScope()) {
            List<long[]> asked = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                long length = Math.min(SIZE, Math.round(Math.exp(random.nextDouble() * Math.log(MAX_READ))));
                long offset = random.nextInt(4) == 0 ? SIZE - length : random.nextLong(SIZE - length + 1);
                String what = "thread " + seed + " read " + i;
                switch (i % 3) {
                    case 0 -> TestFiles.assertBytes(bytes, offset, length, in.read(offset, length, 8).join(), what);
                    case 1 -> TestFiles.assertBytes(bytes, offset, length, in.readFully(offset, length, 4096), what);
                    default -> {
                        scope.submit(offset, length, 1, asked.size());
                        asked.add(new long[] {offset, length});
                    }
                }
            }
            for (int k = 0; k < asked.size(); k++) {
                ReadCompletion<Integer> c = scope.await(Duration.ofMinutes(1)).orElseThrow();
                long[] range = asked.get(c.tag());
                TestFiles.assertBytes(bytes, range[0], range[1], c.bytes(), "thread " + seed + " scope read");
            }
            assertEquals(0, scope.outstanding());
        }
        return null;
    }

    @Test
    void alignmentIsHonouredAndSegmentsAreReadOnly() throws Exception {
        Path file = dir.resolve("small.bin");
        byte[] bytes = TestFiles.write(file, 10_000, 3);
        try (UringReadAt in = UringReadAt.open(file, UringOptions.defaults().withResident(false))) {
            MemorySegment s = in.read(5, 100, 4096).join();
            assertEquals(0, s.address() % 4096);
            assertTrue(s.isReadOnly());
            TestFiles.assertBytes(bytes, 5, 100, s, "aligned read");
            assertEquals(0, in.read(10_000, 0, 1).join().byteSize());
            assertEquals(64, in.preferredConcurrency());
        }
    }

    @Test
    void readsPastTheEndFailNamingTheRangeAndTheFile() throws Exception {
        Path file = dir.resolve("short.bin");
        TestFiles.write(file, 5000, 1);
        try (UringReadAt in = UringReadAt.open(file, UringOptions.defaults().withResident(false).withDirect(true))) {
            QuireIoException e = assertThrows(QuireIoException.class, () -> ReadAt.await(in.read(4999, 2, 1)));
            assertEquals("read of 2 bytes at offset 4999 is outside " + file + " (5000 bytes)", e.getMessage());
            assertThrows(QuireIoException.class, () -> in.readFully(5001, 0, 1));
            try (CompletionScope<String> scope = in.openScope()) {
                long ticket = scope.submit(4096, 1000, 1, "past");
                ReadCompletion<String> c = scope.await(Duration.ofMinutes(1)).orElseThrow();
                assertEquals(ticket, c.ticket());
                ReadCompletion.Failed<String> failed = assertInstanceOf(ReadCompletion.Failed.class, c);
                assertTrue(failed.error().getMessage().contains("outside " + file), failed.error().getMessage());
                assertThrows(QuireIoException.class, c::bytes);
            }
        }
    }

    @Test
    void aClosedReaderRefusesReadsAndItsScopeSaysSo() throws Exception {
        Path file = dir.resolve("closed.bin");
        TestFiles.write(file, 5000, 1);
        UringReadAt in = UringReadAt.open(file, UringOptions.defaults().withResident(false));
        CompletionScope<String> scope = in.openScope();
        in.close();
        assertThrows(ClosedException.class, () -> ReadAt.await(in.read(0, 10, 1)));
        scope.submit(0, 10, 1, "after close");
        ReadCompletion<String> c = scope.poll().orElseThrow();
        assertInstanceOf(ClosedException.class, ((ReadCompletion.Failed<String>) c).error());
        scope.close();
        assertThrows(ClosedException.class, scope::poll);
        assertEquals(0, TestFiles.descriptorsUnder(dir));
    }

    /**
     * Thousands of reads in flight while some are cancelled, a scope is closed and the reader is closed, with
     * collections forcing any buffer nothing references to be freed: every read yields exactly one completion, every
     * byte delivered is the file's, and the file's descriptor is closed once the kernel is done.
     */
    @Test
    void cancellingAndClosingWithThousandsInFlightLosesNothingAndLeaksNothing() throws Exception {
        Path file = dir.resolve("stress.bin");
        byte[] bytes = TestFiles.write(file, 8 << 20, 11);
        UringReadAt in = UringReadAt.open(file, UringOptions.defaults().withResident(false).withDirect(true));
        SplittableRandom random = new SplittableRandom(5);
        CompletionScope<long[]> kept = in.openScope();
        CompletionScope<long[]> dropped = in.openScope();
        int reads = 4000;
        List<Long> cancelled = new ArrayList<>();
        for (int i = 0; i < reads; i++) {
            long length = 1 + random.nextLong(64 << 10);
            long offset = random.nextLong(bytes.length - length + 1);
            long ticket = kept.submit(offset, length, 8, new long[] {offset, length});
            dropped.submit(offset, length, 8, new long[] {offset, length});
            if (i % 500 == 0) {
                kept.flush();
                dropped.flush();
                System.gc();
            }
            if (i % 3 == 0 && kept.cancel(ticket)) {
                cancelled.add(ticket);
            }
        }
        kept.flush();
        dropped.flush();
        dropped.close();
        System.gc();
        int done = 0;
        int cancels = 0;
        List<Long> seen = new ArrayList<>();
        Optional<ReadCompletion<long[]>> next;
        while ((next = kept.await(Duration.ofMinutes(1))).isPresent()) {
            ReadCompletion<long[]> c = next.get();
            seen.add(c.ticket());
            if (c instanceof ReadCompletion.Cancelled<long[]>) {
                cancels++;
            } else {
                TestFiles.assertBytes(bytes, c.tag()[0], c.tag()[1], c.bytes(), "ticket " + c.ticket());
                done++;
            }
            if (seen.size() % 1000 == 0) {
                System.gc();
            }
        }
        assertEquals(reads, seen.size(), "one completion per read");
        assertEquals(reads, seen.stream().distinct().count(), "no read completes twice");
        assertEquals(cancelled.size(), cancels);
        assertEquals(reads - cancelled.size(), done);
        kept.close();
        in.close();
        TestFiles.eventually(() -> {
            try {
                return TestFiles.descriptorsUnder(dir) == 0;
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, "the file's descriptor is closed once the kernel is done with the reads");
    }

    @Test
    void readerCloseWhileReadsAreInFlightFinishesThemAndThenClosesTheFile() throws Exception {
        Path file = dir.resolve("inflight.bin");
        byte[] bytes = TestFiles.write(file, 4 << 20, 2);
        UringReadAt in = UringReadAt.open(file, UringOptions.defaults().withResident(false));
        List<CompletableFuture<MemorySegment>> reads = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            reads.add(in.read((i * 4099L) % (3 << 20), 4096 + i, 1));
        }
        in.close();
        for (int i = 0; i < reads.size(); i++) {
            TestFiles.assertBytes(bytes, (i * 4099L) % (3 << 20), 4096 + i, reads.get(i).join(), "read " + i);
        }
        TestFiles.eventually(() -> {
            try {
                return TestFiles.descriptorsUnder(dir) == 0;
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }, "the descriptor is closed after the last read");
    }

    @Test
    void manyThreadsReadsShareFewEnters() throws Exception {
        Path file = dir.resolve("batch.bin");
        byte[] bytes = TestFiles.write(file, 1 << 20, 9);
        SharedRings rings = new SharedRings(dev.quire.io.uring.sys.UringSyscalls.kernel());
        int threads = 8;
        int each = 512;
        try (UringReadAt in = UringReadAt.open(file, UringOptions.defaults().withResident(false), rings,
                dev.quire.io.posix.sys.Syscalls.libc())) {
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int first = t * each;
                done.add(pool.submit(() -> {
                    try (CompletionScope<Integer> scope = in.openScope()) {
                        // Each thread submits in flushes of 32, as a scan task hands over its segments.
                        for (int i = first; i < first + each; i++) {
                            scope.submit(i * 256L, 256, 1, i);
                            if (i % 32 == 31) {
                                scope.flush();
                            }
                        }
                        for (int k = 0; k < each; k++) {
                            ReadCompletion<Integer> c = scope.await(Duration.ofMinutes(1)).orElseThrow();
                            TestFiles.assertBytes(bytes, c.tag() * 256L, 256, c.bytes(), "read " + c.tag());
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
            pool.shutdown();
        }
        RingStats stats = rings.stats();
        System.out.println("eight threads' reads: " + stats.summary());
        assertEquals(threads * each, stats.submissions());
        // 4,096 reads from 8 threads through one ring of depth 64: on average at least 8 enter together.
        assertTrue(stats.enters() * 8 <= stats.submissions(), stats.summary());
    }

    @Test
    void availabilityProbesLeakNoRingDescriptorOrMapping() throws Exception {
        UringAvailability.process();
        long before = TestFiles.uringResources();
        for (int i = 0; i < 50; i++) {
            assertTrue(UringAvailability.probe(dev.quire.io.uring.sys.UringSyscalls.kernel(),
                    UringAvailability.DISABLED_SYSCTL).available());
        }
        assertEquals(before, TestFiles.uringResources());
    }
}
