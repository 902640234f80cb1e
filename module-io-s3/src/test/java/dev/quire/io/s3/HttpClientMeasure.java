package dev.quire.io.s3;

import dev.quire.io.s3.direct.S3Stores;
import dev.quire.io.spi.Coalescing;
import dev.quire.io.spi.ObjectStore;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.StoreStats;
import dev.quire.io.store.StoreOutput;
import dev.quire.io.store.StoreReadAt;
import dev.quire.io.store.StoreReadOptions;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A measurement, not a test (surefire's default patterns leave it out): ranged GETs of 8 KiB and 1 MiB, 16 in flight,
 * through the store reader from s3proxy on loopback, with each HTTP client the s3 store offers, six rounds. Run with
 * {@code ./mvnw -pl module-io-s3 -am test -Dtest=HttpClientMeasure -Dsurefire.failIfNoSpecifiedTests=false}; the
 * numbers are in the test's output file.
 */
class HttpClientMeasure {
    private static final int SIZE = 24 << 20;

    @TempDir
    Path dir;

    @Test
    void measure() throws Exception {
        try (S3Server server = S3Server.start(dir, "measure")) {
            byte[] data = S3ObjectStoreTest.bytes(SIZE, 1);
            try (StoreOutput out = StoreOutput.create(S3Stores.bucket("measure", server.settings()), "obj")) {
                out.write(ByteBuffer.wrap(data));
                out.commit();
            }
            for (int round = 0; round < 6; round++) {
                for (String client : List.of("apache5", "urlconnection")) {
                    ObjectStore store = S3Stores.bucket("measure",
                            server.settings().with(S3Settings.HTTP_CLIENT, client));
                    StoreReadOptions options = StoreReadOptions.defaults().withCoalescing(Coalescing.none())
                            .withConcurrency(16);
                    for (int size : new int[] {8 << 10, 1 << 20}) {
                        int n = size == (8 << 10) ? 3000 : 400;
                        try (StoreReadAt in = StoreReadAt.open(store, "obj", options)) {
                            long start = System.nanoTime();
                            List<CompletableFuture<MemorySegment>> reads = new ArrayList<>();
                            for (int i = 0; i < n; i++) {
                                long offset = (i * 7919L) % (SIZE / size) * size;
                                reads.add(in.read(offset, size, 8));
                            }
                            for (CompletableFuture<MemorySegment> read : reads) {
                                ReadAt.await(read);
                            }
                            long ms = (System.nanoTime() - start) / 1_000_000;
                            StoreStats stats = in.storeStats().orElseThrow();
                            System.out.printf("round %d %-14s %7d B x %4d: %5d ms, %.0f GET/s, p50 first byte %d us,"
                                    + " p99 last byte %d us%n", round, client, size, n, ms, n * 1000.0 / ms,
                                    stats.firstByte().percentileMicros(0.5), stats.lastByte().percentileMicros(0.99));
                        }
                    }
                }
            }
        }
    }
}
