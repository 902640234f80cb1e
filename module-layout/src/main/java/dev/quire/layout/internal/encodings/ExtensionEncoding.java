package dev.quire.layout.internal.encodings;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.spi.EncodedArray;
import java.util.List;

/** {@code vortex.ext}: one child, the storage array. */
public final class ExtensionEncoding implements ArrayEncoding {
    @Override
    public String id() {
        return ExtensionArray.ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        DType.Extension dtype = Metadata.requireDType(parts, DType.Extension.class);
        Metadata.requireBuffers(parts, 0);
        if (parts.childCount() != 1) {
            throw parts.malformed("expected 1 storage child, got " + parts.childCount());
        }
        return new ExtensionArray(dtype, parts.child(0, dtype.storage(), parts.length()));
    }

    @Override
    public boolean canEncode() {
        return true;
    }

    @Override
    public EncodedArray encode(Array array, ArrayEncoder encoder) {
        ExtensionArray a = (ExtensionArray) array;
        return new EncodedArray(id(), new byte[0], List.of(), List.of(encoder.encode(a.storage())));
    }
}
