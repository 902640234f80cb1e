package dev.quire.errors;

/** A reader, writer or scan was used after it was closed. */
public class ClosedException extends QuireException {
    public ClosedException(String what) {
        super(ErrorCode.CLOSED, what + " is closed");
    }
}
