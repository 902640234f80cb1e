package dev.quire.io.spi;

import dev.quire.errors.InvalidArgumentException;
import java.util.Locale;

/**
 * How a reader likes neighbouring reads merged into one: two requests are served by one read when the bytes between
 * them are at most {@code maxGap} and the merged read spans at most {@code maxMergedSize} bytes. A merged read costs
 * the gap bytes and keeps the whole merged buffer alive while any slice of it is referenced; it saves a request (a
 * system call, a pool hand-off, an object-store GET). {@link #none()} never merges.
 *
 * <p>{@link Order} says which requests are candidates. {@link Order#OFFSET} (the default) sorts the whole batch by
 * offset and merges runs of neighbours, so reads are issued in file order. {@link Order#ARRIVAL} keeps the order the
 * requests came in: each read starts at the oldest request not yet planned and takes, among the next
 * {@code lookahead} requests in arrival order, each one that lies within the gap of what it covers so far, so the
 * oldest request is never held back behind a sort of the whole batch ({@link #fifo()}: no gap, 1 MiB, 256 requests).
 *
 * @param maxGap the most bytes between two requests that may be read (and thrown away) to merge them
 * @param maxMergedSize the largest span a merged read may cover; 0 turns merging off
 * @param order which requests may merge: neighbours in offset order, or within a window in arrival order
 * @param lookahead for {@link Order#ARRIVAL}, how many of the requests after a read's first are candidates to join
 *     it (at least 1); 0 for {@link Order#OFFSET}, which looks at the whole batch
 */
public record Coalescing(long maxGap, long maxMergedSize, Order order, int lookahead) {
    /** Default gap: about what a local read costs in copied bytes compared with one more request. */
    public static final long DEFAULT_MAX_GAP = 8 * 1024;
    /** Default maximum merged read: large enough for the small segments of a chunk, small enough to pipeline. */
    public static final long DEFAULT_MAX_MERGED_SIZE = 1024 * 1024;

    /** {@link #fifo()}'s lookahead: how many later requests a read may take in. */
    public static final int FIFO_LOOKAHEAD = 256;
    /** {@link #fifo()}'s maximum merged read. */
    public static final long FIFO_MAX_MERGED_SIZE = 1024 * 1024;

    private static final Coalescing DEFAULTS = new Coalescing(DEFAULT_MAX_GAP, DEFAULT_MAX_MERGED_SIZE);
    private static final Coalescing NONE = new Coalescing(0, 0);
    private static final Coalescing FIFO = new Coalescing(0, FIFO_MAX_MERGED_SIZE, Order.ARRIVAL, FIFO_LOOKAHEAD);

    /** Which requests of a batch may be merged into one read. */
    public enum Order {
        /** The batch sorted by offset, runs of neighbours merged; reads are issued in offset order. */
        OFFSET,
        /** Requests in the order given, each read taking later ones within a lookahead; issued oldest first. */
        ARRIVAL
    }

    public Coalescing {
        if (maxGap < 0) {
            throw new InvalidArgumentException("coalescing gap must not be negative, got " + maxGap);
        }
        if (maxMergedSize < 0) {
            throw new InvalidArgumentException("maximum merged read size must not be negative, got " + maxMergedSize);
        }
        if (order == null) {
            throw new InvalidArgumentException("coalescing order is null");
        }
        if (order == Order.ARRIVAL && lookahead < 1) {
            throw new InvalidArgumentException("coalescing in arrival order needs a lookahead of at least 1, got "
                    + lookahead);
        }
        if (order == Order.OFFSET && lookahead != 0) {
            throw new InvalidArgumentException("coalescing in offset order takes no lookahead, got " + lookahead);
        }
    }

    /** Merging in {@link Order#OFFSET offset order}, as {@link #defaults()} does. */
    public Coalescing(long maxGap, long maxMergedSize) {
        this(maxGap, maxMergedSize, Order.OFFSET, 0);
    }

    /** {@value #DEFAULT_MAX_GAP} bytes of gap, {@value #DEFAULT_MAX_MERGED_SIZE} bytes per merged read. */
    public static Coalescing defaults() {
        return DEFAULTS;
    }

    /**
     * Merging in arrival order: no gap, reads of at most {@value #FIFO_MAX_MERGED_SIZE} bytes, a lookahead of
     * {@value #FIFO_LOOKAHEAD} requests.
     */
    public static Coalescing fifo() {
        return FIFO;
    }

    /**
     * The policy a setting names: {@code offset} ({@link #defaults()}) or {@code fifo} ({@link #fifo()}), any case.
     *
     * @throws InvalidArgumentException naming the text when it is neither
     */
    public static Coalescing named(String name) {
        return switch (name.strip().toLowerCase(Locale.ROOT)) {
            case "offset" -> DEFAULTS;
            case "fifo" -> FIFO;
            default -> throw new InvalidArgumentException("coalescing is offset or fifo, got `" + name + "`");
        };
    }

    /** Never merge: every request is read on its own. */
    public static Coalescing none() {
        return NONE;
    }

    public Coalescing withMaxGap(long bytes) {
        return new Coalescing(bytes, maxMergedSize, order, lookahead);
    }

    public Coalescing withMaxMergedSize(long bytes) {
        return new Coalescing(maxGap, bytes, order, lookahead);
    }

    /** The same gap and size, merging in arrival order with {@code requests} of lookahead. */
    public Coalescing inArrivalOrder(int requests) {
        return new Coalescing(maxGap, maxMergedSize, Order.ARRIVAL, requests);
    }

    /** The same gap and size, merging in offset order. */
    public Coalescing inOffsetOrder() {
        return new Coalescing(maxGap, maxMergedSize);
    }

    /** Whether any two requests can be merged at all. */
    public boolean enabled() {
        return maxMergedSize > 0;
    }
}
