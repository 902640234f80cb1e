package dev.quire.io.s3.direct;

import dev.quire.config.Settings;
import dev.quire.io.s3.S3Config;
import dev.quire.io.s3.S3Settings;
import dev.quire.io.s3.internal.S3Clients;
import dev.quire.io.s3.internal.S3ObjectStore;
import dev.quire.io.spi.ObjectStore;

/**
 * Buckets of S3 as {@link ObjectStore}s, opened in code, for listing, writing ({@code StoreOutput}) and reading
 * ({@code StoreReadAt}); {@code s3://} URIs opened through the I/O providers reach the same stores, on the same shared
 * clients.
 */
public final class S3Stores {
    private S3Stores() {}

    /** The bucket, on the process's shared client for {@code config}. */
    public static ObjectStore bucket(String bucket, S3Config config) {
        return new S3ObjectStore(S3Clients.shared(config), bucket);
    }

    /** The bucket, configured by {@code settings} ({@link S3Settings}, and the AWS chains). */
    public static ObjectStore bucket(String bucket, Settings settings) {
        return bucket(bucket, S3Config.from(settings));
    }
}
