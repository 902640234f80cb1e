package dev.quire.errors;

/** What kind of failure a {@link QuireException} reports; stable across releases so callers can switch on it. */
public enum ErrorCode {
    /** The file's bytes contradict the format: an offset, length or count out of range, bad magic, a broken table. */
    MALFORMED_FILE,
    /** The file names an array encoding or a layout that no module on the module or class path provides. */
    UNKNOWN_ENCODING,
    /** Reading or writing bytes failed in the operating system or the store. */
    IO,
    /** A caller passed an argument that cannot be honoured (unknown column, bad option, negative length). */
    INVALID_ARGUMENT,
    /** The file is valid but uses a feature this version of Quire does not support. */
    UNSUPPORTED,
    /** An operation was attempted on a reader, writer or scan that is already closed. */
    CLOSED,
    /** Two plugins claim one id (an encoding, a layout, an I/O provider name) and nothing chose between them. */
    PLUGIN_CONFLICT,
}
