package dev.quire.layout.internal.encodings;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.EncodedBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/** {@code vortex.primitive}: one buffer of little-endian values, an optional validity child. */
public final class PrimitiveEncoding implements ArrayEncoding {
    @Override
    public String id() {
        return PrimitiveArray.ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        DType.Primitive dtype = Metadata.requireDType(parts, DType.Primitive.class);
        Metadata.requireEmpty(parts);
        Metadata.requireBuffers(parts, 1);
        Metadata.requireChildrenAtMost(parts, 1);
        MemorySegment values = parts.buffer(0);
        Metadata.requireBufferLength(parts, values, "values", dtype.ptype().displayName() + " values",
                dtype.ptype().byteWidth());
        return new PrimitiveArray(dtype, values, parts.validity(0));
    }

    @Override
    public boolean canEncode() {
        return true;
    }

    @Override
    public EncodedArray encode(Array array, ArrayEncoder encoder) {
        PrimitiveArray a = (PrimitiveArray) array;
        List<EncodedArray> children = encoder.validityChild(a.validity(), a.length()).stream().toList();
        return new EncodedArray(id(), new byte[0],
                List.of(new EncodedBuffer(a.values(), a.ptype().alignmentExponent())), children);
    }
}
