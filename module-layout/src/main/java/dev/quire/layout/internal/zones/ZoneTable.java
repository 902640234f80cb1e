package dev.quire.layout.internal.zones;

import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.format.ArrayStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A decoded statistics table of a {@code vortex.zoned} layout: one row per zone of {@code zoneLen} rows (the last
 * zone may be shorter), read as {@link ArrayStats} per zone. Immutable once built.
 *
 * <p>Min and max come from {@code vortex.min}/{@code vortex.max} (exact) or, for strings and bytes, from
 * {@code vortex.bounded_min}/{@code vortex.bounded_max} (bounds only, so inexact; a bounded max whose {@code unknown}
 * flag is set gives no bound). A NaN min or max (written only when NaNs are not skipped) gives no bound either.
 */
public final class ZoneTable {
    private final long zoneLen;
    private final long rowCount;
    private final List<ArrayStats> zones;

    private ZoneTable(long zoneLen, long rowCount, List<ArrayStats> zones) {
        this.zoneLen = zoneLen;
        this.rowCount = rowCount;
        this.zones = zones;
    }

    /** The number of zones a column of {@code rowCount} rows has with zones of {@code zoneLen} rows. */
    public static long zoneCount(long rowCount, long zoneLen) {
        return rowCount == 0 ? 0 : (rowCount - 1) / zoneLen + 1;
    }

    /**
     * Reads a decoded table of a column of {@code column} and {@code rowCount} rows.
     *
     * @param table the zone child's rows, of {@link Aggregate#tableDType(DType, List)}
     * @param where the layout path, for messages
     * @throws MalformedFileException when the table's shape contradicts the metadata
     */
    public static ZoneTable read(Array table, DType column, List<Aggregate> aggregates, long zoneLen, long rowCount,
            String where) {
        DType.Struct expected = Aggregate.tableDType(column, aggregates);
        if (!table.dtype().equals(expected)) {
            throw new MalformedFileException(where + ": the zone table is " + table.dtype() + ", the metadata says "
                    + expected);
        }
        long zones = zoneCount(rowCount, zoneLen);
        if (table.length() != zones) {
            throw new MalformedFileException(where + ": the zone table has " + table.length() + " rows, but "
                    + rowCount + " rows in zones of " + zoneLen + " make " + zones);
        }
        StructArray struct = (StructArray) table.toCanonical();
        List<Column> columns = new ArrayList<>();
        int field = 0;
        for (Aggregate a : aggregates) {
            if (a.tableDType(column).isPresent()) {
                columns.add(new Column(a, struct.field(field++).toCanonical()));
            }
        }
        List<ArrayStats> out = new ArrayList<>((int) zones);
        for (long z = 0; z < zones; z++) {
            out.add(zone(columns, z));
        }
        return new ZoneTable(zoneLen, rowCount, List.copyOf(out));
    }

    private record Column(Aggregate aggregate, Array values) {}

    private static ArrayStats zone(List<Column> columns, long z) {
        Optional<Scalar> min = Optional.empty();
        boolean minExact = false;
        Optional<Scalar> max = Optional.empty();
        boolean maxExact = false;
        Optional<Scalar> boundedMin = Optional.empty();
        Optional<Scalar> boundedMax = Optional.empty();
        Optional<Scalar> sum = Optional.empty();
        OptionalLong nullCount = OptionalLong.empty();
        OptionalLong nanCount = OptionalLong.empty();
        for (Column c : columns) {
            Scalar v = c.values.scalarAt(z);
            if (v.isNull()) {
                continue;
            }
            switch (c.aggregate.kind()) {
                case MIN -> {
                    if (!isNaN(v)) {
                        min = Optional.of(v);
                        minExact = true;
                    }
                }
                case MAX -> {
                    if (!isNaN(v)) {
                        max = Optional.of(v);
                        maxExact = true;
                    }
                }
                case BOUNDED_MIN -> boundedMin = Optional.of(v);
                case BOUNDED_MAX -> {
                    List<?> fields = (List<?>) v.value();
                    Scalar bound = (Scalar) fields.get(0);
                    boolean unknown = Boolean.TRUE.equals(((Scalar) fields.get(1)).value());
                    if (!unknown && !bound.isNull()) {
                        boundedMax = Optional.of(bound);
                    }
                }
                case SUM -> sum = Optional.of(v);
                case NULL_COUNT -> nullCount = OptionalLong.of(v.asLong());
                case NAN_COUNT -> nanCount = OptionalLong.of(v.asLong());
            }
        }
        if (min.isEmpty() && boundedMin.isPresent()) {
            min = boundedMin;
        }
        if (max.isEmpty() && boundedMax.isPresent()) {
            max = boundedMax;
        }
        return new ArrayStats(min, minExact, max, maxExact, sum, Optional.empty(), Optional.empty(), Optional.empty(),
                nullCount, nanCount, OptionalLong.empty());
    }

    private static boolean isNaN(Scalar s) {
        return (s.value() instanceof Double d && d.isNaN()) || (s.value() instanceof Float f && f.isNaN());
    }

    public long zoneLen() {
        return zoneLen;
    }

    public long rowCount() {
        return rowCount;
    }

    public int zoneCount() {
        return zones.size();
    }

    /** The statistics of zone {@code z}. */
    public ArrayStats zone(int z) {
        return zones.get(z);
    }

    /** The number of rows of zone {@code z}: the zone length, except for a shorter last zone. */
    public long zoneRows(int z) {
        long start = z * zoneLen;
        return Math.min(zoneLen, rowCount - start);
    }
}
