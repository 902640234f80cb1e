package dev.quire.encodings.internal.fastlanes;

import dev.quire.encodings.internal.Buffers;
import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.proto.DeltaMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@code fastlanes.delta}: integers in blocks of 1024, each block transposed into FastLanes order and stored as
 * per-lane differences. Children: the bases (one per lane per block) and the deltas (whole blocks, carrying the
 * validity in transposed bit order), both of the array's dtype; the array starts {@code offset < 1024} values into the
 * first block.
 */
public final class DeltaEncoding implements ArrayEncoding {
    public static final String ID = "fastlanes.delta";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        DType.Primitive dtype = EncodingParts.integerDType(parts);
        DeltaMetadata meta = EncodingParts.parse(parts, DeltaMetadata.parser(), "delta");
        EncodingParts.requireBuffers(parts, 0);
        EncodingParts.requireChildren(parts, 2, 2);
        long length = parts.length();
        long deltasLength = meta.getDeltasLen();
        if (deltasLength < 0 || deltasLength % FastLanes.BLOCK != 0) {
            throw parts.malformed("deltas length " + Long.toUnsignedString(deltasLength)
                    + " is not a whole number of 1024-value blocks");
        }
        int offset = meta.getOffset();
        if (offset < 0 || offset >= FastLanes.BLOCK) {
            throw parts.malformed("offset " + Integer.toUnsignedString(offset) + " is not below 1024");
        }
        if (offset + length > deltasLength) {
            throw parts.malformed(length + " values at offset " + offset + " exceed the " + deltasLength + " deltas");
        }
        int total = Buffers.checkedLength(parts, deltasLength, "a delta array");
        int width = dtype.ptype().byteWidth();
        int lanes = FastLanes.BLOCK / (width * 8);
        int blocks = total / FastLanes.BLOCK;
        PrimitiveArray bases = EncodingParts.primitiveChild(parts, 0, dtype, (long) blocks * lanes);
        PrimitiveArray deltas = EncodingParts.primitiveChild(parts, 1, dtype, deltasLength);

        long[] in = new long[FastLanes.BLOCK];
        long[] transposed = new long[FastLanes.BLOCK];
        MemorySegment out = Buffers.allocate(dtype.ptype(), total);
        int rows = width * 8;
        for (int b = 0; b < blocks; b++) {
            read(deltas.values(), width, (long) b * FastLanes.BLOCK, in);
            for (int lane = 0; lane < lanes; lane++) {
                long previous = value(bases.values(), width, (long) b * lanes + lane);
                for (int row = 0; row < rows; row++) {
                    int i = FastLanes.index(row, lane);
                    previous += in[i];
                    transposed[i] = previous;
                }
            }
            long base = (long) b * FastLanes.BLOCK;
            for (int i = 0; i < FastLanes.BLOCK; i++) {
                put(out, width, base + FastLanes.transposed(i), transposed[i]);
            }
        }
        MemorySegment values = out.asSlice((long) offset * width, length * width);
        return new PrimitiveArray(dtype, values, untranspose(deltas.validity(), total).slice(offset,
                offset + length));
    }

    /** The validity in value order: bit {@code p} of each block is bit {@code transpose(p)} of the stored one. */
    private static Validity untranspose(Validity stored, int total) {
        if (!(stored instanceof Validity.Mask mask)) {
            return stored;
        }
        BitBuffer bits = mask.bits();
        byte[] out = new byte[(total + 7) / 8];
        for (int b = 0; b < total; b += FastLanes.BLOCK) {
            for (int p = 0; p < FastLanes.BLOCK; p++) {
                if (bits.get(b + FastLanes.transposed(p))) {
                    out[(b + p) >>> 3] |= (byte) (1 << (p & 7));
                }
            }
        }
        return new Validity.Mask(BitBuffer.ofBytes(out, total));
    }

    private static void read(MemorySegment s, int width, long from, long[] into) {
        for (int i = 0; i < into.length; i++) {
            into[i] = value(s, width, from + i);
        }
    }

    private static long value(MemorySegment s, int width, long i) {
        return switch (width) {
            case 1 -> s.get(ValueLayout.JAVA_BYTE, i);
            case 2 -> s.get(LittleEndian.SHORT, i << 1);
            case 4 -> s.get(LittleEndian.INT, i << 2);
            default -> s.get(LittleEndian.LONG, i << 3);
        };
    }

    private static void put(MemorySegment s, int width, long i, long v) {
        switch (width) {
            case 1 -> s.set(ValueLayout.JAVA_BYTE, i, (byte) v);
            case 2 -> s.set(LittleEndian.SHORT, i << 1, (short) v);
            case 4 -> s.set(LittleEndian.INT, i << 2, (int) v);
            default -> s.set(LittleEndian.LONG, i << 3, v);
        }
    }
}
