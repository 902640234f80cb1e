package dev.quire.layout.internal.encodings;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.spi.EncodedArray;
import java.util.ArrayList;
import java.util.List;

/** {@code vortex.struct}: an optional validity child first, then one child per field. */
public final class StructEncoding implements ArrayEncoding {
    @Override
    public String id() {
        return StructArray.ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        DType.Struct dtype = Metadata.requireDType(parts, DType.Struct.class);
        Metadata.requireEmpty(parts);
        Metadata.requireBuffers(parts, 0);
        int fields = dtype.fieldCount();
        int first;
        Validity validity;
        if (parts.childCount() == fields + 1) {
            validity = parts.validity(0);
            first = 1;
        } else if (parts.childCount() == fields) {
            validity = Validity.allValid(dtype.nullable());
            first = 0;
        } else {
            throw parts.malformed("struct of " + fields + " fields has " + parts.childCount() + " children");
        }
        List<Array> children = new ArrayList<>(fields);
        for (int i = 0; i < fields; i++) {
            children.add(parts.child(first + i, dtype.field(i).dtype(), parts.length()));
        }
        return new StructArray(dtype, children, parts.length(), validity);
    }

    @Override
    public boolean canEncode() {
        return true;
    }

    @Override
    public EncodedArray encode(Array array, ArrayEncoder encoder) {
        StructArray a = (StructArray) array;
        List<EncodedArray> children = new ArrayList<>();
        encoder.validityChild(a.validity(), a.length()).ifPresent(children::add);
        for (Array f : a.fields()) {
            children.add(encoder.encode(f));
        }
        return new EncodedArray(id(), new byte[0], List.of(), children);
    }
}
