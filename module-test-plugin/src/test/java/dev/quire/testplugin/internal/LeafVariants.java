package dev.quire.testplugin.internal;

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
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Test-only variants of {@link SegmentLayout} under ids of their own, added to a test's context: one that reads around
 * the source it is handed, to show what batching that source gives, and one that records the sources it is handed.
 */
final class LeafVariants {
    private LeafVariants() {}

    /** A segment leaf under another id, whose reader {@link #wrap}s the segment layout's. */
    private abstract static class Variant implements LayoutVTable {
        private final SegmentLayout segment = new SegmentLayout();

        @Override
        public boolean registersInteriorSplits() {
            return segment.registersInteriorSplits();
        }

        @Override
        public void validate(Layout layout) {
            segment.validate(layout);
        }

        @Override
        public DType childDType(Layout layout, int index) {
            return segment.childDType(layout, index);
        }

        @Override
        public LayoutReader reader(Layout layout) {
            return wrap(layout, segment.reader(layout));
        }

        abstract LayoutReader wrap(Layout layout, LayoutReader inner);
    }

    /** Hands every call on to {@code inner}; subclasses change what they need. */
    private static class Forwarding implements LayoutReader {
        final Layout layout;
        final LayoutReader inner;

        Forwarding(Layout layout, LayoutReader inner) {
            this.layout = layout;
            this.inner = inner;
        }

        @Override
        public Layout layout() {
            return layout;
        }

        @Override
        public void registerSplits(FieldMask mask, SplitRange range, RowSplits splits) {
            inner.registerSplits(mask, range, splits);
        }

        @Override
        public CompletableFuture<Array> read(long from, long to, Projection projection, SegmentSource segments) {
            return inner.read(from, to, projection, segments);
        }

        @Override
        public CompletableFuture<RowMask> prune(long from, long to, Pruning pruning, SegmentSource segments) {
            return inner.prune(from, to, pruning, segments);
        }

        @Override
        public void release() {
            inner.release();
        }
    }

    /** Reads its segment through the file's direct source ({@link Layout#segments()}), whatever it is handed. */
    static final class Unbatched extends Variant {
        static final String ID = "quire.test.segment_unbatched";

        @Override
        public String id() {
            return ID;
        }

        @Override
        LayoutReader wrap(Layout layout, LayoutReader inner) {
            return new Forwarding(layout, inner) {
                @Override
                public CompletableFuture<Array> read(long from, long to, Projection projection,
                        SegmentSource segments) {
                    return inner.read(from, to, projection, layout.segments());
                }
            };
        }
    }

    /** Records, for each read and prune, the node's path and the source it was handed. */
    static final class Recording extends Variant {
        static final String ID = "quire.test.segment_recording";

        record Call(String kind, String path, SegmentSource source) {}

        private final ConcurrentLinkedQueue<Call> calls = new ConcurrentLinkedQueue<>();

        @Override
        public String id() {
            return ID;
        }

        List<Call> calls() {
            return List.copyOf(calls);
        }

        void clear() {
            calls.clear();
        }

        @Override
        LayoutReader wrap(Layout layout, LayoutReader inner) {
            return new Forwarding(layout, inner) {
                @Override
                public CompletableFuture<Array> read(long from, long to, Projection projection,
                        SegmentSource segments) {
                    calls.add(new Call("read", layout.path(), segments));
                    return inner.read(from, to, projection, segments);
                }

                @Override
                public CompletableFuture<RowMask> prune(long from, long to, Pruning pruning,
                        SegmentSource segments) {
                    calls.add(new Call("prune", layout.path(), segments));
                    return inner.prune(from, to, pruning, segments);
                }
            };
        }
    }
}
