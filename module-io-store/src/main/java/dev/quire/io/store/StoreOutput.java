package dev.quire.io.store;

import dev.quire.errors.ClosedException;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.QuireIoException;
import dev.quire.io.spi.MultipartUpload;
import dev.quire.io.spi.ObjectMeta;
import dev.quire.io.spi.ObjectStore;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.Objects;

/**
 * A channel that writes one object, visible under its key only once {@link #commit()} succeeds: bytes are buffered
 * into parts of {@link #partSize()} bytes and uploaded as a multipart upload as each part fills; an object smaller
 * than one part is written with a single PUT at commit. A part or PUT that fails in a retryable way is sent again
 * (attempts, pauses and time limit as for reads, {@link StoreReadOptions}). {@link #close()} without a commit, or any
 * failure that remains, aborts the upload, so nothing partial is ever left under the key. Hand it to a writer that leaves its channel open (such as
 * {@code VortexWriter.create(channel, ...)}), then commit:
 *
 * <pre>{@code
 * try (StoreOutput out = StoreOutput.create(store, "data/part-0.vortex")) {
 *     try (VortexWriter writer = VortexWriter.create(out, schema, WriteOptions.defaults())) {
 *         writer.write(batch);
 *     }
 *     out.commit();
 * }
 * }</pre>
 *
 * Not thread-safe, like the writers that use it.
 */
public final class StoreOutput implements WritableByteChannel {
    /** The default part: large enough that S3's 10,000 parts reach 80 GiB, small enough to buffer per writer. */
    public static final long DEFAULT_PART_SIZE = 8L * 1024 * 1024;

    private final ObjectStore store;
    private final String key;
    private final URI uri;
    private final ByteBuffer part;
    private final StoreCalls calls;
    private MultipartUpload upload;
    private int parts;
    private long written;
    private boolean open = true;
    private boolean failed;

    private StoreOutput(ObjectStore store, String key, int partSize, StoreReadOptions options) {
        this.store = store;
        this.key = key;
        this.uri = store.uri(key);
        this.part = ByteBuffer.allocate(partSize);
        this.calls = new StoreCalls(options);
    }

    /** A channel writing {@code key} with parts of {@value #DEFAULT_PART_SIZE} bytes (or the store's minimum). */
    public static StoreOutput create(ObjectStore store, String key) {
        return create(store, key, DEFAULT_PART_SIZE);
    }

    /**
     * A channel writing {@code key} with parts of {@code partSize} bytes, raised to the store's minimum part size.
     *
     * @throws InvalidArgumentException when the part size is not positive or exceeds 1 GiB
     */
    public static StoreOutput create(ObjectStore store, String key, long partSize) {
        return create(store, key, partSize, StoreReadOptions.defaults());
    }

    /**
     * A channel writing {@code key} with parts of {@code partSize} bytes, each part and the single PUT of a small
     * object retried and timed as {@code options} say (their attempts, pauses and time limit; merging and concurrency
     * are for reads). Completing the upload is not retried: it is not safe to repeat on every store.
     *
     * @throws InvalidArgumentException when the part size is not positive or exceeds 1 GiB
     */
    public static StoreOutput create(ObjectStore store, String key, long partSize, StoreReadOptions options) {
        Objects.requireNonNull(store, "store is null");
        Objects.requireNonNull(options, "options is null");
        Objects.requireNonNull(key, "key is null");
        long size = Math.max(partSize, store.minPartSize());
        if (partSize < 1 || size > 1L << 30) {
            throw new InvalidArgumentException("part size must be from 1 byte to 1 GiB (and at least the store's "
                    + "minimum, " + store.minPartSize() + " bytes), got " + partSize);
        }
        return new StoreOutput(store, key, (int) size, options);
    }

    /** The bytes per uploaded part. */
    public int partSize() {
        return part.capacity();
    }

    /** The parts uploaded so far. */
    public int partsUploaded() {
        return parts;
    }

    /** The bytes written so far. */
    public long written() {
        return written;
    }

    @Override
    public int write(ByteBuffer src) {
        if (!open) {
            throw new ClosedException("output to " + uri);
        }
        int n = src.remaining();
        try {
            while (src.hasRemaining()) {
                int take = Math.min(part.remaining(), src.remaining());
                ByteBuffer slice = src.slice(src.position(), take);
                part.put(slice);
                src.position(src.position() + take);
                if (!part.hasRemaining()) {
                    uploadPart();
                }
            }
        } catch (RuntimeException e) {
            fail();
            throw e;
        }
        written += n;
        return n;
    }

    private void uploadPart() {
        if (parts == ObjectStore.MAX_PARTS) {
            throw new QuireIoException("writing " + uri + " needs more than " + ObjectStore.MAX_PARTS + " parts of "
                    + partSize() + " bytes: use larger parts");
        }
        if (upload == null) {
            upload = store.startUpload(key);
        }
        part.flip();
        int number = parts + 1;
        MultipartUpload into = upload;
        // Each try sends the whole part again: a failed try may have consumed some of it.
        calls.run(uri, "UPLOAD PART " + number, () -> {
            into.putPart(number, part.duplicate());
            return null;
        }, failure -> { });
        parts = number;
        part.clear();
    }

    /**
     * Uploads what is buffered and publishes the object: from here on it is visible whole under its key. The channel
     * is closed afterwards.
     *
     * @throws ClosedException when the channel was closed, aborted or failed before
     */
    public ObjectMeta commit() {
        if (!open) {
            throw new ClosedException("output to " + uri + (failed ? " (after a failure, the upload was aborted)"
                    : ""));
        }
        try {
            ObjectMeta meta;
            if (upload == null) {
                part.flip();
                meta = calls.run(uri, "PUT", () -> store.put(key, part.duplicate()), failure -> { });
            } else {
                if (part.position() > 0) {
                    uploadPart();
                }
                meta = upload.complete();
            }
            open = false;
            return meta;
        } catch (RuntimeException e) {
            fail();
            throw e;
        }
    }

    /** Discards everything written; the key keeps whatever it held before. Idempotent. */
    public void abort() {
        open = false;
        if (upload != null) {
            upload.abort();
        }
    }

    private void fail() {
        failed = true;
        abort();
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    /** Aborts the upload unless {@link #commit()} succeeded. */
    @Override
    public void close() {
        if (open) {
            abort();
        }
    }
}
