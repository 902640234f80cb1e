package dev.quire.layout.array;

import dev.quire.layout.dtype.DType;

/**
 * An immutable sequence of values of one {@link DType}, in some encoding. Canonical arrays (one per dtype:
 * {@link PrimitiveArray}, {@link BoolArray}, {@link VarBinViewArray}, {@link StructArray}, {@link NullArray},
 * {@link DecimalArray}, {@link ExtensionArray}) are zero-copy views over memory segments; other encodings decode to
 * them through {@link #toCanonical()}.
 *
 * <p>Arrays read from a file stay valid for as long as they are referenced.
 */
public interface Array {

    DType dtype();

    /** The number of values. */
    long length();

    /** The wire id of this array's encoding, such as {@code vortex.primitive}. */
    String encodingId();

    /** Whether the value at {@code index} is not null. */
    boolean isValid(long index);

    /** The number of null values. */
    long nullCount();

    /** The values {@code [from, to)}, sharing memory with this array where the encoding allows. */
    Array slice(long from, long to);

    /** This array in the canonical encoding of its dtype; canonical arrays return themselves. */
    Array toCanonical();

    /** The value at {@code index} as a scalar: the slow, general accessor, for tools and tests. */
    Scalar scalarAt(long index);

    /** Whether this array is already in its dtype's canonical encoding. */
    default boolean isCanonical() {
        return toCanonical() == this;
    }
}
