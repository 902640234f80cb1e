package dev.quire.io.s3.internal;

import dev.quire.io.s3.S3Config;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;

/**
 * One S3 client per configuration, for the life of the process: a client holds a connection pool, which every reader
 * and writer with that configuration shares.
 */
public final class S3Clients {
    private static final ConcurrentMap<S3Config, S3Client> CLIENTS = new ConcurrentHashMap<>();
    /** The region to sign for when a custom endpoint is set and no chain names one; S3-compatible servers accept it. */
    private static final Region FALLBACK_REGION = Region.US_EAST_1;

    private S3Clients() {}

    /** The shared client of {@code config}, built on first use. */
    public static S3Client shared(S3Config config) {
        return CLIENTS.computeIfAbsent(config, S3Clients::build);
    }

    /**
     * A new client for {@code config}, which the caller closes. Retries are off: the store reader retries, counts and
     * bounds them itself. Checksums are computed and checked only where S3 requires them, which every S3-compatible
     * server understands; ranged reads are checked by length and Content-Range instead.
     */
    public static S3Client build(S3Config config) {
        S3ClientBuilder builder = S3Client.builder()
                .httpClient(httpClient(config))
                .credentialsProvider(credentials(config))
                .region(region(config))
                .forcePathStyle(config.pathStyle())
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
                .overrideConfiguration(o -> o.retryStrategy(AwsRetryStrategy.doNotRetry())
                        .apiCallAttemptTimeout(config.attemptTimeout()));
        config.endpoint().ifPresent(builder::endpointOverride);
        return builder.build();
    }

    private static SdkHttpClient httpClient(S3Config config) {
        Duration connect = Duration.ofSeconds(10);
        return switch (config.httpClient()) {
            case "urlconnection" -> UrlConnectionHttpClient.builder().connectionTimeout(connect)
                    .socketTimeout(config.attemptTimeout()).build();
            default -> Apache5HttpClient.builder().maxConnections(config.maxConnections())
                    .connectionTimeout(connect).socketTimeout(config.attemptTimeout()).build();
        };
    }

    private static AwsCredentialsProvider credentials(S3Config config) {
        if (config.anonymous()) {
            return AnonymousCredentialsProvider.create();
        }
        if (config.accessKeyId().isPresent()) {
            return StaticCredentialsProvider.create(AwsBasicCredentials.create(config.accessKeyId().get(),
                    config.secretAccessKey().orElseThrow()));
        }
        if (config.profile().isPresent()) {
            return ProfileCredentialsProvider.create(config.profile().get());
        }
        return DefaultCredentialsProvider.builder().build();
    }

    private static Region region(S3Config config) {
        if (config.region().isPresent()) {
            return Region.of(config.region().get());
        }
        try {
            return DefaultAwsRegionProviderChain.builder().build().getRegion();
        } catch (RuntimeException e) {
            if (config.endpoint().isPresent()) {
                return FALLBACK_REGION;
            }
            throw new dev.quire.errors.InvalidArgumentException("no AWS region: set quire.s3.region, AWS_REGION or "
                    + "a profile's region (" + e.getMessage() + ")", e);
        }
    }
}
