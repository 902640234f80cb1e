package dev.quire.io.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.s3.direct.S3Stores;
import dev.quire.io.spi.InMemoryReadAt;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.ObjectStore;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.StoreLocation;
import dev.quire.io.spi.StoreStats;
import dev.quire.io.store.StoreOutput;
import dev.quire.layout.QuireContext;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.ReadLimits;
import dev.quire.layout.format.WriteOptions;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Vortex files in S3: the reference fixtures uploaded and read back through s3:// URIs, and files written there. */
class S3VortexTest {
    @TempDir
    static Path dir;
    static S3Server server;
    static ObjectStore store;
    static QuireContext context;

    @BeforeAll
    static void start() throws Exception {
        server = S3Server.start(dir, "vortex");
        store = S3Stores.bucket("vortex", server.settings());
        context = QuireContext.builder().settings(server.settings()).build();
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    static Path fixtures() {
        String configured = System.getProperty("quire.fixtures");
        Path fixtures = configured != null ? Path.of(configured) : Path.of("../../shared/fixtures/vortex-0.76");
        assertTrue(Files.isDirectory(fixtures), "the reference fixtures are missing: " + fixtures.toAbsolutePath());
        return fixtures;
    }

    static List<Object> rows(VortexFile file) {
        List<Object> rows = new ArrayList<>();
        for (StructArray batch : file.scan().batches()) {
            for (long i = 0; i < batch.length(); i++) {
                rows.add(batch.scalarAt(i));
            }
        }
        return rows;
    }

    static List<Object> localRows(byte[] bytes) {
        try (VortexFile file = VortexFile.open(InMemoryReadAt.of(bytes), ReadLimits.defaults(), context)) {
            return rows(file);
        }
    }

    /** Reads {@code uri} through the context's providers, which must pick the s3 one; returns its statistics. */
    static StoreStats readThroughS3(URI uri, List<Object> expected) {
        AtomicReference<ReadAt> opened = new AtomicReference<>();
        try (VortexFile file = VortexFile.open(uri, u -> {
            ReadAt in = context.io().open(u, IoOptions.of(context.settings()));
            opened.set(in);
            return in;
        }, ReadLimits.defaults(), context)) {
            assertEquals(expected, rows(file), uri.toString());
        }
        assertEquals("s3", context.io().choose(uri, IoOptions.of(context.settings())).name());
        return opened.get().storeStats().orElseThrow();
    }

    @Test
    void referenceFixturesReadValueForValueFromS3() throws Exception {
        List<Path> files;
        try (Stream<Path> list = Files.list(fixtures())) {
            files = list.filter(p -> p.toString().endsWith(".vortex")).sorted().toList();
        }
        assertTrue(files.size() >= 10, "fixtures found: " + files);
        long rows = 0;
        for (Path file : files) {
            byte[] bytes = Files.readAllBytes(file);
            String key = "fixtures/" + file.getFileName();
            store.put(key, ByteBuffer.wrap(bytes));
            List<Object> expected = localRows(bytes);
            rows += expected.size();
            StoreStats stats = readThroughS3(URI.create("s3://vortex/" + key), expected);
            assertTrue(stats.gets() >= 1 && stats.retries() == 0 && stats.failures() == 0, stats.toJson());
            // Merging may fetch gaps, but not much more than the scan asked for.
            assertTrue(stats.fetchedPerRequested() <= 1.15, stats.toJson());
        }
        assertEquals(100_000 + 50_000 + 5 + 5 + 0 + 100_000 + 4 * 3000, rows,
                "rows compared, as the fixtures' README lists them");
    }

    @Test
    void aFileWrittenThroughMultipartReadsBack() throws Exception {
        byte[] bytes = Files.readAllBytes(fixtures().resolve("canonicalish_50k.vortex"));
        List<StructArray> batches = new ArrayList<>();
        DType.Struct schema;
        List<Object> expected;
        VortexFile source = VortexFile.open(InMemoryReadAt.of(bytes), ReadLimits.defaults(), context);
        try (source) {
            schema = (DType.Struct) source.dtype();
            for (StructArray batch : source.scan().batches()) {
                batches.add(batch);
            }
            expected = rows(source);
        }
        int parts;
        try (StoreOutput out = StoreOutput.create(store, "written/canonicalish.vortex", store.minPartSize())) {
            try (VortexWriter writer = VortexWriter.create(out, schema, WriteOptions.defaults(), context)) {
                for (StructArray batch : batches) {
                    writer.write(batch);
                }
            }
            out.commit();
            parts = out.partsUploaded();
        }
        assertTrue(parts >= 2, "a file larger than one part goes up in parts: " + parts);
        readThroughS3(URI.create("s3://vortex/written/canonicalish.vortex"), expected);
    }

    /**
     * What a writer that knows only a URI does (the CLI's {@code convert}): asks the context's providers for the store
     * the URI names, and writes the object there in parts.
     */
    @Test
    void theProvidersHandOutTheBucketOfAnS3Uri() throws Exception {
        byte[] bytes = Files.readAllBytes(fixtures().resolve("canonicalish_50k.vortex"));
        DType.Struct schema;
        List<StructArray> batches = new ArrayList<>();
        List<Object> expected;
        try (VortexFile source = VortexFile.open(InMemoryReadAt.of(bytes), ReadLimits.defaults(), context)) {
            schema = (DType.Struct) source.dtype();
            source.scan().batches().forEach(batches::add);
            expected = rows(source);
        }
        URI uri = URI.create("s3://vortex/located/canonicalish.vortex");
        StoreLocation location = context.io().objectStore(uri, IoOptions.of(context.settings()));
        assertEquals("located/canonicalish.vortex", location.key());
        assertEquals(uri, location.uri());
        try (ObjectStore bucket = location.store();
                StoreOutput out = StoreOutput.create(bucket, location.key(), bucket.minPartSize())) {
            try (VortexWriter writer = VortexWriter.create(out, schema, WriteOptions.defaults(), context)) {
                for (StructArray batch : batches) {
                    writer.write(batch);
                }
            }
            assertEquals(List.of(), store.list("located/"), "visible before commit");
            out.commit();
            assertTrue(out.partsUploaded() >= 2, "parts uploaded: " + out.partsUploaded());
        }
        readThroughS3(uri, expected);

        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> context.io().objectStore(URI.create("s3://vortex"), IoOptions.of(context.settings())));
        assertTrue(e.getMessage().contains("s3://vortex"), e.getMessage());
    }

    @Test
    void aWriteThatFailsLeavesNothingUnderTheKey() throws Exception {
        byte[] bytes = Files.readAllBytes(fixtures().resolve("canonicalish_50k.vortex"));
        List<StructArray> batches = new ArrayList<>();
        DType.Struct schema;
        try (VortexFile source = VortexFile.open(InMemoryReadAt.of(bytes), ReadLimits.defaults(), context)) {
            schema = (DType.Struct) source.dtype();
            source.scan().batches().forEach(batches::add);
        }
        IllegalStateException failure = new IllegalStateException("the producer of the rows failed");
        StoreOutput[] output = new StoreOutput[1];
        IllegalStateException thrown = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                () -> {
                    try (StoreOutput out = StoreOutput.create(store, "failed/file.vortex", store.minPartSize())) {
                        output[0] = out;
                        try (VortexWriter writer = VortexWriter.create(out, schema, WriteOptions.defaults(),
                                context)) {
                            for (StructArray batch : batches) {
                                writer.write(batch);
                            }
                            writer.write(batches.getFirst());
                            throw failure;
                        }
                    }
                });
        assertEquals(failure, thrown);
        // The writer finished a whole file into the channel as it closed, parts went up, and still nothing shows.
        assertTrue(output[0].partsUploaded() >= 1, "parts uploaded: " + output[0].partsUploaded());
        assertEquals(List.of(), store.list("failed/"));
        org.junit.jupiter.api.Assertions.assertThrows(dev.quire.errors.ObjectNotFoundException.class,
                () -> store.head("failed/file.vortex"));
    }
}
