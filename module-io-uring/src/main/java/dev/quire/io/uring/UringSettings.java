package dev.quire.io.uring;

import dev.quire.config.Setting;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.io.spi.Coalescing;
import java.util.List;
import java.util.Locale;

/**
 * The settings of the {@code uring} provider. A setting's key is also the system property that sets it, and gives the
 * environment variable that sets it when the property does not ({@code quire.io.uring.queueDepth} and
 * {@code QUIRE_IO_URING_QUEUE_DEPTH}). The provider reads them at every open from the settings of the open's
 * {@link dev.quire.io.spi.IoOptions}; {@link UringOptions#from} turns them into a reader's options.
 */
public final class UringSettings {
    private UringSettings() {}

    /** How many reads each shared ring keeps in flight at most: 64 by default. */
    public static final Setting<Integer> QUEUE_DEPTH = Setting.count("quire.io.uring.queueDepth",
            UringOptions.DEFAULT_QUEUE_DEPTH, 1, UringOptions.MAX_QUEUE_DEPTH,
            "how many reads each shared io_uring keeps in flight at most");

    /** How many rings the process shares: 1 by default, 2 to compare. */
    public static final Setting<Integer> RINGS = Setting.count("quire.io.uring.rings", 1, 1, UringOptions.MAX_RINGS,
            "how many io_urings the uring provider's readers share (1, or 2 to compare)");

    /** Whether {@code uring} reads bypass the page cache ({@code O_DIRECT}). */
    public static final Setting<Boolean> DIRECT = Setting.flag("quire.io.uring.direct", false,
            "whether uring reads bypass the page cache (O_DIRECT, ranges widened to whole 4 KiB blocks)");

    /** How {@code uring} readers merge neighbouring reads: {@code offset} by default, or {@code fifo}. */
    public static final Setting<String> COALESCING = Setting.of("quire.io.uring.coalescing", String.class, "offset",
            UringSettings::coalescingName, "offset or fifo",
            "how uring readers merge neighbouring reads: offset (sorted, 8 KiB gap) or fifo (arrival order, no gap)");

    /** Whether ranges already in the page cache are served from a mapping of the file instead of the ring. */
    public static final Setting<Boolean> RESIDENT = Setting.flag("quire.io.uring.resident", true,
            "whether uring readers serve ranges the page cache holds from a mapping of the file (checked with"
                    + " cachestat) instead of the ring");

    /** Every setting of the {@code uring} provider, for tools that list them. */
    public static final List<Setting<?>> ALL = List.of(QUEUE_DEPTH, RINGS, DIRECT, COALESCING, RESIDENT);

    private static String coalescingName(String text) {
        try {
            Coalescing.named(text);
        } catch (InvalidArgumentException e) {
            // Setting names the key and the source for an IllegalArgumentException.
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return text.strip().toLowerCase(Locale.ROOT);
    }
}
