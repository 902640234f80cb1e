package dev.quire.encodings.internal;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.EncodedArray;
import java.util.Objects;

/**
 * An encoded array made by a write-side encoder (every array the compressor's schemes return is one). It keeps the
 * canonical array it was encoded from, which answers every value query (the encoded form is only ever serialized,
 * never read back in memory), so {@link #toCanonical()} costs nothing and cannot disagree with the values written;
 * the round-trip tests check that the serialized form decodes to the same values. Subclasses hold the encoded parts
 * and serialize them; their encoding writes them through {@link WritesEncodedArrays}.
 */
public abstract class SourceBackedArray implements Array {
    private final Array source;

    /** @param source the values this array encodes, in their canonical encoding */
    protected SourceBackedArray(Array source) {
        Objects.requireNonNull(source, "source is null");
        Array canonical = source.toCanonical();
        if (canonical != source) {
            throw new InvalidArgumentException("the source of an encoded array must be canonical, got `"
                    + source.encodingId() + "`");
        }
        this.source = source;
    }

    /** The node's metadata, own buffers and encoded children (through {@code encoder}). */
    public abstract EncodedArray serialize(ArrayEncoder encoder);

    /** The canonical values this array encodes. */
    public final Array source() {
        return source;
    }

    @Override
    public final DType dtype() {
        return source.dtype();
    }

    @Override
    public final long length() {
        return source.length();
    }

    @Override
    public final boolean isValid(long index) {
        return source.isValid(index);
    }

    @Override
    public final long nullCount() {
        return source.nullCount();
    }

    /** A slice of the canonical values: an encoded form is only ever built for a whole chunk. */
    @Override
    public final Array slice(long from, long to) {
        return source.slice(from, to);
    }

    @Override
    public final Array toCanonical() {
        return source;
    }

    @Override
    public final boolean isCanonical() {
        return false;
    }

    @Override
    public final Scalar scalarAt(long index) {
        return source.scalarAt(index);
    }

    @Override
    public String toString() {
        return encodingId() + "[" + dtype() + ", " + length() + " values]";
    }
}
