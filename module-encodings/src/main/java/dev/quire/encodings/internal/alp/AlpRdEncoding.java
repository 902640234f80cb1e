package dev.quire.encodings.internal.alp;

import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.IntegerChildren;
import dev.quire.encodings.internal.Patches;
import dev.quire.encodings.internal.WritesEncodedArrays;
import dev.quire.encodings.internal.proto.AlpRdMetadata;
import dev.quire.encodings.internal.proto.PatchesMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * {@code vortex.alprd} (ALP for "real doubles"): each f32 or f64 split at {@code right_bit_width} into its low bits
 * (child 1, u32 or u64, non-nullable) and its high bits, which are few distinct values: a dictionary of u16 in the
 * metadata and a u16 code per value (child 0, of the column's nullability, which carries the validity). High bits the
 * dictionary lacks are patches of the left parts (children 2 and 3, u16 values). Value bits are
 * {@code left << right_bit_width | right}.
 *
 * <p>Vortex 0.76 writes no chunk offsets for these patches and ignores them on reading; so does this decoder.
 */
public final class AlpRdEncoding implements WritesEncodedArrays {
    public static final String ID = "vortex.alprd";

    private static final DType.Primitive LEFT_PARTS = new DType.Primitive(PType.U16, false);
    private static final ValueLayout.OfChar CHAR_LE =
            ValueLayout.JAVA_CHAR_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        DType.Primitive dtype = EncodingParts.primitiveDType(parts);
        boolean f64 = dtype.ptype() == PType.F64;
        if (!f64 && dtype.ptype() != PType.F32) {
            throw parts.malformed("ALP-RD decodes to f32 or f64, not " + dtype);
        }
        AlpRdMetadata meta = EncodingParts.parse(parts, AlpRdMetadata.parser(), "alprd");
        int bits = dtype.ptype().byteWidth() * 8;
        int rightBits = meta.getRightBitWidth();
        if (rightBits < 0 || rightBits >= bits) {
            throw parts.malformed("right bit width " + Integer.toUnsignedString(rightBits) + " must be below " + bits);
        }
        int[] dict = dictionary(parts, meta);
        PType leftType = EncodingParts.ptype(parts, meta.getLeftPartsPtype(), "left parts type");
        if (leftType != PType.U16) {
            throw parts.malformed("left parts must be u16 codes, got " + leftType.displayName());
        }
        EncodingParts.requireBuffers(parts, 0);
        // Patch chunk offsets, if the metadata names any, are not read (nor are they by the reference).
        PatchesMetadata patchesMeta = meta.hasPatches() ? meta.getPatches().toBuilder().clearChunkOffsetsLen()
                .clearChunkOffsetsPtype().clearOffsetWithinChunk().build() : null;
        int children = 2 + (meta.hasPatches() ? Patches.childCount(meta.getPatches()) : 0);
        EncodingParts.requireChildren(parts, children, children);
        long n = parts.length();
        IntegerChildren.checkLength(parts, n, "values");
        PrimitiveArray left = EncodingParts.primitiveChild(parts, 0, new DType.Primitive(PType.U16, dtype.nullable()),
                n);
        PrimitiveArray right = EncodingParts.primitiveChild(parts, 1, f64 ? PType.U64 : PType.U32, n);
        Validity validity = left.validity();
        int count = (int) n;
        char[] codes = new char[count];
        MemorySegment.copy(left.values(), CHAR_LE, 0, codes, 0, count);
        checkCodes(parts, codes, meta.getDictLen(), validity);
        Patches patches = patchesMeta == null ? null : Patches.read(parts, patchesMeta, 2, LEFT_PARTS, n);
        // the codes become the left bits in place
        char[] leftBits = codes;
        for (int i = 0; i < count; i++) {
            leftBits[i] = (char) dict[leftBits[i]];
        }
        if (patches != null) {
            PrimitiveArray patchValues = (PrimitiveArray) patches.values();
            for (int i = 0; i < patches.count(); i++) {
                leftBits[(int) patches.position(i)] = (char) patchValues.getShort(i);
            }
        }
        MemorySegment values = f64 ? combineF64(leftBits, rightBits, right.values())
                : combineF32(leftBits, rightBits, right.values());
        return new PrimitiveArray(dtype, values, validity);
    }


    /** The dictionary of left parts; an empty one gets a single 0 entry, which only null values can use. */
    private static int[] dictionary(ArrayParts parts, AlpRdMetadata meta) {
        int len = meta.getDictLen();
        if (len < 0 || len > meta.getDictCount()) {
            throw parts.malformed("dictionary length " + Integer.toUnsignedString(len) + " exceeds the "
                    + meta.getDictCount() + " entries stored");
        }
        int[] dict = new int[len];
        for (int i = 0; i < len; i++) {
            int v = meta.getDict(i);
            if (v < 0 || v > 0xFFFF) {
                throw parts.malformed("dictionary entry " + i + " is " + Integer.toUnsignedString(v)
                        + ", more than 16 bits");
            }
            dict[i] = v;
        }
        return len == 0 ? new int[1] : dict;
    }

    /**
     * Fails if a valid value's code is outside the dictionary; codes of null values may be anything and become 0 (the
     * reference never reads them into a value that matters).
     */
    private static void checkCodes(ArrayParts parts, char[] codes, int dictLength, Validity validity) {
        int max = 0;
        for (char c : codes) {
            max = Math.max(max, c);
        }
        if (max < dictLength) {
            return;
        }
        for (int i = 0; i < codes.length; i++) {
            if (codes[i] >= dictLength) {
                if (validity.isValid(i)) {
                    throw parts.malformed("left part code " + (int) codes[i] + " of value " + i + " is outside the "
                            + dictLength + "-entry dictionary");
                }
                codes[i] = 0;
            }
        }
    }

    /** Value bits {@code left << rightBits | right}, one loop per float width. */
    private static MemorySegment combineF64(char[] left, int rightBits, MemorySegment rightParts) {
        int n = left.length;
        long[] out = new long[n];
        MemorySegment.copy(rightParts, LittleEndian.LONG, 0, out, 0, n);
        for (int i = 0; i < n; i++) {
            out[i] |= (long) left[i] << rightBits;
        }
        return MemorySegment.ofArray(out);
    }

    private static MemorySegment combineF32(char[] left, int rightBits, MemorySegment rightParts) {
        int n = left.length;
        int[] out = new int[n];
        MemorySegment.copy(rightParts, LittleEndian.INT, 0, out, 0, n);
        for (int i = 0; i < n; i++) {
            out[i] |= left[i] << rightBits;
        }
        return MemorySegment.ofArray(out);
    }
}
