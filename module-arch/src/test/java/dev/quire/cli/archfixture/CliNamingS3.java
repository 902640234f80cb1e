package dev.quire.cli.archfixture;

import dev.quire.config.Settings;
import dev.quire.io.s3.direct.S3Stores;
import dev.quire.io.spi.ObjectStore;

/** Violates: the CLI opens an S3 bucket by naming the s3 module, instead of asking its context's providers. */
public final class CliNamingS3 {
    public ObjectStore bucket() {
        return S3Stores.bucket("bucket", Settings.defaults());
    }
}
