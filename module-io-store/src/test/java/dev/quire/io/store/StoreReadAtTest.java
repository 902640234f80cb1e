package dev.quire.io.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.ClosedException;
import dev.quire.errors.ObjectChangedException;
import dev.quire.errors.ObjectNotFoundException;
import dev.quire.errors.ObjectStoreException;
import dev.quire.errors.StoreAccessDeniedException;
import dev.quire.errors.StoreThrottledException;
import dev.quire.errors.StoreTimeoutException;
import dev.quire.io.spi.ByteRange;
import dev.quire.io.spi.Coalescing;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.StoreStats;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreReadAtTest {
    private static final int SIZE = 1 << 20;
    /** Quick retries, so the tests take milliseconds; the pauses are still random and bounded. */
    private static final StoreReadOptions FAST = StoreReadOptions.defaults()
            .withRetryPauses(Duration.ofMillis(1), Duration.ofMillis(5));

    @TempDir
    Path root;
    private byte[] data;
    private FaultyStore store;

    @BeforeEach
    void setUp() {
        data = LocalDirectoryStoreTest.bytes(SIZE, 5);
        LocalDirectoryStore local = LocalDirectoryStore.open(root);
        local.put("f.bin", ByteBuffer.wrap(data));
        store = new FaultyStore(local);
    }

    private void assertBytes(long offset, MemorySegment got) {
        byte[] expected = java.util.Arrays.copyOfRange(data, (int) offset, (int) (offset + got.byteSize()));
        assertArrayEquals(expected, got.toArray(ValueLayout.JAVA_BYTE));
    }

    @Test
    void readsRangesAndCountsThem() {
        try (StoreReadAt in = StoreReadAt.open(store, "f.bin", FAST)) {
            assertEquals(SIZE, in.size());
            MemorySegment got = in.readFully(1000, 5000, 8);
            assertBytes(1000, got);
            MemorySegment aligned = in.readFully(7, 4096, 4096);
            assertEquals(0, aligned.address() % 4096);
            assertBytes(7, aligned);
            StoreStats stats = in.storeStats().orElseThrow();
            assertEquals(2, stats.requests());
            assertEquals(2, stats.gets());
            assertEquals(9096, stats.requestedBytes());
            assertEquals(9096, stats.fetchedBytes());
            assertEquals(2, stats.lastByte().count());
            assertTrue(stats.toJson().contains("\"gets\":2"), stats.toJson());
        }
    }

    @Test
    void neighboursMergeIntoOneGet() {
        StoreReadOptions options = FAST.withCoalescing(new Coalescing(64 * 1024, 512 * 1024));
        try (StoreReadAt in = StoreReadAt.open(store, "f.bin", options)) {
            List<ByteRange> ranges = List.of(new ByteRange(0, 100), new ByteRange(10_000, 100),
                    new ByteRange(50_000, 100), new ByteRange(900_000, 100));
            List<CompletableFuture<MemorySegment>> reads = in.readRanges(ranges, 8);
            for (int i = 0; i < ranges.size(); i++) {
                assertBytes(ranges.get(i).offset(), ReadAt.await(reads.get(i)));
            }
            StoreStats stats = in.storeStats().orElseThrow();
            assertEquals(4, stats.requests());
            assertEquals(400, stats.requestedBytes());
            assertEquals(2, stats.gets(), "three neighbours in one GET, the far range in another");
            assertEquals(50_100 + 100, stats.fetchedBytes());
        }
    }

    @Test
    void retryableFailuresAreRetriedToCorrectData() {
        store.fail(FaultyStore.Fault.THROTTLE, 1).fail(FaultyStore.Fault.SERVER_ERROR, 1)
                .fail(FaultyStore.Fault.SHORT_BODY, 1);
        try (StoreReadAt in = StoreReadAt.open(store, "f.bin", FAST)) {
            assertBytes(4096, in.readFully(4096, 65536, 8));
            StoreStats stats = in.storeStats().orElseThrow();
            assertEquals(3, stats.retries());
            assertEquals(4, stats.gets());
            assertEquals(0, stats.failures());
        }
    }

    @Test
    void outOfAttemptsFailsWithTheLastTypedError() {
        store.fail(FaultyStore.Fault.THROTTLE, 3);
        try (StoreReadAt in = StoreReadAt.open(store, "f.bin", FAST.withAttempts(3))) {
            StoreThrottledException e = assertThrows(StoreThrottledException.class, () -> in.readFully(0, 10, 8));
            assertEquals(store.uri("f.bin"), e.uri());
            assertTrue(e.getMessage().contains("f.bin"), e.getMessage());
            StoreStats stats = in.storeStats().orElseThrow();
            assertEquals(2, stats.retries());
            assertEquals(1, stats.failures());
        }
    }

    @Test
    void permanentFailuresAreNotRetried() {
        store.fail(FaultyStore.Fault.DENIED, 1);
        try (StoreReadAt in = StoreReadAt.open(store, "f.bin", FAST)) {
            assertThrows(StoreAccessDeniedException.class, () -> in.readFully(0, 10, 8));
            assertEquals(0, in.storeStats().orElseThrow().retries());
            assertBytes(0, in.readFully(0, 10, 8));
        }
    }

    @Test
    void aStalledGetTimesOutAndIsRetried() {
        store.fail(FaultyStore.Fault.HANG, 1);
        try (StoreReadAt in = StoreReadAt.open(store, "f.bin", FAST.withTimeout(Duration.ofMillis(200)))) {
            assertBytes(100, in.readFully(100, 1000, 8));
            assertEquals(1, in.storeStats().orElseThrow().retries());
        }
    }

    @Test
    void aGetThatAlwaysStallsEndsInATimeoutNamingTheObject() {
        store.fail(FaultyStore.Fault.HANG, 2);
        StoreReadOptions options = FAST.withTimeout(Duration.ofMillis(100)).withAttempts(2);
        try (StoreReadAt in = StoreReadAt.open(store, "f.bin", options)) {
            StoreTimeoutException e = assertThrows(StoreTimeoutException.class, () -> in.readFully(0, 10, 8));
            assertTrue(e.getMessage().contains("f.bin") && e.getMessage().contains("GET of bytes 0-9"),
                    e.getMessage());
        }
        assertTrue(!Thread.currentThread().isInterrupted());
    }

    @Test
    void aRewrittenObjectFailsInsteadOfMixingVersions() {
        try (StoreReadAt in = StoreReadAt.open(store, "f.bin", FAST)) {
            assertBytes(0, in.readFully(0, 10, 8));
            store.put("f.bin", ByteBuffer.wrap(LocalDirectoryStoreTest.bytes(SIZE, 9)));
            ObjectChangedException e = assertThrows(ObjectChangedException.class, () -> in.readFully(0, 10, 8));
            assertEquals(store.uri("f.bin"), e.uri());
        }
    }

    @Test
    void anotherObjectSizeInTheResponseIsAChangedObject() {
        store.fail(FaultyStore.Fault.RESIZED, 1);
        try (StoreReadAt in = StoreReadAt.open(store, "f.bin", FAST)) {
            ObjectChangedException e = assertThrows(ObjectChangedException.class, () -> in.readFully(0, 10, 8));
            assertTrue(e.getMessage().contains((SIZE + 1) + " bytes"), e.getMessage());
            assertEquals(0, in.storeStats().orElseThrow().retries());
        }
    }

    @Test
    void getsInFlightStayWithinTheConcurrency() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        store.gate = gate;
        try (StoreReadAt in = StoreReadAt.open(store, "f.bin", FAST.withConcurrency(3)
                .withCoalescing(Coalescing.none()))) {
            assertEquals(3, in.preferredConcurrency());
            List<CompletableFuture<MemorySegment>> reads = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                reads.add(in.read(i * 1000L, 100, 8));
            }
            while (store.inFlight.get() < 3) {
                Thread.onSpinWait();
            }
            Thread.sleep(50);
            gate.countDown();
            for (int i = 0; i < 20; i++) {
                assertBytes(i * 1000L, ReadAt.await(reads.get(i)));
            }
        }
        assertEquals(3, store.maxInFlight.get());
    }

    @Test
    void badRangesAndClosedReadersFailClearly() {
        StoreReadAt in = StoreReadAt.open(store, "f.bin", FAST);
        assertThrows(dev.quire.errors.QuireIoException.class, () -> in.readFully(SIZE - 5, 10, 8));
        assertThrows(dev.quire.errors.InvalidArgumentException.class, () -> in.readFully(0, 10, 3));
        assertEquals(0, in.readFully(SIZE, 0, 8).byteSize());
        in.close();
        assertThrows(ClosedException.class, () -> in.readFully(0, 10, 8));
        assertEquals(0, store.gets.get(), "no GET was sent for a refused read");
    }

    @Test
    void openingAMissingObjectIsTyped() {
        ObjectStoreException e = assertThrows(ObjectNotFoundException.class,
                () -> StoreReadAt.open(store, "nope.bin", FAST));
        assertTrue(e.getMessage().contains("nope.bin"), e.getMessage());
    }
}
