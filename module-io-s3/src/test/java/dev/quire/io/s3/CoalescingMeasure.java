package dev.quire.io.s3;

import dev.quire.io.s3.direct.S3Stores;
import dev.quire.io.spi.Coalescing;
import dev.quire.io.spi.InMemoryReadAt;
import dev.quire.io.spi.ObjectStore;
import dev.quire.io.spi.StoreStats;
import dev.quire.io.store.StoreOutput;
import dev.quire.io.store.StoreReadAt;
import dev.quire.io.store.StoreReadOptions;
import dev.quire.layout.QuireContext;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.ReadLimits;
import dev.quire.layout.format.WriteOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A measurement, not a test (surefire's default patterns leave it out): how merge gaps and caps change a scan of a
 * 13 MB Vortex file (mixed_100k written 20 times) read from s3proxy through a proxy that adds 20 ms before every ranged
 * GET's answer. Prints wall time, GETs and bytes fetched per byte requested for a full scan, a one-column projection
 * and a filtered projection. Run with {@code ./mvnw -pl module-io-s3 -am test -Dtest=CoalescingMeasure
 * -Dsurefire.failIfNoSpecifiedTests=false}; the numbers are in the test's output file.
 */
class CoalescingMeasure {
    @TempDir
    Path dir;

    @Test
    void measure() throws Exception {
        try (S3Server server = S3Server.start(dir, "measure"); FaultProxy proxy = FaultProxy.start(server.port())) {
            QuireContext context = QuireContext.builder().settings(server.settings()).build();
            ObjectStore direct = S3Stores.bucket("measure", server.settings());
            byte[] bytes = Files.readAllBytes(S3VortexTest.fixtures().resolve("mixed_100k.vortex"));
            List<StructArray> batches = new ArrayList<>();
            DType.Struct schema;
            try (VortexFile source = VortexFile.open(InMemoryReadAt.of(bytes), ReadLimits.defaults(), context)) {
                schema = (DType.Struct) source.dtype();
                source.scan().batches().forEach(batches::add);
            }
            try (StoreOutput out = StoreOutput.create(direct, "big.vortex")) {
                try (VortexWriter w = VortexWriter.create(out, schema, WriteOptions.defaults(), context)) {
                    for (int i = 0; i < 20; i++) {
                        for (StructArray b : batches) {
                            w.write(b);
                        }
                    }
                }
                System.out.println("file " + out.written() + " bytes");
                out.commit();
            }
            proxy.latencyMillis = 20;
            proxy.inject(FaultProxy.Fault.LATENCY, 10_000_000);
            ObjectStore slow = S3Stores.bucket("measure", S3Server.settings(proxy.endpoint()));
            List<Coalescing> policies = List.of(new Coalescing(8 << 10, 1 << 20), new Coalescing(64 << 10, 4 << 20),
                    new Coalescing(256 << 10, 4 << 20), new Coalescing(256 << 10, 16 << 20),
                    new Coalescing(512 << 10, 16 << 20), new Coalescing(1 << 20, 16 << 20));
            for (int round = 0; round < 4; round++) {
                for (Coalescing c : policies) {
                    for (String query : List.of("all", "qty", "filter")) {
                        try (StoreReadAt in = StoreReadAt.open(slow, "big.vortex",
                                StoreReadOptions.defaults().withCoalescing(c));
                             VortexFile f = VortexFile.open(in, ReadLimits.defaults(), context)) {
                            long start = System.nanoTime();
                            long rows = switch (query) {
                                case "all" -> count(f.scan());
                                case "qty" -> count(f.scan().project("qty"));
                                default -> count(f.scan().project("price").filter("qty < 10"));
                            };
                            long ms = (System.nanoTime() - start) / 1_000_000;
                            StoreStats s = in.storeStats().orElseThrow();
                            System.out.printf("round %d gap %8d cap %9d %-6s rows %8d: %6d ms, GETs %5d, requests %5d,"
                                    + " requested %9d, fetched %9d (%.2fx), slowest %d ms%n", round, c.maxGap(),
                                    c.maxMergedSize(), query, rows, ms, s.gets(), s.requests(), s.requestedBytes(),
                                    s.fetchedBytes(), s.fetchedPerRequested(), s.slowestGetNanos() / 1_000_000);
                        }
                    }
                }
            }
        }
    }

    private static long count(dev.quire.layout.scan.Scan scan) {
        long rows = 0;
        for (StructArray b : scan.batches()) {
            rows += b.length();
        }
        return rows;
    }
}
