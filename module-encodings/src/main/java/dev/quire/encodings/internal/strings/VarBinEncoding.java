package dev.quire.encodings.internal.strings;

import dev.quire.encodings.internal.Checks;
import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.IntegerChildren;
import dev.quire.encodings.internal.proto.VarBinMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * {@code vortex.varbin}: utf8 or binary values back to back in one bytes buffer, delimited by an offsets child of
 * {@code length + 1} integers (non-nullable, of the metadata's type); an optional validity child. Decodes to views
 * that reference the bytes buffer in place.
 */
public final class VarBinEncoding implements ArrayEncoding {
    public static final String ID = "vortex.varbin";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        DType dtype = Checks.requireBinary(parts);
        VarBinMetadata meta = EncodingParts.parse(parts, VarBinMetadata.parser(), "varbin");
        PType offsetsType = Checks.integerPType(parts, meta.getOffsetsPtype(), "offsets type");
        EncodingParts.requireBuffers(parts, 1);
        EncodingParts.requireChildren(parts, 1, 2);
        long n = parts.length();
        if (n > BinaryViews.MAX_VALUES) {
            throw parts.malformed(n + " values do not fit in one decoded views buffer");
        }
        MemorySegment bytes = parts.buffer(0);
        if (bytes.byteSize() > 0xFFFF_FFFFL) {
            throw parts.malformed("bytes buffer of " + bytes.byteSize()
                    + " bytes exceeds the 4 GiB a view can address");
        }
        long[] offsets = IntegerChildren.widened(parts, 0, offsetsType, n + 1, "offsets");
        Validity validity = parts.validity(1);
        return toViews(parts, dtype, bytes, offsets, validity);
    }

    /**
     * Views over {@code bytes} for values {@code [offsets[i], offsets[i + 1])}. The offsets must be ascending and
     * inside the buffer for every value, null or not, as the reference builds views from all of them.
     */
    static VarBinViewArray toViews(ArrayParts parts, DType dtype, MemorySegment bytes, long[] offsets,
            Validity validity) {
        int n = offsets.length - 1;
        long size = bytes.byteSize();
        BinaryViews views = new BinaryViews(bytes, n);
        long start = offsets[0];
        if (start < 0 || start > size) {
            throw parts.malformed("offset 0 is " + start + ", outside the " + size + "-byte bytes buffer");
        }
        for (int i = 0; i < n; i++) {
            long end = offsets[i + 1];
            if (end < start || end > size || end - start > Integer.MAX_VALUE) {
                throw parts.malformed("value " + i + " spans offsets [" + start + ", " + end + ") of a " + size
                        + "-byte bytes buffer");
            }
            views.set(i, start, (int) (end - start));
            start = end;
        }
        return new VarBinViewArray(dtype, views.views(), List.of(bytes), validity);
    }
}
