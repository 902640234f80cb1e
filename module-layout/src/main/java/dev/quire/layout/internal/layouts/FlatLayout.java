package dev.quire.layout.internal.layouts;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.quire.layout.array.Array;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.internal.proto.FlatLayoutMetadata;
import dev.quire.layout.spi.Layout;
import dev.quire.layout.spi.LayoutReader;
import dev.quire.layout.spi.LayoutVTable;
import dev.quire.layout.spi.SegmentSource;
import dev.quire.splits.FieldMask;
import dev.quire.splits.RowSplits;
import dev.quire.splits.SplitRange;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * {@code vortex.flat}: one segment holding one serialized array. The metadata may carry the array tree inline
 * ({@code FlatLayoutMetadata.array_encoding_tree}); the segment then only supplies buffer bytes.
 */
public final class FlatLayout implements LayoutVTable {
    public static final String ID = "vortex.flat";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public boolean registersInteriorSplits() {
        return false;
    }

    @Override
    public void validate(Layout layout) {
        if (layout.childCount() != 0) {
            throw layout.malformed("a flat layout has no children, this one has " + layout.childCount());
        }
        if (layout.segmentCount() != 1) {
            throw layout.malformed("a flat layout has exactly one segment, this one has " + layout.segmentCount());
        }
        layout.segmentId(0);
        inlineTree(layout);
    }

    /** The Array flatbuffer the metadata carries inline, or null when the segment holds it. */
    public static ByteBuffer inlineTree(Layout layout) {
        ByteBuffer meta = layout.metadata();
        if (!meta.hasRemaining()) {
            return null;
        }
        try {
            FlatLayoutMetadata m = FlatLayoutMetadata.parseFrom(meta);
            return m.hasArrayEncodingTree() ? m.getArrayEncodingTree().asReadOnlyByteBuffer() : null;
        } catch (InvalidProtocolBufferException e) {
            throw layout.malformed("invalid flat layout metadata: " + e.getMessage());
        }
    }

    @Override
    public DType childDType(Layout layout, int index) {
        throw layout.malformed("a flat layout has no children");
    }

    @Override
    public Map<String, String> describe(Layout layout) {
        return inlineTree(layout) == null ? Map.of() : Map.of("array_tree", "inline");
    }

    @Override
    public LayoutReader reader(Layout layout) {
        return new Reader(layout);
    }

    /** Reads the segment once and serves slices of the decoded array until released. */
    static final class Reader implements LayoutReader {
        private final Layout layout;
        private volatile CompletableFuture<Array> decoded;

        Reader(Layout layout) {
            this.layout = layout;
        }

        @Override
        public Layout layout() {
            return layout;
        }

        @Override
        public void registerSplits(FieldMask mask, SplitRange range, RowSplits splits) {
            splits.add(range.rootTo());
        }

        private CompletableFuture<Array> decoded(SegmentSource segments) {
            CompletableFuture<Array> d = decoded;
            if (d == null) {
                synchronized (this) {
                    d = decoded;
                    if (d == null) {
                        int segment = layout.segmentId(0);
                        ByteBuffer inline = inlineTree(layout);
                        d = segments.read(segment).thenApply(bytes -> layout.decodeArray(bytes, segment,
                                inline, layout.dtype(), layout.rowCount()));
                        decoded = d;
                    }
                }
            }
            return d;
        }

        @Override
        public void release() {
            decoded = null;
        }

        @Override
        public CompletableFuture<Array> read(long from, long to, Projection projection, SegmentSource segments) {
            Ranges.check(this, from, to);
            return decoded(segments).thenApply(array -> {
                Array rows = from == 0 && to == array.length() ? array : array.slice(from, to);
                return Projected.apply(rows, projection);
            });
        }
    }
}
