package dev.quire.errors;

import java.net.URI;

/**
 * The object is no longer the version its reader opened: its ETag (or size) changed, so it was rewritten or replaced
 * while being read (HTTP 412 to a conditional GET). Not retryable: reading on would mix two versions of a file;
 * reopen it to read the new one.
 */
public class ObjectChangedException extends ObjectStoreException {
    public ObjectChangedException(URI uri, String message, Throwable cause) {
        super(uri, message, false, cause);
    }
}
