package dev.quire.io.store;

import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.spi.Coalescing;
import java.time.Duration;
import java.util.Objects;

/**
 * How a {@link StoreReadAt} reads: how it merges neighbouring ranges, how many GETs it keeps in flight, how it retries
 * and how long one try may take.
 *
 * <p>The merge defaults were chosen by measurement: scans of a 13 MB file from an S3-compatible server with 20 ms added
 * before every answer, merge gaps from 8 KiB to 1 MiB and caps of 4 and 16 MiB. Wall times were within the noise of
 * each other (the scan keeps many GETs in flight), but bytes fetched were not: a gap of 1 MiB fetched 1.32 bytes per
 * byte a full scan asked for (a batch's merged GET spans bytes that other batches fetch again), 512 KiB 1.05, 256 KiB
 * 1.02. A 256 KiB gap still merges a chunk's neighbouring segments; a 4 MiB cap made as few GETs as 16 MiB while
 * keeping less memory alive behind each slice.
 *
 * @param coalescing the merge gap and merged-read cap
 * @param concurrency GETs in flight at most, per reader
 * @param attempts tries per request, the first included
 * @param retryBase the longest pause before the first retry; doubled for each retry after it, with full jitter
 * @param retryMax the longest pause between tries
 * @param timeout the time limit of one try
 */
public record StoreReadOptions(Coalescing coalescing, int concurrency, int attempts, Duration retryBase,
        Duration retryMax, Duration timeout) {
    public static final int DEFAULT_CONCURRENCY = 32;
    public static final long DEFAULT_MERGE_GAP = 256 * 1024;
    public static final long DEFAULT_MAX_MERGED = 4 * 1024 * 1024;
    public static final int DEFAULT_ATTEMPTS = 5;
    public static final Duration DEFAULT_RETRY_BASE = Duration.ofMillis(50);
    public static final Duration DEFAULT_RETRY_MAX = Duration.ofSeconds(2);
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    public StoreReadOptions {
        Objects.requireNonNull(coalescing, "coalescing is null");
        Objects.requireNonNull(retryBase, "retryBase is null");
        Objects.requireNonNull(retryMax, "retryMax is null");
        Objects.requireNonNull(timeout, "timeout is null");
        if (concurrency < 1) {
            throw new InvalidArgumentException("store read concurrency must be at least 1, got " + concurrency);
        }
        if (attempts < 1) {
            throw new InvalidArgumentException("store request attempts must be at least 1, got " + attempts);
        }
        if (retryBase.isNegative() || retryMax.isNegative()) {
            throw new InvalidArgumentException("retry pauses must not be negative: " + retryBase + ", " + retryMax);
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new InvalidArgumentException("the store request timeout must be positive, got " + timeout);
        }
    }

    /** Every option at its default. */
    public static StoreReadOptions defaults() {
        return new StoreReadOptions(new Coalescing(DEFAULT_MERGE_GAP, DEFAULT_MAX_MERGED), DEFAULT_CONCURRENCY,
                DEFAULT_ATTEMPTS, DEFAULT_RETRY_BASE, DEFAULT_RETRY_MAX, DEFAULT_TIMEOUT);
    }

    /** The options {@link StoreSettings} give in {@code settings}. */
    public static StoreReadOptions from(Settings settings) {
        return new StoreReadOptions(
                new Coalescing(settings.get(StoreSettings.MERGE_GAP), settings.get(StoreSettings.MAX_MERGED)),
                settings.get(StoreSettings.CONCURRENCY), settings.get(StoreSettings.ATTEMPTS),
                Duration.ofMillis(settings.get(StoreSettings.RETRY_BASE_MILLIS)),
                Duration.ofMillis(settings.get(StoreSettings.RETRY_MAX_MILLIS)),
                Duration.ofMillis(settings.get(StoreSettings.TIMEOUT_MILLIS)));
    }

    public StoreReadOptions withCoalescing(Coalescing value) {
        return new StoreReadOptions(value, concurrency, attempts, retryBase, retryMax, timeout);
    }

    public StoreReadOptions withConcurrency(int value) {
        return new StoreReadOptions(coalescing, value, attempts, retryBase, retryMax, timeout);
    }

    public StoreReadOptions withAttempts(int value) {
        return new StoreReadOptions(coalescing, concurrency, value, retryBase, retryMax, timeout);
    }

    public StoreReadOptions withRetryPauses(Duration base, Duration max) {
        return new StoreReadOptions(coalescing, concurrency, attempts, base, max, timeout);
    }

    public StoreReadOptions withTimeout(Duration value) {
        return new StoreReadOptions(coalescing, concurrency, attempts, retryBase, retryMax, value);
    }
}
