package dev.quire.layout.internal.layouts;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * {@code vortex.struct}: one child per field, in dtype order, preceded by a non-nullable bool validity child when
 * the struct is nullable. Every child has the struct's row count.
 */
public final class StructLayout implements LayoutVTable {
    public static final String ID = "vortex.struct";
    private static final DType VALIDITY = new DType.Bool(false);

    @Override
    public String id() {
        return ID;
    }

    private static DType.Struct struct(Layout layout) {
        if (!(layout.dtype() instanceof DType.Struct s)) {
            throw layout.malformed("a struct layout holds a struct, not " + layout.dtype());
        }
        return s;
    }

    private static int firstField(Layout layout) {
        return layout.dtype().nullable() ? 1 : 0;
    }

    @Override
    public void validate(Layout layout) {
        DType.Struct s = struct(layout);
        int expected = s.fieldCount() + firstField(layout);
        if (layout.childCount() != expected) {
            throw layout.malformed("a struct of " + s.fieldCount() + " fields" + (s.nullable() ? " (nullable)" : "")
                    + " needs " + expected + " children, this one has " + layout.childCount());
        }
        if (layout.segmentCount() != 0) {
            throw layout.malformed("a struct layout has no segments");
        }
        for (int i = 0; i < expected; i++) {
            long rows = layout.childRowCount(i);
            if (rows != layout.rowCount()) {
                throw layout.malformed("child " + childName(layout, i) + " has " + rows + " rows, the struct "
                        + layout.rowCount());
            }
        }
    }

    @Override
    public DType childDType(Layout layout, int index) {
        DType.Struct s = struct(layout);
        int first = firstField(layout);
        if (index < first) {
            return VALIDITY;
        }
        return s.field(index - first).dtype();
    }

    @Override
    public String childName(Layout layout, int index) {
        int first = firstField(layout);
        return index < first ? "validity" : struct(layout).field(index - first).name();
    }

    @Override
    public LayoutReader reader(Layout layout) {
        return new Reader(layout);
    }

    static final class Reader implements LayoutReader {
        private final Layout layout;
        private final DType.Struct dtype;
        private final int first;
        private final AtomicReferenceArray<LayoutReader> readers;

        Reader(Layout layout) {
            this.layout = layout;
            this.dtype = struct(layout);
            this.first = firstField(layout);
            this.readers = new AtomicReferenceArray<>(layout.childCount());
        }

        @Override
        public Layout layout() {
            return layout;
        }

        private LayoutReader child(int index) {
            LayoutReader r = readers.get(index);
            if (r == null) {
                Layout child = layout.child(index);
                r = child.vtable().reader(child);
                if (!readers.compareAndSet(index, null, r)) {
                    r = readers.get(index);
                }
            }
            return r;
        }

        @Override
        public void registerSplits(FieldMask mask, SplitRange range, RowSplits splits) {
            boolean skip = splits.skipsSplitlessChildren();
            // Every field, every field's mask `all`: no name to look up.
            boolean all = mask.isAll();
            for (int i = 0; i < dtype.fieldCount(); i++) {
                String name = all ? null : dtype.field(i).name();
                if (!all && !mask.selects(name)) {
                    continue;
                }
                int index = first + i;
                // A field without interior splits ends where the struct ends: the end pushed below covers it.
                if (!(skip && layout.childHasNoInteriorSplits(index))) {
                    child(index).registerSplits(all ? mask : mask.field(name), range, splits);
                }
            }
            // After the fields, so that aligned columns, whose runs all end here, stay one ascending run.
            splits.add(range.rootTo());
        }

        private static final int MAX_PLANS = 8;

        /**
         * What a projection reads of this struct, worked out once per projection rather than once per split: a scan
         * reads every split with the same projection, and each split would otherwise rebuild the output dtype and
         * look every field up again, on the thread that plans the splits.
         */
        private record Plan(Projection projection, DType.Struct outType, int[] children, Projection[] projections) {}

        /**
         * The plans of the projections read lately, newest last. A filtered scan alternates a few projections (each
         * conjunct's columns, then the projected ones), so this keeps several; a stale entry only costs a rebuild.
         */
        private volatile Plan[] plans = new Plan[0];

        private Plan plan(Projection projection) {
            Plan[] known = plans;
            for (Plan p : known) {
                if (p.projection == projection) {
                    return p;
                }
            }
            Plan p = newPlan(projection);
            Plan[] more = Arrays.copyOfRange(known, Math.max(0, known.length + 1 - MAX_PLANS), known.length + 1);
            more[more.length - 1] = p;
            plans = more;
            return p;
        }

        private Plan newPlan(Projection projection) {
            int n = dtype.fieldCount();
            int[] children = new int[n];
            Projection[] projections = new Projection[n];
            int k = 0;
            for (int i = 0; i < n; i++) {
                String name = dtype.field(i).name();
                if (projection.selects(name)) {
                    children[k] = first + i;
                    projections[k] = projection.field(name);
                    k++;
                }
            }
            return new Plan(projection, (DType.Struct) projection.apply(dtype), Arrays.copyOf(children, k),
                    Arrays.copyOf(projections, k));
        }

        @Override
        public CompletableFuture<Array> read(long from, long to, Projection projection, SegmentSource segments) {
            Ranges.check(this, from, to);
            Plan p = plan(projection);
            int n = p.children.length;
            @SuppressWarnings("unchecked")
            CompletableFuture<Array>[] fields = new CompletableFuture[n];
            for (int i = 0; i < n; i++) {
                fields[i] = child(p.children[i]).read(from, to, p.projections[i], segments);
            }
            long rows = to - from;
            if (first == 0) {
                // No validity child: one field needs no join of all the futures.
                if (n == 1) {
                    return fields[0].thenApply(f -> new StructArray(p.outType, List.of(f), rows,
                            Validity.NON_NULLABLE));
                }
                return CompletableFuture.allOf(fields).thenApply(v -> new StructArray(p.outType, joined(fields), rows,
                        Validity.NON_NULLABLE));
            }
            CompletableFuture<Validity> validity = child(0).read(from, to, Projection.all(), segments)
                    .thenApply(Reader::toValidity);
            CompletableFuture<?>[] all = Arrays.copyOf(fields, n + 1, CompletableFuture[].class);
            all[n] = validity;
            return CompletableFuture.allOf(all).thenApply(v -> new StructArray(p.outType, joined(fields), rows,
                    validity.join()));
        }

        private static List<Array> joined(CompletableFuture<Array>[] fields) {
            Array[] out = new Array[fields.length];
            for (int i = 0; i < out.length; i++) {
                out[i] = fields[i].join();
            }
            return List.of(out);
        }

        @Override
        public CompletableFuture<RowMask> prune(long from, long to, Pruning pruning, SegmentSource segments) {
            Ranges.check(this, from, to);
            List<CompletableFuture<RowMask>> masks = new ArrayList<>();
            for (int i = 0; i < dtype.fieldCount(); i++) {
                Pruning field = pruning.field(dtype.field(i).name());
                if (field.isReferenced()) {
                    masks.add(child(first + i).prune(from, to, field, segments));
                }
            }
            if (masks.isEmpty()) {
                return CompletableFuture.completedFuture(RowMask.all(to - from));
            }
            // Each column's statistics alone are a sound bound, so rows any of them rules out are out.
            return CompletableFuture.allOf(masks.toArray(CompletableFuture[]::new)).thenApply(v -> {
                RowMask result = masks.getFirst().join();
                for (int i = 1; i < masks.size(); i++) {
                    result = result.and(masks.get(i).join());
                }
                return result;
            });
        }

        @Override
        public void release() {
            for (int i = 0; i < readers.length(); i++) {
                LayoutReader r = readers.get(i);
                if (r != null) {
                    r.release();
                }
            }
        }

        private static Validity toValidity(Array bits) {
            if (bits instanceof ConstantArray c) {
                return Boolean.TRUE.equals(c.scalar().value()) ? Validity.ALL_VALID : Validity.ALL_INVALID;
            }
            return new Validity.Mask(((BoolArray) bits.toCanonical()).bits());
        }
    }
}
