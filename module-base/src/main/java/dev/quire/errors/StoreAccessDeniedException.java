package dev.quire.errors;

import java.net.URI;

/**
 * The store refused the credentials or their permissions: HTTP 401 or 403, a file the process may not read. Not
 * retryable: the same request fails the same way until the configuration changes.
 */
public class StoreAccessDeniedException extends ObjectStoreException {
    public StoreAccessDeniedException(URI uri, String message, Throwable cause) {
        super(uri, message, false, cause);
    }
}
