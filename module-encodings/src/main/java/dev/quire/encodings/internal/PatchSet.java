package dev.quire.encodings.internal;

import dev.quire.encodings.internal.proto.PatchesMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.EncodedArray;
import java.util.List;

/**
 * Patches to write: the positions (sorted) of an array whose values the encoded form cannot hold, and those values.
 * Written as the reference does without chunk offsets: the indices in the narrowest unsigned type that holds every
 * position of the array, then the values.
 *
 * @param arrayLength the length of the patched array
 * @param indices the positions, non-nullable unsigned
 * @param values one value per position
 */
public record PatchSet(long arrayLength, PrimitiveArray indices, Array values) {

    /** Patches at {@code positions[0, count)} with {@code values}. */
    public static PatchSet of(long arrayLength, long[] positions, int count, Array values) {
        PType type = Ints.unsignedFor(arrayLength);
        PrimitiveArray indices = Ints.array(new DType.Primitive(type, false), positions, count,
                Validity.NON_NULLABLE);
        return new PatchSet(arrayLength, indices, values);
    }

    public long count() {
        return indices.length();
    }

    /** The patches' metadata message, for the encoding's own metadata. */
    public PatchesMetadata metadata() {
        return PatchesMetadata.newBuilder().setLen(count()).setOffset(0).setIndicesPtype(indices.ptype().code())
                .build();
    }

    /** The two children: indices, then values. */
    public List<EncodedArray> children(ArrayEncoder encoder) {
        return List.of(encoder.encode(indices), encoder.encode(values));
    }
}
