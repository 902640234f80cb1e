package dev.quire.layout.internal.layouts;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ChunkedArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.expr.RowMask;
import dev.quire.layout.internal.format.LayoutNode;
import dev.quire.layout.spi.Layout;
import dev.quire.layout.spi.LayoutReader;
import dev.quire.layout.spi.LayoutVTable;
import dev.quire.layout.spi.Pruning;
import dev.quire.splits.FieldMask;
import dev.quire.splits.RowSplits;
import dev.quire.splits.SplitRange;
import java.util.ArrayList;
import java.util.Arrays;
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

    /**
     * Row offsets of the chunks, plus the total at the end; checks that the children's rows add up. For a file node
     * these are the offsets it read with its children's encodings (see {@link LayoutNode#childOffsets}), not a copy:
     * never modify them.
     */
    static long[] chunkOffsets(Layout layout) {
        long[] offsets = LayoutNode.childOffsets(layout);
        int n = layout.childCount();
        long total = layout.rowCount();
        long sum = 0;
        for (int i = 0; i < n; i++) {
            // The sums wrap on overflow: a sum below the one before is a row count that took it past 2^63.
            long next = offsets[i + 1];
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
        private final long[] offsets;
        /**
         * The chunk readers built so far; made when the first is, since split collection over chunks without
         * interior splits builds none.
         */
        private volatile AtomicReferenceArray<LayoutReader> readers;

        Reader(Layout layout) {
            this.layout = layout;
            // Shared with every other chunked reader of the file whose chunks line up with these. A file node was
            // validated when it was built, so its offsets are taken as they are; other layouts are checked here.
            long[] own = layout instanceof LayoutNode ? LayoutNode.childOffsets(layout) : chunkOffsets(layout);
            this.offsets = LayoutNode.shareOffsets(layout, own);
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
                        built = new AtomicReferenceArray<>(offsets.length - 1);
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
            int n = offsets.length - 1;
            if (n == 0 || range.length() == 0) {
                splits.add(range.rootTo());
                return;
            }
            // The whole layout (what a collection over the file asks) needs no search.
            int first = range.from() < offsets[1] ? 0 : chunkIndex(range.from());
            int last = range.to() == offsets[n] && offsets[n - 1] < range.to() ? n - 1 : chunkIndex(range.to() - 1);
            if (splits.skipsSplitlessChildren()) {
                // Classified once per layout node, from the chunks' encodings in the footer.
                if (!layout.anyChildHasInteriorSplits()) {
                    // The common case: every chunk ends where the offsets say; no child is built or asked. When the
                    // range ends where its last chunk does, that end comes from the offsets too, so the whole run
                    // is one slice of them, which the collection can compare with the previous column's in one go.
                    int end = range.to() == offsets[last + 1] ? last + 2 : last + 1;
                    splits.addAll(range.offset(), offsets, first + 1, end);
                } else {
                    for (int i = first; i <= last; i++) {
                        if (!layout.childHasNoInteriorSplits(i)) {
                            chunk(i).registerSplits(mask, range.child(offsets[i], offsets[i + 1] - offsets[i]),
                                    splits);
                        } else if (i < last) {
                            splits.add(range.offset() + offsets[i + 1]);
                        }
                    }
                }
            } else {
                for (int i = first; i <= last; i++) {
                    chunk(i).registerSplits(mask, range.child(offsets[i], offsets[i + 1] - offsets[i]), splits);
                }
            }
            splits.add(range.rootTo());
        }

        @Override
        public CompletableFuture<Array> read(long from, long to, Projection projection) {
            Ranges.check(this, from, to);
            DType outType = projection.apply(layout.dtype());
            if (from == to) {
                return CompletableFuture.completedFuture(new ChunkedArray(outType, List.of()));
            }
            int first = chunkIndex(from);
            // Chunks that end at or before `from` will not be needed by a forward scan: let their memory go.
            AtomicReferenceArray<LayoutReader> built = readers;
            for (int i = 0; built != null && i < first; i++) {
                LayoutReader done = built.get(i);
                if (done != null) {
                    done.release();
                }
            }
            List<CompletableFuture<Array>> parts = new ArrayList<>();
            for (int i = first; i < offsets.length - 1 && offsets[i] < to; i++) {
                long s = Math.max(from, offsets[i]) - offsets[i];
                long e = Math.min(to, offsets[i + 1]) - offsets[i];
                if (s < e) {
                    parts.add(chunk(i).read(s, e, projection));
                }
            }
            if (parts.size() == 1) {
                return parts.getFirst();
            }
            return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new))
                    .thenApply(v -> new ChunkedArray(outType, parts.stream().map(CompletableFuture::join).toList()));
        }

        @Override
        public CompletableFuture<RowMask> prune(long from, long to, Pruning pruning) {
            Ranges.check(this, from, to);
            if (from == to) {
                return CompletableFuture.completedFuture(RowMask.none(0));
            }
            List<CompletableFuture<RowMask>> parts = new ArrayList<>();
            for (int i = chunkIndex(from); i < offsets.length - 1 && offsets[i] < to; i++) {
                long s = Math.max(from, offsets[i]) - offsets[i];
                long e = Math.min(to, offsets[i + 1]) - offsets[i];
                if (s < e) {
                    parts.add(chunk(i).prune(s, e, pruning));
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

        /** The chunk containing row {@code row}. */
        private int chunkIndex(long row) {
            int i = Arrays.binarySearch(offsets, row);
            if (i < 0) {
                return -i - 2;
            }
            while (i + 1 < offsets.length - 1 && offsets[i + 1] == row) {
                i++;
            }
            return Math.min(i, offsets.length - 2);
        }
    }
}
