package dev.quire.io.posix;

import dev.quire.config.Setting;
import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;

/**
 * How the {@code posix} provider reads: whether reads first take what the page cache holds on the calling thread
 * (the fast path, {@code preadv2} with {@code RWF_NOWAIT}) and for which read lengths, whether reads bypass the
 * page cache ({@code O_DIRECT}), and how many threads the pool of reads that may block has.
 *
 * <p>The provider makes them at every open from the settings the open's {@link dev.quire.io.spi.IoOptions} carry
 * ({@link #from}, {@link PosixSettings}); code that opens a reader itself
 * ({@code dev.quire.io.posix.direct.PosixReaders}) builds them.
 *
 * @param fastPath whether reads inside the window try the page cache inline before handing the rest to the pool
 * @param minReadLength the shortest read, in bytes, the fast path tries
 * @param maxReadLength the longest read, in bytes, the fast path tries
 * @param direct whether reads use {@code O_DIRECT} (ranges widened to whole 4 KiB blocks, no fast path); a file
 *     system that refuses it gets buffered reads, and the reader says why
 * @param readThreads how many threads the pool of reads that may block on the device has; readers with the same
 *     count share one pool
 */
public record PosixOptions(boolean fastPath, long minReadLength, long maxReadLength, boolean direct,
        int readThreads) {
    public static final long DEFAULT_MIN_READ_LENGTH = 64 * 1024;
    public static final long DEFAULT_MAX_READ_LENGTH = 256 * 1024;
    /** The longest window bound accepted: longer reads gain nothing from skipping one hand-off. */
    public static final long MAX_WINDOW_BOUND = 1L << 30;
    /** Enough threads to keep a fast device's queue busy; reads in the page cache never reach the pool. */
    public static final int DEFAULT_READ_THREADS = Math.clamp(4L * Runtime.getRuntime().availableProcessors(), 8, 64);
    public static final int MAX_READ_THREADS = 1024;

    /**
     * @throws InvalidArgumentException when the window is not {@code 0 <= min <= max <=} {@link #MAX_WINDOW_BOUND},
     *     or the pool would have fewer than 1 or more than {@link #MAX_READ_THREADS} threads
     */
    public PosixOptions {
        if (minReadLength < 0 || maxReadLength < minReadLength || maxReadLength > MAX_WINDOW_BOUND) {
            throw new InvalidArgumentException("the fast-path window must satisfy 0 <= min <= max <= "
                    + MAX_WINDOW_BOUND + " bytes, got " + minReadLength + ".." + maxReadLength);
        }
        if (readThreads < 1 || readThreads > MAX_READ_THREADS) {
            throw new InvalidArgumentException("the read pool must have 1 to " + MAX_READ_THREADS + " threads, got "
                    + readThreads);
        }
    }

    /**
     * The fast path on for reads of 64 KiB..256 KiB, no {@code O_DIRECT}, the default pool; nothing read from the
     * environment.
     */
    public static PosixOptions defaults() {
        return new PosixOptions(true, DEFAULT_MIN_READ_LENGTH, DEFAULT_MAX_READ_LENGTH, false, DEFAULT_READ_THREADS);
    }

    /**
     * The options {@code settings} give: {@link PosixSettings#FAST_PATH}, {@link PosixSettings#MIN_READ_LENGTH},
     * {@link PosixSettings#MAX_READ_LENGTH}, {@link PosixSettings#DIRECT} and {@link PosixSettings#READ_THREADS}.
     *
     * @throws InvalidArgumentException naming the setting when a value does not parse, or both window settings when
     *     the window is empty
     */
    public static PosixOptions from(Settings settings) {
        long min = settings.get(PosixSettings.MIN_READ_LENGTH);
        long max = settings.get(PosixSettings.MAX_READ_LENGTH);
        if (max < min) {
            throw new InvalidArgumentException("the fast-path window is empty: the shortest read, " + min + " bytes ("
                    + describe(settings, PosixSettings.MIN_READ_LENGTH) + "), is above the longest, " + max
                    + " bytes (" + describe(settings, PosixSettings.MAX_READ_LENGTH) + ")");
        }
        return new PosixOptions(settings.get(PosixSettings.FAST_PATH), min, max, settings.get(PosixSettings.DIRECT),
                settings.get(PosixSettings.READ_THREADS));
    }

    private static String describe(Settings settings, Setting<?> setting) {
        return setting.key() + ", " + settings.source(setting);
    }

    public PosixOptions withFastPath(boolean on) {
        return new PosixOptions(on, minReadLength, maxReadLength, direct, readThreads);
    }

    public PosixOptions withWindow(long min, long max) {
        return new PosixOptions(fastPath, min, max, direct, readThreads);
    }

    public PosixOptions withDirect(boolean on) {
        return new PosixOptions(fastPath, minReadLength, maxReadLength, on, readThreads);
    }

    public PosixOptions withReadThreads(int threads) {
        return new PosixOptions(fastPath, minReadLength, maxReadLength, direct, threads);
    }

    /** Whether a read of {@code length} bytes falls inside the fast-path window. */
    public boolean inWindow(long length) {
        return length >= minReadLength && length <= maxReadLength;
    }
}
