package dev.quire.io.s3;

import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.s3.internal.S3Clients;
import dev.quire.io.s3.internal.S3ObjectStore;
import dev.quire.io.spi.ObjectStore;
import java.net.URI;
import java.util.Locale;

/**
 * Buckets of S3 as {@link ObjectStore}s, for listing, writing ({@code StoreOutput}) and reading
 * ({@code StoreReadAt}) in code; {@code s3://} URIs opened through the I/O providers reach the same stores.
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

    /**
     * The bucket and key of an {@code s3://bucket/key} URI.
     *
     * @throws InvalidArgumentException when the URI is not of that form
     */
    public static Location locate(URI uri) {
        if (uri.getScheme() == null || !uri.getScheme().toLowerCase(Locale.ROOT).equals("s3")) {
            throw new InvalidArgumentException("not an s3:// URI: " + uri);
        }
        String bucket = uri.getRawAuthority();
        String path = uri.getPath();
        if (bucket == null || bucket.isEmpty() || path == null || path.length() < 2 || !path.startsWith("/")) {
            throw new InvalidArgumentException("an S3 URI must name a bucket and a key (s3://bucket/key), got " + uri);
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new InvalidArgumentException("an S3 URI has no query or fragment, got " + uri);
        }
        return new Location(bucket, path.substring(1));
    }

    /** Where an object is: its bucket and key. */
    public record Location(String bucket, String key) {}
}
