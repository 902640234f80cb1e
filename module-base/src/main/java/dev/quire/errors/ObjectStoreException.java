package dev.quire.errors;

import java.net.URI;
import java.util.Objects;

/**
 * An object store (S3, an HTTP server, a local directory served as a store) failed a request. It names the object's
 * URI and says whether trying again may succeed: a throttled or timed-out request, a server error (5xx), a connection
 * reset or a body cut short are {@link #retryable()}; a missing object, a refused credential or an object rewritten
 * under its reader are not. The subclasses are the failures callers tell apart.
 */
public class ObjectStoreException extends QuireIoException {
    private final URI uri;
    private final boolean retryable;

    public ObjectStoreException(URI uri, String message, boolean retryable) {
        this(uri, message, retryable, null);
    }

    public ObjectStoreException(URI uri, String message, boolean retryable, Throwable cause) {
        super(Objects.requireNonNull(message, "message is null") + ": "
                + Objects.requireNonNull(uri, "uri is null"), cause);
        this.uri = uri;
        this.retryable = retryable;
    }

    /** The object (or, for a listing, the prefix) the failed request was about. */
    public URI uri() {
        return uri;
    }

    /** Whether the same request may succeed if tried again after a pause. */
    public boolean retryable() {
        return retryable;
    }
}
