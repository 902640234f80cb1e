package dev.quire.io.spi;

import dev.quire.errors.ObjectChangedException;
import dev.quire.errors.ObjectNotFoundException;
import dev.quire.errors.ObjectStoreException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;

/**
 * A store of immutable objects addressed by key within one root (an S3 bucket, an HTTP base, a local directory): the
 * requests every store answers, each one blocking call. Implementations are thread-safe, and report failures as
 * {@link ObjectStoreException}s naming the object's URI: {@link ObjectNotFoundException}, access denied, throttled,
 * timed out, {@link ObjectChangedException}, or the base type with {@link ObjectStoreException#retryable()} saying
 * whether trying again may help. They do not retry on their own: the caller (a store reader) decides, so that retries
 * are counted and bounded in one place.
 *
 * <p>Keys are the store's own ({@code dir/file.vortex}), never starting with {@code /}.
 */
public interface ObjectStore extends AutoCloseable {
    /** The most parts one multipart upload may have (S3's limit). */
    int MAX_PARTS = 10_000;

    /** The URI of {@code key} in this store ({@code s3://bucket/key}), for messages and to open it again. */
    URI uri(String key);

    /** The object's size, ETag and last-modified time. */
    ObjectMeta head(String key);

    /**
     * Reads the object's bytes from {@code offset} into {@code into}'s remaining space, which must be filled exactly:
     * a body shorter or longer than asked, or one for another range, is an error (retryable), never data. With
     * {@code ifMatch}, the read is conditional on the object's ETag: another ETag fails it with an
     * {@link ObjectChangedException}.
     *
     * @return when the first byte arrived (for time-to-first-byte statistics) and the object's size as the response
     *     stated it
     */
    RangeResponse get(String key, long offset, ByteBuffer into, Optional<String> ifMatch);

    /** Every object whose key starts with {@code prefix}, in key order (an empty prefix lists the whole store). */
    List<ObjectMeta> list(String prefix);

    /** Writes the buffer's remaining bytes as the object {@code key}, replacing any object there, in one request. */
    ObjectMeta put(String key, ByteBuffer bytes);

    /** Starts writing the object {@code key} in parts; nothing appears under the key until it completes. */
    MultipartUpload startUpload(String key);

    /** The smallest part a multipart upload accepts, the last part excepted (S3: 5 MiB). */
    default long minPartSize() {
        return 5L * 1024 * 1024;
    }

    /** Releases the store's connections and threads. Idempotent. */
    @Override
    void close();
}
