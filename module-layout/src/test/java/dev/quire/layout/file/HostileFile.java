package dev.quire.layout.file;

import com.google.flatbuffers.FlatBufferBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.format.SegmentSpec;
import dev.quire.layout.internal.fb.DTypeFlatbuffers;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * Builds Vortex files by hand, flatbuffer by flatbuffer, so a test can state any value the format can carry: huge
 * lengths and counts, deep nesting, layout and array trees that share children (DAGs), footers whose specs and
 * segment entries disagree with the bytes. Nodes used twice are written once and referenced twice.
 */
final class HostileFile {
    /** An ArrayNode: encoding index, metadata, children, indices into the segment's buffers. */
    static final class ArrayNode {
        final int encoding;
        final byte[] metadata;
        final List<ArrayNode> children = new ArrayList<>();
        final int[] buffers;

        ArrayNode(int encoding, byte[] metadata, int... buffers) {
            this.encoding = encoding;
            this.metadata = metadata;
            this.buffers = buffers;
        }

        ArrayNode child(ArrayNode c) {
            children.add(c);
            return this;
        }
    }

    /** A Buffer struct of the Array flatbuffer. */
    record BufferSpec(int padding, int alignmentExponent, int compression, long length) {}

    /** A Layout table. */
    static final class LayoutNode {
        final int encoding;
        final long rowCount;
        byte[] metadata = new byte[0];
        final List<LayoutNode> children = new ArrayList<>();
        long[] segments = new long[0];

        LayoutNode(int encoding, long rowCount) {
            this.encoding = encoding;
            this.rowCount = rowCount;
        }

        LayoutNode child(LayoutNode c) {
            children.add(c);
            return this;
        }

        LayoutNode segments(long... ids) {
            this.segments = ids;
            return this;
        }

        LayoutNode metadata(byte[] m) {
            this.metadata = m;
            return this;
        }
    }

    /** A SegmentSpec of the footer. */
    record SegmentSpec(long offset, long length, int alignmentExponent) {}

    private ToIntFunction<FlatBufferBuilder> dtype;
    private LayoutNode layout;
    private List<String> arraySpecs = List.of();
    private List<String> layoutSpecs = List.of();
    private final List<byte[]> segments = new ArrayList<>();
    private List<SegmentSpec> segmentSpecs;

    HostileFile dtype(DType d) {
        this.dtype = b -> DTypeFlatbuffers.write(b, d);
        return this;
    }

    /** A dtype written by the caller: the function returns the offset of a DType table. */
    HostileFile dtype(ToIntFunction<FlatBufferBuilder> writer) {
        this.dtype = writer;
        return this;
    }

    HostileFile layout(LayoutNode root) {
        this.layout = root;
        return this;
    }

    HostileFile arraySpecs(String... ids) {
        this.arraySpecs = List.of(ids);
        return this;
    }

    HostileFile layoutSpecs(String... ids) {
        this.layoutSpecs = List.of(ids);
        return this;
    }

    HostileFile segment(byte[] bytes) {
        segments.add(bytes);
        return this;
    }

    /** Replaces the segment specs the builder would compute. */
    HostileFile segmentSpecs(SegmentSpec... specs) {
        this.segmentSpecs = List.of(specs);
        return this;
    }

    byte[] build() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {'V', 'T', 'X', 'F', 0, 0, 0, 0});
        List<SegmentSpec> computed = new ArrayList<>();
        for (byte[] s : segments) {
            while (out.size() % 16 != 0) {
                out.write(0);
            }
            computed.add(new SegmentSpec(out.size(), s.length, 4));
            out.writeBytes(s);
        }
        List<SegmentSpec> specs = segmentSpecs != null ? segmentSpecs : computed;

        long dtypeOffset = out.size();
        FlatBufferBuilder db = new FlatBufferBuilder(256);
        db.finish(dtype.applyAsInt(db));
        byte[] dtypeFb = db.sizedByteArray();
        out.writeBytes(dtypeFb);

        long layoutOffset = out.size();
        FlatBufferBuilder lb = new FlatBufferBuilder(1024);
        lb.finish(layoutTable(lb, layout, new IdentityHashMap<>()));
        byte[] layoutFb = lb.sizedByteArray();
        out.writeBytes(layoutFb);

        long footerOffset = out.size();
        byte[] footerFb = footer(specs);
        out.writeBytes(footerFb);

        FlatBufferBuilder pb = new FlatBufferBuilder(128);
        int d = psSegment(pb, dtypeOffset, dtypeFb.length);
        int l = psSegment(pb, layoutOffset, layoutFb.length);
        int f = psSegment(pb, footerOffset, footerFb.length);
        pb.startTable(4);
        pb.addOffset(0, d, 0);
        pb.addOffset(1, l, 0);
        pb.addOffset(3, f, 0);
        pb.finish(pb.endTable());
        byte[] ps = pb.sizedByteArray();
        out.writeBytes(ps);
        out.writeBytes(new byte[] {1, 0, (byte) ps.length, (byte) (ps.length >>> 8), 'V', 'T', 'X', 'F'});
        return out.toByteArray();
    }

    private static int psSegment(FlatBufferBuilder b, long offset, int length) {
        b.startTable(3);
        b.addLong(0, offset, 0);
        b.addInt(1, length, 0);
        b.addByte(2, (byte) 3, 0);
        return b.endTable();
    }

    private byte[] footer(List<SegmentSpec> specs) {
        FlatBufferBuilder b = new FlatBufferBuilder(1024);
        int arrays = specVector(b, arraySpecs);
        int layouts = specVector(b, layoutSpecs);
        b.startVector(16, specs.size(), 8);
        for (int i = specs.size() - 1; i >= 0; i--) {
            SegmentSpec s = specs.get(i);
            b.prep(8, 16);
            b.putShort((short) 0);
            b.putByte((byte) 0);
            b.putByte((byte) s.alignmentExponent());
            b.putInt((int) s.length());
            b.putLong(s.offset());
        }
        int segs = b.endVector();
        b.startTable(3);
        b.addOffset(0, arrays, 0);
        b.addOffset(1, layouts, 0);
        b.addOffset(2, segs, 0);
        b.finish(b.endTable());
        return b.sizedByteArray();
    }

    private static int specVector(FlatBufferBuilder b, List<String> ids) {
        int[] tables = new int[ids.size()];
        for (int i = 0; i < tables.length; i++) {
            int s = b.createString(ids.get(i));
            b.startTable(1);
            b.addOffset(0, s, 0);
            tables[i] = b.endTable();
        }
        return offsets(b, tables);
    }

    static int offsets(FlatBufferBuilder b, int[] offsets) {
        b.startVector(4, offsets.length, 4);
        for (int i = offsets.length - 1; i >= 0; i--) {
            b.addOffset(offsets[i]);
        }
        return b.endVector();
    }

    private static int layoutTable(FlatBufferBuilder b, LayoutNode node, Map<LayoutNode, Integer> written) {
        Integer done = written.get(node);
        if (done != null) {
            return done;
        }
        int[] children = new int[node.children.size()];
        for (int i = 0; i < children.length; i++) {
            children[i] = layoutTable(b, node.children.get(i), written);
        }
        int childVec = children.length == 0 ? 0 : offsets(b, children);
        int metaVec = node.metadata.length == 0 ? 0 : b.createByteVector(node.metadata);
        int segVec = 0;
        if (node.segments.length > 0) {
            b.startVector(4, node.segments.length, 4);
            for (int i = node.segments.length - 1; i >= 0; i--) {
                b.addInt((int) node.segments[i]);
            }
            segVec = b.endVector();
        }
        b.startTable(5);
        b.addLong(1, node.rowCount, 0);
        if (metaVec != 0) {
            b.addOffset(2, metaVec, 0);
        }
        if (childVec != 0) {
            b.addOffset(3, childVec, 0);
        }
        if (segVec != 0) {
            b.addOffset(4, segVec, 0);
        }
        b.addShort(0, (short) node.encoding, 0);
        int t = b.endTable();
        written.put(node, t);
        return t;
    }

    /** A segment: the buffers (each padded to 16), then the Array flatbuffer padded to 8, then its u32 length. */
    static byte[] segment(ArrayNode root, byte[]... buffers) {
        List<BufferSpec> specs = new ArrayList<>();
        int pos = 0;
        for (byte[] buf : buffers) {
            int pad = (16 - pos % 16) % 16;
            specs.add(new BufferSpec(pad, 4, 0, buf.length));
            pos += pad + buf.length;
        }
        return segment(root, specs, buffers);
    }

    /** A segment whose Buffer structs say what {@code specs} say, whatever the bytes are. */
    static byte[] segment(ArrayNode root, List<BufferSpec> specs, byte[]... buffers) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < buffers.length; i++) {
            int pad = i < specs.size() ? specs.get(i).padding() : 0;
            out.writeBytes(new byte[pad]);
            out.writeBytes(buffers[i]);
        }
        while (out.size() % 8 != 0) {
            out.write(0);
        }
        FlatBufferBuilder b = new FlatBufferBuilder(256);
        int rootNode = arrayNode(b, root, new IdentityHashMap<>());
        b.startVector(8, specs.size(), 4);
        for (int i = specs.size() - 1; i >= 0; i--) {
            BufferSpec s = specs.get(i);
            b.putInt((int) s.length());
            b.putByte((byte) s.compression());
            b.putByte((byte) s.alignmentExponent());
            b.putShort((short) s.padding());
        }
        int bufs = b.endVector();
        b.startTable(2);
        b.addOffset(0, rootNode, 0);
        b.addOffset(1, bufs, 0);
        b.finish(b.endTable());
        byte[] fb = b.sizedByteArray();
        out.writeBytes(fb);
        out.writeBytes(new byte[] {(byte) fb.length, (byte) (fb.length >>> 8), (byte) (fb.length >>> 16),
                (byte) (fb.length >>> 24)});
        return out.toByteArray();
    }

    private static int arrayNode(FlatBufferBuilder b, ArrayNode node, Map<ArrayNode, Integer> written) {
        Integer done = written.get(node);
        if (done != null) {
            return done;
        }
        int[] children = new int[node.children.size()];
        for (int i = 0; i < children.length; i++) {
            children[i] = arrayNode(b, node.children.get(i), written);
        }
        int childVec = children.length == 0 ? 0 : offsets(b, children);
        int metaVec = b.createByteVector(node.metadata);
        int bufVec = 0;
        if (node.buffers.length > 0) {
            b.startVector(2, node.buffers.length, 2);
            for (int i = node.buffers.length - 1; i >= 0; i--) {
                b.addShort((short) node.buffers[i]);
            }
            bufVec = b.endVector();
        }
        b.startTable(5);
        b.addOffset(1, metaVec, 0);
        if (childVec != 0) {
            b.addOffset(2, childVec, 0);
        }
        if (bufVec != 0) {
            b.addOffset(3, bufVec, 0);
        }
        b.addShort(0, (short) node.encoding, 0);
        int t = b.endTable();
        written.put(node, t);
        return t;
    }

    /** Little-endian bytes of longs. */
    static byte[] longs(long... values) {
        byte[] out = new byte[8 * values.length];
        for (int i = 0; i < values.length; i++) {
            Mutations.putLong(out, 8 * i, values[i], 8);
        }
        return out;
    }

    static byte[] bytes(int... values) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (byte) values[i];
        }
        return out;
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
