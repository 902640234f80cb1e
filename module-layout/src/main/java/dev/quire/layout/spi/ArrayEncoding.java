package dev.quire.layout.spi;

import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.array.Array;

/**
 * One array encoding, found through {@link java.util.ServiceLoader} and keyed by its wire id
 * ({@code vortex.primitive}, {@code fastlanes.bitpacked}, ...). Implementations are stateless and thread-safe.
 *
 * <p>To add an encoding, implement this interface in your module and declare
 * {@code provides dev.quire.layout.spi.ArrayEncoding with ...} in its {@code module-info.java} (and a
 * {@code META-INF/services/dev.quire.layout.spi.ArrayEncoding} file for class-path users).
 */
public interface ArrayEncoding {

    /** The wire id written in the footer's array specs. */
    String id();

    /**
     * Decodes one serialized array node. The parts have been checked against the file (buffers lie inside their
     * segment, child indices exist); everything the encoding itself defines (metadata, buffer sizes, child counts)
     * must be checked here, failing with {@link ArrayParts#malformed(String)}.
     */
    Array decode(ArrayParts parts);

    /** Whether {@link #encode} is implemented. */
    default boolean canEncode() {
        return false;
    }

    /**
     * Serializes an array of this encoding (one whose {@link Array#encodingId()} is {@link #id()}): its metadata, its
     * own buffers, and its children, which the encoder serializes in turn.
     */
    default EncodedArray encode(Array array, ArrayEncoder encoder) {
        throw new UnsupportedFeatureException("encoding `" + id() + "` cannot be written");
    }
}
