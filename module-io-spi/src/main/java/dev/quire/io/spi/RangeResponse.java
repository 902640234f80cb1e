package dev.quire.io.spi;

import dev.quire.errors.InvalidArgumentException;
import java.util.OptionalLong;

/**
 * What a store's ranged GET reported besides its bytes ({@link ObjectStore#get}).
 *
 * @param firstByteNanos {@link System#nanoTime()} when the first byte of the body arrived
 * @param objectSize the object's whole size as the response stated it (the total of {@code Content-Range}), empty
 *     when the store did not say; a reader compares it with the size it opened, since a server that ignores
 *     {@code If-Match} would otherwise serve a rewritten object's bytes
 */
public record RangeResponse(long firstByteNanos, OptionalLong objectSize) {
    public RangeResponse {
        java.util.Objects.requireNonNull(objectSize, "objectSize is null");
        if (objectSize.isPresent() && objectSize.getAsLong() < 0) {
            throw new InvalidArgumentException("negative object size " + objectSize.getAsLong());
        }
    }
}
