package dev.quire.bench.runner.results;

import java.util.Objects;

/**
 * What one run read, for engines that read through Quire's I/O providers: the reads counted around the provider's
 * reader ({@link dev.quire.io.spi.CountingReadAt}) and, for the {@code posix} provider's reader, what its page-cache
 * fast path did, and for a reader over an object store, what its GETs did.
 *
 * @param reader the I/O variant that read ({@code mmap}, {@code posix:direct}, ...)
 * @param requests ranges the scan asked for (the footer's included)
 * @param requestedBytes their bytes
 * @param reads reads issued to the provider's reader after merging neighbours
 * @param bytesRead their bytes, gaps between merged requests included
 * @param mergedReads issued reads that served more than one request
 * @param readsSaved requests served by merged reads minus those reads
 * @param errors reads that failed
 * @param p50Micros the median read latency, issue to completion, as the upper bound of its power-of-two bucket
 * @param p99Micros the 99th percentile the same way
 * @param maxMicros the longest read, exactly
 * @param fastPath the {@code posix} reader's fast-path counters for the run, or null for other readers
 * @param store the object-store reader's GETs for the run ({@code dev.quire.io.spi.StoreStats}), or null for readers
 *     of local files
 * @param note what the reader did differently from what was asked (O_DIRECT refused by the file system), or empty
 */
public record IoReport(String reader, long requests, long requestedBytes, long reads, long bytesRead,
        long mergedReads, long readsSaved, long errors, long p50Micros, long p99Micros, long maxMicros,
        FastPath fastPath, Store store, String note) {
    public IoReport {
        Objects.requireNonNull(reader, "reader is null");
        note = note == null ? "" : note;
    }

    /**
     * What the {@code posix} reader's page-cache fast path did in the run ({@code dev.quire.io.posix.FastPathStats}):
     * {@code attempted = hit + partial + miss}; {@code bytesServed + bytesMissed} is the length of the attempted reads.
     *
     * @param attempted reads that tried the page cache inline
     * @param hit attempted reads served entirely
     * @param partial attempted reads of which a leading part was served
     * @param miss attempted reads of which nothing was served
     * @param skipped reads that did not try: outside the size window, on a file system without RWF_NOWAIT, or
     *     suppressed after mostly missing
     * @param suppressed skipped reads of a file whose recent tries mostly missed
     * @param bytesServed bytes served inline from the page cache
     * @param bytesMissed bytes of attempted reads left to the read pool
     */
    public record FastPath(long attempted, long hit, long partial, long miss, long skipped, long suppressed,
            long bytesServed, long bytesMissed) {}

    /**
     * What a reader over an object store did in the run ({@code dev.quire.io.spi.StoreStats}): the ranges that reached
     * it, after the counting reader's merging, and the GETs it sent for them.
     *
     * @param requests ranges asked of the store reader
     * @param requestedBytes their bytes
     * @param gets GETs sent, retries included
     * @param fetchedBytes bytes of the GETs that succeeded, merge gaps included
     * @param retries GETs sent again after a retryable failure
     * @param failures reads that failed for good
     * @param firstByteP50Micros the median time from sending a GET to its first byte (power-of-two bucket bound)
     * @param lastByteP50Micros the median time from sending a GET to its last byte, the same way
     * @param lastByteP99Micros the 99th percentile of the time to the last byte, the same way
     * @param slowestGetMicros the slowest successful GET, first request byte to last response byte, exactly
     */
    public record Store(long requests, long requestedBytes, long gets, long fetchedBytes, long retries,
            long failures, long firstByteP50Micros, long lastByteP50Micros, long lastByteP99Micros,
            long slowestGetMicros) {}
}
