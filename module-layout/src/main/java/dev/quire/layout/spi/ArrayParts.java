package dev.quire.layout.spi;

import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/** The pieces of one serialized array node, handed to {@link ArrayEncoding#decode}. */
public interface ArrayParts {

    /** The dtype the parent (or the layout) expects this array to have. */
    DType dtype();

    /** The number of values the parent expects. */
    long length();

    /** The node's metadata bytes (empty when absent), read-only, little-endian. */
    ByteBuffer metadata();

    int bufferCount();

    /** Buffer {@code index} of this node, a read-only view into its segment (decompressed if it was compressed). */
    MemorySegment buffer(int index);

    int childCount();

    /** The encoding id of child {@code index}, without decoding it. */
    String childEncodingId(int index);

    /**
     * Decodes child {@code index}, expecting {@code dtype} and {@code length}.
     *
     * @throws MalformedFileException if the child does not exist or decodes to another dtype or length
     */
    Array child(int index, DType dtype, long length);

    /**
     * The validity of this node: child {@code index} decoded as a non-nullable bool array of {@link #length()}
     * values, or, when there is no such child, all-valid for the dtype's nullability.
     */
    Validity validity(int index);

    /** Where this node is, for messages: the layout path, segment and node path. */
    String location();

    /** An exception reporting that this node is malformed, with its location. */
    MalformedFileException malformed(String message);
}
