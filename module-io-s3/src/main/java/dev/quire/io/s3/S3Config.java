package dev.quire.io.s3;

import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.store.StoreReadOptions;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How to reach S3, resolved from {@link S3Settings} and, for the endpoint, the AWS variables: the value an S3 client is
 * built from and shared by (equal configurations share one client and its connections).
 *
 * @param endpoint a custom endpoint, or empty for AWS's
 * @param region the region, or empty for the SDK's default chain
 * @param pathStyle whether buckets go in the path rather than the host name
 * @param anonymous whether requests go unsigned
 * @param profile the AWS profile for credentials, or empty for the default chain
 * @param accessKeyId static credentials' key id, or empty
 * @param secretAccessKey static credentials' secret, or empty
 * @param maxConnections the client's connection pool size
 * @param httpClient {@code apache5} or {@code urlconnection}
 * @param attemptTimeout the time limit of one request try
 */
public record S3Config(Optional<URI> endpoint, Optional<String> region, boolean pathStyle, boolean anonymous,
        Optional<String> profile, Optional<String> accessKeyId, Optional<String> secretAccessKey, int maxConnections,
        String httpClient, Duration attemptTimeout) {
    /**
     * The default HTTP client, chosen by measurement: ranged GETs through the store reader, 16 in flight, from an
     * S3-compatible server on loopback (2 cores, server in the same JVM), after warm-up. For 8 KiB GETs the JDK's URL
     * connection client was 15-20 % faster; for 1 MiB GETs, which is what merged store reads are, the throughput was
     * even within the noise but the Apache 5 client had the shorter tail (p99 to last byte 131 ms against 524 ms).
     * The URL connection client also keeps only five idle connections per host ({@code http.maxConnections}), so at
     * more GETs in flight it opens new connections (TLS handshakes, on real S3); Apache 5 pools
     * {@link S3Settings#MAX_CONNECTIONS}. The asynchronous Netty and CRT clients would add an event loop (and native
     * code, for CRT) under a reader that already runs each GET on a virtual thread.
     */
    public static final String DEFAULT_HTTP_CLIENT = "apache5";

    public S3Config {
        Objects.requireNonNull(endpoint, "endpoint is null");
        Objects.requireNonNull(region, "region is null");
        Objects.requireNonNull(profile, "profile is null");
        Objects.requireNonNull(accessKeyId, "accessKeyId is null");
        Objects.requireNonNull(secretAccessKey, "secretAccessKey is null");
        Objects.requireNonNull(httpClient, "httpClient is null");
        Objects.requireNonNull(attemptTimeout, "attemptTimeout is null");
        if (accessKeyId.isPresent() != secretAccessKey.isPresent()) {
            throw new InvalidArgumentException("S3 credentials need both quire.s3.accessKeyId and "
                    + "quire.s3.secretAccessKey, or neither");
        }
    }

    /** The configuration {@code settings} give, the endpoint falling back to this process's AWS variables. */
    public static S3Config from(Settings settings) {
        return from(settings, System.getenv());
    }

    /**
     * The configuration {@code settings} give, the endpoint falling back to {@code AWS_ENDPOINT_URL_S3}, then
     * {@code AWS_ENDPOINT_URL} in {@code environment}.
     */
    public static S3Config from(Settings settings, Map<String, String> environment) {
        String endpointText = settings.get(S3Settings.ENDPOINT);
        if (endpointText.isEmpty()) {
            endpointText = nonBlank(environment.get("AWS_ENDPOINT_URL_S3"))
                    .or(() -> nonBlank(environment.get("AWS_ENDPOINT_URL"))).orElse("");
        }
        Optional<URI> endpoint = Optional.empty();
        if (!endpointText.isEmpty()) {
            URI uri;
            try {
                uri = URI.create(endpointText);
            } catch (IllegalArgumentException e) {
                throw new InvalidArgumentException("S3 endpoint `" + endpointText + "` is not a URI", e);
            }
            if (uri.getScheme() == null || uri.getHost() == null
                    || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))) {
                throw new InvalidArgumentException("S3 endpoint `" + endpointText + "` is not an http or https URL");
            }
            endpoint = Optional.of(uri);
        }
        String pathStyle = settings.get(S3Settings.PATH_STYLE);
        boolean path = pathStyle.equals("auto") ? endpoint.isPresent() : Boolean.parseBoolean(pathStyle);
        return new S3Config(endpoint, nonBlank(settings.get(S3Settings.REGION)), path,
                settings.get(S3Settings.ANONYMOUS), nonBlank(settings.get(S3Settings.PROFILE)),
                nonBlank(settings.get(S3Settings.ACCESS_KEY_ID)), nonBlank(settings.get(S3Settings.SECRET_ACCESS_KEY)),
                settings.get(S3Settings.MAX_CONNECTIONS), settings.get(S3Settings.HTTP_CLIENT),
                StoreReadOptions.from(settings).timeout());
    }

    private static Optional<String> nonBlank(String text) {
        return text == null || text.isBlank() ? Optional.empty() : Optional.of(text.strip());
    }

    /** Without the secret, for messages and logs. */
    @Override
    public String toString() {
        return "S3Config[endpoint=" + endpoint.map(URI::toString).orElse("aws") + ", region="
                + region.orElse("(default chain)") + ", pathStyle=" + pathStyle + ", anonymous=" + anonymous
                + ", credentials=" + (accessKeyId.isPresent() ? "static " + accessKeyId.get()
                        : profile.map(p -> "profile " + p).orElse("default chain"))
                + ", httpClient=" + httpClient + "]";
    }
}
