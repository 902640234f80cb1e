package dev.quire.layout.internal.format;

import com.google.flatbuffers.FlatBufferBuilder;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.spi.ArrayEncoder;
import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.EncodedBuffer;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * Serializes an array tree into the bytes of one segment: its buffers in pre-order, each padded to its alignment
 * relative to the segment start, then the Array flatbuffer padded to 8, then the flatbuffer's u32 length.
 */
final class ArraySerializer {

    /** The bytes of one segment, as pieces to write in order. */
    record Serialized(List<MemorySegment> pieces, long length, int alignmentExponent) {}

    private final ArrayEncoder encoder;
    private final SpecInterner arraySpecs;
    private final boolean lz4;

    ArraySerializer(ArrayEncoder encoder, SpecInterner arraySpecs, boolean lz4) {
        this.encoder = encoder;
        this.arraySpecs = arraySpecs;
        this.lz4 = lz4;
    }

    Serialized serialize(Array array) {
        EncodedArray root = encoder.encode(array);
        List<EncodedArray> preorder = new ArrayList<>();
        collect(root, preorder);

        List<MemorySegment> pieces = new ArrayList<>();
        List<long[]> bufferSpecs = new ArrayList<>(); // padding, alignment exponent, compression, length
        long pos = 0;
        int segmentAlignment = 3;
        for (EncodedArray node : preorder) {
            for (EncodedBuffer buffer : node.buffers()) {
                MemorySegment bytes = buffer.bytes();
                int compression = 0;
                if (lz4 && bytes.byteSize() > 0) {
                    bytes = Lz4Buffers.compress(bytes);
                    compression = 1;
                }
                int exp = buffer.alignmentExponent();
                segmentAlignment = Math.max(segmentAlignment, exp);
                long padding = pad(pos, exp);
                if (padding > 0) {
                    pieces.add(MemorySegment.ofArray(new byte[(int) padding]));
                }
                pieces.add(bytes);
                bufferSpecs.add(new long[] {padding, exp, compression, bytes.byteSize()});
                pos += padding + bytes.byteSize();
            }
        }
        if (bufferSpecs.size() > 0xFFFF) {
            throw new InvalidArgumentException("an array tree with " + bufferSpecs.size()
                    + " buffers exceeds the format's 65535");
        }
        long fbPadding = pad(pos, 3);
        if (fbPadding > 0) {
            pieces.add(MemorySegment.ofArray(new byte[(int) fbPadding]));
            pos += fbPadding;
        }
        byte[] fb = arrayFlatbuffer(root, bufferSpecs);
        pieces.add(MemorySegment.ofArray(fb));
        byte[] trailer = new byte[4];
        trailer[0] = (byte) fb.length;
        trailer[1] = (byte) (fb.length >>> 8);
        trailer[2] = (byte) (fb.length >>> 16);
        trailer[3] = (byte) (fb.length >>> 24);
        pieces.add(MemorySegment.ofArray(trailer));
        pos += fb.length + 4;
        return new Serialized(pieces, pos, segmentAlignment);
    }

    private static long pad(long pos, int exponent) {
        long align = 1L << exponent;
        return (align - (pos & (align - 1))) & (align - 1);
    }

    private static void collect(EncodedArray node, List<EncodedArray> out) {
        out.add(node);
        for (EncodedArray c : node.children()) {
            collect(c, out);
        }
    }

    private byte[] arrayFlatbuffer(EncodedArray root, List<long[]> bufferSpecs) {
        FlatBufferBuilder b = new FlatBufferBuilder(256);
        int[] nextBuffer = {0};
        int rootNode = node(b, root, nextBuffer);
        b.startVector(8, bufferSpecs.size(), 4);
        for (int i = bufferSpecs.size() - 1; i >= 0; i--) {
            long[] s = bufferSpecs.get(i);
            // struct Buffer { padding: u16; alignment_exponent: u8; compression: u8; length: u32 }, built backwards
            b.putInt((int) s[3]);
            b.putByte((byte) s[2]);
            b.putByte((byte) s[1]);
            b.putShort((short) s[0]);
        }
        int buffers = b.endVector();
        b.startTable(2);
        b.addOffset(0, rootNode, 0);
        b.addOffset(1, buffers, 0);
        b.finish(b.endTable());
        return b.sizedByteArray();
    }

    /** Writes one ArrayNode; buffer indices follow pre-order, so this node's come before its children's. */
    private int node(FlatBufferBuilder b, EncodedArray node, int[] nextBuffer) {
        int firstBuffer = nextBuffer[0];
        nextBuffer[0] += node.buffers().size();
        int[] children = new int[node.children().size()];
        for (int i = 0; i < children.length; i++) {
            children[i] = node(b, node.children().get(i), nextBuffer);
        }
        byte[] metadata = node.metadata();
        int metaVec = b.createByteVector(metadata);
        int childVec = 0;
        if (children.length > 0) {
            b.startVector(4, children.length, 4);
            for (int i = children.length - 1; i >= 0; i--) {
                b.addOffset(children[i]);
            }
            childVec = b.endVector();
        }
        int bufVec = 0;
        if (!node.buffers().isEmpty()) {
            b.startVector(2, node.buffers().size(), 2);
            for (int i = node.buffers().size() - 1; i >= 0; i--) {
                b.addShort((short) (firstBuffer + i));
            }
            bufVec = b.endVector();
        }
        int encoding = arraySpecs.intern(node.encodingId());
        b.startTable(5);
        b.addShort(0, (short) encoding, 0);
        b.addOffset(1, metaVec, 0);
        if (childVec != 0) {
            b.addOffset(2, childVec, 0);
        }
        if (bufVec != 0) {
            b.addOffset(3, bufVec, 0);
        }
        return b.endTable();
    }
}
