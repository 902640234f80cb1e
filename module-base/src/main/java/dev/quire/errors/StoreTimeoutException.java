package dev.quire.errors;

import java.net.URI;

/** A request to the store did not finish within its time limit. Retryable. */
public class StoreTimeoutException extends ObjectStoreException {
    public StoreTimeoutException(URI uri, String message, Throwable cause) {
        super(uri, message, true, cause);
    }
}
