package dev.quire.layout.internal.format;

import com.google.flatbuffers.FlatBufferBuilder;
import dev.quire.errors.QuireIoException;
import dev.quire.layout.array.Array;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.format.SegmentSpec;
import dev.quire.layout.spi.ArrayCompressor;
import dev.quire.layout.spi.Plugins;
import dev.quire.layout.internal.fb.DTypeFlatbuffers;
import dev.quire.layout.spi.ChunkSink;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/**
 * The byte-level writer of a Vortex file: the leading magic, data segments (each aligned), and at the end the DType,
 * Layout and Footer flatbuffers, the Postscript and the end-of-file marker.
 *
 * <p>Segments are written through {@link Lane}s, whose segment ids are provisional: a lane compresses its arrays
 * on whatever thread writes to it, and its segments reach the file, with their final ids (positions in the footer's
 * segment table), only when {@link #commit} writes them. The layout tree keeps the provisional ids and {@link #finish}
 * translates them. Arrays are serialized at commit, so encodings are interned in the order segments reach the file,
 * whichever thread compressed them. Used by one thread, except that each lane's {@link Lane#writeArray} may run on
 * another (one thread per lane at a time).
 */
public final class FileWriter {
    private final WritableByteChannel out;
    private final SpecInterner arraySpecs = new SpecInterner();
    private final ArraySerializer serializer;
    private final List<SegmentSpec> segments = new ArrayList<>();
    /** The next provisional segment id; lanes take them from any thread. */
    private final AtomicInteger provisional = new AtomicInteger();
    /** The final id of each provisional one written so far, -1 for those still pending in a lane. */
    private int[] finalIds = new int[64];
    /** Applied to every array before it is serialized (the identity when compression is off). */
    private final UnaryOperator<Array> compressor;
    private long position;

    private final Plugins plugins;

    /**
     * A writer that serializes arrays through the encodings of {@code plugins}, passing every array through their
     * compressor first when {@code compress} is set and they have one.
     */
    public FileWriter(WritableByteChannel out, boolean lz4Buffers, Plugins plugins, boolean compress) {
        this.out = out;
        this.plugins = Objects.requireNonNull(plugins, "plugins is null");
        Optional<ArrayCompressor> chosen = compress ? plugins.compressor() : Optional.empty();
        this.compressor = chosen.<UnaryOperator<Array>>map(c -> array -> c.compress(array, plugins))
                .orElse(UnaryOperator.identity());
        this.serializer = new ArraySerializer(new PluginArrayEncoder(plugins), arraySpecs, lz4Buffers);
        write(MemorySegment.ofArray(FileFooter.MAGIC.clone()));
    }

    /** The plugins arrays are serialized (and column strategies found) with. */
    public Plugins plugins() {
        return plugins;
    }

    public long position() {
        return position;
    }

    /** A new lane, for one column's segments; they reach the file when {@link #commit} is given the lane. */
    public Lane lane() {
        return new Lane();
    }

    /** Writes the segments pending in {@code lane}, in the order it was given them, and empties it. */
    public void commit(Lane lane) {
        for (Lane.Pending p : lane.pending) {
            place(p.id(), writeSegment(p.array()));
        }
        lane.pending.clear();
    }

    /**
     * One column's segments: {@link #writeArray} compresses an array on the calling thread and keeps it, with the
     * provisional id it returns, until the file's writing thread {@link FileWriter#commit commits} the lane. Arrays
     * are immutable, so keeping them until then is safe. Used by one thread at a time.
     */
    public final class Lane implements ChunkSink {
        /** A compressed array waiting for its segment, under the provisional id it was given. */
        private record Pending(int id, Array array) {}

        private final List<Pending> pending = new ArrayList<>();

        private Lane() {}

        @Override
        public int writeArray(Array array) {
            Array compressed = compressor.apply(array);
            int id = provisional.getAndIncrement();
            pending.add(new Pending(id, compressed));
            return id;
        }
    }

    private void place(int id, int segment) {
        if (id >= finalIds.length) {
            int old = finalIds.length;
            finalIds = Arrays.copyOf(finalIds, Math.max(2 * old, id + 1));
            Arrays.fill(finalIds, old, finalIds.length, -1);
        }
        finalIds[id] = segment;
    }

    /** The final id of provisional segment id {@code id}. */
    private int finalId(int id) {
        int segment = id >= 0 && id < finalIds.length ? finalIds[id] : -1;
        if (segment < 0) {
            throw new IllegalStateException("the layout names segment " + id + ", which was never written"
                    + (id >= 0 && id < provisional.get() ? " (still pending in a lane)" : ""));
        }
        return segment;
    }

    /** Serializes {@code array} (already compressed) into the next segment and returns its final id. */
    private int writeSegment(Array array) {
        ArraySerializer.Serialized s = serializer.serialize(array);
        padTo(1L << s.alignmentExponent());
        long start = position;
        for (MemorySegment piece : s.pieces()) {
            write(piece);
        }
        segments.add(new SegmentSpec(start, s.length(), s.alignmentExponent()));
        return segments.size() - 1;
    }

    /** Writes the footer flatbuffers, postscript and end-of-file marker. The channel is left open. */
    public void finish(DType dtype, LayoutSpecNode root) {
        long dtypeOffset = position;
        byte[] dtypeFb = dtypeFlatbuffer(dtype);
        write(MemorySegment.ofArray(dtypeFb));

        SpecInterner layoutSpecs = new SpecInterner();
        long layoutOffset = position;
        byte[] layoutFb = layoutFlatbuffer(root, layoutSpecs);
        write(MemorySegment.ofArray(layoutFb));

        long footerOffset = position;
        byte[] footerFb = footerFlatbuffer(layoutSpecs);
        write(MemorySegment.ofArray(footerFb));

        byte[] postscript = postscript(dtypeOffset, dtypeFb.length, layoutOffset, layoutFb.length, footerOffset,
                footerFb.length);
        write(MemorySegment.ofArray(postscript));

        byte[] eof = new byte[FileFooter.EOF_SIZE];
        eof[0] = (byte) FileFooter.VERSION;
        eof[2] = (byte) postscript.length;
        eof[3] = (byte) (postscript.length >>> 8);
        System.arraycopy(FileFooter.MAGIC, 0, eof, 4, 4);
        write(MemorySegment.ofArray(eof));
    }

    private void padTo(long alignment) {
        long pad = (alignment - (position & (alignment - 1))) & (alignment - 1);
        if (pad > 0) {
            write(MemorySegment.ofArray(new byte[(int) pad]));
        }
    }

    private void write(MemorySegment bytes) {
        ByteBuffer buffer = asByteBuffer(bytes);
        try {
            while (buffer.hasRemaining()) {
                out.write(buffer);
            }
        } catch (IOException e) {
            throw new QuireIoException("writing at offset " + position + " failed: " + e.getMessage(), e);
        }
        position += bytes.byteSize();
    }

    /**
     * A byte buffer over {@code bytes}. Heap segments over {@code short[]}, {@code int[]}, ... (decoded and encoded
     * arrays) have no byte-buffer view, so they are copied once.
     */
    private static ByteBuffer asByteBuffer(MemorySegment bytes) {
        if (bytes.isNative() || bytes.heapBase().map(b -> b instanceof byte[]).orElse(true)) {
            return bytes.asByteBuffer();
        }
        return ByteBuffer.wrap(bytes.toArray(ValueLayout.JAVA_BYTE));
    }

    private static byte[] dtypeFlatbuffer(DType dtype) {
        FlatBufferBuilder b = new FlatBufferBuilder(256);
        b.finish(DTypeFlatbuffers.write(b, dtype));
        return b.sizedByteArray();
    }

    private byte[] layoutFlatbuffer(LayoutSpecNode root, SpecInterner layoutSpecs) {
        FlatBufferBuilder b = new FlatBufferBuilder(1024);
        b.finish(layoutNode(b, root, layoutSpecs));
        return b.sizedByteArray();
    }

    /** Children first, so layout specs are interned in post-order of first use, as the reference does. */
    private int layoutNode(FlatBufferBuilder b, LayoutSpecNode node, SpecInterner layoutSpecs) {
        int[] children = new int[node.children().size()];
        for (int i = 0; i < children.length; i++) {
            children[i] = layoutNode(b, node.children().get(i), layoutSpecs);
        }
        int encoding = layoutSpecs.intern(node.id());
        int childVec = 0;
        if (children.length > 0) {
            b.startVector(4, children.length, 4);
            for (int i = children.length - 1; i >= 0; i--) {
                b.addOffset(children[i]);
            }
            childVec = b.endVector();
        }
        int metaVec = node.metadata().length == 0 ? 0 : b.createByteVector(node.metadata());
        int segVec = 0;
        if (!node.segments().isEmpty()) {
            b.startVector(4, node.segments().size(), 4);
            for (int i = node.segments().size() - 1; i >= 0; i--) {
                b.addInt(finalId(node.segments().get(i)));
            }
            segVec = b.endVector();
        }
        b.startTable(5);
        b.addLong(1, node.rowCount(), 0);
        if (metaVec != 0) {
            b.addOffset(2, metaVec, 0);
        }
        if (childVec != 0) {
            b.addOffset(3, childVec, 0);
        }
        if (segVec != 0) {
            b.addOffset(4, segVec, 0);
        }
        b.addShort(0, (short) encoding, 0);
        return b.endTable();
    }

    private byte[] footerFlatbuffer(SpecInterner layoutSpecs) {
        FlatBufferBuilder b = new FlatBufferBuilder(1024);
        int arrays = specVector(b, arraySpecs.ids());
        int layouts = specVector(b, layoutSpecs.ids());
        b.startVector(16, segments.size(), 8);
        for (int i = segments.size() - 1; i >= 0; i--) {
            SegmentSpec s = segments.get(i);
            b.prep(8, 16);
            b.putShort((short) 0); // _encryption
            b.putByte((byte) 0); // _compression
            b.putByte((byte) s.alignmentExponent());
            b.putInt((int) s.length());
            b.putLong(s.offset());
        }
        int segs = b.endVector();
        b.startTable(5);
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
        b.startVector(4, tables.length, 4);
        for (int i = tables.length - 1; i >= 0; i--) {
            b.addOffset(tables[i]);
        }
        return b.endVector();
    }

    private static byte[] postscript(long dtypeOffset, int dtypeLength, long layoutOffset, int layoutLength,
            long footerOffset, int footerLength) {
        FlatBufferBuilder b = new FlatBufferBuilder(128);
        int dtype = psSegment(b, dtypeOffset, dtypeLength);
        int layout = psSegment(b, layoutOffset, layoutLength);
        int footer = psSegment(b, footerOffset, footerLength);
        b.startTable(4);
        b.addOffset(0, dtype, 0);
        b.addOffset(1, layout, 0);
        b.addOffset(3, footer, 0);
        b.finish(b.endTable());
        return b.sizedByteArray();
    }

    private static int psSegment(FlatBufferBuilder b, long offset, int length) {
        b.startTable(5);
        b.addLong(0, offset, 0);
        b.addInt(1, length, 0);
        b.addByte(2, (byte) 3, 0);
        return b.endTable();
    }
}
