package dev.quire.io.s3;

import dev.quire.config.Settings;
import java.net.URI;
import java.nio.file.Path;
import java.util.Properties;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStoreContext;

/**
 * A real S3-compatible server (s3proxy over jclouds' filesystem store) on a free loopback port, with signed requests
 * required. Tests start one per class.
 */
final class S3Server implements AutoCloseable {
    static final String ACCESS_KEY = "quire-test";
    static final String SECRET_KEY = "quire-test-secret";

    private final S3Proxy proxy;
    private final BlobStoreContext context;
    private final URI endpoint;

    private S3Server(S3Proxy proxy, BlobStoreContext context, URI endpoint) {
        this.proxy = proxy;
        this.context = context;
        this.endpoint = endpoint;
    }

    /** Starts a server whose objects are files under {@code dir}; {@code buckets} are created. */
    static S3Server start(Path dir, String... buckets) throws Exception {
        Properties properties = new Properties();
        properties.setProperty("jclouds.filesystem.basedir", dir.toString());
        BlobStoreContext context = ContextBuilder.newBuilder("filesystem").overrides(properties)
                .buildView(BlobStoreContext.class);
        for (String bucket : buckets) {
            context.getBlobStore().createContainerInLocation(null, bucket);
            if (!context.getBlobStore().containerExists(bucket)) {
                throw new IllegalArgumentException("the test server could not create bucket `" + bucket + "`");
            }
        }
        S3Proxy proxy = S3Proxy.builder().blobStore(context.getBlobStore())
                .endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                .build();
        proxy.start();
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!"STARTED".equals(proxy.getState())) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("s3proxy did not start: " + proxy.getState());
            }
            Thread.sleep(5);
        }
        return new S3Server(proxy, context, URI.create("http://127.0.0.1:" + proxy.getPort()));
    }

    URI endpoint() {
        return endpoint;
    }

    int port() {
        return proxy.getPort();
    }

    /** Settings that point the s3 provider at this server (or at {@code endpoint}, a proxy in front of it). */
    static Settings settings(URI endpoint) {
        return Settings.defaults()
                .with(S3Settings.ENDPOINT, endpoint.toString())
                .with(S3Settings.REGION, "us-east-1")
                .with(S3Settings.ACCESS_KEY_ID, ACCESS_KEY)
                .with(S3Settings.SECRET_ACCESS_KEY, SECRET_KEY);
    }

    Settings settings() {
        return settings(endpoint);
    }

    @Override
    public void close() throws Exception {
        proxy.stop();
        context.close();
    }
}
