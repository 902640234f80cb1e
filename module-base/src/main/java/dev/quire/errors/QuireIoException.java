package dev.quire.errors;

/** Reading or writing bytes failed, or a read asked for bytes the source does not have. */
public class QuireIoException extends QuireException {
    public QuireIoException(String message) {
        super(ErrorCode.IO, message);
    }

    public QuireIoException(String message, Throwable cause) {
        super(ErrorCode.IO, message, cause);
    }
}
