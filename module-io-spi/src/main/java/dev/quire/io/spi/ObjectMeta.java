package dev.quire.io.spi;

import dev.quire.errors.InvalidArgumentException;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What a store says about one object, from a {@link ObjectStore#head head}, a {@link ObjectStore#list listing} or a
 * write.
 *
 * @param key the object's key in its store
 * @param size its length in bytes
 * @param etag the store's version tag (S3's ETag, quotes removed), empty when the store has none
 * @param lastModified when it was last written
 */
public record ObjectMeta(String key, long size, Optional<String> etag, Instant lastModified) {
    public ObjectMeta {
        Objects.requireNonNull(key, "key is null");
        Objects.requireNonNull(etag, "etag is null");
        Objects.requireNonNull(lastModified, "lastModified is null");
        if (size < 0) {
            throw new InvalidArgumentException("object " + key + " has a negative size " + size);
        }
    }
}
