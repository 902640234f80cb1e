package dev.quire.io.s3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.config.Settings;
import dev.quire.errors.ObjectStoreException;
import dev.quire.errors.StoreThrottledException;
import dev.quire.errors.StoreTimeoutException;
import dev.quire.io.s3.direct.S3Stores;
import dev.quire.io.spi.ObjectStore;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.StoreStats;
import dev.quire.io.store.StoreOutput;
import dev.quire.io.store.StoreReadAt;
import dev.quire.io.store.StoreReadOptions;
import dev.quire.io.store.StoreSettings;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Faults injected between the S3 client and a real server: every read ends in the right bytes (after retries) or in a
 * typed error naming the object, never in wrong bytes, a hang or a connection left behind.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class S3FaultTest {
    private static final int SIZE = 3 * 1024 * 1024 + 17;
    private static final URI OBJECT = URI.create("s3://faults/data.bin");
    /** Few connections, so that a connection leaked by a failed GET would soon stall every read after it. */
    private static final int CONNECTIONS = 2;

    @TempDir
    static Path dir;
    static S3Server server;
    static FaultProxy proxy;
    static ObjectStore store;
    static byte[] data;

    @BeforeAll
    static void start() throws Exception {
        server = S3Server.start(dir, "faults");
        data = S3ObjectStoreTest.bytes(SIZE, 11);
        S3Stores.bucket("faults", server.settings()).put("data.bin", ByteBuffer.wrap(data));
        proxy = FaultProxy.start(server.port());
        Settings settings = S3Server.settings(proxy.endpoint())
                .with(S3Settings.MAX_CONNECTIONS, CONNECTIONS)
                .with(StoreSettings.TIMEOUT_MILLIS, 1000L);
        store = S3Stores.bucket("faults", settings);
    }

    @AfterAll
    static void stop() throws Exception {
        proxy.close();
        server.close();
    }

    @AfterEach
    void noFaultLeft() {
        proxy.clear();
    }

    private static StoreReadOptions options(int attempts) {
        return StoreReadOptions.defaults().withAttempts(attempts).withConcurrency(CONNECTIONS)
                .withRetryPauses(java.time.Duration.ofMillis(1), java.time.Duration.ofMillis(10))
                .withTimeout(java.time.Duration.ofMillis(1000));
    }

    private static void assertBytes(long offset, MemorySegment got) {
        assertArrayEquals(Arrays.copyOfRange(data, (int) offset, (int) (offset + got.byteSize())),
                got.toArray(ValueLayout.JAVA_BYTE));
    }

    @ParameterizedTest
    @EnumSource(FaultProxy.Fault.class)
    void oneFaultIsRetriedToTheRightBytes(FaultProxy.Fault fault) {
        try (StoreReadAt in = StoreReadAt.open(store, "data.bin", options(3))) {
            proxy.inject(fault, 1);
            assertBytes(1234, in.readFully(1234, 200_000, 8));
            StoreStats stats = in.storeStats().orElseThrow();
            assertEquals(fault == FaultProxy.Fault.LATENCY ? 0 : 1, stats.retries(), stats.toJson());
            assertEquals(0, stats.failures());
        }
    }

    @ParameterizedTest
    @EnumSource(value = FaultProxy.Fault.class, names = "LATENCY", mode = EnumSource.Mode.EXCLUDE)
    void aFaultOnEveryTryIsATypedErrorNamingTheObject(FaultProxy.Fault fault) {
        try (StoreReadAt in = StoreReadAt.open(store, "data.bin", options(2))) {
            proxy.inject(fault, 2);
            ObjectStoreException e = assertThrows(ObjectStoreException.class, () -> in.readFully(0, 100_000, 8));
            assertEquals(OBJECT, e.uri());
            assertTrue(e.getMessage().contains(OBJECT.toString()), e.getMessage());
            assertTrue(e.retryable(), e.getMessage());
            switch (fault) {
                case SLOW_DOWN -> assertTrue(e instanceof StoreThrottledException, e.toString());
                case STALL -> assertTrue(e instanceof StoreTimeoutException, e.toString());
                default -> { }
            }
            assertEquals(1, in.storeStats().orElseThrow().failures());
        }
        // The connections of the failed GETs were dropped or returned: reads go on at full pool size.
        manyReadsSucceed();
    }

    @Test
    void latencyLongerThanTheTimeoutTimesOut() {
        proxy.latencyMillis = 1500;
        try (StoreReadAt in = StoreReadAt.open(store, "data.bin", options(1))) {
            proxy.inject(FaultProxy.Fault.LATENCY, 1);
            StoreTimeoutException e = assertThrows(StoreTimeoutException.class, () -> in.readFully(0, 1000, 8));
            assertEquals(OBJECT, e.uri());
        } finally {
            proxy.latencyMillis = 50;
        }
        manyReadsSucceed();
    }

    @Test
    void faultsAmongConcurrentReadsNeverGiveWrongBytes() {
        for (FaultProxy.Fault fault : FaultProxy.Fault.values()) {
            proxy.inject(fault, 1);
        }
        // More tries than faults: one read may meet every fault in turn.
        try (StoreReadAt in = StoreReadAt.open(store, "data.bin", options(FaultProxy.Fault.values().length + 1)
                .withCoalescing(dev.quire.io.spi.Coalescing.none()))) {
            List<CompletableFuture<MemorySegment>> reads = new ArrayList<>();
            for (int i = 0; i < 24; i++) {
                reads.add(in.read(i * 100_000L, 50_000, 8));
            }
            for (int i = 0; i < reads.size(); i++) {
                assertBytes(i * 100_000L, ReadAt.await(reads.get(i)));
            }
            StoreStats stats = in.storeStats().orElseThrow();
            assertEquals(FaultProxy.Fault.values().length - 1, stats.retries(), stats.toJson());
        }
    }

    @Test
    void partsAndPutsCutOffMidBodyAreSentAgain() {
        ObjectStore writes = writeStore();
        ObjectStore direct = S3Stores.bucket("faults", server.settings());
        byte[] big = S3ObjectStoreTest.bytes(12 * 1024 * 1024 + 5, 21);
        proxy.writeResets.set(2);
        try (StoreOutput out = StoreOutput.create(writes, "written/big.bin", writes.minPartSize(), writeOptions(3))) {
            out.write(ByteBuffer.wrap(big));
            out.commit();
            assertEquals(3, out.partsUploaded());
        }
        assertEquals(0, proxy.writeResets.get(), "both resets were met");
        try (StoreReadAt in = StoreReadAt.open(direct, "written/big.bin", options(1))) {
            assertArrayEquals(big, in.readFully(0, big.length, 8).toArray(ValueLayout.JAVA_BYTE));
        }
        proxy.writeResets.set(1);
        byte[] small = S3ObjectStoreTest.bytes(1000, 22);
        try (StoreOutput out = StoreOutput.create(writes, "written/small.bin", writes.minPartSize(), writeOptions(3))) {
            out.write(ByteBuffer.wrap(small));
            out.commit();
        }
        try (StoreReadAt in = StoreReadAt.open(direct, "written/small.bin", options(1))) {
            assertArrayEquals(small, in.readFully(0, small.length, 8).toArray(ValueLayout.JAVA_BYTE));
        }
    }

    @Test
    void aPartThatKeepsFailingAbortsTheUpload() {
        ObjectStore writes = writeStore();
        proxy.writeResets.set(100);
        try (StoreOutput out = StoreOutput.create(writes, "written/doomed.bin", writes.minPartSize(), writeOptions(2))) {
            ObjectStoreException e = assertThrows(ObjectStoreException.class,
                    () -> out.write(ByteBuffer.wrap(S3ObjectStoreTest.bytes(6 * 1024 * 1024, 1))));
            assertEquals(URI.create("s3://faults/written/doomed.bin"), e.uri());
            assertTrue(e.retryable(), e.toString());
        }
        proxy.writeResets.set(0);
        assertEquals(List.of(), S3Stores.bucket("faults", server.settings()).list("written/doomed"));
    }

    private static StoreReadOptions writeOptions(int attempts) {
        return options(attempts).withTimeout(java.time.Duration.ofSeconds(20));
    }

    /** The bucket through the proxy, with time for whole parts to go up on a slow machine. */
    private static ObjectStore writeStore() {
        return S3Stores.bucket("faults", S3Server.settings(proxy.endpoint())
                .with(S3Settings.MAX_CONNECTIONS, CONNECTIONS).with(StoreSettings.TIMEOUT_MILLIS, 20_000L));
    }

    /** Twenty reads through the small pool: a leaked connection would make them wait for a connection and fail. */
    private static void manyReadsSucceed() {
        try (StoreReadAt in = StoreReadAt.open(store, "data.bin", options(1))) {
            List<CompletableFuture<MemorySegment>> reads = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                reads.add(in.read(i * 10_000L, 5_000, 8));
            }
            for (int i = 0; i < reads.size(); i++) {
                assertBytes(i * 10_000L, ReadAt.await(reads.get(i)));
            }
        }
        assertTrue(proxy.openConnections() <= CONNECTIONS + 1, "client connections open: " + proxy.openConnections());
    }
}
