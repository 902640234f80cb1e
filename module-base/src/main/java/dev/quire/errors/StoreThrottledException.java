package dev.quire.errors;

import java.net.URI;

/** The store asked the client to slow down (HTTP 503 SlowDown, 429). Retryable, after a longer pause. */
public class StoreThrottledException extends ObjectStoreException {
    public StoreThrottledException(URI uri, String message, Throwable cause) {
        super(uri, message, true, cause);
    }
}
