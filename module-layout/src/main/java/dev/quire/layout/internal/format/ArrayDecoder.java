package dev.quire.layout.internal.format;

import dev.quire.errors.MalformedFileException;
import dev.quire.errors.QuireException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.internal.fb.FbBuffer;
import dev.quire.layout.internal.fb.FbTable;
import dev.quire.layout.internal.fb.FbVector;
import dev.quire.layout.spi.ArrayEncoding;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Decodes one serialized array (the bytes of a flat layout's segment): locates the Array flatbuffer at the end,
 * slices the buffers it lists out of the segment, and hands each node to its encoding.
 */
final class ArrayDecoder {
    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0).asReadOnlyBuffer();
    private static final DType VALIDITY = new DType.Bool(false);

    private ArrayDecoder() {}

    static Array decode(FileContext file, MemorySegment segment, String location, long fileOffset,
            ByteBuffer inlineTree, DType dtype, long length) {
        long size = segment.byteSize();
        long buffersEnd;
        FbBuffer fb;
        if (inlineTree != null) {
            fb = new FbBuffer(inlineTree, "inline array tree of " + location, -1, file.limits().maxArrayNodes() * 4);
            buffersEnd = size;
        } else {
            if (size < 4) {
                throw new MalformedFileException(location + ": a segment of " + size
                        + " bytes cannot hold a serialized array", fileOffset);
            }
            long fbLength = Integer.toUnsignedLong(segment.get(LittleEndian.INT, size - 4));
            if (fbLength > size - 4) {
                throw new MalformedFileException(location + ": array flatbuffer length " + fbLength
                        + " exceeds its " + size + "-byte segment", fileOffset + size - 4);
            }
            buffersEnd = size - 4 - fbLength;
            ByteBuffer bytes = segment.asSlice(buffersEnd, fbLength).asByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
            fb = new FbBuffer(bytes, "array flatbuffer of " + location, fileOffset + buffersEnd,
                    file.limits().maxArrayNodes() * 4);
        }
        FbTable array = fb.root();
        FbVector bufferSpecs = array.vector(1, "buffers", 8);
        int bufferCount = bufferSpecs == null ? 0 : bufferSpecs.length();
        MemorySegment[] buffers = new MemorySegment[bufferCount];
        long pos = 0;
        for (int i = 0; i < bufferCount; i++) {
            long padding = bufferSpecs.structField(i, 0, 2);
            int compression = (int) bufferSpecs.structField(i, 3, 1);
            long len = bufferSpecs.structField(i, 4, 4);
            pos += padding;
            if (pos + len > buffersEnd) {
                throw new MalformedFileException(location + ": buffer " + i + " spans bytes [" + pos + ", "
                        + (pos + len) + ") but the buffers end at " + buffersEnd, fileOffset + Math.min(pos, size));
            }
            MemorySegment raw = segment.asSlice(pos, len);
            buffers[i] = switch (compression) {
                case 0 -> raw;
                case 1 -> Lz4Buffers.decompress(raw, location + " buffer " + i);
                default -> throw new MalformedFileException(location + ": buffer " + i + " has unknown compression "
                        + compression, fileOffset + pos);
            };
            pos += len;
        }
        FbTable root = array.table(0, "root");
        if (root == null) {
            throw new MalformedFileException(location + ": the array flatbuffer has no root node");
        }
        Decoding d = new Decoding(file, location, buffers);
        return d.decode(root, dtype, length, 0, "root");
    }

    /** The state of decoding one segment's tree. */
    private static final class Decoding {
        final FileContext file;
        final String location;
        final MemorySegment[] buffers;
        final AtomicInteger nodes = new AtomicInteger();

        Decoding(FileContext file, String location, MemorySegment[] buffers) {
            this.file = file;
            this.location = location;
            this.buffers = buffers;
        }

        Array decode(FbTable node, DType dtype, long length, int depth, String nodePath) {
            if (nodes.incrementAndGet() > file.limits().maxArrayNodes()) {
                throw new MalformedFileException(location + ": the array tree has more than "
                        + file.limits().maxArrayNodes() + " nodes");
            }
            if (depth > file.limits().maxDepth()) {
                throw new MalformedFileException(location + ": the array tree is nested deeper than "
                        + file.limits().maxDepth() + " levels");
            }
            Parts parts = new Parts(this, node, dtype, length, depth, nodePath);
            ArrayEncoding encoding = file.encoding(parts.specIndex, parts.location());
            Array out;
            try {
                out = encoding.decode(parts);
            } catch (QuireException e) {
                throw e;
            } catch (RuntimeException e) {
                // An encoding that trusted its input too far: report the node, not the JDK exception.
                throw new MalformedFileException(parts.location() + ": encoding `" + encoding.id()
                        + "` failed on malformed input: " + e, e);
            }
            if (out.length() != length) {
                throw parts.malformed("decoded " + out.length() + " values, expected " + length);
            }
            if (!out.dtype().equals(dtype)) {
                throw parts.malformed("decoded " + out.dtype() + ", expected " + dtype);
            }
            return out;
        }
    }

    private static final class Parts implements ArrayParts {
        private final Decoding decoding;
        private final FbTable node;
        private final DType dtype;
        private final long length;
        private final int depth;
        private final String nodePath;
        final int specIndex;
        private final ByteBuffer metadata;
        private final FbVector children;
        private final FbVector bufferIndices;

        Parts(Decoding decoding, FbTable node, DType dtype, long length, int depth, String nodePath) {
            this.decoding = decoding;
            this.node = node;
            this.dtype = dtype;
            this.length = length;
            this.depth = depth;
            this.nodePath = nodePath;
            this.specIndex = node.u16(0, "encoding", 0);
            ByteBuffer meta = node.bytes(1, "metadata");
            if (meta != null && meta.remaining() > decoding.file.limits().maxMetadataBytes()) {
                throw malformed("metadata of " + meta.remaining() + " bytes exceeds the limit");
            }
            this.metadata = meta == null ? EMPTY : meta.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
            this.children = node.vector(2, "children", 4);
            this.bufferIndices = node.vector(3, "buffers", 2);
            if (bufferIndices != null) {
                for (int i = 0; i < bufferIndices.length(); i++) {
                    int b = bufferIndices.u16(i);
                    if (b >= decoding.buffers.length) {
                        throw malformed("names buffer " + b + " but the segment has " + decoding.buffers.length);
                    }
                }
            }
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
            return metadata.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        }

        @Override
        public int bufferCount() {
            return bufferIndices == null ? 0 : bufferIndices.length();
        }

        @Override
        public MemorySegment buffer(int index) {
            if (index < 0 || index >= bufferCount()) {
                throw malformed("buffer " + index + " is missing (the node has " + bufferCount() + ")");
            }
            return decoding.buffers[bufferIndices.u16(index)];
        }

        @Override
        public int childCount() {
            return children == null ? 0 : children.length();
        }

        private FbTable childTable(int index) {
            if (index < 0 || index >= childCount()) {
                throw malformed("child " + index + " is missing (the node has " + childCount() + ")");
            }
            return children.table(index);
        }

        @Override
        public String childEncodingId(int index) {
            return decoding.file.encodingId(childTable(index).u16(0, "encoding", 0), location());
        }

        @Override
        public Array child(int index, DType childDType, long childLength) {
            return decoding.decode(childTable(index), childDType, childLength, depth + 1,
                    nodePath + ".child[" + index + "]");
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
            BoolArray bits = (BoolArray) v.toCanonical();
            return new Validity.Mask(bits.bits());
        }

        @Override
        public String location() {
            String id;
            try {
                id = decoding.file.encodingId(specIndex, decoding.location);
            } catch (MalformedFileException e) {
                id = "encoding #" + specIndex;
            }
            return decoding.location + " array " + nodePath + " (" + id + ")";
        }

        @Override
        public MalformedFileException malformed(String message) {
            return new MalformedFileException("malformed " + location() + ": " + message);
        }
    }
}
