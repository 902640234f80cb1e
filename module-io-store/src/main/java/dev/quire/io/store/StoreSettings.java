package dev.quire.io.store;

import dev.quire.config.Setting;
import java.util.List;

/**
 * The settings of readers over object stores ({@link StoreReadOptions#from}), read from the plugin context's settings
 * (or system properties and environment variables, as every Quire setting).
 */
public final class StoreSettings {
    private StoreSettings() {}

    /** GETs in flight per reader; also the reader's {@code preferredConcurrency}. */
    public static final Setting<Integer> CONCURRENCY = Setting.count("quire.store.concurrency",
            StoreReadOptions.DEFAULT_CONCURRENCY, 1, 1024,
            "GET requests one object-store reader keeps in flight at most (its preferred concurrency)");
    /** The widest gap between two requested ranges that one GET fetches to serve both. */
    public static final Setting<Long> MERGE_GAP = Setting.byteLength("quire.store.mergeGap",
            StoreReadOptions.DEFAULT_MERGE_GAP, 1L << 30,
            "the most bytes between two ranges that one object-store GET fetches (and throws away) to serve both");
    /** The longest range one merged GET may cover. */
    public static final Setting<Long> MAX_MERGED = Setting.byteLength("quire.store.maxMergedSize",
            StoreReadOptions.DEFAULT_MAX_MERGED, 1L << 30, "the longest range a merged object-store GET may cover");
    /** Tries per GET, the first included. */
    public static final Setting<Integer> ATTEMPTS = Setting.count("quire.store.attempts",
            StoreReadOptions.DEFAULT_ATTEMPTS, 1, 100,
            "tries per object-store request, the first included, when failures are retryable (throttling, 5xx, "
                    + "timeouts, resets, short bodies)");
    /** The first retry's pause, before jitter; doubled for every retry after it. */
    public static final Setting<Long> RETRY_BASE_MILLIS = Setting.wholeNumber("quire.store.retryBaseMillis",
            StoreReadOptions.DEFAULT_RETRY_BASE.toMillis(), 0, 60_000,
            "the first retry's longest pause in milliseconds, doubled for each retry after it (full jitter)");
    /** The longest pause between two tries. */
    public static final Setting<Long> RETRY_MAX_MILLIS = Setting.wholeNumber("quire.store.retryMaxMillis",
            StoreReadOptions.DEFAULT_RETRY_MAX.toMillis(), 0, 600_000,
            "the longest pause between two tries of an object-store request, in milliseconds");
    /** The time limit of one try of one request. */
    public static final Setting<Long> TIMEOUT_MILLIS = Setting.wholeNumber("quire.store.timeoutMillis",
            StoreReadOptions.DEFAULT_TIMEOUT.toMillis(), 1, 3_600_000,
            "the time limit of one try of one object-store request, in milliseconds");

    /** Every setting above, for listings ({@code quire io}) and {@code --set}. */
    public static final List<Setting<?>> ALL = List.of(CONCURRENCY, MERGE_GAP, MAX_MERGED, ATTEMPTS,
            RETRY_BASE_MILLIS, RETRY_MAX_MILLIS, TIMEOUT_MILLIS);
}
