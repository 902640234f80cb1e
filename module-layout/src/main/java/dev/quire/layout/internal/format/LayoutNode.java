package dev.quire.layout.internal.format;

import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.internal.fb.FbTable;
import dev.quire.layout.internal.fb.FbVector;
import dev.quire.layout.spi.Layout;
import dev.quire.layout.spi.LayoutVTable;
import dev.quire.layout.spi.MetadataParser;
import dev.quire.layout.spi.SegmentBatch;
import dev.quire.layout.spi.SegmentSource;
import dev.quire.splits.RowOffsets;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReferenceArray;

/** A {@link Layout} read from the layout flatbuffer; children are built on demand and cached. */
public final class LayoutNode implements Layout {
    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0).asReadOnlyBuffer();
    private static final char[] NO_SPECS = new char[0];

    private final FileContext file;
    private final FbTable table;
    private final LayoutVTable vtable;
    private final DType dtype;
    private final long rowCount;
    private final ByteBuffer metadata;
    private final FbVector children;
    private final FbVector segments;
    private final int depth;
    /** The parent and this node's index in it (null and -1 for the root), from which the path is made on demand. */
    private final LayoutNode parent;
    private final int index;
    private volatile String path;
    /** The children built so far; made on the first {@link #child} call, since most nodes never build one. */
    private volatile AtomicReferenceArray<LayoutNode> built;
    /**
     * One-entry memo of {@link #childHasNoInteriorSplits}: the last child layout spec index asked about, shifted
     * left once, plus 1 when that layout registers no interior splits; -1 before the first answer. Siblings almost
     * always share a layout, so this spares the registry lookup, and it allocates nothing.
     */
    private volatile int lastSplitAnswer = -1;
    /** The children's row offsets and layout encodings, read in one pass over their tables when first asked. */
    private volatile ChildHeaders headers;
    /**
     * {@link #anyChildHasInteriorSplits()} once answered: {@link #INTERIOR_UNKNOWN}, {@link #INTERIOR_NONE} or
     * {@link #INTERIOR_SOME}. Kept with the node, so every reader of it (fresh reader trees included) shares it.
     */
    private volatile byte interior = INTERIOR_UNKNOWN;
    private static final byte INTERIOR_UNKNOWN = 0;
    private static final byte INTERIOR_NONE = 1;
    private static final byte INTERIOR_SOME = 2;

    /**
     * What a parent knows of its children from their tables. {@code offsets[i]} is the sum of the row counts of
     * children before {@code i} ({@code n + 1} entries; sums wrap on overflow, which the layout's validation detects
     * as a descending pair). {@code uniformSpec} is the layout spec index every child has, or -1 when they differ;
     * then {@code specs} holds each child's, else it is null: the common case keeps one number, not one per child.
     */
    private record ChildHeaders(RowOffsets offsets, int uniformSpec, char[] specs) {
        int spec(int index) {
            return uniformSpec >= 0 ? uniformSpec : specs[index];
        }
    }

    private LayoutNode(FileContext file, FbTable table, DType dtype, int depth, LayoutNode parent, int index) {
        this.parent = parent;
        this.index = index;
        this.path = parent == null ? "root" : null;
        file.countLayoutNode(this);
        if (depth > file.limits().maxDepth()) {
            throw new MalformedFileException("layout " + path() + " is nested deeper than "
                    + file.limits().maxDepth() + " levels");
        }
        this.file = file;
        this.table = table;
        // Children of one parent share the dtype instance their vtable hands out (a chunked layout's own dtype);
        // their path (name) is made only when a message needs it.
        this.dtype = dtype;
        this.depth = depth;
        this.vtable = file.vtable(table.u16(0, "encoding", 0), this);
        this.rowCount = table.u64(1, "row_count", 0);
        ByteBuffer meta = table.bytes(2, "metadata");
        if (meta != null && meta.remaining() > file.limits().maxMetadataBytes()) {
            throw malformed("metadata of " + meta.remaining() + " bytes exceeds the limit of "
                    + file.limits().maxMetadataBytes());
        }
        this.metadata = meta == null ? EMPTY : meta.asReadOnlyBuffer();
        this.children = table.vector(3, "children", 4);
        this.segments = table.vector(4, "segments", 4);
        vtable.validate(this);
    }

    /** The root layout of a file. */
    public static LayoutNode root(FileContext file) {
        return new LayoutNode(file, file.footer().rootLayout(), file.footer().dtype(), 0, null, -1);
    }

    @Override
    public LayoutVTable vtable() {
        return vtable;
    }

    @Override
    public DType dtype() {
        return dtype;
    }

    @Override
    public long rowCount() {
        return rowCount;
    }

    @Override
    public ByteBuffer metadata() {
        return metadata.duplicate();
    }

    @Override
    public int childCount() {
        return children == null ? 0 : children.length();
    }

    private void checkChild(int index) {
        if (index < 0 || index >= childCount()) {
            throw malformed("child " + index + " does not exist (the layout has " + childCount() + ")");
        }
    }

    @Override
    public Layout child(int index) {
        checkChild(index);
        AtomicReferenceArray<LayoutNode> b = built;
        if (b == null) {
            synchronized (this) {
                b = built;
                if (b == null) {
                    b = new AtomicReferenceArray<>(childCount());
                    built = b;
                }
            }
        }
        LayoutNode node = b.get(index);
        if (node == null) {
            node = new LayoutNode(file, children.table(index), vtable.childDType(this, index), depth + 1, this, index);
            if (!b.compareAndSet(index, null, node)) {
                node = b.get(index);
            }
        }
        return node;
    }

    @Override
    public long childRowCount(int index) {
        checkChild(index);
        return headers().offsets.rows(index);
    }

    /**
     * Read with the children's encodings in one pass over their tables (see {@link #headers()}), and the file's one
     * instance with these contents ({@link FileContext#shareOffsets}).
     */
    @Override
    public RowOffsets childOffsets() {
        return headers().offsets;
    }

    @Override
    public String childEncodingId(int index) {
        checkChild(index);
        return file.layoutId(childSpec(index), () -> path() + ".child[" + index + "]");
    }

    private int childSpec(int index) {
        return headers().spec(index);
    }

    /**
     * Chunked layouts ask for every child's row count (to validate and to build their reader) and encoding (to learn
     * which children have interior splits) before building any child: reading each child's table once, here, is what
     * keeps a first scan of a wide file from parsing thousands of tables several times over. One pass reads just the
     * two fields of each table (where they sit is read once per shared vtable), keeps the row counts as the running
     * offsets a chunked reader needs, and keeps one encoding for all children when they share it.
     */
    private ChildHeaders headers() {
        ChildHeaders h = headers;
        if (h == null) {
            int n = childCount();
            long[] offsets = new long[n + 1];
            char[] specs = n == 0 ? NO_SPECS : null;
            int uniform = -1;
            if (n > 0) {
                uniform = children.tables().readAll(0, "encoding", 1, "row_count", null, offsets);
                if (uniform < 0) {
                    // Children of different layouts (rare): a second pass keeps each one's.
                    specs = new char[n];
                    children.tables().readAll(0, "encoding", 1, "row_count", specs, offsets);
                }
            }
            h = new ChildHeaders(file.shareOffsets(RowOffsets.of(offsets)), uniform, specs);
            headers = h;
        }
        return h;
    }

    /** Shared by the nodes of the file with the same metadata bytes: see {@link FileContext#parsedMetadata}. */
    @Override
    public <T> T metadata(MetadataParser<T> parser) {
        return file.parsedMetadata(parser, this, metadata);
    }

    @Override
    public boolean childHasNoInteriorSplits(int index) {
        checkChild(index);
        int spec = childSpec(index);
        int memo = lastSplitAnswer;
        if (memo >= 0 && memo >>> 1 == spec) {
            return (memo & 1) == 1;
        }
        boolean none = !file.childVtable(spec, this, index).registersInteriorSplits();
        lastSplitAnswer = spec << 1 | (none ? 1 : 0);
        return none;
    }

    /**
     * Answered once per node from the children's layout encodings: one answer when they all share one encoding (a
     * chunked layout of thousands of flat chunks), else one per run of siblings with the same encoding (through
     * {@link #childHasNoInteriorSplits}'s memo).
     */
    @Override
    public boolean anyChildHasInteriorSplits() {
        byte known = interior;
        if (known == INTERIOR_UNKNOWN) {
            ChildHeaders h = headers();
            boolean any;
            if (h.uniformSpec >= 0) {
                any = !childHasNoInteriorSplits(0);
            } else {
                any = false;
                char[] specs = h.specs;
                for (int i = 0; i < specs.length && !any; i++) {
                    if (i == 0 || specs[i] != specs[i - 1]) {
                        any = !childHasNoInteriorSplits(i);
                    }
                }
            }
            known = any ? INTERIOR_SOME : INTERIOR_NONE;
            interior = known;
        }
        return known == INTERIOR_SOME;
    }

    @Override
    public int segmentCount() {
        return segments == null ? 0 : segments.length();
    }

    @Override
    public int segmentId(int index) {
        if (index < 0 || index >= segmentCount()) {
            throw malformed("segment " + index + " does not exist (the layout has " + segmentCount() + ")");
        }
        long id = segments.u32(index);
        if (id >= file.footer().segments().size()) {
            throw malformed("segment " + id + " does not exist (the footer lists " + file.footer().segments().size()
                    + ")");
        }
        return (int) id;
    }

    @Override
    public SegmentSource segments() {
        return file.segments();
    }

    @Override
    public SegmentBatch batchSegments(Executor completeOn) {
        return file.segments().batch(completeOn);
    }

    @Override
    public Array decodeArray(MemorySegment segment, int segmentId, ByteBuffer inlineArrayTree, DType dtype,
            long length) {
        return ArrayDecoder.decode(file, segment, path() + " segment " + segmentId,
                file.segment(segmentId, path()).offset(), inlineArrayTree, dtype, length);
    }

    @Override
    public String path() {
        String p = path;
        if (p == null) {
            p = parent.path() + "." + parent.vtable.childName(parent, index);
            path = p;
        }
        return p;
    }

    @Override
    public MalformedFileException malformed(String message) {
        return new MalformedFileException("malformed layout " + path() + " (" + vtable.id() + "): " + message);
    }
}
