package dev.quire.errors;

/**
 * The bytes of a file contradict the Vortex format. The message names what was wrong and where: a structure path
 * such as {@code footer.segment_specs[3]} and, when known, the absolute file offset.
 */
public class MalformedFileException extends QuireException {
    private final long fileOffset;

    /** @param fileOffset absolute offset in the file the problem was found at, or -1 when it has none */
    public MalformedFileException(String message, long fileOffset) {
        super(ErrorCode.MALFORMED_FILE, fileOffset >= 0 ? message + " (at file offset " + fileOffset + ")" : message);
        this.fileOffset = fileOffset;
    }

    public MalformedFileException(String message) {
        this(message, -1);
    }

    public MalformedFileException(String message, Throwable cause) {
        super(ErrorCode.MALFORMED_FILE, message, cause);
        this.fileOffset = -1;
    }

    /** Absolute file offset of the problem, or -1 when the problem has no single position. */
    public long fileOffset() {
        return fileOffset;
    }
}
