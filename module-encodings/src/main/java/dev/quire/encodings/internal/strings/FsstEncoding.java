package dev.quire.encodings.internal.strings;

import dev.quire.encodings.internal.Checks;
import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.IntegerChildren;
import dev.quire.encodings.internal.WritesEncodedArrays;
import dev.quire.encodings.internal.proto.FsstMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * {@code vortex.fsst}: strings compressed with a static symbol table (FSST). Buffers: the symbols (8 bytes each,
 * little-endian, at most 255), their lengths (1..8, a byte each) and the codes of every value back to back. Children:
 * the uncompressed length of each value, the codes offsets ({@code length + 1}) and an optional validity. A code
 * below 255 stands for its symbol; 255 escapes the next byte, which stands for itself.
 *
 * <p>The array is kept compressed ({@link LazyFsstArray}): decoding it whole decodes, like the reference, the codes
 * between the first and the last offset as one stream and cuts the result by the uncompressed lengths (the two must
 * agree on the total); takes and string filters decode only the values, or the leading bytes, they need, each from
 * its own codes. So the offsets are checked here not to decrease. The older form (two buffers, the codes as a
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
        long[] lengths = IntegerChildren.widened(parts, 0, lengthsType, n, "uncompressed lengths");
        long[] offsets = IntegerChildren.widened(parts, 1, offsetsType, n + 1, "codes offsets");
        Validity validity = parts.validity(2);
        long first = offsets[0];
        long last = offsets[(int) n];
        if (first < 0 || last < first || last > codes.byteSize()) {
            throw parts.malformed("codes offsets span [" + first + ", " + last + ") of a " + codes.byteSize()
                    + "-byte codes buffer");
        }
        if (last - first > EncodingParts.MAX_ARRAY_LENGTH) {
            throw parts.malformed("codes of " + (last - first) + " bytes are too many for one buffer");
        }
        for (int i = 0; i < n; i++) {
            if (offsets[i + 1] < offsets[i]) {
                throw parts.malformed("codes offset " + (i + 1) + " is " + offsets[i + 1]
                        + ", below the one before it, " + offsets[i]);
            }
        }
        totalLength(parts, lengths, last - first);
        return LazyFsstArray.of(parts, dtype, symbols, codes, offsets, lengths, validity);
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
        long[] lengths = IntegerChildren.widened(parts, 1, lengthsType, n, "uncompressed lengths");
        long codeBytes = 0;
        for (int i = 0; i < n; i++) {
            codeBytes += codes.byteLength(i);
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
        int total = totalLength(parts, lengths, codeBytes);
        byte[] decoded = symbols.decode(parts, MemorySegment.ofArray(all), 0, total);
        return cut(parts, dtype, decoded, lengths, 0, lengths.length, codes.validity());
    }

    /**
     * The sum of the uncompressed lengths, checked: none negative, and no more than the codes can produce (eight
     * bytes a code), so a corrupt length cannot make the decoder allocate more than the file justifies.
     */
    private static int totalLength(ArrayParts parts, long[] lengths, long codeBytes) {
        long total = 0;
        for (int i = 0; i < lengths.length; i++) {
            long len = lengths[i];
            if (len < 0 || len > Integer.MAX_VALUE) {
                throw parts.malformed("uncompressed length of value " + i + " is " + len);
            }
            total += len;
        }
        if (total > codeBytes * FsstSymbols.MAX_SYMBOL_LENGTH) {
            throw parts.malformed("uncompressed lengths add up to " + total + " bytes, more than " + codeBytes
                    + " code bytes can decode to");
        }
        if (total > EncodingParts.MAX_ARRAY_LENGTH - FsstSymbols.SLACK) {
            throw parts.malformed("uncompressed lengths add up to " + total + " bytes, too many for one buffer");
        }
        return (int) total;
    }

    /**
     * Views over the decoded bytes, value {@code i} being the next {@code lengths[from + i]} bytes, for {@code count}
     * values. Each view is built as two words from two 8-byte reads of the decoded bytes (which have
     * {@link FsstSymbols#SLACK} bytes of zeros past the end), so no value pays a bulk copy.
     */
    static VarBinViewArray cut(ArrayParts parts, DType dtype, byte[] decoded, long[] lengths, int from, int count,
            Validity validity) {
        int total = decoded.length - FsstSymbols.SLACK;
        MemorySegment data = MemorySegment.ofArray(decoded).asSlice(0, total);
        long[] views = new long[Math.multiplyExact(count, 2)];
        int at = 0;
        for (int i = 0; i < count; i++) {
            int len = (int) lengths[from + i];
            long head = (long) LONG_LE.get(decoded, at);
            if (len <= VarBinViewArray.MAX_INLINED) {
                long tail = (long) LONG_LE.get(decoded, at + 8);
                long lo = len >= 8 ? head : head & ((1L << (len << 3)) - 1);
                long hi = len <= 8 ? 0 : tail & ((1L << ((len - 8) << 3)) - 1);
                views[2 * i] = len | (lo << 32);
                views[2 * i + 1] = (lo >>> 32) | (hi << 32);
            } else {
                // data buffer 0, at offset `at`, after the first four bytes
                views[2 * i] = len | (head << 32);
                views[2 * i + 1] = (long) at << 32;
            }
            at += len;
        }
        try {
            return new VarBinViewArray(dtype, MemorySegment.ofArray(views), List.of(data), validity);
        } catch (dev.quire.errors.MalformedFileException e) {
            throw parts.malformed(e.getMessage());
        }
    }

    private static final java.lang.invoke.VarHandle LONG_LE =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
}
