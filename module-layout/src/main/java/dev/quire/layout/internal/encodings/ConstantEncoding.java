package dev.quire.layout.internal.encodings;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.EncodedBuffer;
import dev.quire.layout.spi.ScalarValues;
import java.lang.foreign.MemorySegment;
import java.util.List;

/** {@code vortex.constant}: one scalar (a protobuf ScalarValue buffer) repeated over the length. */
public final class ConstantEncoding implements ArrayEncoding {
    @Override
    public String id() {
        return ConstantArray.ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        Metadata.requireBuffers(parts, 1);
        Metadata.requireChildrenAtMost(parts, 0);
        try {
            return new ConstantArray(ScalarValues.decode(parts.buffer(0).asByteBuffer(), parts.dtype()),
                    parts.length());
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
        ConstantArray a = (ConstantArray) array;
        byte[] scalar = ScalarValues.encode(a.scalar());
        return new EncodedArray(id(), new byte[0], List.of(new EncodedBuffer(MemorySegment.ofArray(scalar), 0)),
                List.of());
    }
}
