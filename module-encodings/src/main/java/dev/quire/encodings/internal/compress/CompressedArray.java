package dev.quire.encodings.internal.compress;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.EncodedArray;

/**
 * An array a scheme has encoded, ready to be written: it knows how to {@link #serialize} itself (metadata, buffers,
 * children) and keeps the canonical values it was made from, which answer every read ({@link #toCanonical()},
 * {@link #scalarAt}, slices). The writer only serializes these arrays, so keeping the source costs no decoding and
 * makes every read exact by construction; the round-trip tests check that the serialized form decodes to the same
 * values.
 */
public abstract class CompressedArray implements Array {
    private final Array canonical;

    /** An encoded form of {@code canonical}, which must be canonical. */
    protected CompressedArray(Array canonical) {
        this.canonical = canonical;
    }

    /** The node's metadata, own buffers and encoded children (through {@code encoder}). */
    public abstract EncodedArray serialize(ArrayEncoder encoder);

    @Override
    public DType dtype() {
        return canonical.dtype();
    }

    @Override
    public long length() {
        return canonical.length();
    }

    @Override
    public boolean isValid(long index) {
        return canonical.isValid(index);
    }

    @Override
    public long nullCount() {
        return canonical.nullCount();
    }

    @Override
    public Array slice(long from, long to) {
        return canonical.slice(from, to);
    }

    @Override
    public Array toCanonical() {
        return canonical;
    }

    @Override
    public boolean isCanonical() {
        return false;
    }

    @Override
    public Scalar scalarAt(long index) {
        return canonical.scalarAt(index);
    }

    @Override
    public String toString() {
        return encodingId() + "(" + dtype() + ", " + length() + " values)";
    }
}
