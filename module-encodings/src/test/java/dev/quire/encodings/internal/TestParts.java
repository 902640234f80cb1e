package dev.quire.encodings.internal;

import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * An {@link ArrayParts} over in-memory metadata, buffers and already built child arrays, for decoding hand-built nodes
 * in tests. Children are checked against the dtype and length the decoder asks for, as the file reader does.
 */
public final class TestParts implements ArrayParts {
    private final DType dtype;
    private final long length;
    private final byte[] metadata;
    private final List<MemorySegment> buffers = new ArrayList<>();
    private final List<Supplier<Array>> children = new ArrayList<>();
    private final List<String> childIds = new ArrayList<>();

    public TestParts(DType dtype, long length, byte[] metadata) {
        this.dtype = dtype;
        this.length = length;
        this.metadata = metadata.clone();
    }

    public static TestParts of(DType dtype, long length) {
        return new TestParts(dtype, length, new byte[0]);
    }

    public TestParts buffer(MemorySegment buffer) {
        buffers.add(buffer);
        return this;
    }

    public TestParts buffer(byte[] bytes) {
        return buffer(MemorySegment.ofArray(bytes.clone()));
    }

    public TestParts child(Array child) {
        children.add(() -> child);
        childIds.add(child.encodingId());
        return this;
    }

    /** A child that is itself an encoded node, decoded with {@code encoding} when the parent asks for it. */
    public TestParts child(ArrayEncoding encoding, TestParts child) {
        children.add(() -> encoding.decode(child));
        childIds.add(encoding.id());
        return this;
    }

    /** Decodes these parts with {@code encoding}. */
    public Array decode(ArrayEncoding encoding) {
        return encoding.decode(this);
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
        return ByteBuffer.wrap(metadata).asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }

    @Override
    public int bufferCount() {
        return buffers.size();
    }

    @Override
    public MemorySegment buffer(int index) {
        if (index < 0 || index >= buffers.size()) {
            throw malformed("no buffer " + index);
        }
        return buffers.get(index).asReadOnly();
    }

    @Override
    public int childCount() {
        return children.size();
    }

    @Override
    public String childEncodingId(int index) {
        childAt(index);
        return childIds.get(index);
    }

    @Override
    public Array child(int index, DType childDType, long childLength) {
        childAt(index);
        Array child = children.get(index).get();
        if (!child.dtype().equals(childDType) || child.length() != childLength) {
            throw malformed("child " + index + " is " + child.length() + " values of " + child.dtype()
                    + ", expected " + childLength + " of " + childDType);
        }
        return child;
    }

    @Override
    public Validity validity(int index) {
        if (index >= childCount()) {
            return Validity.allValid(dtype.nullable());
        }
        if (!dtype.nullable()) {
            throw malformed("has a validity child but its dtype " + dtype + " is not nullable");
        }
        Array v = child(index, new DType.Bool(false), length);
        if (v instanceof ConstantArray c) {
            return Boolean.TRUE.equals(c.scalar().value()) ? Validity.ALL_VALID : Validity.ALL_INVALID;
        }
        return new Validity.Mask(((BoolArray) v.toCanonical()).bits());
    }

    @Override
    public String location() {
        return "test node";
    }

    @Override
    public MalformedFileException malformed(String message) {
        return new MalformedFileException("malformed " + location() + ": " + message);
    }

    private void childAt(int index) {
        if (index < 0 || index >= children.size()) {
            throw malformed("no child " + index);
        }
    }
}
