package dev.quire.layout.internal.layouts;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.array.Array;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.expr.RowMask;
import dev.quire.layout.internal.proto.AggregateSpec;
import dev.quire.layout.internal.proto.ZonedMetadata;
import dev.quire.layout.spi.Layout;
import dev.quire.layout.spi.LayoutReader;
import dev.quire.layout.spi.LayoutVTable;
import dev.quire.layout.spi.Pruning;
import dev.quire.splits.RowSplits;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * {@code vortex.zoned} (and its legacy name {@code vortex.stats}): child 0 holds the data, child 1 a table of
 * statistics with one row per zone. Reading rows reads the data child only.
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

    /** The zone length and aggregate specs; legacy layouts return null. */
    ZonedMetadata metadata(Layout layout) {
        ByteBuffer meta = layout.metadata();
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

    @Override
    public DType childDType(Layout layout, int index) {
        if (index == 0) {
            return layout.dtype();
        }
        throw new UnsupportedFeatureException("the zone table of " + layout.path()
                + " is not read by this version of Quire");
    }

    @Override
    public String childName(Layout layout, int index) {
        return index == 0 ? "data" : "zones";
    }

    @Override
    public LayoutReader reader(Layout layout) {
        return new DataReader(layout);
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

    /** Passes everything to the data child. */
    static final class DataReader implements LayoutReader {
        private final Layout layout;
        private volatile LayoutReader data;

        DataReader(Layout layout) {
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
        public void registerSplits(Projection projection, long rowOffset, RowSplits splits) {
            if (layout.childHasNoInteriorSplits(0)) {
                splits.add(rowOffset + layout.rowCount());
            } else {
                data().registerSplits(projection, rowOffset, splits);
            }
        }

        @Override
        public CompletableFuture<Array> read(long from, long to, Projection projection) {
            return data().read(from, to, projection);
        }

        @Override
        public CompletableFuture<RowMask> prune(long from, long to, Pruning pruning) {
            return data().prune(from, to, pruning);
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
