package dev.quire.encodings.internal.runs;

import dev.quire.encodings.internal.Buffers;
import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.Patches;
import dev.quire.encodings.internal.WritesEncodedArrays;
import dev.quire.encodings.internal.proto.PatchesMetadata;
import dev.quire.encodings.internal.proto.SparseMetadata;
import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.NullArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.spi.ScalarValues;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * {@code vortex.sparse}: a fill value (buffer 0, a ScalarValue, possibly null) everywhere except at the patches
 * (children 0 and 1: indices and values of the array's dtype), whose values, nulls included, win.
 */
public final class SparseEncoding implements WritesEncodedArrays {
    public static final String ID = "vortex.sparse";

    @Override
    public String id() {
        return ID;
    }


    @Override
    public Array decode(ArrayParts parts) {
        DType dtype = parts.dtype();
        SparseMetadata meta = EncodingParts.parse(parts, SparseMetadata.parser(), "sparse");
        if (!meta.hasPatches()) {
            throw parts.malformed("sparse metadata has no patches");
        }
        EncodingParts.requireBuffers(parts, 1);
        EncodingParts.requireChildren(parts, 2, 2);
        Scalar fill;
        try {
            fill = ScalarValues.decode(parts.buffer(0).asByteBuffer(), dtype);
        } catch (MalformedFileException e) {
            throw parts.malformed("invalid sparse fill value: " + e.getMessage());
        }
        // The reference reads sparse patches without chunk offsets, whatever the metadata says.
        PatchesMetadata patchesMeta = meta.getPatches().toBuilder().clearChunkOffsetsLen().clearChunkOffsetsPtype()
                .clearOffsetWithinChunk().build();
        long length = parts.length();
        int n = Buffers.checkedLength(parts, length, "a sparse array");
        Patches patches = Patches.read(parts, patchesMeta, 0, dtype, length);
        Validity base = fill.isNull() ? Validity.ALL_INVALID : Validity.allValid(dtype.nullable());
        return switch (dtype) {
            case DType.Primitive p -> {
                MemorySegment values = fill(p.ptype(), n, fill);
                patches.applyTo(values);
                yield new PrimitiveArray(p, values, patches.applyValidity(base));
            }
            case DType.Bool b -> {
                byte[] bits = new byte[(n + 7) >>> 3];
                if (Boolean.TRUE.equals(fill.value())) {
                    RunEndEncoding.setRange(bits, 0, n);
                }
                BoolArray values = (BoolArray) patches.values();
                for (int i = 0; i < patches.count(); i++) {
                    int p = (int) patches.position(i);
                    if (values.bits().get(i)) {
                        bits[p >>> 3] |= (byte) (1 << (p & 7));
                    } else {
                        bits[p >>> 3] &= (byte) ~(1 << (p & 7));
                    }
                }
                yield new BoolArray(BitBuffer.ofBytes(bits, n), patches.applyValidity(base));
            }
            case DType.Null x -> new NullArray(n);
            default -> {
                ArrayBuilder builder = ArrayBuilder.forType(dtype);
                long next = 0;
                for (int i = 0; i < patches.count(); i++) {
                    long p = patches.position(i);
                    appendFill(builder, fill, p - next);
                    builder.append(patches.values(), i, i + 1);
                    next = p + 1;
                }
                appendFill(builder, fill, length - next);
                yield builder.finish();
            }
        };
    }

    private static void appendFill(ArrayBuilder builder, Scalar fill, long count) {
        if (fill.isNull()) {
            builder.appendNulls(count);
        } else {
            for (long i = 0; i < count; i++) {
                builder.appendScalar(fill);
            }
        }
    }

    /** {@code n} copies of the fill value (zeros when it is null), one loop per width. */
    private static MemorySegment fill(PType ptype, int n, Scalar fill) {
        MemorySegment out = Buffers.allocate(ptype, n);
        if (fill.isNull()) {
            return out;
        }
        MemorySegment one = MemorySegment.ofArray(new long[1]);
        switch (ptype) {
            case F16 -> one.set(LittleEndian.SHORT, 0, Float.floatToFloat16((Float) fill.value()));
            case F32 -> one.set(LittleEndian.FLOAT, 0, (Float) fill.value());
            case F64 -> one.set(LittleEndian.DOUBLE, 0, (Double) fill.value());
            default -> one.set(LittleEndian.LONG, 0, (Long) fill.value());
        }
        switch (ptype.byteWidth()) {
            case 1 -> Arrays.fill((byte[]) out.heapBase().orElseThrow(), one.get(ValueLayout.JAVA_BYTE, 0));
            case 2 -> Arrays.fill((short[]) out.heapBase().orElseThrow(), one.get(LittleEndian.SHORT, 0));
            case 4 -> Arrays.fill((int[]) out.heapBase().orElseThrow(), one.get(LittleEndian.INT, 0));
            default -> Arrays.fill((long[]) out.heapBase().orElseThrow(), one.get(LittleEndian.LONG, 0));
        }
        return out;
    }
}
