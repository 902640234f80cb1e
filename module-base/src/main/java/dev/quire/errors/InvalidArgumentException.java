package dev.quire.errors;

/** A caller passed something Quire cannot honour: an unknown column, a bad option, a negative length. */
public class InvalidArgumentException extends QuireException {
    public InvalidArgumentException(String message) {
        super(ErrorCode.INVALID_ARGUMENT, message);
    }

    public InvalidArgumentException(String message, Throwable cause) {
        super(ErrorCode.INVALID_ARGUMENT, message, cause);
    }
}
