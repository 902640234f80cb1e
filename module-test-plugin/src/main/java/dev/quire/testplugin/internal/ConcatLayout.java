package dev.quire.testplugin.internal;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ChunkedArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.expr.RowMask;
import dev.quire.layout.spi.Layout;
import dev.quire.layout.spi.LayoutReader;
import dev.quire.layout.spi.LayoutVTable;
import dev.quire.layout.spi.MetadataParser;
import dev.quire.layout.spi.Pruning;
import dev.quire.layout.spi.SegmentSource;
import dev.quire.splits.FieldMask;
import dev.quire.splits.RowOffsets;
import dev.quire.splits.RowSplits;
import dev.quire.splits.SplitRange;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code quire.test.concat}: children of the node's dtype, end to end, whose rows add up to the node's. Its metadata
 * is a version byte ({@value #VERSION}) and the number of children the writer wrote (a little-endian u32), which
 * the footer's children must match. It offers a split at every child's end and passes on the splits of children
 * that have their own; when none does, it takes every end from the footer's offsets and builds no child.
 */
public final class ConcatLayout implements LayoutVTable {
    public static final String ID = "quire.test.concat";
    public static final int VERSION = 1;
    public static final int METADATA_BYTES = 1 + Integer.BYTES;

    /** What a node's metadata says. */
    public record Metadata(int version, long children) {}

    /**
     * Parses a node's metadata: one instance, so that the file parses the metadata its concat nodes share (they
     * mostly have the same number of children) once.
     */
    public static final MetadataParser<Metadata> METADATA = ConcatLayout::parse;

    /** Parses made in this JVM, so tests can see that a file parses equal metadata once. */
    private static final LongAdder PARSES = new LongAdder();

    /** The metadata of a node of {@code children} children. */
    public static byte[] metadata(int children) {
        if (children < 0) {
            throw new InvalidArgumentException("a concat layout has at least 0 children, got " + children);
        }
        return ByteBuffer.allocate(METADATA_BYTES).order(ByteOrder.LITTLE_ENDIAN).put((byte) VERSION)
                .putInt(children).array();
    }

    static long metadataParses() {
        return PARSES.sum();
    }

    /**
     * Checks only the bytes: the result is shared by every node with the same bytes, so what depends on the node
     * (its children) is checked in {@link #validate}.
     */
    private static Metadata parse(Layout layout, ByteBuffer metadata) {
        PARSES.increment();
        if (metadata.remaining() != METADATA_BYTES) {
            throw layout.malformed("metadata must be " + METADATA_BYTES + " bytes, got " + metadata.remaining());
        }
        ByteBuffer le = metadata.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int version = Byte.toUnsignedInt(le.get());
        if (version != VERSION) {
            throw layout.malformed("unknown metadata version " + version);
        }
        return new Metadata(version, Integer.toUnsignedLong(le.getInt()));
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public void validate(Layout layout) {
        if (layout.segmentCount() != 0) {
            throw layout.malformed("a concat layout has no segments, this one has " + layout.segmentCount());
        }
        Metadata meta = layout.metadata(METADATA);
        if (meta.children() != layout.childCount()) {
            throw layout.malformed("the metadata says " + meta.children() + " children, the footer lists "
                    + layout.childCount());
        }
        RowOffsets offsets = layout.childOffsets();
        if (!offsets.isAscending()) {
            throw layout.malformed("the children's rows overflow a 64-bit row count");
        }
        if (offsets.total() != layout.rowCount()) {
            throw layout.malformed("the children hold " + offsets.total() + " rows, the layout says "
                    + Long.toUnsignedString(layout.rowCount()));
        }
    }

    @Override
    public DType childDType(Layout layout, int index) {
        return layout.dtype();
    }

    @Override
    public String childName(Layout layout, int index) {
        return "part[" + index + "]";
    }

    @Override
    public Map<String, String> describe(Layout layout) {
        Metadata meta = layout.metadata(METADATA);
        Map<String, String> out = new LinkedHashMap<>();
        out.put("version", Integer.toString(meta.version()));
        out.put("children", Long.toString(meta.children()));
        return out;
    }

    @Override
    public LayoutReader reader(Layout layout) {
        return new Reader(layout);
    }

    static final class Reader implements LayoutReader {
        private final Layout layout;
        /** Checked by {@link #validate} when the node was built. */
        private final RowOffsets offsets;
        /** The children's readers built so far, made on first use: split collection may build none. */
        private volatile AtomicReferenceArray<LayoutReader> children;

        Reader(Layout layout) {
            this.layout = layout;
            this.offsets = layout.childOffsets();
        }

        @Override
        public Layout layout() {
            return layout;
        }

        private LayoutReader child(int index) {
            AtomicReferenceArray<LayoutReader> built = children;
            if (built == null) {
                synchronized (this) {
                    built = children;
                    if (built == null) {
                        built = new AtomicReferenceArray<>(offsets.count());
                        children = built;
                    }
                }
            }
            LayoutReader r = built.get(index);
            if (r == null) {
                Layout child = layout.child(index);
                r = child.vtable().reader(child);
                if (!built.compareAndSet(index, null, r)) {
                    r = built.get(index);
                }
            }
            return r;
        }

        @Override
        public void registerSplits(FieldMask mask, SplitRange range, RowSplits splits) {
            if (offsets.count() == 0 || range.length() == 0) {
                splits.add(range.rootTo());
                return;
            }
            // The children holding the range's first and last rows (not empty ones beside them).
            int first = offsets.childAt(range.from());
            int last = offsets.childAt(range.to() - 1);
            if (splits.skipsSplitlessChildren() && !layout.anyChildHasInteriorSplits()) {
                // Every child ends where the offsets say: the ends inside the range are offsets first + 1 to last.
                // When the range ends with its last child, that end is the next offset, and the whole run is one
                // slice of the shared offsets, which the collection compares with an aligned column's at once.
                int to = range.to() == offsets.end(last) ? last + 2 : last + 1;
                splits.addAll(range.offset(), offsets, first + 1, to);
            } else {
                boolean skip = splits.skipsSplitlessChildren();
                for (int i = first; i <= last; i++) {
                    if (skip && layout.childHasNoInteriorSplits(i)) {
                        if (i < last) {
                            splits.add(range.offset() + offsets.end(i));
                        }
                    } else {
                        child(i).registerSplits(mask, range.child(offsets.start(i), offsets.rows(i)), splits);
                    }
                }
            }
            splits.add(range.rootTo());
        }

        private void check(long from, long to) {
            if (from < 0 || to < from || to > layout.rowCount()) {
                throw new InvalidArgumentException("rows [" + from + ", " + to + ") are outside layout "
                        + layout.path() + " of " + layout.rowCount() + " rows");
            }
        }

        @Override
        public CompletableFuture<Array> read(long from, long to, Projection projection, SegmentSource segments) {
            check(from, to);
            List<CompletableFuture<Array>> parts = new ArrayList<>();
            if (from < to) {
                for (int i = offsets.childAt(from); i < offsets.count() && offsets.start(i) < to; i++) {
                    // Local rows of child i; empty children and those before the range read nothing.
                    long start = offsets.start(i);
                    long s = Math.max(from, start) - start;
                    long e = Math.min(to, offsets.end(i)) - start;
                    if (s < e) {
                        parts.add(child(i).read(s, e, projection, segments));
                    }
                }
            }
            if (parts.size() == 1) {
                return parts.getFirst();
            }
            DType outType = projection.apply(layout.dtype());
            return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new))
                    .thenApply(v -> new ChunkedArray(outType, parts.stream().map(CompletableFuture::join).toList()));
        }

        @Override
        public CompletableFuture<RowMask> prune(long from, long to, Pruning pruning, SegmentSource segments) {
            check(from, to);
            List<CompletableFuture<RowMask>> parts = new ArrayList<>();
            if (from < to) {
                for (int i = offsets.childAt(from); i < offsets.count() && offsets.start(i) < to; i++) {
                    long start = offsets.start(i);
                    long s = Math.max(from, start) - start;
                    long e = Math.min(to, offsets.end(i)) - start;
                    if (s < e) {
                        parts.add(child(i).prune(s, e, pruning, segments));
                    }
                }
            }
            if (parts.isEmpty()) {
                return CompletableFuture.completedFuture(RowMask.none(0));
            }
            if (parts.size() == 1) {
                return parts.getFirst();
            }
            return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new))
                    .thenApply(v -> RowMask.concat(parts.stream().map(CompletableFuture::join).toList()));
        }

        @Override
        public void release() {
            AtomicReferenceArray<LayoutReader> built = children;
            for (int i = 0; built != null && i < built.length(); i++) {
                LayoutReader r = built.get(i);
                if (r != null) {
                    r.release();
                }
            }
        }
    }
}
