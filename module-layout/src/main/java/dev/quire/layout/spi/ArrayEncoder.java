package dev.quire.layout.spi;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.Validity;
import java.util.Optional;

/** What {@link ArrayEncoding#encode} may ask of the writer: encode children, and the standard validity child. */
public interface ArrayEncoder {

    /** Encodes a child array with the encoding its {@link Array#encodingId()} names. */
    EncodedArray encode(Array child);

    /**
     * The validity child Vortex expects for {@code validity} over {@code length} values: none when every value is
     * valid, a constant {@code false} when none is, otherwise a non-nullable bool array of the bits.
     */
    Optional<EncodedArray> validityChild(Validity validity, long length);
}
