package dev.quire.encodings.internal.logical;

import dev.quire.encodings.internal.SourceBackedArray;
import dev.quire.encodings.internal.proto.DecimalBytePartsMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.EncodedArray;
import java.util.List;
import java.util.Objects;

/**
 * A {@code vortex.decimal_byte_parts} array built by {@link DecimalBytePartsEncoder}: the unscaled values as one signed
 * integer child (the most significant part, carrying the validity), which may be replaced by a compressed form of the
 * same values.
 */
public final class DecimalBytePartsArray extends SourceBackedArray {
    private final Array mostSignificant;

    DecimalBytePartsArray(DecimalArray source, Array mostSignificant) {
        super(source);
        this.mostSignificant = Objects.requireNonNull(mostSignificant, "mostSignificant is null");
    }

    @Override
    public String encodingId() {
        return DecimalBytePartsEncoding.ID;
    }

    /** The single child: the unscaled values as signed integers. */
    public List<Array> children() {
        return List.of(mostSignificant);
    }

    /** This array with its child replaced by an array of the same values. */
    public DecimalBytePartsArray withChildren(List<Array> children) {
        if (children.size() != 1) {
            throw new IllegalArgumentException(children.size() + " children for a decimal byte parts array with 1");
        }
        return new DecimalBytePartsArray((DecimalArray) source(), children.get(0));
    }

    /** Serializes this array: metadata {@code {zeroth_child_ptype, lower_part_count = 0}}, the one child. */
    @Override
    public EncodedArray serialize(ArrayEncoder encoder) {
        byte[] meta = DecimalBytePartsMetadata.newBuilder()
                .setZerothChildPtype(((DType.Primitive) mostSignificant.dtype()).ptype().code())
                .setLowerPartCount(0)
                .build().toByteArray();
        return new EncodedArray(DecimalBytePartsEncoding.ID, meta, List.of(),
                List.of(encoder.encode(mostSignificant)));
    }
}
