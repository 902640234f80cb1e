package dev.quire.errors;

import java.util.Objects;

/**
 * The one unchecked base of every error Quire raises on purpose. The {@link #code()} says what kind of failure it
 * is; subclasses carry the details (file offsets, the unknown id).
 */
public class QuireException extends RuntimeException {
    private final ErrorCode code;

    public QuireException(ErrorCode code, String message) {
        super(Objects.requireNonNull(message, "message is null"));
        this.code = Objects.requireNonNull(code, "code is null");
    }

    public QuireException(ErrorCode code, String message, Throwable cause) {
        super(Objects.requireNonNull(message, "message is null"), cause);
        this.code = Objects.requireNonNull(code, "code is null");
    }

    public ErrorCode code() {
        return code;
    }
}
