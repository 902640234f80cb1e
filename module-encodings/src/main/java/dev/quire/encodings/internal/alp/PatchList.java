package dev.quire.encodings.internal.alp;

import dev.quire.encodings.internal.NarrowIntegers;
import dev.quire.encodings.internal.proto.PatchesMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.util.List;
import java.util.Objects;

/**
 * Patches as an encoder writes them: the positions (strictly increasing, stored as the narrowest unsigned type that
 * holds the last one) and the values, with no offset and no chunk offsets (the reference reads both forms).
 *
 * @param indices the positions, non-nullable unsigned integers (canonical, or compressed by the compressor)
 * @param values the values at those positions, in the dtype the encoding stores patch values in
 */
record PatchList(Array indices, Array values) {
    PatchList {
        Objects.requireNonNull(indices, "indices is null");
        Objects.requireNonNull(values, "values is null");
        if (indices.length() != values.length() || indices.length() == 0) {
            throw new IllegalArgumentException(indices.length() + " patch indices for " + values.length()
                    + " values");
        }
    }

    /** Patches at {@code positions[0..count)} (increasing) with {@code values}. */
    static PatchList of(int[] positions, int count, Array values) {
        long[] p = new long[count];
        for (int i = 0; i < count; i++) {
            p[i] = positions[i];
        }
        long last = count == 0 ? 0 : p[count - 1];
        PType type = NarrowIntegers.narrowest(0, last, PType.U64);
        return new PatchList(NarrowIntegers.of(p, Validity.NON_NULLABLE, false, type, true), values);
    }

    int count() {
        return (int) indices.length();
    }

    /** The patches' metadata for an array of {@code arrayLength} values. */
    PatchesMetadata metadata(long arrayLength) {
        return PatchesMetadata.newBuilder()
                .setLen(indices.length())
                .setOffset(0)
                .setIndicesPtype(((DType.Primitive) indices.dtype()).ptype().code())
                .build();
    }

    /** The children the patches occupy, in wire order. */
    List<Array> children() {
        return List.of(indices, values);
    }
}
