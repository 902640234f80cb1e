package dev.quire.encodings.internal.fastlanes;

import dev.quire.encodings.internal.Buffers;
import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.proto.RleMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code fastlanes.rle}: per block of 1024 values, the distinct runs' values and a u8/u16 index per position into
 * them. Children: the values of all blocks back to back (non-nullable), the indices (whole blocks, carrying the
 * validity), and per block the position of its first value; the array starts {@code offset < 1024} values in.
 */
public final class RleEncoding implements ArrayEncoding {
    public static final String ID = "fastlanes.rle";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        DType.Primitive dtype = EncodingParts.primitiveDType(parts);
        RleMetadata meta = EncodingParts.parse(parts, RleMetadata.parser(), "run-length");
        EncodingParts.requireBuffers(parts, 0);
        EncodingParts.requireChildren(parts, 3, 3);
        long length = parts.length();
        PType indexType = EncodingParts.ptype(parts, meta.getIndicesPtype(), "run-length indices type");
        if (indexType != PType.U8 && indexType != PType.U16) {
            throw parts.malformed("run-length indices must be u8 or u16, got " + indexType.displayName());
        }
        PType offsetsType = EncodingParts.unsignedPType(parts, meta.getValuesIdxOffsetsPtype(),
                "run-length value offsets type");
        long indicesLength = meta.getIndicesLen();
        if (indicesLength < 0 || indicesLength % FastLanes.BLOCK != 0) {
            throw parts.malformed("run-length indices length " + Long.toUnsignedString(indicesLength)
                    + " is not a whole number of 1024-value blocks");
        }
        long offset = meta.getOffset();
        if (offset < 0 || offset >= FastLanes.BLOCK) {
            throw parts.malformed("offset " + Long.toUnsignedString(offset) + " is not below 1024");
        }
        if (offset + length > indicesLength) {
            throw parts.malformed(length + " values at offset " + offset + " exceed the " + indicesLength
                    + " indices");
        }
        long blockCount = indicesLength / FastLanes.BLOCK;
        if (meta.getValuesIdxOffsetsLen() != blockCount) {
            throw parts.malformed(Long.toUnsignedString(meta.getValuesIdxOffsetsLen()) + " value offsets for "
                    + blockCount + " blocks");
        }
        long valuesLength = meta.getValuesLen();
        if (valuesLength < 0 || valuesLength > indicesLength) {
            throw parts.malformed(Long.toUnsignedString(valuesLength) + " run values for " + indicesLength
                    + " indices");
        }
        Buffers.checkedLength(parts, indicesLength, "a run-length array");
        PrimitiveArray values = EncodingParts.primitiveChild(parts, 0, dtype.ptype(), valuesLength);
        PrimitiveArray indices = EncodingParts.primitiveChild(parts, 1,
                new DType.Primitive(indexType, dtype.nullable()), indicesLength);
        PrimitiveArray firsts = EncodingParts.primitiveChild(parts, 2, offsetsType, blockCount);

        int blocks = (int) FastLanes.blocks(offset, length);
        Validity validity = indices.validity();
        boolean hasNulls = validity.nullCount(indicesLength) > 0;
        int width = dtype.ptype().byteWidth();
        MemorySegment out = Buffers.allocate(dtype.ptype(), blocks * FastLanes.BLOCK);
        int[] idx = new int[FastLanes.BLOCK];
        long first = blocks == 0 ? 0 : firsts.getLongValue(0);
        for (int b = 0; b < blocks; b++) {
            long start = firsts.getLongValue(b) - first;
            long end = b + 1 < blocks ? firsts.getLongValue(b + 1) - first : valuesLength;
            if (start < 0 || end < start || end > valuesLength) {
                throw parts.malformed("block " + b + " has run values [" + start + ", " + end + ") of "
                        + valuesLength);
            }
            int count = (int) (end - start);
            long base = (long) b * FastLanes.BLOCK;
            readIndices(indices.values(), indexType, base, idx);
            if (count == 1) {
                java.util.Arrays.fill(idx, 0);
            } else {
                for (int i = 0; i < FastLanes.BLOCK; i++) {
                    if (idx[i] >= count) {
                        if (hasNulls && !validity.isValid(base + i)) {
                            idx[i] = Math.max(count - 1, 0);
                        } else {
                            throw parts.malformed("run-length index " + idx[i] + " at " + (base + i) + " is not below "
                                    + "the block's " + count + " values");
                        }
                    }
                }
                if (count == 0) {
                    // Every position of the block is null (checked above); its values are never read.
                    continue;
                }
            }
            gather(values.values(), width, start, idx, out, base);
        }
        return new PrimitiveArray(dtype, out.asSlice(offset * width, length * width),
                validity.slice(offset, offset + length));
    }

    private static void readIndices(MemorySegment s, PType type, long from, int[] into) {
        if (type == PType.U8) {
            for (int i = 0; i < into.length; i++) {
                into[i] = s.get(ValueLayout.JAVA_BYTE, from + i) & 0xFF;
            }
        } else {
            for (int i = 0; i < into.length; i++) {
                into[i] = s.get(LittleEndian.SHORT, (from + i) << 1) & 0xFFFF;
            }
        }
    }

    /** {@code out[base + i] = values[start + idx[i]]} for one block, one loop per value width. */
    private static void gather(MemorySegment values, int width, long start, int[] idx, MemorySegment out, long base) {
        switch (width) {
            case 1 -> {
                for (int i = 0; i < idx.length; i++) {
                    out.set(ValueLayout.JAVA_BYTE, base + i, values.get(ValueLayout.JAVA_BYTE, start + idx[i]));
                }
            }
            case 2 -> {
                for (int i = 0; i < idx.length; i++) {
                    out.set(LittleEndian.SHORT, (base + i) << 1, values.get(LittleEndian.SHORT, (start + idx[i]) << 1));
                }
            }
            case 4 -> {
                for (int i = 0; i < idx.length; i++) {
                    out.set(LittleEndian.INT, (base + i) << 2, values.get(LittleEndian.INT, (start + idx[i]) << 2));
                }
            }
            default -> {
                for (int i = 0; i < idx.length; i++) {
                    out.set(LittleEndian.LONG, (base + i) << 3, values.get(LittleEndian.LONG, (start + idx[i]) << 3));
                }
            }
        }
    }
}
