/**
 * Reads of objects in any {@link dev.quire.io.spi.ObjectStore}: {@link dev.quire.io.store.StoreReadAt}, a
 * {@link dev.quire.io.spi.ReadAt} tuned for stores (a wide merge gap and a large merged read, bounded concurrent GETs,
 * retries with backoff and jitter, a time limit per GET, the ETag pinned at open, statistics per reader), configured by
 * {@link dev.quire.io.store.StoreSettings}; {@link dev.quire.io.store.StoreOutput}, a channel that writes one object
 * through a multipart upload; {@link dev.quire.io.store.LocalDirectoryStore}, a directory served as a store, the
 * embedded default for examples and tests; and the read-only {@code http} provider ({@code http://} and
 * {@code https://} URLs through {@code java.net.http}). JDK only; store implementations on other libraries (S3) live
 * in their own modules and open their readers here.
 */
module dev.quire.io.store {
    requires transitive dev.quire.io.spi;
    requires java.net.http;

    exports dev.quire.io.store;

    provides dev.quire.io.spi.IoProvider with dev.quire.io.store.internal.HttpIoProvider;
}
