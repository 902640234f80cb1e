package dev.quire.io.s3;

import dev.quire.config.Setting;

/**
 * The settings of the {@code s3} store, read from the plugin context's settings (or {@code quire.s3.*} system
 * properties and {@code QUIRE_S3_*} environment variables). Every one defaults to the AWS way: credentials and region
 * from the SDK's default chains (environment, system properties, profiles, container and instance metadata), the
 * endpoint from {@code AWS_ENDPOINT_URL_S3} or {@code AWS_ENDPOINT_URL} when set.
 */
public final class S3Settings {
    private S3Settings() {}

    /** The S3 endpoint; empty for AWS_ENDPOINT_URL_S3, then AWS_ENDPOINT_URL, then AWS's own for the region. */
    public static final Setting<String> ENDPOINT = Setting.text("quire.s3.endpoint", "",
            "the S3 endpoint (http://127.0.0.1:9000 for a local S3-compatible server); empty for the "
                    + "AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL variable, else AWS's endpoint for the region");
    /** The region; empty for the SDK's default region chain (us-east-1 when it finds none and an endpoint is set). */
    public static final Setting<String> REGION = Setting.text("quire.s3.region", "",
            "the S3 region; empty for the SDK's default chain (AWS_REGION, profiles, instance metadata)");
    /** Path-style addressing: {@code auto} uses it exactly when a custom endpoint is set. */
    public static final Setting<String> PATH_STYLE = Setting.of("quire.s3.pathStyle", String.class, "auto",
            S3Settings::parsePathStyle, "auto, true or false",
            "path-style addressing (http://host/bucket/key); auto uses it exactly when a custom endpoint is set");
    /** Unsigned requests, for public buckets. */
    public static final Setting<Boolean> ANONYMOUS = Setting.flag("quire.s3.anonymous", false,
            "send unsigned requests (public buckets) instead of looking for credentials");
    /** A named profile of the shared AWS config and credentials files. */
    public static final Setting<String> PROFILE = Setting.text("quire.s3.profile", "",
            "the AWS profile to take credentials from; empty for the default chain (AWS_PROFILE, then default)");
    /** Static credentials, beside the default chain: the access key id. */
    public static final Setting<String> ACCESS_KEY_ID = Setting.text("quire.s3.accessKeyId", "",
            "an access key id to use instead of the default credential chain (with quire.s3.secretAccessKey)");
    /** Static credentials, beside the default chain: the secret key. */
    public static final Setting<String> SECRET_ACCESS_KEY = Setting.text("quire.s3.secretAccessKey", "",
            "the secret access key that goes with quire.s3.accessKeyId");
    /** Connections per client; at least the readers' GETs in flight. */
    public static final Setting<Integer> MAX_CONNECTIONS = Setting.count("quire.s3.maxConnections", 128, 1, 4096,
            "HTTP connections one S3 client keeps at most (shared by every reader with the same configuration)");
    /** The HTTP client under the SDK. */
    public static final Setting<String> HTTP_CLIENT = Setting.of("quire.s3.httpClient", String.class,
            S3Config.DEFAULT_HTTP_CLIENT, S3Settings::parseHttpClient, "apache5 or urlconnection",
            "the HTTP client the S3 SDK sends requests with: apache5 (pooled, the default) or urlconnection (the "
                    + "JDK's)");

    private static String parsePathStyle(String text) {
        String value = text.strip().toLowerCase(java.util.Locale.ROOT);
        if (!value.equals("auto") && !value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException("not auto, true or false: " + text);
        }
        return value;
    }

    private static String parseHttpClient(String text) {
        String value = text.strip().toLowerCase(java.util.Locale.ROOT);
        if (!value.equals("apache5") && !value.equals("urlconnection")) {
            throw new IllegalArgumentException("not apache5 or urlconnection: " + text);
        }
        return value;
    }
}
