package dev.quire.errors;

import java.net.URI;

/** The object (or its bucket) does not exist: HTTP 404, a missing file under a local store. Not retryable. */
public class ObjectNotFoundException extends ObjectStoreException {
    public ObjectNotFoundException(URI uri, String message, Throwable cause) {
        super(uri, message, false, cause);
    }
}
