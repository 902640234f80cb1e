package dev.quire.encodings.internal;

import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;

/**
 * Allocation of decoded primitive values. Decoded buffers live in Java arrays of the value width (so the JIT sees
 * plain array loops), viewed as heap segments, which the canonical arrays read as they read file bytes.
 */
public final class Buffers {
    private Buffers() {}

    /** Checks that {@code length} values fit in one Java array before anything is allocated. */
    public static int checkedLength(ArrayParts parts, long length, String what) {
        if (length < 0 || length > EncodingParts.MAX_ARRAY_LENGTH) {
            throw new UnsupportedFeatureException(parts.location() + ": " + what + " of " + length
                    + " values is longer than the " + EncodingParts.MAX_ARRAY_LENGTH + " one array can hold");
        }
        return (int) length;
    }

    /** A zeroed segment of {@code length} values of {@code ptype}, over a Java array of its width. */
    public static MemorySegment allocate(PType ptype, int length) {
        return switch (ptype.byteWidth()) {
            case 1 -> MemorySegment.ofArray(new byte[length]);
            case 2 -> MemorySegment.ofArray(new short[length]);
            case 4 -> MemorySegment.ofArray(new int[length]);
            default -> MemorySegment.ofArray(new long[length]);
        };
    }
}
