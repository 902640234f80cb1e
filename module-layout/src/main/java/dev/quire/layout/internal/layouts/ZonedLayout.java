package dev.quire.layout.internal.layouts;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.quire.errors.QuireException;
import dev.quire.errors.UnknownEncodingException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.array.Array;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.expr.BoundExpr;
import dev.quire.layout.expr.RowMask;
import dev.quire.layout.expr.ZoneStats;
import dev.quire.layout.internal.proto.AggregateSpec;
import dev.quire.layout.internal.proto.ZonedMetadata;
import dev.quire.layout.internal.zones.Aggregate;
import dev.quire.layout.internal.zones.ZoneTable;
import dev.quire.layout.spi.Layout;
import dev.quire.layout.spi.LayoutReader;
import dev.quire.layout.spi.LayoutVTable;
import dev.quire.layout.spi.MetadataParser;
import dev.quire.layout.spi.Pruning;
import dev.quire.layout.spi.SegmentSource;
import dev.quire.splits.FieldMask;
import dev.quire.splits.RowSplits;
import dev.quire.splits.SplitRange;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * {@code vortex.zoned} (and its legacy name {@code vortex.stats}): child 0 holds the data, child 1 a table of
 * statistics with one row per zone. Reading rows reads the data child only; pruning reads the zone table (see
 * {@code module-layout/docs/zone-maps.md}).
 */
public class ZonedLayout implements LayoutVTable {
    public static final String ID = "vortex.zoned";
    public static final int METADATA_VERSION = 1;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public void validate(Layout layout) {
        if (layout.childCount() != 2) {
            throw layout.malformed("a zoned layout has 2 children (data, zones), this one has "
                    + layout.childCount());
        }
        if (layout.segmentCount() != 0) {
            throw layout.malformed("a zoned layout has no segments");
        }
        if (layout.childRowCount(0) != layout.rowCount()) {
            throw layout.malformed("data child has " + layout.childRowCount(0) + " rows, the layout "
                    + layout.rowCount());
        }
        metadata(layout);
    }

    /**
     * The zone length and aggregate specs; legacy layouts return null. Parsed once per file for all zoned nodes with
     * the same metadata bytes (columns of one dtype share them).
     */
    ZonedMetadata metadata(Layout layout) {
        return layout.metadata(METADATA);
    }

    /** Parses a zoned node's metadata; the key under which a file shares the result between its zoned nodes. */
    public static final MetadataParser<ZonedMetadata> METADATA = ZonedLayout::parseMetadata;

    private static ZonedMetadata parseMetadata(Layout layout, ByteBuffer meta) {
        if (!meta.hasRemaining()) {
            throw layout.malformed("zoned layout metadata is empty");
        }
        int version = Byte.toUnsignedInt(meta.get());
        if (version != METADATA_VERSION) {
            throw layout.malformed("unknown zoned metadata version " + version);
        }
        try {
            ZonedMetadata m = ZonedMetadata.parseFrom(meta);
            if (m.getZoneLen() == 0) {
                throw layout.malformed("zone length is 0");
            }
            for (AggregateSpec spec : m.getAggregateSpecsList()) {
                if (spec.getId().isEmpty()) {
                    throw layout.malformed("an aggregate spec has no id");
                }
            }
            return m;
        } catch (InvalidProtocolBufferException e) {
            throw layout.malformed("invalid zoned metadata: " + e.getMessage());
        }
    }

    /**
     * Child 0 has the layout's dtype; child 1, the zone table, has the dtype the metadata's aggregates derive from the
     * column's dtype ({@link Aggregate#tableDType(DType, List)}), as Vortex derives it: the dtype is not stored.
     *
     * @throws UnsupportedFeatureException for a legacy layout or an aggregate Quire does not know
     */
    @Override
    public DType childDType(Layout layout, int index) {
        if (index == 0) {
            return layout.dtype();
        }
        return Aggregate.tableDType(layout.dtype(), aggregates(layout));
    }

    /** The aggregates the metadata lists, in order. */
    List<Aggregate> aggregates(Layout layout) {
        return metadata(layout).getAggregateSpecsList().stream().map(Aggregate::fromSpec).toList();
    }

    @Override
    public String childName(Layout layout, int index) {
        return index == 0 ? "data" : "zones";
    }

    @Override
    public LayoutReader reader(Layout layout) {
        return new DataReader(this, layout);
    }

    /** The zone length, the number of zones (rows of the zone table) and the statistics kept per zone. */
    @Override
    public Map<String, String> describe(Layout layout) {
        ZonedMetadata m = metadata(layout);
        Map<String, String> out = new LinkedHashMap<>();
        out.put("zone_len", Integer.toUnsignedString(m.getZoneLen()));
        out.put("zones", Long.toString(layout.childRowCount(1)));
        out.put("stats", String.join(", ", m.getAggregateSpecsList().stream().map(AggregateSpec::getId).toList()));
        return out;
    }

    /**
     * Reads and splits through the data child; prunes with the zone table (read once, on the first pruning request)
     * and the data child's own pruning.
     */
    static final class DataReader implements LayoutReader {
        private static final System.Logger LOG = System.getLogger(ZonedLayout.class.getName());

        private final ZonedLayout vtable;
        private final Layout layout;
        private volatile LayoutReader data;
        private volatile CompletableFuture<Optional<ZoneTable>> zones;

        DataReader(ZonedLayout vtable, Layout layout) {
            this.vtable = vtable;
            this.layout = layout;
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
            // Splits are the data child's: the zone table is not rows of the column.
            if (splits.skipsSplitlessChildren() && layout.childHasNoInteriorSplits(0)) {
                splits.add(range.rootTo());
            } else {
                data().registerSplits(mask, range, splits);
            }
        }

        @Override
        public CompletableFuture<Array> read(long from, long to, Projection projection, SegmentSource segments) {
            return data().read(from, to, projection, segments);
        }

        /**
         * The data child's mask, less the rows of every zone whose statistics prove the filter false for this
         * column. A zone table Quire cannot decode (an encoding or aggregate it does not know) prunes nothing.
         */
        @Override
        public CompletableFuture<RowMask> prune(long from, long to, Pruning pruning, SegmentSource segments) {
            Ranges.check(this, from, to);
            CompletableFuture<RowMask> dataMask;
            try {
                dataMask = data().prune(from, to, pruning, segments);
            } catch (UnknownEncodingException e) {
                // A data layout this module cannot open (a dictionary without its module) has nothing to add; the
                // zone table can still rule zones out, and reading the rows will report the missing module.
                dataMask = CompletableFuture.completedFuture(RowMask.all(to - from));
            }
            Optional<FieldPath> path = pruning.path();
            if (from == to || path.isEmpty() || !pruning.isReferenced()) {
                return dataMask;
            }
            return zones(segments).thenCombine(dataMask, (table, mask) -> table.isEmpty() ? mask
                    : prunedZones(table.get(), mask, from, to, path.get(), pruning));
        }

        /**
         * {@code mask} (rows {@code [from, to)}) less the rows of zones that cannot match: {@code mask} itself when
         * no zone is pruned, so a split whose zones all might match (a column not sorted by the filter's key) costs
         * no mask building.
         */
        private static RowMask prunedZones(ZoneTable table, RowMask mask, long from, long to, FieldPath path,
                Pruning pruning) {
            long zoneLen = table.zoneLen();
            long[] cleared = null;
            long considered = 0;
            long pruned = 0;
            BoundExpr filter = pruning.columnFilter();
            for (long z = from / zoneLen; z * zoneLen < to; z++) {
                int zone = Math.toIntExact(z);
                considered++;
                ZoneStats stats = ZoneStats.of(table.zoneRows(zone), Map.of(path, table.zone(zone)));
                if (!filter.mightMatch(stats)) {
                    pruned++;
                    if (cleared == null) {
                        cleared = new long[(int) ((to - from + 63) >>> 6)];
                    }
                    setRange(cleared, Math.max(from, z * zoneLen) - from, Math.min(to, (z + 1) * zoneLen) - from);
                }
            }
            pruning.recordZones(considered, pruned);
            return cleared == null ? mask : mask.andNot(RowMask.fromWords(cleared, to - from));
        }

        private static void setRange(long[] words, long from, long to) {
            for (long i = from; i < to; ) {
                int word = (int) (i >>> 6);
                int bit = (int) (i & 63);
                long n = Math.min(64 - bit, to - i);
                words[word] |= (n == 64 ? -1L : (1L << n) - 1) << bit;
                i += n;
            }
        }

        /** The decoded zone table, or empty when Quire cannot decode it; loaded once. */
        private CompletableFuture<Optional<ZoneTable>> zones(SegmentSource segments) {
            CompletableFuture<Optional<ZoneTable>> z = zones;
            if (z == null) {
                synchronized (this) {
                    z = zones;
                    if (z == null) {
                        z = loadZones(segments);
                        zones = z;
                    }
                }
            }
            return z;
        }

        private CompletableFuture<Optional<ZoneTable>> loadZones(SegmentSource segments) {
            long rows = layout.rowCount();
            List<Aggregate> aggregates;
            long zoneLen;
            Layout child;
            LayoutReader reader;
            try {
                aggregates = vtable.aggregates(layout);
                zoneLen = Integer.toUnsignedLong(vtable.metadata(layout).getZoneLen());
                long expected = ZoneTable.zoneCount(rows, zoneLen);
                if (layout.childRowCount(1) != expected) {
                    throw layout.malformed("the zone table has " + layout.childRowCount(1) + " rows, but " + rows
                            + " rows in zones of " + zoneLen + " make " + expected);
                }
                child = layout.child(1);
                reader = child.vtable().reader(child);
            } catch (UnknownEncodingException | UnsupportedFeatureException e) {
                return CompletableFuture.completedFuture(undecodable(e));
            }
            return reader.read(0, child.rowCount(), Projection.all(), segments).handle((table, error) -> {
                Throwable cause = error instanceof CompletionException c && c.getCause() != null ? c.getCause()
                        : error;
                try {
                    if (cause != null) {
                        throw cause;
                    }
                    return Optional.of(ZoneTable.read(table, layout.dtype(), aggregates, zoneLen, rows,
                            layout.path()));
                } catch (UnknownEncodingException | UnsupportedFeatureException e) {
                    return undecodable(e);
                } catch (RuntimeException | Error e) {
                    throw e;
                } catch (Throwable t) {
                    throw new CompletionException(t);
                }
            });
        }

        private Optional<ZoneTable> undecodable(QuireException e) {
            LOG.log(System.Logger.Level.DEBUG, () -> "zone table of " + layout.path()
                    + " is not used for pruning: " + e.getMessage());
            return Optional.empty();
        }

        @Override
        public void release() {
            LayoutReader d = data;
            if (d != null) {
                d.release();
            }
        }
    }

    /** {@code vortex.stats}: the layout's name in older files; metadata is a u32 zone length and a stat bitset. */
    public static final class Legacy extends ZonedLayout {
        public static final String LEGACY_ID = "vortex.stats";

        @Override
        public String id() {
            return LEGACY_ID;
        }

        @Override
        ZonedMetadata metadata(Layout layout) {
            if (layout.metadata().remaining() < 4) {
                throw layout.malformed("stats layout metadata needs at least 4 bytes");
            }
            return null;
        }

        /** The legacy table (a stat bitset, with truncation flags) is not read: its rows prune nothing. */
        @Override
        List<Aggregate> aggregates(Layout layout) {
            throw new UnsupportedFeatureException("the zone table of legacy layout " + layout.path()
                    + " (vortex.stats) is not read by this version of Quire");
        }

        @Override
        public Map<String, String> describe(Layout layout) {
            ByteBuffer meta = layout.metadata().order(ByteOrder.LITTLE_ENDIAN);
            Map<String, String> out = new LinkedHashMap<>();
            out.put("zone_len", Integer.toUnsignedString(meta.getInt()));
            out.put("zones", Long.toString(layout.childRowCount(1)));
            return out;
        }
    }
}
