package dev.quire.testplugin.internal;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.spi.Layout;
import dev.quire.layout.spi.LayoutReader;
import dev.quire.layout.spi.LayoutVTable;
import dev.quire.layout.spi.SegmentSource;
import dev.quire.splits.FieldMask;
import dev.quire.splits.RowSplits;
import dev.quire.splits.SplitRange;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code quire.test.segment}: a leaf holding all its rows in one segment, an array serialized as a flat layout's is
 * (buffers, then the array flatbuffer and its length). It offers no split inside its rows, so a parent may take its
 * end from its own offsets without building it; its reader reads the segment only through the source each call is
 * handed, so a scan's batch carries its read.
 */
public final class SegmentLayout implements LayoutVTable {
    public static final String ID = "quire.test.segment";

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
        if (layout.childCount() != 0 || layout.segmentCount() != 1) {
            throw layout.malformed("a segment layout has no children and 1 segment, this one has "
                    + layout.childCount() + " and " + layout.segmentCount());
        }
        if (layout.metadata().hasRemaining()) {
            throw layout.malformed("a segment layout has no metadata, this one has " + layout.metadata().remaining()
                    + " bytes");
        }
        if (layout.rowCount() < 0) {
            throw layout.malformed("row count " + Long.toUnsignedString(layout.rowCount()) + " is too large");
        }
        layout.segmentId(0);
    }

    @Override
    public DType childDType(Layout layout, int index) {
        throw layout.malformed("a segment layout has no child " + index);
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

        @Override
        public CompletableFuture<Array> read(long from, long to, Projection projection, SegmentSource segments) {
            if (from < 0 || to < from || to > layout.rowCount()) {
                throw new InvalidArgumentException("rows [" + from + ", " + to + ") are outside layout "
                        + layout.path() + " of " + layout.rowCount() + " rows");
            }
            return decoded(segments).thenApply(array -> project(
                    from == 0 && to == array.length() ? array : array.slice(from, to), projection));
        }

        /**
         * The decoded segment, read through {@code segments} on first use: splits of one segment (under a parent
         * that cuts it) then share one read and one decode.
         */
        private CompletableFuture<Array> decoded(SegmentSource segments) {
            CompletableFuture<Array> d = decoded;
            if (d == null) {
                synchronized (this) {
                    d = decoded;
                    if (d == null) {
                        int segment = layout.segmentId(0);
                        d = segments.read(segment).thenApply(bytes -> layout.decodeArray(bytes, segment, null,
                                layout.dtype(), layout.rowCount()));
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
    }

    /** Keeps the fields {@code projection} selects of an array read whole (a struct's, recursively). */
    static Array project(Array array, Projection projection) {
        if (projection.isAll()) {
            return array;
        }
        StructArray struct = (StructArray) array.toCanonical();
        DType.Struct dtype = struct.dtype();
        List<Array> fields = new ArrayList<>();
        for (int i = 0; i < dtype.fieldCount(); i++) {
            String name = dtype.field(i).name();
            if (projection.selects(name)) {
                fields.add(project(struct.field(i), projection.field(name)));
            }
        }
        return new StructArray((DType.Struct) projection.apply(dtype), fields, struct.length(), struct.validity());
    }
}
