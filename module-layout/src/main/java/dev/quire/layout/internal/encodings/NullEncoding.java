package dev.quire.layout.internal.encodings;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.NullArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.spi.EncodedArray;
import java.util.List;

/** {@code vortex.null}: nothing but a length. */
public final class NullEncoding implements ArrayEncoding {
    @Override
    public String id() {
        return NullArray.ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        Metadata.requireDType(parts, DType.Null.class);
        Metadata.requireBuffers(parts, 0);
        Metadata.requireChildrenAtMost(parts, 0);
        return new NullArray(parts.length());
    }

    @Override
    public boolean canEncode() {
        return true;
    }

    @Override
    public EncodedArray encode(Array array, ArrayEncoder encoder) {
        return new EncodedArray(id(), new byte[0], List.of(), List.of());
    }
}
