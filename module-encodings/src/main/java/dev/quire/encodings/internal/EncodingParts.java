package dev.quire.encodings.internal;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayParts;

/**
 * Checks shared by the encodings of this module: metadata parsing, type codes, buffer and child counts. Every failure
 * is a {@link MalformedFileException} from {@link ArrayParts#malformed(String)}, so it names the node.
 */
public final class EncodingParts {
    /** The largest number of elements a Java array (and so a decoded buffer built in one) may hold. */
    public static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    private EncodingParts() {}

    /** Parses the node's metadata with {@code parser}; {@code what} names the message in errors. */
    public static <T extends Message> T parse(ArrayParts parts, Parser<T> parser, String what) {
        try {
            return parser.parseFrom(parts.metadata().duplicate());
        } catch (InvalidProtocolBufferException e) {
            throw parts.malformed("invalid " + what + " metadata: " + e.getMessage());
        }
    }

    /** The primitive type numbered {@code code} (a protobuf enum, so any int may arrive). */
    public static PType ptype(ArrayParts parts, int code, String what) {
        if (code < 0 || code >= PType.values().length) {
            throw parts.malformed(what + " has unknown primitive type code " + code);
        }
        return PType.fromCode(code);
    }

    /** The unsigned integer type numbered {@code code}. */
    public static PType unsignedPType(ArrayParts parts, int code, String what) {
        PType ptype = ptype(parts, code, what);
        if (!ptype.isUnsigned()) {
            throw parts.malformed(what + " must be an unsigned integer type, got " + ptype.displayName());
        }
        return ptype;
    }

    /** The node's dtype, which must be primitive. */
    public static DType.Primitive primitiveDType(ArrayParts parts) {
        if (!(parts.dtype() instanceof DType.Primitive p)) {
            throw parts.malformed("cannot hold values of dtype " + parts.dtype());
        }
        return p;
    }

    /** The node's dtype, which must be an integer primitive. */
    public static DType.Primitive integerDType(ArrayParts parts) {
        DType.Primitive p = primitiveDType(parts);
        if (!p.ptype().isInteger()) {
            throw parts.malformed("needs an integer dtype, got " + p);
        }
        return p;
    }

    public static void requireBuffers(ArrayParts parts, int count) {
        if (parts.bufferCount() != count) {
            throw parts.malformed("expected " + count + " buffers, got " + parts.bufferCount());
        }
    }

    public static void requireChildren(ArrayParts parts, int min, int max) {
        int n = parts.childCount();
        if (n < min || n > max) {
            throw parts.malformed(min == max ? "expected " + min + " children, got " + n
                    : "expected " + min + " to " + max + " children, got " + n);
        }
    }

    /** A metadata count or length stored as an unsigned 64-bit field, which must not exceed {@code max}. */
    public static long unsignedAtMost(ArrayParts parts, long value, long max, String what) {
        if (value < 0 || value > max) {
            throw parts.malformed(what + " " + Long.toUnsignedString(value) + " exceeds " + max);
        }
        return value;
    }

    /** Decodes child {@code index} as a non-nullable primitive of {@code ptype} and returns it canonical. */
    public static PrimitiveArray primitiveChild(ArrayParts parts, int index, PType ptype, long length) {
        return primitiveChild(parts, index, new DType.Primitive(ptype, false), length);
    }

    /** Decodes child {@code index} as {@code dtype} and returns it canonical. */
    public static PrimitiveArray primitiveChild(ArrayParts parts, int index, DType.Primitive dtype, long length) {
        return canonical(parts, index, parts.child(index, dtype, length), dtype, length);
    }

    /** Child {@code index}, already decoded as {@code dtype}, canonical and checked as {@link #primitiveChild} does. */
    public static PrimitiveArray canonical(ArrayParts parts, int index, Array decoded, DType.Primitive dtype,
            long length) {
        Array child = decoded.toCanonical();
        if (!(child instanceof PrimitiveArray p) || p.length() != length || !p.dtype().equals(dtype)) {
            throw parts.malformed("child " + index + " did not decode to " + length + " values of " + dtype);
        }
        return p;
    }
}
