package dev.quire.layout.internal.encodings;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;

/** Parsing of protobuf array metadata, failing with the node's location. */
final class Metadata {
    private Metadata() {}

    static <T extends Message> T parse(ArrayParts parts, Parser<T> parser, String what) {
        try {
            return parser.parseFrom(parts.metadata());
        } catch (InvalidProtocolBufferException e) {
            throw parts.malformed("invalid " + what + " metadata: " + e.getMessage());
        }
    }

    static void requireEmpty(ArrayParts parts) {
        if (parts.metadata().hasRemaining()) {
            throw parts.malformed("expected empty metadata, got " + parts.metadata().remaining() + " bytes");
        }
    }

    static void requireBuffers(ArrayParts parts, int count) {
        if (parts.bufferCount() != count) {
            throw parts.malformed("expected " + count + " buffers, got " + parts.bufferCount());
        }
    }

    static void requireChildrenAtMost(ArrayParts parts, int max) {
        if (parts.childCount() > max) {
            throw parts.malformed("expected at most " + max + " children, got " + parts.childCount());
        }
    }

    /**
     * Checks that {@code buffer} holds exactly {@code parts.length()} values of {@code width} bytes. The length comes
     * from the file (up to 2^63 - 1), so the product is checked for overflow: a wrapped product must not match.
     */
    static void requireBufferLength(ArrayParts parts, MemorySegment buffer, String what, String values, int width) {
        long n = parts.length();
        boolean overflows = n > Long.MAX_VALUE / width;
        if (overflows || buffer.byteSize() != n * width) {
            throw parts.malformed(what + " buffer has " + buffer.byteSize() + " bytes, " + n + " " + values + " need "
                    + (overflows ? "more than 2^63 - 1 bytes" : n * width + " bytes"));
        }
    }

    static <T> T requireDType(ArrayParts parts, Class<T> kind) {
        if (!kind.isInstance(parts.dtype())) {
            throw parts.malformed("cannot hold values of dtype " + parts.dtype());
        }
        return kind.cast(parts.dtype());
    }
}
