package dev.quire.io.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quire.errors.ClosedException;
import dev.quire.errors.ObjectNotFoundException;
import dev.quire.io.spi.ObjectMeta;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreOutputTest {
    @TempDir
    Path root;

    private static byte[] read(LocalDirectoryStore store, String key) {
        ObjectMeta meta = store.head(key);
        ByteBuffer into = ByteBuffer.allocate((int) meta.size());
        store.get(key, 0, into, Optional.empty());
        return into.array();
    }

    @Test
    void largeObjectsGoUpInPartsAndAppearOnlyOnCommit() {
        LocalDirectoryStore store = LocalDirectoryStore.open(root, 1000);
        byte[] data = LocalDirectoryStoreTest.bytes(2500, 4);
        try (StoreOutput out = StoreOutput.create(store, "o/big", 1000)) {
            for (int i = 0; i < data.length; i += 300) {
                out.write(ByteBuffer.wrap(data, i, Math.min(300, data.length - i)));
            }
            assertEquals(2, out.partsUploaded());
            assertThrows(ObjectNotFoundException.class, () -> store.head("o/big"));
            assertEquals(2500, out.commit().size());
            assertEquals(3, out.partsUploaded());
        }
        assertArrayEquals(data, read(store, "o/big"));
    }

    @Test
    void smallObjectsArePutWhole() {
        LocalDirectoryStore store = LocalDirectoryStore.open(root, 1000);
        byte[] data = LocalDirectoryStoreTest.bytes(10, 4);
        try (StoreOutput out = StoreOutput.create(store, "small", 1000)) {
            out.write(ByteBuffer.wrap(data));
            out.commit();
            assertEquals(0, out.partsUploaded());
            assertThrows(ClosedException.class, () -> out.write(ByteBuffer.wrap(data)));
        }
        assertArrayEquals(data, read(store, "small"));
    }

    @Test
    void closingWithoutCommitLeavesTheOldObject() {
        LocalDirectoryStore store = LocalDirectoryStore.open(root, 1000);
        byte[] old = LocalDirectoryStoreTest.bytes(10, 1);
        store.put("k", ByteBuffer.wrap(old));
        try (StoreOutput out = StoreOutput.create(store, "k", 1000)) {
            out.write(ByteBuffer.wrap(LocalDirectoryStoreTest.bytes(2500, 2)));
        }
        assertArrayEquals(old, read(store, "k"));
        assertEquals(List.of("k"), store.list("").stream().map(ObjectMeta::key).toList());
    }

    @Test
    void failedPartsAndPutsAreSentAgainWhole() {
        LocalDirectoryStore local = LocalDirectoryStore.open(root, 1000);
        FaultyStore store = new FaultyStore(local);
        StoreReadOptions quick = StoreReadOptions.defaults()
                .withRetryPauses(java.time.Duration.ofMillis(1), java.time.Duration.ofMillis(2));
        byte[] data = LocalDirectoryStoreTest.bytes(2500, 6);
        store.writeFailures.set(2);
        try (StoreOutput out = StoreOutput.create(store, "retried", 1000, quick)) {
            out.write(ByteBuffer.wrap(data));
            store.writeFailures.set(1);
            out.commit();
            assertEquals(3, out.partsUploaded());
        }
        assertArrayEquals(data, read(local, "retried"));
        store.writeFailures.set(1);
        try (StoreOutput out = StoreOutput.create(store, "small-retried", 1000, quick)) {
            out.write(ByteBuffer.wrap(data, 0, 10));
            out.commit();
        }
        assertArrayEquals(java.util.Arrays.copyOf(data, 10), read(local, "small-retried"));
    }

    @Test
    void aWriteThatKeepsFailingAbortsAndLeavesNothing() {
        LocalDirectoryStore local = LocalDirectoryStore.open(root, 1000);
        FaultyStore store = new FaultyStore(local);
        store.writeFailures.set(100);
        StoreReadOptions quick = StoreReadOptions.defaults().withAttempts(2)
                .withRetryPauses(java.time.Duration.ofMillis(1), java.time.Duration.ofMillis(2));
        try (StoreOutput out = StoreOutput.create(store, "doomed", 1000, quick)) {
            out.write(ByteBuffer.wrap(LocalDirectoryStoreTest.bytes(999, 1)));
            dev.quire.errors.ObjectStoreException e = assertThrows(dev.quire.errors.ObjectStoreException.class,
                    () -> out.write(ByteBuffer.wrap(LocalDirectoryStoreTest.bytes(10, 1))));
            assertEquals(local.uri("doomed"), e.uri());
            assertThrows(ClosedException.class, out::commit);
        }
        assertEquals(List.of(), local.list(""));
    }
}
