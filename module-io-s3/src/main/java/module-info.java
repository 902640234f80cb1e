/**
 * The {@code s3} I/O provider and object store on the AWS SDK for Java v2: {@code s3://bucket/key} URIs read through a
 * {@code StoreReadAt}, buckets as {@link dev.quire.io.spi.ObjectStore}s for listing and writing
 * ({@link dev.quire.io.s3.direct.S3Stores}), configured the AWS way with every setting also in the plugin context
 * ({@link dev.quire.io.s3.S3Settings}). The SDK's jars are automatic modules.
 *
 * <p>The packages form layers without cycles: {@code dev.quire.io.s3} holds the configuration and locations,
 * {@code internal} the client, store and provider built from them, and {@code direct} opens stores through
 * {@code internal}.
 */
module dev.quire.io.s3 {
    requires transitive dev.quire.io.store;
    requires software.amazon.awssdk.services.s3;
    requires software.amazon.awssdk.core;
    requires software.amazon.awssdk.awscore;
    requires software.amazon.awssdk.auth;
    requires software.amazon.awssdk.regions;
    requires software.amazon.awssdk.http;
    requires software.amazon.awssdk.http.apache5;
    requires software.amazon.awssdk.http.urlconnection;
    requires software.amazon.awssdk.identity.spi;

    exports dev.quire.io.s3;
    exports dev.quire.io.s3.direct;

    provides dev.quire.io.spi.IoProvider with dev.quire.io.s3.internal.S3IoProvider;
}
