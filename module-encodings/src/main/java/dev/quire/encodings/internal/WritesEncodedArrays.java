package dev.quire.encodings.internal;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.EncodedArray;

/**
 * An encoding that writes the encoded arrays the compressor's encoders make ({@link SourceBackedArray}s of
 * this encoding's id), each of which serializes itself. Any other array, for instance
 * one from another module that merely claims this encoding's id, is refused with an {@link InvalidArgumentException}.
 */
public interface WritesEncodedArrays extends ArrayEncoding {
    @Override
    default boolean canEncode() {
        return true;
    }

    @Override
    default EncodedArray encode(Array array, ArrayEncoder encoder) {
        if (array.encodingId().equals(id()) && array instanceof SourceBackedArray s) {
            return s.serialize(encoder);
        }
        throw new InvalidArgumentException("encoding `" + id() + "` cannot write an array of class "
                + array.getClass().getName() + " with encoding `" + array.encodingId() + "`");
    }
}
