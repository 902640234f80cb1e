package dev.quire.io.uring;

import dev.quire.config.Settings;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.spi.Coalescing;
import java.util.Objects;

/**
 * How the {@code uring} provider reads.
 *
 * @param queueDepth how many reads each shared ring keeps in flight at most; readers with the same depth and ring
 *     count share their rings
 * @param rings how many rings those readers share: 1, or 2 (each submitting thread keeps to one of them)
 * @param direct whether reads bypass the page cache ({@code O_DIRECT}: ranges widened to whole 4 KiB blocks read into
 *     aligned buffers); a file system that refuses it gets buffered reads
 * @param coalescing how {@link dev.quire.io.spi.ReadAt#readRanges} merges neighbouring reads
 * @param resident whether ranges the page cache holds whole are served from a read-only mapping of the file, without
 *     a submission (checked with {@code cachestat(2)} before each read; buffered reads only, and only where the kernel
 *     has the call); the rest go to the ring
 */
public record UringOptions(int queueDepth, int rings, boolean direct, Coalescing coalescing, boolean resident) {
    public static final int DEFAULT_QUEUE_DEPTH = 64;
    public static final int MAX_QUEUE_DEPTH = 4096;
    public static final int MAX_RINGS = 2;

    /** @throws InvalidArgumentException when the depth is not 1..4096 or the ring count not 1..2 */
    public UringOptions {
        Objects.requireNonNull(coalescing, "coalescing is null");
        if (queueDepth < 1 || queueDepth > MAX_QUEUE_DEPTH) {
            throw new InvalidArgumentException("the io_uring queue depth must be 1 to " + MAX_QUEUE_DEPTH + ", got "
                    + queueDepth);
        }
        if (rings < 1 || rings > MAX_RINGS) {
            throw new InvalidArgumentException("the uring provider shares 1 to " + MAX_RINGS + " rings, got " + rings);
        }
    }

    /** Depth 64, one ring, buffered reads, neighbours merged in offset order, resident ranges from a mapping. */
    public static UringOptions defaults() {
        return new UringOptions(DEFAULT_QUEUE_DEPTH, 1, false, Coalescing.defaults(), true);
    }

    /**
     * The options {@code settings} give: {@link UringSettings#QUEUE_DEPTH}, {@link UringSettings#RINGS},
     * {@link UringSettings#DIRECT}, {@link UringSettings#COALESCING} and {@link UringSettings#RESIDENT}.
     *
     * @throws InvalidArgumentException naming the setting when a value does not parse
     */
    public static UringOptions from(Settings settings) {
        return new UringOptions(settings.get(UringSettings.QUEUE_DEPTH), settings.get(UringSettings.RINGS),
                settings.get(UringSettings.DIRECT), Coalescing.named(settings.get(UringSettings.COALESCING)),
                settings.get(UringSettings.RESIDENT));
    }

    public UringOptions withQueueDepth(int depth) {
        return new UringOptions(depth, rings, direct, coalescing, resident);
    }

    public UringOptions withRings(int count) {
        return new UringOptions(queueDepth, count, direct, coalescing, resident);
    }

    public UringOptions withDirect(boolean on) {
        return new UringOptions(queueDepth, rings, on, coalescing, resident);
    }

    public UringOptions withCoalescing(Coalescing policy) {
        return new UringOptions(queueDepth, rings, direct, policy, resident);
    }

    public UringOptions withResident(boolean on) {
        return new UringOptions(queueDepth, rings, direct, coalescing, on);
    }
}
