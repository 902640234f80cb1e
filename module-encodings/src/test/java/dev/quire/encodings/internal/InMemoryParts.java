package dev.quire.encodings.internal;

import dev.quire.errors.MalformedFileException;
import dev.quire.errors.QuireException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * {@link ArrayParts} over a {@link Node}: what the core's segment decoder hands an encoding, with the same checks on
 * what a child decodes to, so encodings are tested without writing files.
 */
public final class InMemoryParts implements ArrayParts {
    private static final DType VALIDITY = new DType.Bool(false);

    private final Node node;
    private final DType dtype;
    private final long length;
    private final String path;

    private InMemoryParts(Node node, DType dtype, long length, String path) {
        this.node = node;
        this.dtype = dtype;
        this.length = length;
        this.path = path;
    }

    /** Decodes {@code node} as {@code length} values of {@code dtype}, checking the result as the core does. */
    public static Array decode(Node node, DType dtype, long length) {
        return decode(node, dtype, length, "root");
    }

    private static Array decode(Node node, DType dtype, long length, String path) {
        InMemoryParts parts = new InMemoryParts(node, dtype, length, path);
        Array out;
        try {
            out = Plugins.ALL.arrayEncoding(node.encoding()).decode(parts);
        } catch (QuireException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new AssertionError(parts.location() + ": the encoding failed with " + e, e);
        }
        if (out.length() != length) {
            throw parts.malformed("decoded " + out.length() + " values, expected " + length);
        }
        if (!out.dtype().equals(dtype)) {
            throw parts.malformed("decoded " + out.dtype() + ", expected " + dtype);
        }
        return out;
    }

    @Override
    public DType dtype() {
        return dtype;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public ByteBuffer metadata() {
        return ByteBuffer.wrap(node.metadata()).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }

    @Override
    public int bufferCount() {
        return node.buffers().size();
    }

    @Override
    public MemorySegment buffer(int index) {
        if (index < 0 || index >= bufferCount()) {
            throw malformed("buffer " + index + " is missing");
        }
        return node.buffers().get(index).asReadOnly();
    }

    @Override
    public int childCount() {
        return node.children().size();
    }

    @Override
    public String childEncodingId(int index) {
        return childNode(index).encoding();
    }

    private Node childNode(int index) {
        if (index < 0 || index >= childCount()) {
            throw malformed("child " + index + " is missing (the node has " + childCount() + ")");
        }
        return node.children().get(index);
    }

    @Override
    public Array child(int index, DType childDType, long childLength) {
        return decode(childNode(index), childDType, childLength, path + ".child[" + index + "]");
    }

    @Override
    public Validity validity(int index) {
        if (index >= childCount()) {
            return Validity.allValid(dtype.nullable());
        }
        if (!dtype.nullable()) {
            throw malformed("has a validity child but its dtype " + dtype + " is not nullable");
        }
        Array v = child(index, VALIDITY, length);
        if (v instanceof ConstantArray c) {
            return Boolean.TRUE.equals(c.scalar().value()) ? Validity.ALL_VALID : Validity.ALL_INVALID;
        }
        return new Validity.Mask(((BoolArray) v.toCanonical()).bits());
    }

    @Override
    public String location() {
        return "in-memory array " + path + " (" + node.encoding() + ")";
    }

    @Override
    public MalformedFileException malformed(String message) {
        return new MalformedFileException("malformed " + location() + ": " + message);
    }
}
