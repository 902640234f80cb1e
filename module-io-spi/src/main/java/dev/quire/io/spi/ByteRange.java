package dev.quire.io.spi;

import dev.quire.errors.InvalidArgumentException;
import java.util.List;

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

    /** The bytes of all {@code ranges} together, overlaps counted as often as they occur. */
    public static long totalLength(List<ByteRange> ranges) {
        long bytes = 0;
        for (ByteRange range : ranges) {
            bytes += range.length();
        }
        return bytes;
    }

    @Override
    public String toString() {
        return "[" + offset + ", " + end() + ")";
    }
}
