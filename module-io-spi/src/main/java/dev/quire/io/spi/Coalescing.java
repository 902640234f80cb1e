package dev.quire.io.spi;

import dev.quire.errors.InvalidArgumentException;

/**
 * How a reader likes neighbouring reads merged into one: two requests are served by one read when the bytes between
 * them are at most {@code maxGap} and the merged read spans at most {@code maxMergedSize} bytes. A merged read costs
 * the gap bytes and keeps the whole merged buffer alive while any slice of it is referenced; it saves a request (a
 * system call, a pool hand-off, an object-store GET). {@link #none()} never merges.
 *
 * @param maxGap the most bytes between two requests that may be read (and thrown away) to merge them
 * @param maxMergedSize the largest span a merged read may cover; 0 turns merging off
 */
public record Coalescing(long maxGap, long maxMergedSize) {
    /** Default gap: about what a local read costs in copied bytes compared with one more request. */
    public static final long DEFAULT_MAX_GAP = 8 * 1024;
    /** Default maximum merged read: large enough for the small segments of a chunk, small enough to pipeline. */
    public static final long DEFAULT_MAX_MERGED_SIZE = 1024 * 1024;

    private static final Coalescing DEFAULTS = new Coalescing(DEFAULT_MAX_GAP, DEFAULT_MAX_MERGED_SIZE);
    private static final Coalescing NONE = new Coalescing(0, 0);

    public Coalescing {
        if (maxGap < 0) {
            throw new InvalidArgumentException("coalescing gap must not be negative, got " + maxGap);
        }
        if (maxMergedSize < 0) {
            throw new InvalidArgumentException("maximum merged read size must not be negative, got " + maxMergedSize);
        }
    }

    /** {@value #DEFAULT_MAX_GAP} bytes of gap, {@value #DEFAULT_MAX_MERGED_SIZE} bytes per merged read. */
    public static Coalescing defaults() {
        return DEFAULTS;
    }

    /** Never merge: every request is read on its own. */
    public static Coalescing none() {
        return NONE;
    }

    public Coalescing withMaxGap(long bytes) {
        return new Coalescing(bytes, maxMergedSize);
    }

    public Coalescing withMaxMergedSize(long bytes) {
        return new Coalescing(maxGap, bytes);
    }

    /** Whether any two requests can be merged at all. */
    public boolean enabled() {
        return maxMergedSize > 0;
    }
}
