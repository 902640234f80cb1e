package dev.quire.encodings.internal.alp;

import dev.quire.encodings.internal.Buffers;
import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.IntegerChildren;
import dev.quire.encodings.internal.Patches;
import dev.quire.encodings.internal.WritesEncodedArrays;
import dev.quire.encodings.internal.proto.AlpMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;
import java.util.Optional;

/**
 * {@code vortex.alp} (adaptive lossless floating point): f32 or f64 values stored as integers (child 0, i32 or i64, of
 * the column's nullability, which carries the validity) with two exponents: {@code value = encoded * 10^f * 10^-e},
 * multiplied in that order in the float type, as the reference does. Values that do not survive the round trip are
 * patches (metadata {@code patches}, children 1 to 2 or 3), stored as floats of the column's dtype. Integers still
 * encoded (packed, runs), with no nulls, are read a block at a time ({@link LongBlocks}) and never built as an array.
 */
public final class AlpEncoding implements WritesEncodedArrays {
    public static final String ID = "vortex.alp";

    /** The largest exponent for f64 values (10^18 is the largest power of ten an i64 holds). */
    static final int MAX_EXPONENT_F64 = 18;
    /** The largest exponent for f32 values. */
    static final int MAX_EXPONENT_F32 = 10;

    private static final double[] F10 = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13,
        1e14, 1e15, 1e16, 1e17, 1e18};
    private static final double[] IF10 = {1e0, 1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11,
        1e-12, 1e-13, 1e-14, 1e-15, 1e-16, 1e-17, 1e-18};
    private static final float[] F10_F32 = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};
    private static final float[] IF10_F32 = {1e0f, 1e-1f, 1e-2f, 1e-3f, 1e-4f, 1e-5f, 1e-6f, 1e-7f, 1e-8f, 1e-9f,
        1e-10f};

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        DType.Primitive dtype = EncodingParts.primitiveDType(parts);
        PType encodedType = switch (dtype.ptype()) {
            case F32 -> PType.I32;
            case F64 -> PType.I64;
            default -> throw parts.malformed("ALP decodes to f32 or f64, not " + dtype);
        };
        AlpMetadata meta = EncodingParts.parse(parts, AlpMetadata.parser(), "alp");
        int maxExponent = dtype.ptype() == PType.F32 ? MAX_EXPONENT_F32 : MAX_EXPONENT_F64;
        int e = meta.getExpE();
        int f = meta.getExpF();
        if (e < 0 || e > maxExponent || f < 0 || f > maxExponent) {
            throw parts.malformed("exponents e=" + Integer.toUnsignedString(e) + ", f=" + Integer.toUnsignedString(f)
                    + " must be in [0, " + maxExponent + "] for " + dtype.ptype().displayName());
        }
        EncodingParts.requireBuffers(parts, 0);
        int patchChildren = meta.hasPatches() ? Patches.childCount(meta.getPatches()) : 0;
        EncodingParts.requireChildren(parts, 1 + patchChildren, 1 + patchChildren);
        long n = parts.length();
        IntegerChildren.checkLength(parts, n, "encoded values");
        DType.Primitive encodedDType = new DType.Primitive(encodedType, dtype.nullable());
        Array child = parts.child(0, encodedDType, n);
        Optional<LongBlocks.Cursor> blocks = child instanceof LongBlocks b && child.length() == n
                && child.dtype().equals(encodedDType) && child.nullCount() == 0 ? b.longBlocks() : Optional.empty();
        MemorySegment values;
        Validity validity;
        if (blocks.isPresent()) {
            values = dtype.ptype() == PType.F64
                    ? decodeF64(parts, blocks.get(), (int) n, e, f)
                    : decodeF32(parts, blocks.get(), (int) n, e, f);
            validity = Validity.allValid(dtype.nullable());
        } else {
            PrimitiveArray encoded = EncodingParts.canonical(parts, 0, child, encodedDType, n);
            values = dtype.ptype() == PType.F64
                    ? decodeF64(encoded.values(), (int) n, e, f)
                    : decodeF32(encoded.values(), (int) n, e, f);
            validity = encoded.validity();
        }
        if (meta.hasPatches()) {
            Patches patches = Patches.read(parts, meta.getPatches(), 1, dtype, n);
            patches.applyTo(values);
            validity = patches.applyValidity(validity);
        }
        return new PrimitiveArray(dtype, values, validity);
    }


    /**
     * The f64 values from integers still encoded, unpacked a block at a time into a scratch array that stays in
     * cache and turned into floats from there: no array of the integers is built.
     */
    private static MemorySegment decodeF64(ArrayParts parts, LongBlocks.Cursor encoded, int n, int e, int f) {
        double[] out = new double[n];
        long[] block = new long[LongBlocks.BLOCK_ROWS];
        double up = F10[f];
        double down = IF10[e];
        int at = 0;
        for (int k = encoded.next(block); k > 0; k = encoded.next(block)) {
            if (k > n - at) {
                throw parts.malformed("encoded values go past the " + n + " rows");
            }
            for (int j = 0; j < k; j++) {
                out[at + j] = (double) block[j] * up * down;
            }
            at += k;
        }
        if (at != n) {
            throw parts.malformed("encoded values stop at row " + at + " of " + n);
        }
        return MemorySegment.ofArray(out);
    }

    /** As {@link #decodeF64(ArrayParts, LongBlocks.Cursor, int, int, int)} for f32 values from i32 integers. */
    private static MemorySegment decodeF32(ArrayParts parts, LongBlocks.Cursor encoded, int n, int e, int f) {
        float[] out = new float[n];
        long[] block = new long[LongBlocks.BLOCK_ROWS];
        float up = F10_F32[f];
        float down = IF10_F32[e];
        int at = 0;
        for (int k = encoded.next(block); k > 0; k = encoded.next(block)) {
            if (k > n - at) {
                throw parts.malformed("encoded values go past the " + n + " rows");
            }
            for (int j = 0; j < k; j++) {
                out[at + j] = (float) (int) block[j] * up * down;
            }
            at += k;
        }
        if (at != n) {
            throw parts.malformed("encoded values stop at row " + at + " of " + n);
        }
        return MemorySegment.ofArray(out);
    }

    private static MemorySegment decodeF64(MemorySegment encoded, int n, int e, int f) {
        long[] ints = Buffers.longs(encoded, n);
        double[] out = new double[n];
        double up = F10[f];
        double down = IF10[e];
        for (int i = 0; i < n; i++) {
            out[i] = (double) ints[i] * up * down;
        }
        return MemorySegment.ofArray(out);
    }

    private static MemorySegment decodeF32(MemorySegment encoded, int n, int e, int f) {
        int[] ints = Buffers.ints(encoded, n);
        float[] out = new float[n];
        float up = F10_F32[f];
        float down = IF10_F32[e];
        for (int i = 0; i < n; i++) {
            out[i] = (float) ints[i] * up * down;
        }
        return MemorySegment.ofArray(out);
    }
}
