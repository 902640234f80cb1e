package dev.quire.encodings.internal;

import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayParts;

/**
 * Checks the string, float and logical encodings need beside {@link EncodingParts}: empty metadata, integer type codes,
 * the dtype's kind. Each failure comes from {@link ArrayParts#malformed(String)}, so it names the node.
 */
public final class Checks {
    private Checks() {}

    /** Fails unless the metadata is empty. */
    public static void requireEmptyMetadata(ArrayParts parts) {
        if (parts.metadata().hasRemaining()) {
            throw parts.malformed("expected empty metadata, got " + parts.metadata().remaining() + " bytes");
        }
    }

    /** The integer primitive type a metadata field numbers. */
    public static PType integerPType(ArrayParts parts, int code, String what) {
        PType ptype = EncodingParts.ptype(parts, code, what);
        if (!ptype.isInteger()) {
            throw parts.malformed(what + " must be an integer type, got " + ptype.displayName());
        }
        return ptype;
    }

    /** The node's dtype, which must be utf8 or binary. */
    public static DType requireBinary(ArrayParts parts) {
        DType dtype = parts.dtype();
        if (!(dtype instanceof DType.Utf8) && !(dtype instanceof DType.Binary)) {
            throw parts.malformed("cannot hold values of dtype " + dtype);
        }
        return dtype;
    }

    /** The node's dtype, which must be of {@code kind}. */
    public static <T extends DType> T requireDType(ArrayParts parts, Class<T> kind) {
        if (!kind.isInstance(parts.dtype())) {
            throw parts.malformed("cannot hold values of dtype " + parts.dtype());
        }
        return kind.cast(parts.dtype());
    }
}
