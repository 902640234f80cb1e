package dev.quire.io.posix.sys;

import dev.quire.errors.QuireIoException;

/**
 * A libc call failed: the message names the call, the file and the error ({@code strerror} text and number), and
 * {@link #errno()} keeps the number for callers that react to particular errors.
 */
public class ErrnoException extends QuireIoException {
    private final String call;
    private final int errno;

    public ErrnoException(String call, String file, int errno) {
        super(call + " failed on " + file + ": " + Libc.describe(errno));
        this.call = call;
        this.errno = errno;
    }

    /** The libc function that failed ({@code open}, {@code pread}, ...). */
    public String call() {
        return call;
    }

    /** The error number it set. */
    public int errno() {
        return errno;
    }
}
