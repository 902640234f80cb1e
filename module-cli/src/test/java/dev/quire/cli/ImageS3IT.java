package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.BlobStoreContext;
import org.jclouds.blobstore.domain.StorageMetadata;
import org.jclouds.blobstore.domain.StorageType;
import org.jclouds.blobstore.options.ListContainerOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jlink image against a real S3-compatible server: s3proxy started here on loopback (a jclouds filesystem store,
 * signed requests required), the image's {@code bin/quire} run as a child process configured the AWS way through its
 * environment. Run by failsafe after the package phase has built the image.
 */
class ImageS3IT {
    private static final String BUCKET = "data";
    private static final String ACCESS_KEY = "image-test";
    private static final String SECRET_KEY = "image-test-secret";
    /** More than one part of StoreOutput's 8 MiB when written uncompressed (two i64 columns). */
    private static final int BIG_ROWS = 600_000;

    @TempDir
    static Path dir;
    static BlobStoreContext blobs;
    static S3Proxy proxy;
    static URI endpoint;
    static Path quire;

    record Run(int code, String out, String err) {}

    @BeforeAll
    static void start() throws Exception {
        quire = Path.of(System.getProperty("quire.image", "target/image")).resolve("bin/quire");
        assertTrue(Files.isExecutable(quire), "the image's launcher is missing: " + quire.toAbsolutePath());
        Path served = Files.createDirectory(dir.resolve("served"));
        Properties properties = new Properties();
        properties.setProperty("jclouds.filesystem.basedir", served.toString());
        blobs = ContextBuilder.newBuilder("filesystem").overrides(properties).buildView(BlobStoreContext.class);
        blobs.getBlobStore().createContainerInLocation(null, BUCKET);
        proxy = S3Proxy.builder().blobStore(blobs.getBlobStore()).endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY).build();
        proxy.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!"STARTED".equals(proxy.getState())) {
            assertTrue(System.nanoTime() < deadline, "s3proxy did not start: " + proxy.getState());
            Thread.sleep(5);
        }
        endpoint = URI.create("http://127.0.0.1:" + proxy.getPort());
        put("fixtures/mixed_100k.vortex", Cli.fixture("mixed_100k.vortex"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (proxy != null) {
            proxy.stop();
        }
        if (blobs != null) {
            blobs.close();
        }
    }

    private static void put(String key, Path file) throws IOException {
        BlobStore store = blobs.getBlobStore();
        store.putBlob(BUCKET, store.blobBuilder(key).payload(file.toFile()).contentLength(Files.size(file)).build());
    }

    /** Every object's key in the bucket, in order (not the directories); a multipart upload's leftovers show too. */
    private static List<String> keys() {
        List<String> keys = new ArrayList<>();
        for (StorageMetadata m : blobs.getBlobStore().list(BUCKET, ListContainerOptions.Builder.recursive())) {
            if (m.getType() == StorageType.BLOB) {
                keys.add(m.getName());
            }
        }
        return List.copyOf(new TreeSet<>(keys));
    }

    /** Runs the image's {@code quire} with the server's endpoint and credentials in the environment. */
    private static Run quire(Map<String, String> extraEnvironment, String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(quire.toAbsolutePath().toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(k -> k.startsWith("AWS_") || k.startsWith("QUIRE_") || k.endsWith("JAVA_OPTIONS")
                || k.equals("JAVA_TOOL_OPTIONS"));
        env.put("AWS_ENDPOINT_URL_S3", endpoint.toString());
        env.put("AWS_ACCESS_KEY_ID", ACCESS_KEY);
        env.put("AWS_SECRET_ACCESS_KEY", SECRET_KEY);
        env.put("AWS_REGION", "us-east-1");
        // No shared AWS files: the configuration is the environment's alone.
        env.put("AWS_CONFIG_FILE", dir.resolve("no-aws-config").toString());
        env.put("AWS_SHARED_CREDENTIALS_FILE", dir.resolve("no-aws-credentials").toString());
        env.putAll(extraEnvironment);
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), "quire " + String.join(" ", args) + " did not finish");
        return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static Run quire(String... args) throws Exception {
        return quire(Map.of(), args);
    }

    private static Run ok(String... args) throws Exception {
        Run run = quire(args);
        assertEquals(0, run.code(), "quire " + String.join(" ", args) + ": " + run.err());
        assertEquals("", run.err(), "quire " + String.join(" ", args) + " wrote to standard error");
        return run;
    }

    @Test
    void scanCountAndInspectReadAnObjectInS3() throws Exception {
        String uri = "s3://" + BUCKET + "/fixtures/mixed_100k.vortex";
        Path local = Cli.fixture("mixed_100k.vortex").toAbsolutePath();
        assertEquals("100000", ok("count", uri).out().strip());
        assertEquals("2", ok("count", uri, "--filter", "id < 10 and name = 'category_C'").out().strip());

        // Value for value what the same file gives read locally.
        String scanned = ok("scan", uri, "--filter", "qty between 100 and 110", "-f", "csv").out();
        assertEquals(ok("scan", local.toString(), "--filter", "qty between 100 and 110", "-f", "csv").out(), scanned);
        assertTrue(scanned.startsWith("id,price,name,flag,qty\n"), scanned);
        assertTrue(scanned.lines().count() > 500, "rows: " + scanned.lines().count());
        List<String> first = ok("scan", uri, "--limit", "2", "-f", "csv").out().lines().toList();
        assertEquals(List.of("id,price,name,flag,qty", "0,7275.64,category_I,false,", "1,6832.23,category_F,true,595"),
                first);

        String inspected = ok("inspect", uri).out();
        assertTrue(inspected.startsWith("file      " + uri + "\n"), inspected);
        assertTrue(inspected.contains("\nrows      100,000\n"), inspected);

        // --stats names the object and its GETs, after the count on standard output.
        Run stats = quire("count", uri, "--filter", "id >= 99990", "--stats");
        assertEquals(0, stats.code(), stats.err());
        assertEquals("10", stats.out().strip());
        assertTrue(stats.err().contains("io: s3, "), stats.err());
        assertTrue(stats.err().contains("store: " + uri + ", "), stats.err());
    }

    @Test
    void readFailuresNameTheObject() throws Exception {
        String missing = "s3://" + BUCKET + "/fixtures/no-such.vortex";
        Run run = quire("count", missing);
        assertEquals(1, run.code(), run.err());
        assertTrue(run.err().startsWith("quire: ") && run.err().contains(missing), run.err());

        String uri = "s3://" + BUCKET + "/fixtures/mixed_100k.vortex";
        Run denied = quire(Map.of("AWS_SECRET_ACCESS_KEY", "not-the-secret"), "count", uri);
        assertEquals(1, denied.code(), denied.err());
        assertTrue(denied.err().startsWith("quire: ") && denied.err().contains(uri), denied.err());
    }

    @Test
    void convertWritesAnObjectThroughAMultipartUpload() throws Exception {
        Path csv = csv("big.csv", BIG_ROWS, null);
        String uri = "s3://" + BUCKET + "/out/big.vortex";
        Run run = ok("convert", csv.toString(), uri, "--schema", "id:i64,twice:i64", "--no-compress");
        assertTrue(run.out().startsWith("wrote " + uri + ": 600,000 rows, 2 columns, "), run.out());
        long size = blobs.getBlobStore().blobMetadata(BUCKET, "out/big.vortex").getSize();
        assertTrue(size > 8L * 1024 * 1024, "an object of more than one 8 MiB part: " + size);
        assertEquals(List.of("fixtures/mixed_100k.vortex", "out/big.vortex"), keys().stream()
                .filter(k -> !k.startsWith("out/replaced")).toList());

        assertEquals(String.valueOf(BIG_ROWS), ok("count", uri).out().strip());
        assertEquals(List.of("id,twice", "599999,1199998"),
                ok("scan", uri, "--select-rows", "599999", "-f", "csv").out().lines().toList());
        assertEquals("1", ok("count", uri, "--filter", "twice = 1000").out().strip());
    }

    @Test
    void aFailedConvertLeavesTheKeyAsItWas() throws Exception {
        // The bad value is in the last row: by then parts have gone up, and the upload must be aborted.
        Path csv = csv("bad.csv", 2 * BIG_ROWS, "not-a-number");
        String key = "out/replaced.vortex";
        Path before = Files.writeString(dir.resolve("before.txt"), "the object before");
        put(key, before);
        Run run = quire("convert", csv.toString(), "s3://" + BUCKET + "/" + key, "--schema", "id:i64,twice:i64",
                "--no-compress");
        assertEquals(1, run.code(), run.err());
        assertTrue(run.err().contains("not-a-number"), run.err());
        try (var in = blobs.getBlobStore().getBlob(BUCKET, key).getPayload().openStream()) {
            assertEquals("the object before", new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertFalse(keys().stream().anyMatch(k -> k.startsWith("out/") && !k.equals(key)
                && !k.equals("out/big.vortex")), "left behind: " + keys());
    }

    @Test
    void aUriThatNamesNoObjectIsRefusedNamingIt() throws Exception {
        Path csv = csv("small.csv", 10, null);
        Run run = quire("convert", csv.toString(), "s3://" + BUCKET);
        assertEquals(1, run.code(), run.err());
        assertTrue(run.err().contains("s3://" + BUCKET), run.err());
    }

    /** {@code id,twice} rows 0 to {@code rows - 1}; the last row's second field is {@code lastValue} when given. */
    private static Path csv(String name, int rows, String lastValue) throws IOException {
        Path file = dir.resolve(name);
        try (BufferedWriter out = Files.newBufferedWriter(file)) {
            out.write("id,twice\n");
            for (int i = 0; i < rows; i++) {
                String second = i == rows - 1 && lastValue != null ? lastValue : Long.toString(2L * i);
                out.write(i + "," + second + "\n");
            }
        }
        return file;
    }
}
