package dev.quire.io.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.quire.config.Settings;
import dev.quire.errors.ObjectChangedException;
import dev.quire.errors.ObjectNotFoundException;
import dev.quire.errors.ObjectStoreException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProviders;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.StoreStats;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Ranged reads over HTTP from a loopback server (the JDK's), through the {@code http} provider. */
class HttpReadTest {
    enum Fault { SLOW_DOWN, SHORT_BODY, WHOLE_BODY, WRONG_RANGE }

    private static final Pattern RANGE = Pattern.compile("bytes=(\\d+)-(\\d+)");
    static HttpServer server;
    static volatile byte[] data = LocalDirectoryStoreTest.bytes(2 * 1024 * 1024, 3);
    static volatile String etag = "v1";
    static final ConcurrentLinkedQueue<Fault> faults = new ConcurrentLinkedQueue<>();
    static IoProviders providers;

    @BeforeAll
    static void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/files/data.bin", HttpReadTest::serve);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
        Settings settings = Settings.defaults().with(StoreSettings.RETRY_BASE_MILLIS, 1L)
                .with(StoreSettings.TIMEOUT_MILLIS, 5000L);
        providers = IoProviders.load(settings);
    }

    @AfterAll
    static void stop() {
        server.stop(0);
    }

    @AfterEach
    void reset() {
        faults.clear();
        data = LocalDirectoryStoreTest.bytes(2 * 1024 * 1024, 3);
        etag = "v1";
    }

    private static void serve(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] bytes = data;
            exchange.getResponseHeaders().set("ETag", "\"" + etag + "\"");
            if (exchange.getRequestMethod().equals("HEAD")) {
                exchange.getResponseHeaders().set("Content-Length", Long.toString(bytes.length));
                exchange.sendResponseHeaders(200, -1);
                return;
            }
            String ifMatch = exchange.getRequestHeaders().getFirst("If-Match");
            if (ifMatch != null && !ifMatch.equals("\"" + etag + "\"")) {
                exchange.sendResponseHeaders(412, -1);
                return;
            }
            Matcher m = RANGE.matcher(String.valueOf(exchange.getRequestHeaders().getFirst("Range")));
            if (!m.matches()) {
                exchange.sendResponseHeaders(400, -1);
                return;
            }
            int first = Integer.parseInt(m.group(1));
            int last = Math.min(Integer.parseInt(m.group(2)), bytes.length - 1);
            Fault fault = faults.poll();
            if (fault == Fault.SLOW_DOWN) {
                exchange.sendResponseHeaders(503, -1);
                return;
            }
            if (fault == Fault.WHOLE_BODY) {
                exchange.sendResponseHeaders(200, bytes.length);
                exchange.getResponseBody().write(bytes);
                return;
            }
            int shift = fault == Fault.WRONG_RANGE ? 1 : 0;
            exchange.getResponseHeaders().set("Content-Range",
                    "bytes " + (first + shift) + "-" + (last + shift) + "/" + bytes.length);
            int length = last - first + 1;
            exchange.sendResponseHeaders(206, length);
            OutputStream out = exchange.getResponseBody();
            out.write(bytes, first, fault == Fault.SHORT_BODY ? length / 2 : length);
        }
    }

    private static URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/files/data.bin");
    }

    private static void assertBytes(long offset, java.lang.foreign.MemorySegment got) {
        assertArrayEquals(Arrays.copyOfRange(data, (int) offset, (int) (offset + got.byteSize())),
                got.toArray(ValueLayout.JAVA_BYTE));
    }

    @Test
    void theHttpProviderReadsRanges() {
        assertEquals("http", providers.choose(url(), IoOptions.defaults()).name());
        try (ReadAt in = providers.open(url(), IoOptions.of(providers.settings()))) {
            assertEquals(data.length, in.size());
            assertBytes(0, in.readFully(0, 100, 8));
            assertBytes(1_000_000, in.readFully(1_000_000, 1_048_576, 8));
            StoreStats stats = in.storeStats().orElseThrow();
            assertEquals(2, stats.gets());
        }
    }

    @Test
    void faultsAreRetriedOrRefusedNeverUsed() {
        faults.add(Fault.SLOW_DOWN);
        faults.add(Fault.SHORT_BODY);
        faults.add(Fault.WRONG_RANGE);
        try (ReadAt in = providers.open(url(), IoOptions.of(providers.settings()))) {
            assertBytes(4096, in.readFully(4096, 100_000, 8));
            assertEquals(3, in.storeStats().orElseThrow().retries());
            faults.add(Fault.WHOLE_BODY);
            ObjectStoreException e = assertThrows(ObjectStoreException.class, () -> in.readFully(10, 10, 8));
            assertTrue(e.getMessage().contains("ignores ranges") && e.getMessage().contains(url().toString()),
                    e.getMessage());
        }
    }

    @Test
    void aChangedObjectAndAMissingOneAreTyped() {
        try (ReadAt in = providers.open(url(), IoOptions.of(providers.settings()))) {
            etag = "v2";
            ObjectChangedException e = assertThrows(ObjectChangedException.class, () -> in.readFully(0, 10, 8));
            assertEquals(url(), e.uri());
        }
        try (ReadAt in = providers.open(url(), IoOptions.of(providers.settings()))) {
            // Rewritten under the same ETag (a server that does not keep ETags): the size in Content-Range tells.
            data = LocalDirectoryStoreTest.bytes(3 * 1024 * 1024, 4);
            assertThrows(ObjectChangedException.class, () -> in.readFully(0, 10, 8));
        }
        URI missing = url().resolve("/files/none.bin");
        assertThrows(ObjectNotFoundException.class, () -> providers.open(missing, IoOptions.defaults()));
    }

    @Test
    void httpIsReadOnly() {
        var store = new dev.quire.io.store.internal.HttpObjectStore(java.time.Duration.ofSeconds(1));
        assertThrows(UnsupportedFeatureException.class, () -> store.put(url().toString(), ByteBuffer.allocate(1)));
        assertThrows(UnsupportedFeatureException.class, () -> store.list(url().toString()));
    }
}
