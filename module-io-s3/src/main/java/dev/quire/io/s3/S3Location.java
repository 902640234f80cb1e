package dev.quire.io.s3;

import dev.quire.errors.InvalidArgumentException;
import java.net.URI;
import java.util.Locale;
import java.util.Objects;

/**
 * Where an object is in S3: its bucket and key, from an {@code s3://bucket/key} URI.
 *
 * @param bucket the bucket's name
 * @param key the object's key, without a leading slash
 */
public record S3Location(String bucket, String key) {
    public S3Location {
        Objects.requireNonNull(bucket, "bucket is null");
        Objects.requireNonNull(key, "key is null");
    }

    /**
     * The bucket and key of an {@code s3://bucket/key} URI.
     *
     * @throws InvalidArgumentException when the URI is not of that form
     */
    public static S3Location of(URI uri) {
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
        return new S3Location(bucket, path.substring(1));
    }
}
