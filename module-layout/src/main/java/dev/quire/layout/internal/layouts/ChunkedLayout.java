package dev.quire.layout.internal.layouts;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ChunkedArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.expr.RowMask;
import dev.quire.layout.spi.Layout;
import dev.quire.layout.spi.LayoutReader;
import dev.quire.layout.spi.LayoutVTable;
import dev.quire.layout.spi.Pruning;
import dev.quire.layout.spi.SegmentSource;
import dev.quire.splits.FieldMask;
import dev.quire.splits.RowOffsets;
import dev.quire.splits.RowSplits;
import dev.quire.splits.SplitRange;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReferenceArray;

/** {@code vortex.chunked}: children of the same dtype, end to end; their row counts sum to the node's. */
public final class ChunkedLayout implements LayoutVTable {
    public static final String ID = "vortex.chunked";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public void validate(Layout layout) {
        if (layout.segmentCount() != 0) {
            throw layout.malformed("a chunked layout has no segments, this one has " + layout.segmentCount());
        }
        chunkOffsets(layout);
    }

    /** Row offsets of the chunks, plus the total at the end; checks that the children's rows add up. */
    static RowOffsets chunkOffsets(Layout layout) {
        RowOffsets offsets = layout.childOffsets();
        int n = layout.childCount();
        long total = layout.rowCount();
        long sum = 0;
        for (int i = 0; i < n; i++) {
            // The sums wrap on overflow: a sum below the one before is a row count that took it past 2^63.
            long next = offsets.end(i);
            if (next < sum || next > total) {
                throw layout.malformed("chunk rows exceed the layout's " + total + " rows at chunk " + i);
            }
            sum = next;
        }
        if (sum != total) {
            throw layout.malformed("chunks hold " + sum + " rows, the layout says " + total);
        }
        return offsets;
    }

    @Override
    public DType childDType(Layout layout, int index) {
        return layout.dtype();
    }

    @Override
    public String childName(Layout layout, int index) {
        return "chunk[" + index + "]";
    }

    @Override
    public LayoutReader reader(Layout layout) {
        return new Reader(layout);
    }

    static final class Reader implements LayoutReader {
        private final Layout layout;
        private final RowOffsets offsets;
        /**
         * The chunk readers built so far; made when the first is, since split collection over chunks without
         * interior splits builds none.
         */
        private volatile AtomicReferenceArray<LayoutReader> readers;

        Reader(Layout layout) {
            this.layout = layout;
            // Validated when the node was built; shared with every other layout of the file whose children line up.
            this.offsets = layout.childOffsets();
        }

        @Override
        public Layout layout() {
            return layout;
        }

        LayoutReader chunk(int i) {
            AtomicReferenceArray<LayoutReader> built = readers;
            if (built == null) {
                synchronized (this) {
                    built = readers;
                    if (built == null) {
                        built = new AtomicReferenceArray<>(offsets.count());
                        readers = built;
                    }
                }
            }
            LayoutReader r = built.get(i);
            if (r == null) {
                Layout child = layout.child(i);
                r = child.vtable().reader(child);
                if (!built.compareAndSet(i, null, r)) {
                    r = built.get(i);
                }
            }
            return r;
        }

        @Override
        public void registerSplits(FieldMask mask, SplitRange range, RowSplits splits) {
            int n = offsets.count();
            if (n == 0 || range.length() == 0) {
                splits.add(range.rootTo());
                return;
            }
            // The whole layout (what a collection over the file asks) needs no search.
            int first = range.from() < offsets.end(0) ? 0 : offsets.childAt(range.from());
            int last = range.to() == offsets.total() && offsets.start(n - 1) < range.to() ? n - 1
                    : offsets.childAt(range.to() - 1);
            if (splits.skipsSplitlessChildren()) {
                // Classified once per layout node, from the chunks' encodings in the footer.
                if (!layout.anyChildHasInteriorSplits()) {
                    // The common case: every chunk ends where the offsets say; no child is built or asked. When the
                    // range ends where its last chunk does, that end comes from the offsets too, so the whole run
                    // is one slice of them, which the collection can compare with the previous column's in one go.
                    int end = range.to() == offsets.end(last) ? last + 2 : last + 1;
                    splits.addAll(range.offset(), offsets, first + 1, end);
                } else {
                    for (int i = first; i <= last; i++) {
                        if (!layout.childHasNoInteriorSplits(i)) {
                            chunk(i).registerSplits(mask, range.child(offsets.start(i), offsets.rows(i)), splits);
                        } else if (i < last) {
                            splits.add(range.offset() + offsets.end(i));
                        }
                    }
                }
            } else {
                for (int i = first; i <= last; i++) {
                    chunk(i).registerSplits(mask, range.child(offsets.start(i), offsets.rows(i)), splits);
                }
            }
            splits.add(range.rootTo());
        }

        @Override
        public CompletableFuture<Array> read(long from, long to, Projection projection, SegmentSource segments) {
            Ranges.check(this, from, to);
            DType outType = projection.apply(layout.dtype());
            if (from == to) {
                return CompletableFuture.completedFuture(new ChunkedArray(outType, List.of()));
            }
            int first = offsets.childAt(from);
            // Chunks that end at or before `from` will not be needed by a forward scan: let their memory go.
            AtomicReferenceArray<LayoutReader> built = readers;
            for (int i = 0; built != null && i < first; i++) {
                LayoutReader done = built.get(i);
                if (done != null) {
                    done.release();
                }
            }
            List<CompletableFuture<Array>> parts = new ArrayList<>();
            for (int i = first; i < offsets.count() && offsets.start(i) < to; i++) {
                long s = Math.max(from, offsets.start(i)) - offsets.start(i);
                long e = Math.min(to, offsets.end(i)) - offsets.start(i);
                if (s < e) {
                    parts.add(chunk(i).read(s, e, projection, segments));
                }
            }
            if (parts.size() == 1) {
                return parts.getFirst();
            }
            return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new))
                    .thenApply(v -> new ChunkedArray(outType, parts.stream().map(CompletableFuture::join).toList()));
        }

        @Override
        public CompletableFuture<RowMask> prune(long from, long to, Pruning pruning, SegmentSource segments) {
            Ranges.check(this, from, to);
            if (from == to) {
                return CompletableFuture.completedFuture(RowMask.none(0));
            }
            List<CompletableFuture<RowMask>> parts = new ArrayList<>();
            for (int i = offsets.childAt(from); i < offsets.count() && offsets.start(i) < to; i++) {
                long s = Math.max(from, offsets.start(i)) - offsets.start(i);
                long e = Math.min(to, offsets.end(i)) - offsets.start(i);
                if (s < e) {
                    parts.add(chunk(i).prune(s, e, pruning, segments));
                }
            }
            if (parts.size() == 1) {
                return parts.getFirst();
            }
            return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new))
                    .thenApply(v -> RowMask.concat(parts.stream().map(CompletableFuture::join).toList()));
        }

        @Override
        public void release() {
            AtomicReferenceArray<LayoutReader> built = readers;
            for (int i = 0; built != null && i < built.length(); i++) {
                LayoutReader r = built.get(i);
                if (r != null) {
                    r.release();
                }
            }
        }
    }
}
