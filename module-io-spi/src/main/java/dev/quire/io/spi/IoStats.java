package dev.quire.io.spi;

import dev.quire.errors.InvalidArgumentException;
import java.util.Objects;

/**
 * What a reader (or every counted reader of a provider) did, as {@link CountingReadAt} and {@link IoStatsRecorder}
 * count it. Requests are what callers asked for; reads are what was issued to the reader after merging, so
 * {@code requests - reads} were saved by coalescing.
 *
 * @param name what was counted: a file for a reader, a provider's name for a provider
 * @param requests ranges callers asked for
 * @param requestedBytes their bytes
 * @param reads reads issued to the underlying reader (after merging)
 * @param bytesRead their bytes, gaps between merged requests included
 * @param mergedReads issued reads that served more than one request
 * @param requestsMerged requests served by those merged reads
 * @param errors issued reads that failed
 * @param latency the latencies of the issued reads, from the call that issued them to their completion
 */
public record IoStats(String name, long requests, long requestedBytes, long reads, long bytesRead, long mergedReads,
        long requestsMerged, long errors, LatencyHistogram latency) {
    public IoStats {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(latency, "latency is null");
        if (requests < 0 || requestedBytes < 0 || reads < 0 || bytesRead < 0 || mergedReads < 0 || requestsMerged < 0
                || errors < 0) {
            throw new InvalidArgumentException("negative I/O counter in the statistics of " + name);
        }
    }

    /** Nothing counted yet. */
    public static IoStats empty(String name) {
        return new IoStats(name, 0, 0, 0, 0, 0, 0, 0, LatencyHistogram.empty());
    }

    /** The reads that merging saved: requests served by merged reads minus those reads. */
    public long readsSaved() {
        return requestsMerged - mergedReads;
    }

    /** These statistics and {@code other} added up, under {@code name}. */
    public IoStats plus(IoStats other, String name) {
        return new IoStats(name, requests + other.requests, requestedBytes + other.requestedBytes,
                reads + other.reads, bytesRead + other.bytesRead, mergedReads + other.mergedReads,
                requestsMerged + other.requestsMerged, errors + other.errors, latency.plus(other.latency));
    }

    /**
     * One JSON object: the counters above (and {@code readsSaved}) as numbers, and {@code latency} with the read
     * count, total, mean and maximum in nanoseconds, p50/p90/p99 in microseconds (bucket upper bounds) and the
     * {@code log2MicrosBuckets} counts, trailing empty buckets left out.
     */
    public String toJson() {
        StringBuilder out = new StringBuilder(256);
        out.append("{\"name\":").append(Json.quote(name))
                .append(",\"requests\":").append(requests)
                .append(",\"requestedBytes\":").append(requestedBytes)
                .append(",\"reads\":").append(reads)
                .append(",\"bytesRead\":").append(bytesRead)
                .append(",\"mergedReads\":").append(mergedReads)
                .append(",\"requestsMerged\":").append(requestsMerged)
                .append(",\"readsSaved\":").append(readsSaved())
                .append(",\"errors\":").append(errors)
                .append(",\"latency\":");
        latency.appendJson(out);
        return out.append('}').toString();
    }
}
