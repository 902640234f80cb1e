package dev.quire.io.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.ObjectChangedException;
import dev.quire.errors.ObjectNotFoundException;
import dev.quire.errors.ObjectStoreException;
import dev.quire.io.spi.MultipartUpload;
import dev.quire.io.spi.ObjectMeta;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalDirectoryStoreTest {
    @TempDir
    Path root;

    static byte[] bytes(int n, int seed) {
        byte[] out = new byte[n];
        for (int i = 0; i < n; i++) {
            out[i] = (byte) (i * 31 + seed);
        }
        return out;
    }

    @Test
    void putThenHeadAndRangedGet() {
        LocalDirectoryStore store = LocalDirectoryStore.open(root);
        byte[] data = bytes(1000, 1);
        ObjectMeta put = store.put("a/b.bin", ByteBuffer.wrap(data));
        ObjectMeta head = store.head("a/b.bin");
        assertEquals(1000, head.size());
        assertEquals(put.etag(), head.etag());
        assertTrue(head.etag().isPresent());

        ByteBuffer into = ByteBuffer.allocate(100);
        store.get("a/b.bin", 900, into, head.etag());
        assertArrayEquals(java.util.Arrays.copyOfRange(data, 900, 1000), into.array());
    }

    @Test
    void missingObjectIsTypedAndNamesTheUri() {
        LocalDirectoryStore store = LocalDirectoryStore.open(root);
        ObjectNotFoundException e = assertThrows(ObjectNotFoundException.class, () -> store.head("no/such"));
        assertEquals(root.resolve("no/such").toUri(), e.uri());
        assertTrue(e.getMessage().contains("no/such"), e.getMessage());
        assertFalse(e.retryable());
    }

    @Test
    void rangeOutsideTheObjectIsRefused() {
        LocalDirectoryStore store = LocalDirectoryStore.open(root);
        store.put("x", ByteBuffer.wrap(bytes(10, 0)));
        ObjectStoreException e = assertThrows(ObjectStoreException.class,
                () -> store.get("x", 5, ByteBuffer.allocate(6), Optional.empty()));
        assertFalse(e.retryable());
        assertTrue(e.getMessage().contains("outside"), e.getMessage());
    }

    @Test
    void rewrittenObjectFailsAConditionalGet() {
        LocalDirectoryStore store = LocalDirectoryStore.open(root);
        ObjectMeta first = store.put("x", ByteBuffer.wrap(bytes(10, 0)));
        ObjectMeta second = store.put("x", ByteBuffer.wrap(bytes(10, 7)));
        assertNotEquals(first.etag(), second.etag());
        assertThrows(ObjectChangedException.class,
                () -> store.get("x", 0, ByteBuffer.allocate(10), first.etag()));
    }

    @Test
    void listsKeysUnderAPrefixInOrderWithoutStaging() {
        LocalDirectoryStore store = LocalDirectoryStore.open(root);
        for (String key : List.of("data/b", "data/a", "data/sub/c", "datum", "other/x")) {
            store.put(key, ByteBuffer.wrap(bytes(3, 0)));
        }
        try (MultipartUpload pending = store.startUpload("data/pending")) {
            pending.putPart(1, ByteBuffer.wrap(bytes(4, 0)));
            assertEquals(List.of("data/a", "data/b", "data/sub/c"),
                    store.list("data/").stream().map(ObjectMeta::key).toList());
            assertEquals(List.of("data/a", "data/b", "data/sub/c", "datum"),
                    store.list("dat").stream().map(ObjectMeta::key).toList());
            assertEquals(5, store.list("").size());
        }
        assertEquals(List.of(), store.list("nothing/"));
    }

    @Test
    void multipartUploadIsInvisibleUntilComplete() {
        LocalDirectoryStore store = LocalDirectoryStore.open(root, 4);
        byte[] data = bytes(10, 3);
        MultipartUpload upload = store.startUpload("big");
        upload.putPart(1, ByteBuffer.wrap(data, 0, 4));
        upload.putPart(2, ByteBuffer.wrap(data, 4, 4));
        upload.putPart(3, ByteBuffer.wrap(data, 8, 2));
        assertThrows(ObjectNotFoundException.class, () -> store.head("big"));
        ObjectMeta meta = upload.complete();
        assertEquals(10, meta.size());
        ByteBuffer into = ByteBuffer.allocate(10);
        store.get("big", 0, into, meta.etag());
        assertArrayEquals(data, into.array());
    }

    @Test
    void abortedOrUndersizedUploadsLeaveNothing() throws Exception {
        LocalDirectoryStore store = LocalDirectoryStore.open(root, 4);
        try (MultipartUpload upload = store.startUpload("gone")) {
            upload.putPart(1, ByteBuffer.wrap(bytes(5, 0)));
        }
        MultipartUpload small = store.startUpload("small");
        small.putPart(1, ByteBuffer.wrap(bytes(2, 0)));
        small.putPart(2, ByteBuffer.wrap(bytes(2, 0)));
        ObjectStoreException e = assertThrows(ObjectStoreException.class, small::complete);
        assertTrue(e.getMessage().contains("minimum part size"), e.getMessage());
        assertEquals(List.of(), store.list(""));
        try (var staged = Files.list(root.resolve(LocalDirectoryStore.STAGING))) {
            assertEquals(0, staged.count());
        }
    }

    @Test
    void keysThatLeaveTheRootAreRefused() {
        LocalDirectoryStore store = LocalDirectoryStore.open(root);
        for (String key : List.of("", "/abs", "a/../../x", "..", "a//b", "a/", LocalDirectoryStore.STAGING + "/x")) {
            assertThrows(InvalidArgumentException.class, () -> store.head(key), key);
        }
    }

    @Test
    void partsGoInOrderAndTheLastMayBeSentAgain() {
        LocalDirectoryStore store = LocalDirectoryStore.open(root, 4);
        try (MultipartUpload upload = store.startUpload("ordered")) {
            assertThrows(InvalidArgumentException.class, () -> upload.putPart(2, ByteBuffer.wrap(bytes(4, 0))));
            upload.putPart(1, ByteBuffer.wrap(bytes(4, 0)));
            upload.putPart(1, ByteBuffer.wrap(bytes(5, 9)));
            upload.putPart(2, ByteBuffer.wrap(bytes(2, 1)));
            assertThrows(InvalidArgumentException.class, () -> upload.putPart(1, ByteBuffer.wrap(bytes(4, 0))));
            ObjectMeta meta = upload.complete();
            assertEquals(7, meta.size());
            ByteBuffer into = ByteBuffer.allocate(5);
            store.get("ordered", 0, into, meta.etag());
            assertArrayEquals(bytes(5, 9), into.array());
            assertThrows(InvalidArgumentException.class, () -> upload.putPart(3, ByteBuffer.wrap(bytes(4, 0))));
        }
    }
}
