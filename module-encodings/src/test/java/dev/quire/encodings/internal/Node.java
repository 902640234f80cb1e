package dev.quire.encodings.internal;

import com.google.protobuf.Message;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ScalarValues;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * A serialized array node held in memory, as a test builds it by hand: encoding id, metadata bytes, buffers and
 * children. {@link InMemoryParts} decodes it through the encodings found by {@link java.util.ServiceLoader}.
 */
public record Node(String encoding, byte[] metadata, List<MemorySegment> buffers, List<Node> children) {
    public Node {
        metadata = metadata.clone();
        buffers = List.copyOf(buffers);
        children = List.copyOf(children);
    }

    public static Node of(String encoding, Message metadata, List<MemorySegment> buffers, List<Node> children) {
        return new Node(encoding, metadata.toByteArray(), buffers, children);
    }

    public static Node of(String encoding, List<MemorySegment> buffers, List<Node> children) {
        return new Node(encoding, new byte[0], buffers, children);
    }

    /** This node with {@code child} appended (a validity child, say). */
    public Node with(Node child) {
        List<Node> more = new java.util.ArrayList<>(children);
        more.add(child);
        return new Node(encoding, metadata, buffers, more);
    }

    /** A {@code vortex.primitive} node of {@code values} (each narrowed to the ptype's width, little-endian). */
    public static Node primitive(PType ptype, long... values) {
        int width = ptype.byteWidth();
        MemorySegment bytes = MemorySegment.ofArray(new byte[values.length * width]);
        for (int i = 0; i < values.length; i++) {
            long at = (long) i * width;
            switch (width) {
                case 1 -> bytes.set(ValueLayout.JAVA_BYTE, at, (byte) values[i]);
                case 2 -> bytes.set(LittleEndian.SHORT, at, (short) values[i]);
                case 4 -> bytes.set(LittleEndian.INT, at, (int) values[i]);
                default -> bytes.set(LittleEndian.LONG, at, values[i]);
            }
        }
        return of("vortex.primitive", List.of(bytes), List.of());
    }

    public static Node f64(double... values) {
        MemorySegment bytes = MemorySegment.ofArray(new byte[values.length * 8]);
        for (int i = 0; i < values.length; i++) {
            bytes.set(LittleEndian.DOUBLE, (long) i * 8, values[i]);
        }
        return of("vortex.primitive", List.of(bytes), List.of());
    }

    public static Node f32(float... values) {
        MemorySegment bytes = MemorySegment.ofArray(new byte[values.length * 4]);
        for (int i = 0; i < values.length; i++) {
            bytes.set(LittleEndian.FLOAT, (long) i * 4, values[i]);
        }
        return of("vortex.primitive", List.of(bytes), List.of());
    }

    /** A {@code vortex.bool} node, LSB first; as a validity child, true means valid. */
    public static Node bools(boolean... values) {
        byte[] packed = new byte[(values.length + 7) / 8];
        for (int i = 0; i < values.length; i++) {
            if (values[i]) {
                packed[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        return of("vortex.bool", List.of(MemorySegment.ofArray(packed)), List.of());
    }

    /** A {@code vortex.constant} node of {@code scalar}. */
    public static Node constant(Scalar scalar) {
        return of("vortex.constant", List.of(MemorySegment.ofArray(ScalarValues.encode(scalar))), List.of());
    }

    /** A {@code vortex.primitive} validity child for {@code valid}, or none (null) when every value is valid. */
    public static Node validity(boolean[] valid) {
        for (boolean v : valid) {
            if (!v) {
                return bools(valid);
            }
        }
        return null;
    }

    /** This node with the validity child of {@code valid} appended when some value is null. */
    public Node withValidity(boolean[] valid) {
        Node v = validity(valid);
        return v == null ? this : with(v);
    }
}
