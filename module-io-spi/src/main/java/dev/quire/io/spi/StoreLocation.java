package dev.quire.io.spi;

import java.net.URI;
import java.util.Objects;

/**
 * Where an object is: the store it lives in (a bucket, a directory) and its key there. What
 * {@link IoProvider#objectStore} hands a writer for a URI.
 *
 * @param store the store, which the receiver closes
 * @param key the object's key in the store
 */
public record StoreLocation(ObjectStore store, String key) {
    public StoreLocation {
        Objects.requireNonNull(store, "store is null");
        Objects.requireNonNull(key, "key is null");
    }

    /** The object's URI, as the store names it ({@code s3://bucket/key}). */
    public URI uri() {
        return store.uri(key);
    }
}
