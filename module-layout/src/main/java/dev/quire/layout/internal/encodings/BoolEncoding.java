package dev.quire.layout.internal.encodings;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.internal.proto.BoolMetadata;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.EncodedBuffer;
import java.lang.foreign.MemorySegment;
import java.util.List;

/** {@code vortex.bool}: a bit buffer (LSB first, from a bit offset below 8), an optional validity child. */
public final class BoolEncoding implements ArrayEncoding {
    @Override
    public String id() {
        return BoolArray.ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        Metadata.requireDType(parts, DType.Bool.class);
        BoolMetadata meta = Metadata.parse(parts, BoolMetadata.parser(), "bool");
        long offset = Integer.toUnsignedLong(meta.getOffset());
        if (offset >= 8) {
            throw parts.malformed("bit offset " + offset + " must be below 8");
        }
        Metadata.requireBuffers(parts, 1);
        Metadata.requireChildrenAtMost(parts, 1);
        MemorySegment bits = parts.buffer(0);
        // ceil((offset + length) / 8), without overflowing for lengths near 2^63
        long needed = parts.length() / 8 + (parts.length() % 8 + offset + 7) / 8;
        if (bits.byteSize() < needed) {
            throw parts.malformed("bits buffer has " + bits.byteSize() + " bytes, " + parts.length()
                    + " values need " + needed);
        }
        return new BoolArray(new BitBuffer(bits, offset, parts.length()), parts.validity(0));
    }

    @Override
    public boolean canEncode() {
        return true;
    }

    @Override
    public EncodedArray encode(Array array, ArrayEncoder encoder) {
        BoolArray a = (BoolArray) array;
        BitBuffer bits = a.bits();
        MemorySegment bytes;
        byte[] metadata = new byte[0];
        long byteStart = bits.bitOffset() >>> 3;
        long bitOffset = bits.bitOffset() & 7;
        bytes = bits.bytes().asSlice(byteStart, (bitOffset + bits.length() + 7) / 8);
        if (bitOffset != 0) {
            metadata = BoolMetadata.newBuilder().setOffset((int) bitOffset).build().toByteArray();
        }
        List<EncodedArray> children = encoder.validityChild(a.validity(), a.length()).stream().toList();
        return new EncodedArray(id(), metadata, List.of(new EncodedBuffer(bytes, 0)), children);
    }
}
