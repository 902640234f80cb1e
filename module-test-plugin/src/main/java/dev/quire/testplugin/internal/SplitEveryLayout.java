package dev.quire.testplugin.internal;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.expr.RowMask;
import dev.quire.layout.spi.Layout;
import dev.quire.layout.spi.LayoutReader;
import dev.quire.layout.spi.LayoutVTable;
import dev.quire.layout.spi.Pruning;
import dev.quire.layout.spi.SegmentSource;
import dev.quire.splits.FieldMask;
import dev.quire.splits.RowSplits;
import dev.quire.splits.SplitRange;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.CompletableFuture;

/**
 * {@code quire.test.split_every}: wraps one data child (same dtype, same rows) and offers a split every {@code n}
 * rows, {@code n} being its metadata (a little-endian u64). Unlike a flat layout it registers interior splits, so
 * a parent must build it and ask, and it passes its child's own boundaries on too.
 */
public final class SplitEveryLayout implements LayoutVTable {
    public static final String ID = "quire.test.split_every";
    public static final int METADATA_BYTES = Long.BYTES;
    /** A node may offer at most this many splits, so a corrupt row count or interval cannot make a scan hang. */
    public static final long MAX_SPLITS = 1L << 20;

    /** The metadata of a node that splits every {@code rows} rows. */
    public static byte[] metadata(long rows) {
        if (rows < 1) {
            throw new InvalidArgumentException("split interval must be positive, got " + rows);
        }
        return ByteBuffer.allocate(METADATA_BYTES).order(ByteOrder.LITTLE_ENDIAN).putLong(rows).array();
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public boolean registersInteriorSplits() {
        return true;
    }

    @Override
    public void validate(Layout layout) {
        if (layout.childCount() != 1 || layout.segmentCount() != 0) {
            throw layout.malformed("split_every has 1 child and no segments, this one has " + layout.childCount()
                    + " and " + layout.segmentCount());
        }
        if (layout.rowCount() < 0) {
            throw layout.malformed("row count " + Long.toUnsignedString(layout.rowCount()) + " is too large");
        }
        if (layout.childRowCount(0) != layout.rowCount()) {
            throw layout.malformed("the data child has " + layout.childRowCount(0) + " rows, the layout "
                    + layout.rowCount());
        }
        interval(layout);
    }

    static long interval(Layout layout) {
        ByteBuffer meta = layout.metadata().order(ByteOrder.LITTLE_ENDIAN);
        if (meta.remaining() != METADATA_BYTES) {
            throw layout.malformed("metadata must be " + METADATA_BYTES + " bytes, got " + meta.remaining());
        }
        long every = meta.getLong(meta.position());
        if (every < 1) {
            throw layout.malformed("split interval must be positive, got " + every);
        }
        if (layout.rowCount() / every > MAX_SPLITS) {
            throw layout.malformed("a split every " + every + " rows over " + layout.rowCount() + " rows exceeds "
                    + MAX_SPLITS + " splits");
        }
        return every;
    }

    @Override
    public DType childDType(Layout layout, int index) {
        if (index != 0) {
            throw layout.malformed("split_every has no child " + index);
        }
        return layout.dtype();
    }

    @Override
    public String childName(Layout layout, int index) {
        return "data";
    }

    @Override
    public LayoutReader reader(Layout layout) {
        return new Reader(layout);
    }

    static final class Reader implements LayoutReader {
        private final Layout layout;
        private final long interval;
        private volatile LayoutReader data;

        Reader(Layout layout) {
            this.layout = layout;
            this.interval = interval(layout);
        }

        @Override
        public Layout layout() {
            return layout;
        }

        private LayoutReader data() {
            LayoutReader d = data;
            if (d == null) {
                Layout child = layout.child(0);
                d = child.vtable().reader(child);
                data = d;
            }
            return d;
        }

        @Override
        public void registerSplits(FieldMask mask, SplitRange range, RowSplits splits) {
            long rowOffset = range.offset();
            long end = range.rootTo();
            long[] inner;
            if (splits.skipsSplitlessChildren() && layout.childHasNoInteriorSplits(0)) {
                inner = new long[] {end};
            } else {
                RowSplits childSplits = splits.skipsSplitlessChildren() ? RowSplits.skippingSplitlessChildren()
                        : RowSplits.walkingEveryChild();
                data().registerSplits(mask, range, childSplits);
                inner = childSplits.boundaries();
            }
            // Merge our every-n boundaries inside the range with the child's, ascending and without repeats, so they
            // form one run that ends with the range.
            long rows = range.to();
            long last = range.rootFrom();
            long cut = range.from() / interval * interval;
            long local = interval >= rows - cut ? rows : cut + interval;
            if (range.length() == 0) {
                splits.add(end);
                return;
            }
            int j = 0;
            while (true) {
                long ours = rowOffset + local;
                long theirs = j < inner.length ? Math.min(inner[j], end) : end;
                long next = Math.min(ours, theirs);
                if (next > last) {
                    splits.add(next);
                    last = next;
                }
                if (next == end) {
                    return;
                }
                if (ours == next) {
                    local = interval >= rows - local ? rows : local + interval;
                }
                if (theirs == next) {
                    j++;
                }
            }
        }

        @Override
        public CompletableFuture<Array> read(long from, long to, Projection projection, SegmentSource segments) {
            if (from < 0 || to < from || to > layout.rowCount()) {
                throw new InvalidArgumentException("rows [" + from + ", " + to + ") are outside layout "
                        + layout.path() + " of " + layout.rowCount() + " rows");
            }
            return data().read(from, to, projection, segments);
        }

        /** The data child's pruning, so statistics under this layout still rule rows out. */
        @Override
        public CompletableFuture<RowMask> prune(long from, long to, Pruning pruning, SegmentSource segments) {
            if (from < 0 || to < from || to > layout.rowCount()) {
                throw new InvalidArgumentException("rows [" + from + ", " + to + ") are outside layout "
                        + layout.path() + " of " + layout.rowCount() + " rows");
            }
            return data().prune(from, to, pruning, segments);
        }

        @Override
        public void release() {
            LayoutReader d = data;
            if (d != null) {
                d.release();
            }
        }
    }
}
