package dev.quire.io.spi;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.ObjectStoreException;
import java.net.URI;
import java.nio.ByteBuffer;

/**
 * One object being written in parts ({@link ObjectStore#startUpload}). Nothing is visible under the key until
 * {@link #complete()} returns; {@link #abort()} (or {@link #close()} before completing) discards every part, so a
 * failed write never leaves a partial object behind. Not thread-safe: one writer uploads the parts of an object.
 */
public interface MultipartUpload extends AutoCloseable {
    /** The key the object will have. */
    String key();

    /**
     * Uploads part {@code number} (1 to {@link ObjectStore#MAX_PARTS}, ascending) from the buffer's remaining bytes.
     * Every part but the last must hold at least the store's {@link ObjectStore#minPartSize()} bytes. The part last
     * uploaded may be uploaded again under its number (a retry after a failure); the last upload of it counts.
     *
     * @throws ObjectStoreException when the store fails the part; the upload may be retried part by part or aborted
     */
    void putPart(int number, ByteBuffer bytes);

    /** Joins the parts uploaded into the object, which becomes visible whole; the upload is then finished. */
    ObjectMeta complete();

    /** Discards the parts; the key is left as it was. Idempotent, and a no-op after {@link #complete()}. */
    void abort();

    /** Aborts the upload unless it was completed. */
    @Override
    void close();

    /**
     * Checks part {@code number} of an upload of {@code uri} that has {@code uploaded} parts: it must be the next one,
     * or the last one again, and the upload must not be finished.
     *
     * @return whether the part replaces the last one uploaded
     * @throws InvalidArgumentException when the upload is finished or the number is out of order
     */
    static boolean checkPart(URI uri, int number, int uploaded, boolean finished) {
        if (finished) {
            throw new InvalidArgumentException("the upload of " + uri + " is already finished");
        }
        boolean again = number == uploaded && number > 0;
        if ((number != uploaded + 1 && !again) || number > ObjectStore.MAX_PARTS) {
            throw new InvalidArgumentException("part " + number + " of " + uri + " is out of order: parts go from 1 "
                    + "to " + ObjectStore.MAX_PARTS + ", next is " + (uploaded + 1));
        }
        return again;
    }
}
