package dev.quire.io.posix;

import dev.quire.config.Setting;
import dev.quire.io.posix.sys.SharedMappings;
import java.util.List;

/**
 * The settings of the {@code mmap} and {@code posix} providers. A setting's key is also the system property that sets
 * it, and gives the environment variable that sets it when the property does not ({@code quire.io.nowait.minReadLength}
 * and {@code QUIRE_IO_NOWAIT_MIN_READ_LENGTH}). The providers read them, at every open, from the settings the
 * {@link dev.quire.io.spi.IoOptions} carry; {@link PosixOptions#from} turns those of the {@code posix} reader into its
 * options. A value that does not parse fails the open with an
 * {@link dev.quire.errors.InvalidArgumentException} naming the setting and where its text came from.
 */
public final class PosixSettings {
    private PosixSettings() {}

    /** Whether {@code posix} reads first take what the page cache holds on the calling thread. */
    public static final Setting<Boolean> FAST_PATH = Setting.flag("quire.io.nowait", true,
            "whether posix reads first take what the page cache holds on the calling thread (preadv2 with "
                    + "RWF_NOWAIT) before handing the rest to the read pool");

    /** The shortest read the fast path tries: {@code 64k} by default. */
    public static final Setting<Long> MIN_READ_LENGTH = Setting.byteLength("quire.io.nowait.minReadLength",
            PosixOptions.DEFAULT_MIN_READ_LENGTH, PosixOptions.MAX_WINDOW_BOUND,
            "the shortest posix read, in bytes, the page-cache fast path tries");

    /** The longest read the fast path tries: {@code 256k} by default. */
    public static final Setting<Long> MAX_READ_LENGTH = Setting.byteLength("quire.io.nowait.maxReadLength",
            PosixOptions.DEFAULT_MAX_READ_LENGTH, PosixOptions.MAX_WINDOW_BOUND,
            "the longest posix read, in bytes, the page-cache fast path tries");

    /** Whether {@code posix} reads bypass the page cache ({@code O_DIRECT}). */
    public static final Setting<Boolean> DIRECT = Setting.flag("quire.io.direct", false,
            "whether posix reads bypass the page cache (O_DIRECT, ranges widened to whole 4 KiB blocks)");

    /**
     * How many threads the pool of {@code posix} reads that may block on the device has: 4 per core, 8 to 64, by
     * default. Readers opened with one count share one pool.
     */
    public static final Setting<Integer> READ_THREADS = Setting.count("quire.io.posix.threads",
            PosixOptions.DEFAULT_READ_THREADS, 1, PosixOptions.MAX_READ_THREADS,
            "how many threads the pool of posix reads that may block on the device has");

    /**
     * How long, in milliseconds, an {@code mmap} mapping no open reader uses stays shared, so that a file opened again
     * soon is not mapped again: 2 s by default, {@code 0} to share only between readers open at once. The {@code uring}
     * provider's resident reads share the same mappings, for as long.
     */
    public static final Setting<Long> MMAP_KEEP_MILLIS = SharedMappings.KEEP_MILLIS;

    /** Every setting of the {@code mmap} and {@code posix} providers, for tools that list them. */
    public static final List<Setting<?>> ALL = List.of(FAST_PATH, MIN_READ_LENGTH, MAX_READ_LENGTH, DIRECT,
            READ_THREADS, MMAP_KEEP_MILLIS);
}
