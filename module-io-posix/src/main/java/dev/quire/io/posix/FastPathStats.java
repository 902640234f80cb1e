package dev.quire.io.posix;

/**
 * What the page-cache fast path did: of the reads it saw ({@link #decisions()}), how many it tried ({@code attempted}:
 * fully served from the page cache, {@code partial}ly or not at all, a {@code miss}) and how many it did not
 * ({@code skipped}: outside the size window, on a file system without {@code RWF_NOWAIT}, or {@code suppressed}
 * because the file's recent tries mostly missed). {@code attempted == hit + partial + miss}, and
 * {@code bytesServed + bytesMissed} is the length of the reads attempted.
 *
 * @param attempted reads that tried the page cache inline
 * @param hit attempted reads served entirely from the page cache
 * @param partial attempted reads of which a leading part was served
 * @param miss attempted reads of which nothing was served
 * @param skipped reads that did not try (a superset of {@code suppressed})
 * @param suppressed skipped reads of files whose recent tries mostly missed
 * @param bytesServed bytes the page cache served inline
 * @param bytesMissed bytes of attempted reads left to the blocking pool
 */
public record FastPathStats(long attempted, long hit, long partial, long miss, long skipped, long suppressed,
        long bytesServed, long bytesMissed) {

    public static final FastPathStats NONE = new FastPathStats(0, 0, 0, 0, 0, 0, 0, 0);

    /** The counts since {@code earlier}, a snapshot of the same counters taken before this one. */
    public FastPathStats minus(FastPathStats earlier) {
        return new FastPathStats(attempted - earlier.attempted, hit - earlier.hit, partial - earlier.partial,
                miss - earlier.miss, skipped - earlier.skipped, suppressed - earlier.suppressed,
                bytesServed - earlier.bytesServed, bytesMissed - earlier.bytesMissed);
    }

    /** Reads the fast path decided about: attempted or skipped. */
    public long decisions() {
        return attempted + skipped;
    }

    /** The fraction of attempted bytes served from the page cache, or 0 before any attempt. */
    public double servedShare() {
        long total = bytesServed + bytesMissed;
        return total == 0 ? 0 : (double) bytesServed / total;
    }

    /** The counters as one JSON object, with the field names of this record. */
    public String toJson() {
        return "{\"attempted\":" + attempted + ",\"hit\":" + hit + ",\"partial\":" + partial + ",\"miss\":" + miss
                + ",\"skipped\":" + skipped + ",\"suppressed\":" + suppressed + ",\"bytesServed\":" + bytesServed
                + ",\"bytesMissed\":" + bytesMissed + "}";
    }

    /** One line for logs and {@code --stats}. */
    public String summary() {
        return attempted + " attempted (" + hit + " hit, " + partial + " partial, " + miss + " miss), " + skipped
                + " skipped (" + suppressed + " while the file mostly missed); " + bytesServed + " bytes served inline, "
                + bytesMissed + " left to the pool";
    }
}
