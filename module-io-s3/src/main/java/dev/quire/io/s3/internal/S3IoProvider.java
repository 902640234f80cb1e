package dev.quire.io.s3.internal;

import dev.quire.io.s3.S3Config;
import dev.quire.io.s3.S3Location;
import dev.quire.io.spi.Availability;
import dev.quire.io.spi.IoOptions;
import dev.quire.io.spi.IoProvider;
import dev.quire.io.spi.ReadAt;
import dev.quire.io.spi.StoreLocation;
import dev.quire.io.store.StoreReadAt;
import dev.quire.io.store.StoreReadOptions;
import java.net.URI;
import java.util.Optional;

/**
 * Reads {@code s3://bucket/key} objects through a {@link StoreReadAt} over the bucket, configured by the options'
 * settings ({@code quire.s3.*} for the client, {@code quire.store.*} for the reader); hands out the bucket of an
 * {@code s3://bucket/key} URI as an object store, for writing the object through a multipart upload.
 */
public final class S3IoProvider implements IoProvider {
    public static final String NAME = "s3";
    /** The only provider of its scheme; the number matters only beside providers of the same URIs. */
    public static final int PRIORITY = 10;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int priority() {
        return PRIORITY;
    }

    @Override
    public boolean supports(URI uri) {
        return "s3".equalsIgnoreCase(uri.getScheme());
    }

    /** The SDK is on the path whenever this class loads; credentials and endpoints are checked at open. */
    @Override
    public Availability availability() {
        return Availability.yes();
    }

    @Override
    public ReadAt open(URI uri, IoOptions options) {
        S3Location location = S3Location.of(uri);
        S3Config config = S3Config.from(options.settings());
        return StoreReadAt.open(new S3ObjectStore(S3Clients.shared(config), location.bucket()), location.key(),
                StoreReadOptions.from(options.settings()));
    }

    /** The URI's bucket on the process's shared client for the options' settings, and its key. */
    @Override
    public Optional<StoreLocation> objectStore(URI uri, IoOptions options) {
        S3Location location = S3Location.of(uri);
        S3Config config = S3Config.from(options.settings());
        return Optional.of(new StoreLocation(new S3ObjectStore(S3Clients.shared(config), location.bucket()),
                location.key()));
    }
}
