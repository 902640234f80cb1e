package dev.quire.encodings.internal.fastlanes;

import dev.quire.encodings.internal.Buffers;
import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.Patches;
import dev.quire.encodings.internal.WritesEncodedArrays;
import dev.quire.encodings.internal.proto.BitPackedMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;
import java.util.Optional;

/**
 * {@code fastlanes.bitpacked}: integers stored in their low {@code bit_width} bits, FastLanes-interleaved in blocks of
 * 1024 values (one buffer, padded to whole blocks, the array starting {@code offset < 1024} values into the first);
 * values that do not fit are patches (children 0..1 or 0..2), then an optional validity child.
 */
public final class BitPackedEncoding implements WritesEncodedArrays {
    public static final String ID = "fastlanes.bitpacked";

    @Override
    public String id() {
        return ID;
    }


    @Override
    public Array decode(ArrayParts parts) {
        DType.Primitive dtype = EncodingParts.integerDType(parts);
        BitPackedMetadata meta = EncodingParts.parse(parts, BitPackedMetadata.parser(), "bit-packed");
        int typeBits = dtype.ptype().byteWidth() * 8;
        int width = meta.getBitWidth();
        if (width < 0 || width > typeBits) {
            throw parts.malformed("bit width " + Integer.toUnsignedString(width) + " does not fit "
                    + dtype.ptype().displayName() + " values");
        }
        int offset = meta.getOffset();
        if (offset < 0 || offset >= FastLanes.BLOCK) {
            throw parts.malformed("offset " + Integer.toUnsignedString(offset) + " is not below 1024");
        }
        long length = parts.length();
        int patchChildren = meta.hasPatches() ? Patches.childCount(meta.getPatches()) : 0;
        EncodingParts.requireBuffers(parts, 1);
        EncodingParts.requireChildren(parts, patchChildren, patchChildren + 1);

        long blocks = FastLanes.blocks(offset, length);
        Buffers.checkedLength(parts, blocks * FastLanes.BLOCK, "a bit-packed array");
        MemorySegment packed = parts.buffer(0);
        long expected = blocks * 128 * width;
        if (packed.byteSize() != expected) {
            throw parts.malformed("packed buffer has " + packed.byteSize() + " bytes, " + length + " values at offset "
                    + offset + " in " + width + " bits need " + expected);
        }
        Validity validity = parts.validity(patchChildren);
        Patches patches = meta.hasPatches()
                ? Patches.read(parts, meta.getPatches(), 0, dtype, length) : null;
        if (patches != null && patches.values().nullCount() != 0) {
            throw parts.malformed("bit-packing patch values must all be valid");
        }

        // Kept packed: a frame of reference above adds its reference while unpacking, and filters may be answered
        // from the codes (PackedArray).
        return PackedArray.bitPacked(dtype, packed, width, offset, length, Optional.ofNullable(patches), validity);
    }
}
