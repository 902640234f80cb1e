package dev.quire.io.s3.archfixture;

import dev.quire.io.store.internal.HttpIoProvider;

/** Violates: the s3 provider reaches into the store layer's internals (another provider) instead of its API. */
public final class S3NamingStoreInternals {
    public Object other() {
        return new HttpIoProvider();
    }
}
