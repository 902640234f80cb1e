package dev.quire.io.spi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.config.Settings;
import dev.quire.errors.ClosedException;
import dev.quire.errors.QuireIoException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class CountingReadAtTest {
    private static byte[] pattern(int n) {
        byte[] bytes = new byte[n];
        new Random(6).nextBytes(bytes);
        return bytes;
    }

    @Test
    void singleReadsAreCountedAsRequestsAndReads() {
        byte[] data = pattern(1000);
        try (CountingReadAt in = CountingReadAt.wrap(InMemoryReadAt.of(data))) {
            assertEquals("memory", in.name());
            assertEquals(1000, in.size());
            assertArrayEquals(Arrays.copyOfRange(data, 10, 20),
                    ReadAt.await(in.read(10, 10, 1)).toArray(ValueLayout.JAVA_BYTE));
            in.readFully(100, 50, 8);
            IoStats s = in.stats();
            assertEquals("memory", s.name());
            assertEquals(2, s.requests());
            assertEquals(60, s.requestedBytes());
            assertEquals(2, s.reads());
            assertEquals(60, s.bytesRead());
            assertEquals(0, s.mergedReads());
            assertEquals(0, s.errors());
            assertEquals(2, s.latency().count());
        }
    }

    @Test
    void mergedReadsAreCountedWithWhatTheySaved() {
        byte[] data = pattern(10_000);
        try (CountingReadAt in = CountingReadAt.wrap(InMemoryReadAt.of(data))) {
            // Three neighbours (one read of 0..300), and one far away.
            List<ByteRange> ranges = List.of(new ByteRange(0, 100), new ByteRange(110, 90), new ByteRange(200, 100),
                    new ByteRange(9000, 10));
            List<CompletableFuture<MemorySegment>> results = in.readRanges(ranges, 1);
            for (int i = 0; i < ranges.size(); i++) {
                ByteRange r = ranges.get(i);
                assertArrayEquals(Arrays.copyOfRange(data, (int) r.offset(), (int) r.end()),
                        ReadAt.await(results.get(i)).toArray(ValueLayout.JAVA_BYTE));
            }
            IoStats s = in.stats();
            assertEquals(4, s.requests());
            assertEquals(300, s.requestedBytes());
            assertEquals(2, s.reads());
            assertEquals(310, s.bytesRead(), "the 10-byte gap is read too");
            assertEquals(1, s.mergedReads());
            assertEquals(3, s.requestsMerged());
            assertEquals(2, s.readsSaved());
        }
    }

    @Test
    void theWrappedReadersPreferencesAreKept() {
        ManualReadAt manual = new ManualReadAt(pattern(100), new Coalescing(1, 50));
        CountingReadAt in = CountingReadAt.wrap(manual);
        assertEquals(new Coalescing(1, 50), in.coalescing());
        assertEquals(ReadAt.DEFAULT_CONCURRENCY, in.preferredConcurrency());
        assertSame(manual, in.delegate());
        in.readRanges(List.of(new ByteRange(0, 10), new ByteRange(12, 10), new ByteRange(11, 1)), 1);
        assertEquals(List.of(new ByteRange(0, 22)), manual.ranges());
    }

    @Test
    void failuresAreCountedAsErrors() {
        try (CountingReadAt in = CountingReadAt.wrap(InMemoryReadAt.of(new byte[100]))) {
            assertThrows(QuireIoException.class, () -> ReadAt.await(in.read(90, 20, 1)));
            assertThrows(QuireIoException.class, () -> in.readFully(200, 1, 1));
            List<CompletableFuture<MemorySegment>> results = in.readRanges(List.of(new ByteRange(95, 10)), 1);
            assertThrows(QuireIoException.class, () -> ReadAt.await(results.getFirst()));
            IoStats s = in.stats();
            assertEquals(3, s.errors());
            assertEquals(3, s.reads());
        }
    }

    @Test
    void readsThroughAScopeAreCountedOnceAndMerged() {
        byte[] data = pattern(1000);
        try (CountingReadAt in = CountingReadAt.wrap(InMemoryReadAt.of(data));
                CompletionScope<Integer> scope = in.openScope()) {
            scope.submit(0, 10, 1, 0);
            scope.submit(10, 10, 1, 1);
            scope.submit(20, 10, 1, 2);
            for (int i = 0; i < 3; i++) {
                scope.await(Duration.ofSeconds(30)).orElseThrow().bytes();
            }
            IoStats s = in.stats();
            assertEquals(3, s.requests());
            assertEquals(1, s.reads());
            assertEquals(2, s.readsSaved());
        }
    }

    @Test
    void countsAlsoGoToTheRecordersGiven() {
        IoStatsRecorder provider = new IoStatsRecorder("test-provider");
        try (CountingReadAt a = CountingReadAt.wrap(InMemoryReadAt.of(new byte[100]), provider);
                CountingReadAt b = CountingReadAt.wrap(InMemoryReadAt.of(new byte[100]), provider)) {
            a.readFully(0, 10, 1);
            b.readFully(0, 20, 1);
            b.readFully(0, 30, 1);
            assertEquals(1, a.stats().reads());
            assertEquals(2, b.stats().reads());
            IoStats total = provider.snapshot();
            assertEquals("test-provider", total.name());
            assertEquals(3, total.reads());
            assertEquals(60, total.bytesRead());
        }
    }

    @Test
    void closingClosesTheWrappedReader() {
        InMemoryReadAt inner = InMemoryReadAt.of(new byte[10]);
        CountingReadAt in = CountingReadAt.wrap(inner);
        in.close();
        assertThrows(ClosedException.class, () -> inner.readFully(0, 1, 1));
    }

    @Test
    void aSetOfProvidersKeepsOneRecorderPerNameOfItsOwn() {
        IoProviders providers = IoProviders.of(IoProviders.registryBuilder().build(""), Settings.defaults());
        IoProviders other = IoProviders.of(IoProviders.registryBuilder().build(""), Settings.defaults());
        IoStatsRecorder r = providers.statsRecorder("counting-test-provider");
        assertSame(r, providers.statsRecorder("counting-test-provider"));
        assertEquals(IoStats.empty("never-counted"), providers.stats("never-counted"));
        try (CountingReadAt in = CountingReadAt.wrap(InMemoryReadAt.of(new byte[10]), r)) {
            in.readFully(0, 4, 1);
        }
        assertEquals(1, providers.stats("counting-test-provider").reads());
        assertEquals(List.of("counting-test-provider"), providers.stats().stream().map(IoStats::name).toList());
        assertEquals(0, other.stats("counting-test-provider").reads(), "another set counts apart");
        assertEquals(List.of(), other.stats());
    }
}
