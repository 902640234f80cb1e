package dev.quire.io.spi;

import dev.quire.errors.InvalidArgumentException;

/** A half-open range {@code [offset, offset + length)} of a file's bytes. */
public record ByteRange(long offset, long length) {
    public ByteRange {
        if (offset < 0 || length < 0 || offset + length < offset) {
            throw new InvalidArgumentException("invalid byte range: offset " + offset + ", length " + length);
        }
    }

    public long end() {
        return offset + length;
    }

    @Override
    public String toString() {
        return "[" + offset + ", " + end() + ")";
    }
}
