package dev.quire.encodings.internal.strings;

import dev.quire.encodings.internal.Checks;
import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.WritesEncodedArrays;
import dev.quire.encodings.internal.proto.FsstMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;

/**
 * {@code vortex.fsst}: strings compressed with a static symbol table (FSST). Buffers: the symbols (8 bytes each,
 * little-endian, at most 255), their lengths (1..8, a byte each) and the codes of every value back to back. Children:
 * the uncompressed length of each value, the codes offsets ({@code length + 1}) and an optional validity. A code
 * below 255 stands for its symbol; 255 escapes the next byte, which stands for itself.
 *
 * <p>The array is kept compressed ({@link LazyFsstArray}): decoding it whole decodes, like the reference, the codes
 * between the first and the last offset as one stream and cuts the result by the uncompressed lengths (the two must
 * agree on the total); takes and string filters decode only the values, or the leading bytes, they need, each from
 * its own codes. So the first and last offsets are read and checked here, and every value's offset (checked not to
 * decrease) only when a take or a filter needs it ({@link FsstCodeOffsets}). The lengths are read and checked when
 * first needed: a prefix filter ({@code like 'the%'}) decides values on their codes alone and does not read or check
 * them, as the reference does not; reading the values always does. The older form (two buffers, the codes as a
 * {@code vortex.varbin} binary child followed by the lengths) is decoded at once.
 */
public final class FsstEncoding implements WritesEncodedArrays {
    public static final String ID = "vortex.fsst";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        DType dtype = Checks.requireBinary(parts);
        FsstMetadata meta = EncodingParts.parse(parts, FsstMetadata.parser(), "fsst");
        PType lengthsType = Checks.integerPType(parts, meta.getUncompressedLengthsPtype(), "uncompressed lengths type");
        long n = parts.length();
        if (n > BinaryViews.MAX_VALUES) {
            throw parts.malformed(n + " values do not fit in one decoded views buffer");
        }
        if (parts.bufferCount() == 2) {
            return decodeLegacy(parts, dtype, lengthsType);
        }
        EncodingParts.requireBuffers(parts, 3);
        EncodingParts.requireChildren(parts, 2, 3);
        PType offsetsType = Checks.integerPType(parts, meta.getCodesOffsetsPtype(), "codes offsets type");
        FsstSymbols symbols = FsstSymbols.read(parts, parts.buffer(0), parts.buffer(1));
        MemorySegment codes = parts.buffer(2);
        // the first and last offsets now, the others when a take or a filter needs them
        FsstCodeOffsets offsets = FsstCodeOffsets.read(parts, 1, offsetsType, (int) n, codes.byteSize());
        // the lengths child is read only when something needs the lengths: a prefix filter does not
        FsstValueEnds ends = new FsstValueEnds(parts, 0, lengthsType, (int) n, offsets.span());
        Validity validity = parts.validity(2);
        return LazyFsstArray.of(parts, dtype, symbols, codes, offsets, ends, validity);
    }

    /** Two buffers: the codes are child 0, a binary varbin of the column's nullability, the lengths child 1. */
    private static Array decodeLegacy(ArrayParts parts, DType dtype, PType lengthsType) {
        EncodingParts.requireChildren(parts, 2, 2);
        FsstSymbols symbols = FsstSymbols.read(parts, parts.buffer(0), parts.buffer(1));
        long n = parts.length();
        Array codesChild = parts.child(0, new DType.Binary(dtype.nullable()), n).toCanonical();
        if (!(codesChild instanceof VarBinViewArray codes)) {
            throw parts.malformed("codes child did not decode to binary values");
        }
        // The bytes the copy below takes: a null slot's view is unchecked and may hold any length, so its declared
        // length is not summed (bytesAt gives what the slot really points at, empty if nowhere).
        long codeBytes = 0;
        for (int i = 0; i < n; i++) {
            codeBytes += codes.bytesAt(i).byteSize();
        }
        if (codeBytes > EncodingParts.MAX_ARRAY_LENGTH) {
            throw parts.malformed("codes of " + codeBytes + " bytes are too many for one buffer");
        }
        byte[] all = new byte[(int) codeBytes];
        int at = 0;
        for (int i = 0; i < n; i++) {
            MemorySegment value = codes.bytesAt(i);
            MemorySegment.copy(value, 0, MemorySegment.ofArray(all), at, value.byteSize());
            at += (int) value.byteSize();
        }
        int[] ends = FsstChildren.valueEnds(parts, 1, lengthsType, (int) n, codeBytes);
        int total = ends[(int) n];
        byte[] decoded = symbols.decode(parts, MemorySegment.ofArray(all), 0, total);
        return VarBinViewArray.ofOffsets(dtype, decoded, total, ends, 0, (int) n, codes.validity());
    }
}
