package dev.quire.testplugin.internal;

import com.google.flatbuffers.FlatBufferBuilder;
import dev.quire.layout.QuireContext;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.ArrayEncoding;

import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.EncodedBuffer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A test-only writer of Vortex files with any layout tree, built straight from the format
 * (shared/docs/vortex-format.md): Quire's own writer only emits the built-in layouts. Arrays are serialized through
 * their {@link ArrayEncoding}s, so plugin encodings are written by their own {@code encode}. Supports the dtypes
 * the plugin tests use (bool, primitives and structs of them).
 */
final class VortexFileBuilder implements ArrayEncoder {
    private static final byte[] MAGIC = {'V', 'T', 'X', 'F'};

    /** A layout node to write. */
    record Node(String id, long rows, byte[] metadata, List<Node> children, List<Integer> segments) {
        Node {
            metadata = metadata.clone();
            children = List.copyOf(children);
            segments = List.copyOf(segments);
        }

        static Node flat(long rows, int segment) {
            return new Node("vortex.flat", rows, new byte[0], List.of(), List.of(segment));
        }

        static Node chunked(List<Node> chunks) {
            return new Node("vortex.chunked", chunks.stream().mapToLong(Node::rows).sum(), new byte[0], chunks,
                    List.of());
        }

        static Node struct(long rows, List<Node> fields) {
            return new Node("vortex.struct", rows, new byte[0], fields, List.of());
        }

        static Node wrap(String id, byte[] metadata, Node child) {
            return new Node(id, child.rows(), metadata, List.of(child), List.of());
        }

        /** The plugin's leaf: one segment written by {@link #writeArray}, as a flat layout's. */
        static Node segment(long rows, int segment) {
            return new Node(SegmentLayout.ID, rows, new byte[0], List.of(), List.of(segment));
        }

        /** The plugin's parent of many children, with the metadata its writer would give it. */
        static Node concat(List<Node> children) {
            return new Node(ConcatLayout.ID, children.stream().mapToLong(Node::rows).sum(),
                    ConcatLayout.metadata(children.size()), children, List.of());
        }
    }

    private record Segment(long offset, long length, int alignmentExponent) {}

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final Map<String, Integer> arraySpecs = new LinkedHashMap<>();
    private final List<Segment> segments = new ArrayList<>();

    VortexFileBuilder() {
        out.writeBytes(MAGIC);
    }

    // ---- ArrayEncoder: what encodings may ask of the writer ----

    @Override
    public EncodedArray encode(Array array) {
        ArrayEncoding encoding = QuireContext.defaults().arrayEncoding(array.encodingId());
        if (!encoding.canEncode()) {
            throw new IllegalArgumentException(array.encodingId() + " cannot be written");
        }
        return encoding.encode(array, this);
    }

    @Override
    public Optional<EncodedArray> validityChild(Validity validity, long length) {
        return switch (validity) {
            case Validity.NonNullable n -> Optional.empty();
            case Validity.AllValid a -> Optional.empty();
            case Validity.AllInvalid a ->
                    Optional.of(encode(new ConstantArray(new Scalar(new DType.Bool(false), false), length)));
            case Validity.Mask m -> m.bits().countOnes() == length ? Optional.empty()
                    : Optional.of(encode(new BoolArray(m.bits(), Validity.NON_NULLABLE)));
        };
    }

    // ---- segments ----

    /** Serializes {@code array} into a new data segment and returns its id. */
    int writeArray(Array array) {
        return writeEncoded(encode(array));
    }

    /** Writes an already encoded array tree, which may be malformed on purpose. */
    int writeEncoded(EncodedArray root) {
        List<EncodedArray> preorder = new ArrayList<>();
        collect(root, preorder);
        ByteArrayOutputStream segment = new ByteArrayOutputStream();
        List<long[]> buffers = new ArrayList<>(); // padding, alignment exponent, length
        int alignment = 3;
        for (EncodedArray node : preorder) {
            for (EncodedBuffer buffer : node.buffers()) {
                long padding = padding(segment.size(), buffer.alignmentExponent());
                segment.writeBytes(new byte[(int) padding]);
                byte[] bytes = buffer.bytes().toArray(ValueLayout.JAVA_BYTE);
                segment.writeBytes(bytes);
                buffers.add(new long[] {padding, buffer.alignmentExponent(), bytes.length});
                alignment = Math.max(alignment, buffer.alignmentExponent());
            }
        }
        segment.writeBytes(new byte[(int) padding(segment.size(), 3)]);
        byte[] flatbuffer = arrayFlatbuffer(root, buffers);
        segment.writeBytes(flatbuffer);
        segment.writeBytes(le32(flatbuffer.length));

        out.writeBytes(new byte[(int) padding(out.size(), alignment)]);
        segments.add(new Segment(out.size(), segment.size(), alignment));
        out.writeBytes(segment.toByteArray());
        return segments.size() - 1;
    }

    private static void collect(EncodedArray node, List<EncodedArray> into) {
        into.add(node);
        for (EncodedArray child : node.children()) {
            collect(child, into);
        }
    }

    private byte[] arrayFlatbuffer(EncodedArray root, List<long[]> buffers) {
        FlatBufferBuilder b = new FlatBufferBuilder(256);
        int rootNode = arrayNode(b, root, new int[1]);
        b.startVector(8, buffers.size(), 4);
        for (int i = buffers.size() - 1; i >= 0; i--) {
            long[] s = buffers.get(i);
            // struct Buffer { padding: u16; alignment_exponent: u8; compression: u8; length: u32 }, backwards
            b.putInt((int) s[2]);
            b.putByte((byte) 0);
            b.putByte((byte) s[1]);
            b.putShort((short) s[0]);
        }
        int bufferVector = b.endVector();
        b.startTable(2);
        b.addOffset(0, rootNode, 0);
        b.addOffset(1, bufferVector, 0);
        b.finish(b.endTable());
        return b.sizedByteArray();
    }

    /** One ArrayNode; buffer indices follow the pre-order in which {@link #writeArray} laid the buffers out. */
    private int arrayNode(FlatBufferBuilder b, EncodedArray node, int[] nextBuffer) {
        int firstBuffer = nextBuffer[0];
        nextBuffer[0] += node.buffers().size();
        int[] children = new int[node.children().size()];
        for (int i = 0; i < children.length; i++) {
            children[i] = arrayNode(b, node.children().get(i), nextBuffer);
        }
        int metadata = b.createByteVector(node.metadata());
        int childVector = children.length == 0 ? 0 : offsets(b, children);
        int bufferVector = 0;
        if (!node.buffers().isEmpty()) {
            b.startVector(2, node.buffers().size(), 2);
            for (int i = node.buffers().size() - 1; i >= 0; i--) {
                b.addShort((short) (firstBuffer + i));
            }
            bufferVector = b.endVector();
        }
        int encoding = arraySpecs.computeIfAbsent(node.encodingId(), id -> arraySpecs.size());
        b.startTable(4);
        b.addShort(0, (short) encoding, 0);
        b.addOffset(1, metadata, 0);
        if (childVector != 0) {
            b.addOffset(2, childVector, 0);
        }
        if (bufferVector != 0) {
            b.addOffset(3, bufferVector, 0);
        }
        return b.endTable();
    }

    // ---- footer ----

    /** Writes the dtype, layout and footer flatbuffers, the postscript and the end of file; returns the file. */
    byte[] finish(DType.Struct dtype, Node root) {
        long dtypeOffset = out.size();
        byte[] dtypeFb = dtypeFlatbuffer(dtype);
        out.writeBytes(dtypeFb);

        Map<String, Integer> layoutSpecs = new LinkedHashMap<>();
        long layoutOffset = out.size();
        FlatBufferBuilder lb = new FlatBufferBuilder(1024);
        lb.finish(layoutNode(lb, root, layoutSpecs));
        byte[] layoutFb = lb.sizedByteArray();
        out.writeBytes(layoutFb);

        long footerOffset = out.size();
        byte[] footerFb = footerFlatbuffer(layoutSpecs);
        out.writeBytes(footerFb);

        FlatBufferBuilder pb = new FlatBufferBuilder(128);
        int dtypeSeg = postscriptSegment(pb, dtypeOffset, dtypeFb.length);
        int layoutSeg = postscriptSegment(pb, layoutOffset, layoutFb.length);
        int footerSeg = postscriptSegment(pb, footerOffset, footerFb.length);
        pb.startTable(4);
        pb.addOffset(0, dtypeSeg, 0);
        pb.addOffset(1, layoutSeg, 0);
        pb.addOffset(3, footerSeg, 0);
        pb.finish(pb.endTable());
        byte[] postscript = pb.sizedByteArray();
        out.writeBytes(postscript);

        out.writeBytes(new byte[] {1, 0, (byte) postscript.length, (byte) (postscript.length >>> 8)});
        out.writeBytes(MAGIC);
        return out.toByteArray();
    }

    Path finish(DType.Struct dtype, Node root, Path path) throws IOException {
        return Files.write(path, finish(dtype, root));
    }

    private static int layoutNode(FlatBufferBuilder b, Node node, Map<String, Integer> specs) {
        int[] children = new int[node.children().size()];
        for (int i = 0; i < children.length; i++) {
            children[i] = layoutNode(b, node.children().get(i), specs);
        }
        int encoding = specs.computeIfAbsent(node.id(), id -> specs.size());
        int childVector = children.length == 0 ? 0 : offsets(b, children);
        int metadata = node.metadata().length == 0 ? 0 : b.createByteVector(node.metadata());
        int segmentVector = 0;
        if (!node.segments().isEmpty()) {
            b.startVector(4, node.segments().size(), 4);
            for (int i = node.segments().size() - 1; i >= 0; i--) {
                b.addInt(node.segments().get(i));
            }
            segmentVector = b.endVector();
        }
        b.startTable(5);
        b.addLong(1, node.rows(), 0);
        if (metadata != 0) {
            b.addOffset(2, metadata, 0);
        }
        if (childVector != 0) {
            b.addOffset(3, childVector, 0);
        }
        if (segmentVector != 0) {
            b.addOffset(4, segmentVector, 0);
        }
        b.addShort(0, (short) encoding, 0);
        return b.endTable();
    }

    private byte[] footerFlatbuffer(Map<String, Integer> layoutSpecs) {
        FlatBufferBuilder b = new FlatBufferBuilder(1024);
        int arrays = specVector(b, List.copyOf(arraySpecs.keySet()));
        int layouts = specVector(b, List.copyOf(layoutSpecs.keySet()));
        b.startVector(16, segments.size(), 8);
        for (int i = segments.size() - 1; i >= 0; i--) {
            Segment s = segments.get(i);
            // struct SegmentSpec { offset: u64; length: u32; alignment_exponent: u8; _compression: u8;
            // _encryption: u16 }, backwards
            b.prep(8, 16);
            b.putShort((short) 0);
            b.putByte((byte) 0);
            b.putByte((byte) s.alignmentExponent());
            b.putInt((int) s.length());
            b.putLong(s.offset());
        }
        int segmentVector = b.endVector();
        b.startTable(3);
        b.addOffset(0, arrays, 0);
        b.addOffset(1, layouts, 0);
        b.addOffset(2, segmentVector, 0);
        b.finish(b.endTable());
        return b.sizedByteArray();
    }

    private static int specVector(FlatBufferBuilder b, List<String> ids) {
        int[] tables = new int[ids.size()];
        for (int i = 0; i < tables.length; i++) {
            int id = b.createString(ids.get(i));
            b.startTable(1);
            b.addOffset(0, id, 0);
            tables[i] = b.endTable();
        }
        return offsets(b, tables);
    }

    private static int postscriptSegment(FlatBufferBuilder b, long offset, int length) {
        b.startTable(3);
        b.addLong(0, offset, 0);
        b.addInt(1, length, 0);
        b.addByte(2, (byte) 3, 0);
        return b.endTable();
    }

    // ---- dtype.fbs: union tags Bool = 2, Primitive = 3, Struct = 7 ----

    private static byte[] dtypeFlatbuffer(DType dtype) {
        FlatBufferBuilder b = new FlatBufferBuilder(256);
        b.finish(dtypeTable(b, dtype));
        return b.sizedByteArray();
    }

    private static int dtypeTable(FlatBufferBuilder b, DType dtype) {
        int tag;
        int value;
        switch (dtype) {
            case DType.Bool x -> {
                tag = 2;
                b.startTable(1);
                b.addBoolean(0, x.nullable(), false);
                value = b.endTable();
            }
            case DType.Primitive p -> {
                tag = 3;
                b.startTable(2);
                b.addByte(0, (byte) p.ptype().code(), 0);
                b.addBoolean(1, p.nullable(), false);
                value = b.endTable();
            }
            case DType.Struct s -> {
                tag = 7;
                int[] names = new int[s.fieldCount()];
                int[] types = new int[s.fieldCount()];
                for (int i = 0; i < names.length; i++) {
                    names[i] = b.createString(s.field(i).name());
                    types[i] = dtypeTable(b, s.field(i).dtype());
                }
                int nameVector = offsets(b, names);
                int typeVector = offsets(b, types);
                b.startTable(3);
                b.addOffset(0, nameVector, 0);
                b.addOffset(1, typeVector, 0);
                b.addBoolean(2, s.nullable(), false);
                value = b.endTable();
            }
            default -> throw new IllegalArgumentException("the test builder does not write " + dtype);
        }
        b.startTable(2);
        b.addByte(0, (byte) tag, 0);
        b.addOffset(1, value, 0);
        return b.endTable();
    }

    // ---- helpers ----

    private static int offsets(FlatBufferBuilder b, int[] offsets) {
        b.startVector(4, offsets.length, 4);
        for (int i = offsets.length - 1; i >= 0; i--) {
            b.addOffset(offsets[i]);
        }
        return b.endVector();
    }

    private static long padding(long position, int exponent) {
        long alignment = 1L << exponent;
        return (alignment - (position & (alignment - 1))) & (alignment - 1);
    }

    private static byte[] le32(int v) {
        return new byte[] {(byte) v, (byte) (v >>> 8), (byte) (v >>> 16), (byte) (v >>> 24)};
    }

    static BitBuffer bits(boolean[] values) {
        byte[] packed = new byte[(values.length + 7) / 8];
        for (int i = 0; i < values.length; i++) {
            if (values[i]) {
                packed[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        return BitBuffer.ofBytes(packed, values.length);
    }
}
