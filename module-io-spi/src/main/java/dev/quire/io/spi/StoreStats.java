package dev.quire.io.spi;

import dev.quire.errors.InvalidArgumentException;
import java.util.Objects;

/**
 * What a reader over an object store did: the ranges callers asked for, the GETs it sent for them (after merging
 * neighbours), their bytes, retries and timings. {@code fetchedBytes / requestedBytes} is the price of merging (gap
 * bytes fetched and thrown away); {@code gets / requests} what merging saved.
 *
 * @param name the object read
 * @param requests ranges callers asked for
 * @param requestedBytes their bytes
 * @param gets GET requests sent, retries included
 * @param fetchedBytes bytes of the GETs that succeeded, merge gaps included
 * @param retries GETs sent again after a retryable failure
 * @param failures reads that failed for good (not retryable, or out of attempts)
 * @param firstByte time from sending a GET to its first byte, per successful GET
 * @param lastByte time from sending a GET to its last byte, per successful GET; its maximum is the slowest GET
 */
public record StoreStats(String name, long requests, long requestedBytes, long gets, long fetchedBytes, long retries,
        long failures, LatencyHistogram firstByte, LatencyHistogram lastByte) {
    public StoreStats {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(firstByte, "firstByte is null");
        Objects.requireNonNull(lastByte, "lastByte is null");
        if (requests < 0 || requestedBytes < 0 || gets < 0 || fetchedBytes < 0 || retries < 0 || failures < 0) {
            throw new InvalidArgumentException("negative counter in the store statistics of " + name);
        }
    }

    /** The time of the slowest successful GET, first request byte to last response byte, in nanoseconds. */
    public long slowestGetNanos() {
        return lastByte.maxNanos();
    }

    /** Bytes fetched per byte requested: 1 when nothing extra was fetched; 0 before anything was requested. */
    public double fetchedPerRequested() {
        return requestedBytes == 0 ? 0 : (double) fetchedBytes / requestedBytes;
    }

    /** One JSON object: the counters as numbers, {@code slowestGetNanos}, and both latency histograms. */
    public String toJson() {
        StringBuilder out = new StringBuilder(512);
        out.append("{\"name\":").append(Json.quote(name))
                .append(",\"requests\":").append(requests)
                .append(",\"requestedBytes\":").append(requestedBytes)
                .append(",\"gets\":").append(gets)
                .append(",\"fetchedBytes\":").append(fetchedBytes)
                .append(",\"retries\":").append(retries)
                .append(",\"failures\":").append(failures)
                .append(",\"slowestGetNanos\":").append(slowestGetNanos())
                .append(",\"firstByte\":");
        firstByte.appendJson(out);
        out.append(",\"lastByte\":");
        lastByte.appendJson(out);
        return out.append('}').toString();
    }
}
