package dev.quire.encodings.internal.logical;

import dev.quire.encodings.internal.Checks;
import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.IntegerChildren;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** {@code vortex.bytebool}: a byte per bool (zero is false, anything else true); an optional validity child. */
public final class ByteBoolEncoding implements ArrayEncoding {
    public static final String ID = "vortex.bytebool";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Array decode(ArrayParts parts) {
        Checks.requireDType(parts, DType.Bool.class);
        Checks.requireEmptyMetadata(parts);
        EncodingParts.requireBuffers(parts, 1);
        EncodingParts.requireChildren(parts, 0, 1);
        long n = parts.length();
        MemorySegment bytes = parts.buffer(0);
        if (bytes.byteSize() != n) {
            throw parts.malformed("buffer has " + bytes.byteSize() + " bytes, " + n + " values need one each");
        }
        IntegerChildren.checkLength(parts, n, "bytes");
        int count = (int) n;
        byte[] in = bytes.toArray(ValueLayout.JAVA_BYTE);
        byte[] packed = new byte[(count + 7) >>> 3];
        int whole = count & ~7;
        for (int i = 0; i < whole; i += 8) {
            int b = 0;
            for (int k = 0; k < 8; k++) {
                b |= (in[i + k] != 0 ? 1 : 0) << k;
            }
            packed[i >>> 3] = (byte) b;
        }
        for (int i = whole; i < count; i++) {
            if (in[i] != 0) {
                packed[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        return new BoolArray(BitBuffer.ofBytes(packed, n), parts.validity(0));
    }
}
