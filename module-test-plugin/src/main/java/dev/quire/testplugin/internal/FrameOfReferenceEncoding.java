package dev.quire.testplugin.internal;

import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.ScalarValues;
import java.util.List;

/**
 * {@code quire.test.frame_of_reference}: metadata is the reference as a protobuf ScalarValue ({@link ScalarValues});
 * no buffers; one child, the {@code i32} deltas (nullable when the array is), in any encoding.
 */
public final class FrameOfReferenceEncoding implements ArrayEncoding {
    private static final DType.Primitive REFERENCE = new DType.Primitive(PType.I64, false);

    @Override
    public String id() {
        return FrameOfReferenceArray.ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        if (!(parts.dtype() instanceof DType.Primitive p) || p.ptype() != PType.I64) {
            throw parts.malformed("frame-of-reference holds i64 values, not " + parts.dtype());
        }
        if (parts.bufferCount() != 0 || parts.childCount() != 1) {
            throw parts.malformed("expected no buffers and 1 child, got " + parts.bufferCount() + " and "
                    + parts.childCount());
        }
        Scalar reference;
        try {
            reference = ScalarValues.decode(parts.metadata(), REFERENCE);
        } catch (MalformedFileException e) {
            throw parts.malformed("bad reference: " + e.getMessage());
        }
        Array deltas = parts.child(0, new DType.Primitive(PType.I32, p.nullable()), parts.length());
        return new FrameOfReferenceArray((Long) reference.value(), (PrimitiveArray) deltas.toCanonical());
    }

    @Override
    public boolean canEncode() {
        return true;
    }

    @Override
    public EncodedArray encode(Array array, ArrayEncoder encoder) {
        FrameOfReferenceArray a = (FrameOfReferenceArray) array;
        byte[] metadata = ScalarValues.encode(new Scalar(REFERENCE, a.reference()));
        return new EncodedArray(id(), metadata, List.of(), List.of(encoder.encode(a.deltas())));
    }
}
