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
import dev.quire.splits.FieldMask;
import dev.quire.splits.RowSplits;
import dev.quire.splits.SplitRange;
import java.util.ArrayList;
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

        @Override
        public CompletableFuture<Array> read(long from, long to, Projection projection) {
            Ranges.check(this, from, to);
            DType.Struct outType = (DType.Struct) projection.apply(dtype);
            List<CompletableFuture<Array>> fields = new ArrayList<>();
            for (int i = 0; i < dtype.fieldCount(); i++) {
                String name = dtype.field(i).name();
                if (projection.selects(name)) {
                    fields.add(child(first + i).read(from, to, projection.field(name)));
                }
            }
            CompletableFuture<Validity> validity = first == 0
                    ? CompletableFuture.completedFuture(Validity.NON_NULLABLE)
                    : child(0).read(from, to, Projection.all()).thenApply(Reader::toValidity);
            List<CompletableFuture<?>> all = new ArrayList<>(fields);
            all.add(validity);
            long rows = to - from;
            return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).thenApply(v -> new StructArray(
                    outType, fields.stream().map(CompletableFuture::join).toList(), rows, validity.join()));
        }

        @Override
        public CompletableFuture<RowMask> prune(long from, long to, Pruning pruning) {
            Ranges.check(this, from, to);
            List<CompletableFuture<RowMask>> masks = new ArrayList<>();
            for (int i = 0; i < dtype.fieldCount(); i++) {
                Pruning field = pruning.field(dtype.field(i).name());
                if (field.isReferenced()) {
                    masks.add(child(first + i).prune(from, to, field));
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
