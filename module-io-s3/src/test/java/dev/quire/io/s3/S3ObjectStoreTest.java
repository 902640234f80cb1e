package dev.quire.io.s3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.ObjectChangedException;
import dev.quire.errors.ObjectNotFoundException;
import dev.quire.errors.StoreAccessDeniedException;
import dev.quire.io.s3.direct.S3Stores;
import dev.quire.io.spi.ObjectMeta;
import dev.quire.io.spi.ObjectStore;
import dev.quire.io.store.StoreOutput;
import dev.quire.io.store.StoreReadAt;
import dev.quire.io.store.StoreReadOptions;
import java.lang.foreign.ValueLayout;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class S3ObjectStoreTest {
    @TempDir
    static Path dir;
    static S3Server server;
    static ObjectStore store;

    @BeforeAll
    static void start() throws Exception {
        server = S3Server.start(dir, "objects");
        store = S3Stores.bucket("objects", server.settings());
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    static byte[] bytes(int n, int seed) {
        byte[] out = new byte[n];
        for (int i = 0; i < n; i++) {
            out[i] = (byte) (i * 7 + seed + (i >>> 11));
        }
        return out;
    }

    @Test
    void putHeadAndRangedGet() {
        byte[] data = bytes(100_000, 1);
        ObjectMeta put = store.put("a/one.bin", ByteBuffer.wrap(data));
        ObjectMeta head = store.head("a/one.bin");
        assertEquals(100_000, head.size());
        assertTrue(head.etag().isPresent());
        assertEquals(put.etag(), head.etag());
        ByteBuffer into = ByteBuffer.allocate(1000);
        store.get("a/one.bin", 5000, into, head.etag());
        assertArrayEquals(Arrays.copyOfRange(data, 5000, 6000), into.array());
        ByteBuffer direct = ByteBuffer.allocateDirect(99_999);
        store.get("a/one.bin", 1, direct, Optional.empty());
        byte[] got = new byte[99_999];
        direct.flip().get(got);
        assertArrayEquals(Arrays.copyOfRange(data, 1, 100_000), got);
    }

    @Test
    void listsUnderAPrefix() {
        for (String key : List.of("list/b", "list/a", "list/sub/c", "listing")) {
            store.put(key, ByteBuffer.wrap(bytes(10, 0)));
        }
        assertEquals(List.of("list/a", "list/b", "list/sub/c"),
                store.list("list/").stream().map(ObjectMeta::key).toList());
        assertEquals(10, store.list("list/a").getFirst().size());
    }

    @Test
    void missingObjectsAndBadCredentialsAreTyped() {
        ObjectNotFoundException missing = assertThrows(ObjectNotFoundException.class, () -> store.head("no/such"));
        assertEquals(URI.create("s3://objects/no/such"), missing.uri());
        ObjectStore wrong = S3Stores.bucket("objects", server.settings()
                .with(S3Settings.SECRET_ACCESS_KEY, "not-the-secret"));
        store.put("secret.bin", ByteBuffer.wrap(bytes(10, 0)));
        StoreAccessDeniedException denied = assertThrows(StoreAccessDeniedException.class,
                () -> wrong.head("secret.bin"));
        assertFalse(denied.retryable());
        assertTrue(denied.getMessage().contains("s3://objects/secret.bin"), denied.getMessage());
        // Unsigned requests (for public buckets) reach the server, which requires signatures here.
        ObjectStore anonymous = S3Stores.bucket("objects", server.settings().with(S3Settings.ANONYMOUS, true));
        assertThrows(StoreAccessDeniedException.class, () -> anonymous.head("secret.bin"));
    }

    @Test
    void multipartUploadOfManyPartsAppearsOnlyWhenCommitted() {
        byte[] data = bytes(12 * 1024 * 1024 + 123, 3);
        try (StoreOutput out = StoreOutput.create(store, "big/object.bin", store.minPartSize())) {
            for (int i = 0; i < data.length; i += 1 << 20) {
                out.write(ByteBuffer.wrap(data, i, Math.min(1 << 20, data.length - i)));
            }
            assertEquals(2, out.partsUploaded());
            assertThrows(ObjectNotFoundException.class, () -> store.head("big/object.bin"));
            assertEquals(data.length, out.commit().size());
            assertEquals(3, out.partsUploaded());
        }
        try (StoreReadAt in = StoreReadAt.open(store, "big/object.bin", StoreReadOptions.defaults())) {
            assertEquals(data.length, in.size());
            assertArrayEquals(data, in.readFully(0, data.length, 8).toArray(ValueLayout.JAVA_BYTE));
        }
    }

    @Test
    void anAbandonedUploadLeavesNothing() {
        try (StoreOutput out = StoreOutput.create(store, "abandoned.bin", store.minPartSize())) {
            out.write(ByteBuffer.wrap(bytes(6 * 1024 * 1024, 1)));
            assertEquals(1, out.partsUploaded());
        }
        assertEquals(List.of(), store.list("abandoned"));
    }

    @Test
    void aRewrittenObjectIsDetected() {
        store.put("rewrite.bin", ByteBuffer.wrap(bytes(1000, 1)));
        try (StoreReadAt in = StoreReadAt.open(store, "rewrite.bin", StoreReadOptions.defaults())) {
            assertEquals(bytes(1000, 1)[10], in.readFully(10, 1, 1).get(ValueLayout.JAVA_BYTE, 0));
            ObjectMeta second = store.put("rewrite.bin", ByteBuffer.wrap(bytes(1000, 2)));
            assertNotEquals(in.meta().etag(), second.etag());
            ObjectChangedException e = assertThrows(ObjectChangedException.class, () -> in.readFully(10, 1, 1));
            assertEquals(URI.create("s3://objects/rewrite.bin"), e.uri());
        }
    }
}
