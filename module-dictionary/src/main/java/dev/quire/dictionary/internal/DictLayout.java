package dev.quire.dictionary.internal;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.quire.dictionary.internal.proto.DictLayoutMetadata;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.errors.MalformedFileException;
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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * {@code vortex.dict} as a layout: child 0 holds the distinct values (the column's dtype), child 1 the codes (one per
 * row, an integer primitive), with protobuf metadata {@code DictLayoutMetadata {PType codes_ptype = 1; optional bool
 * is_nullable_codes = 2; optional bool all_values_referenced = 3}}; absent {@code is_nullable_codes} means the codes
 * are as nullable as the column. Rows are the codes' rows: splits are the codes child's, and a read reads the codes of
 * the rows asked for plus the values once per reader, returning a {@link DictArray} (over the codes as read, still
 * bit-packed where they were).
 */
public final class DictLayout implements LayoutVTable {
    public static final String ID = "vortex.dict";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public void validate(Layout layout) {
        if (layout.childCount() != 2) {
            throw layout.malformed("a dictionary layout has 2 children (values, codes), this one has "
                    + layout.childCount());
        }
        if (layout.segmentCount() != 0) {
            throw layout.malformed("a dictionary layout has no segments, this one has " + layout.segmentCount());
        }
        if (layout.childRowCount(1) != layout.rowCount()) {
            throw layout.malformed("the codes child has " + layout.childRowCount(1) + " rows, the layout "
                    + layout.rowCount());
        }
        codesDType(layout);
    }

    static DictLayoutMetadata metadata(Layout layout) {
        try {
            return DictLayoutMetadata.parseFrom(layout.metadata());
        } catch (InvalidProtocolBufferException e) {
            throw layout.malformed("invalid dictionary layout metadata: " + e.getMessage());
        }
    }

    static DType.Primitive codesDType(Layout layout) {
        DictLayoutMetadata m = metadata(layout);
        return DictEncoding.codesDType(m.getCodesPtype(), m.hasIsNullableCodes(), m.getIsNullableCodes(),
                layout.dtype(), layout::malformed);
    }

    @Override
    public DType childDType(Layout layout, int index) {
        return switch (index) {
            case 0 -> layout.dtype();
            case 1 -> codesDType(layout);
            default -> throw layout.malformed("a dictionary layout has no child " + index);
        };
    }

    @Override
    public String childName(Layout layout, int index) {
        return index == 0 ? "values" : "codes";
    }

    /** The codes type, whether codes may be null, the number of values and whether all are known referenced. */
    @Override
    public Map<String, String> describe(Layout layout) {
        DictLayoutMetadata m = metadata(layout);
        DType.Primitive codes = codesDType(layout);
        Map<String, String> out = new LinkedHashMap<>();
        out.put("codes", codes.ptype().displayName());
        out.put("nullable_codes", Boolean.toString(codes.nullable()));
        out.put("values", Long.toString(layout.childRowCount(0)));
        out.put("all_values_referenced", m.hasAllValuesReferenced() ? Boolean.toString(m.getAllValuesReferenced())
                : "unknown");
        return out;
    }

    @Override
    public LayoutReader reader(Layout layout) {
        return new Reader(layout);
    }

    /** Reads codes per request and the values once (until released), sharing them between the arrays it returns. */
    static final class Reader implements LayoutReader {
        private final Layout layout;
        private volatile LayoutReader values;
        private volatile LayoutReader codes;
        private volatile CompletableFuture<DictValues> dictionary;

        Reader(Layout layout) {
            this.layout = layout;
        }

        @Override
        public Layout layout() {
            return layout;
        }

        private LayoutReader valuesReader() {
            LayoutReader r = values;
            if (r == null) {
                Layout child = layout.child(0);
                r = child.vtable().reader(child);
                values = r;
            }
            return r;
        }

        private LayoutReader codesReader() {
            LayoutReader r = codes;
            if (r == null) {
                Layout child = layout.child(1);
                r = child.vtable().reader(child);
                codes = r;
            }
            return r;
        }

        /** The dictionary's values, read once (through {@code segments} when it is the first to ask). */
        CompletableFuture<DictValues> dictionary(SegmentSource segments) {
            CompletableFuture<DictValues> d = dictionary;
            if (d == null) {
                synchronized (this) {
                    d = dictionary;
                    if (d == null) {
                        long n = layout.childRowCount(0);
                        d = valuesReader().read(0, n, Projection.all(), segments).thenApply(DictValues::new);
                        dictionary = d;
                    }
                }
            }
            return d;
        }

        @Override
        public void registerSplits(FieldMask mask, SplitRange range, RowSplits splits) {
            // Rows are the codes' rows; the values are not rows of the column.
            if (splits.skipsSplitlessChildren() && layout.childHasNoInteriorSplits(1)) {
                splits.add(range.rootTo());
            } else {
                codesReader().registerSplits(mask, range, splits);
            }
        }

        @Override
        public CompletableFuture<Array> read(long from, long to, Projection projection, SegmentSource segments) {
            if (from < 0 || to < from || to > layout.rowCount()) {
                throw new InvalidArgumentException("rows [" + from + ", " + to + ") are outside layout "
                        + layout.path() + " of " + layout.rowCount() + " rows");
            }
            CompletableFuture<Array> codeRows = codesReader().read(from, to, Projection.all(), segments);
            return codeRows.thenCombine(dictionary(segments), (c, values) -> {
                if (!(c.dtype() instanceof DType.Primitive codesType) || !codesType.ptype().isInteger()) {
                    throw layout.malformed("dictionary codes decode to " + c.dtype());
                }
                DictArray dict;
                try {
                    DictArray.checkDTypes(layout.dtype(), codesType, values.array().dtype());
                    // Bit-packed codes stay packed: the gather unpacks them a block at a time, and checks them
                    // as it goes.
                    dict = new DictArray(layout.dtype(), DictArray.readCodes(c), values, false, layout::malformed);
                } catch (InvalidArgumentException | MalformedFileException e) {
                    throw layout.malformed(e.getMessage());
                }
                return projection.isAll() ? dict : Projections.apply(dict.toCanonical(), projection);
            });
        }

        /**
         * Rules the rows out when the filter cannot match any value of the dictionary (judged from the values' minimum
         * and maximum, so only for values of a type whose order statistics Quire computes); the codes' own pruning is
         * not asked, since their statistics are about codes, not values.
         */
        @Override
        public CompletableFuture<RowMask> prune(long from, long to, Pruning pruning, SegmentSource segments) {
            if (from == to || pruning.path().isEmpty() || !pruning.isReferenced()) {
                return CompletableFuture.completedFuture(RowMask.all(to - from));
            }
            return dictionary(segments).thenApply(values -> ValueStats.mightMatch(values, pruning)
                    ? RowMask.all(to - from) : RowMask.none(to - from));
        }

        @Override
        public void release() {
            dictionary = null;
            LayoutReader v = values;
            if (v != null) {
                v.release();
            }
            LayoutReader c = codes;
            if (c != null) {
                c.release();
            }
        }
    }
}
