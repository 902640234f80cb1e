package dev.quire.layout.internal.encodings;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.EncodedBuffer;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/** {@code vortex.varbinview}: data buffers, then the views buffer (16 bytes a value); an optional validity child. */
public final class VarBinViewEncoding implements ArrayEncoding {
    @Override
    public String id() {
        return VarBinViewArray.ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        DType dtype = parts.dtype();
        if (!(dtype instanceof DType.Utf8) && !(dtype instanceof DType.Binary)) {
            throw parts.malformed("cannot hold values of dtype " + dtype);
        }
        Metadata.requireEmpty(parts);
        Metadata.requireChildrenAtMost(parts, 1);
        int n = parts.bufferCount();
        if (n < 1) {
            throw parts.malformed("has no views buffer");
        }
        MemorySegment views = parts.buffer(n - 1);
        Metadata.requireBufferLength(parts, views, "views", "values", VarBinViewArray.VIEW_SIZE);
        List<MemorySegment> data = new ArrayList<>(n - 1);
        for (int i = 0; i < n - 1; i++) {
            data.add(parts.buffer(i));
        }
        try {
            return new VarBinViewArray(dtype, views, data, parts.validity(0));
        } catch (dev.quire.errors.MalformedFileException e) {
            throw parts.malformed(e.getMessage());
        }
    }

    @Override
    public boolean canEncode() {
        return true;
    }

    @Override
    public EncodedArray encode(Array array, ArrayEncoder encoder) {
        VarBinViewArray a = (VarBinViewArray) array;
        List<EncodedBuffer> buffers = new ArrayList<>();
        for (MemorySegment data : a.buffers()) {
            buffers.add(new EncodedBuffer(data, 0));
        }
        buffers.add(new EncodedBuffer(a.views(), 4));
        List<EncodedArray> children = encoder.validityChild(a.validity(), a.length()).stream().toList();
        return new EncodedArray(id(), new byte[0], buffers, children);
    }
}
