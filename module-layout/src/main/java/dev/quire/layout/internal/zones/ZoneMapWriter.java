package dev.quire.layout.internal.zones;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.internal.proto.ZonedMetadata;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds the statistics table of one column as its rows are appended: one row per zone of {@code zoneRows} rows (the
 * last may be shorter), with the aggregates Vortex 0.76 keeps for the column's dtype ({@link Aggregate#defaults}).
 * Memory grows with the number of zones only. Not thread-safe.
 */
public final class ZoneMapWriter {
    private final DType column;
    private final int zoneRows;
    private final ZoneAccumulator accumulator;
    private final List<Aggregate> aggregates;
    private final List<ArrayBuilder> builders = new ArrayList<>();
    private long zones;
    private long filled;

    /** The finished table and the aggregates it holds, in table order. */
    public record Table(StructArray array, List<Aggregate> aggregates) {}

    public ZoneMapWriter(DType column, int zoneRows) {
        if (zoneRows < 1) {
            throw new InvalidArgumentException("zoneRows must be positive, got " + zoneRows);
        }
        this.column = column;
        this.zoneRows = zoneRows;
        this.accumulator = ZoneAccumulator.forType(column);
        this.aggregates = Aggregate.defaults(column);
        for (Aggregate a : aggregates) {
            builders.add(ArrayBuilder.forType(a.tableDType(column).orElseThrow()));
        }
    }

    /** Whether Vortex keeps zone statistics for a column of this dtype: every dtype but structs (split into fields). */
    public static boolean applies(DType column) {
        return !(column instanceof DType.Struct);
    }

    /** Adds rows {@code [from, to)} of {@code canonical}, an array of the column's dtype in canonical form. */
    public void append(Array canonical, long from, long to) {
        long pos = from;
        while (pos < to) {
            long n = Math.min(to - pos, zoneRows - filled);
            accumulator.add(canonical, pos, pos + n);
            filled += n;
            pos += n;
            if (filled == zoneRows) {
                endZone();
            }
        }
    }

    private void endZone() {
        ZoneAccumulator.Values v = accumulator.finishZone();
        for (int i = 0; i < aggregates.size(); i++) {
            Aggregate a = aggregates.get(i);
            ArrayBuilder b = builders.get(i);
            DType type = b.dtype();
            switch (a.kind()) {
                case MIN -> append(b, v.min());
                case MAX -> append(b, v.max());
                case SUM -> append(b, v.sum());
                case NULL_COUNT -> b.appendScalar(new Scalar(type, v.nullCount()));
                case NAN_COUNT -> b.appendScalar(new Scalar(type, v.nanCount()));
                case BOUNDED_MIN -> {
                    if (v.minBytes() == null) {
                        b.appendNull();
                    } else {
                        b.appendScalar(new Scalar(type, value(lowerBound(v.minBytes(), a.maxBytes()))));
                    }
                }
                case BOUNDED_MAX -> {
                    if (v.maxBytes() == null) {
                        b.appendNull();
                    } else {
                        DType.Struct s = (DType.Struct) type;
                        byte[] bound = upperBound(v.maxBytes(), a.maxBytes());
                        Scalar boundScalar = bound == null ? Scalar.nullOf(s.field(0).dtype())
                                : new Scalar(s.field(0).dtype(), value(bound));
                        b.appendScalar(new Scalar(s, List.of(boundScalar, new Scalar(s.field(1).dtype(),
                                bound == null))));
                    }
                }
            }
        }
        zones++;
        filled = 0;
    }

    private static void append(ArrayBuilder b, Scalar s) {
        if (s == null) {
            b.appendNull();
        } else {
            b.appendScalar(new Scalar(b.dtype(), s.value()));
        }
    }

    private Object value(byte[] bytes) {
        return column instanceof DType.Utf8 ? new String(bytes, StandardCharsets.UTF_8) : bytes;
    }

    /** A lower bound of at most {@code max} bytes: the value itself, or its longest prefix that fits. */
    byte[] lowerBound(byte[] value, long max) {
        if (value.length <= max) {
            return value;
        }
        int n = (int) max;
        return Arrays.copyOf(value, column instanceof DType.Utf8 ? charBoundary(value, n) : n);
    }

    /**
     * An upper bound of at most {@code max} bytes, or null when none exists. Longer values are cut (strings at a
     * character boundary) and their last byte incremented with carry (bytes) or their last character replaced by the
     * next code point of the same encoded length (strings); when that is impossible there is no bound.
     */
    byte[] upperBound(byte[] value, long max) {
        if (value.length <= max) {
            return value;
        }
        int n = (int) max;
        if (!(column instanceof DType.Utf8)) {
            byte[] prefix = Arrays.copyOf(value, n);
            for (int i = n - 1; i >= 0; i--) {
                prefix[i]++;
                if (prefix[i] != 0) {
                    return prefix;
                }
            }
            return null;
        }
        int end = charBoundary(value, n);
        if (end == 0) {
            return null;
        }
        int start = end - 1;
        while (start > 0 && (value[start] & 0xC0) == 0x80) {
            start--;
        }
        String last = new String(value, start, end - start, StandardCharsets.UTF_8);
        int cp = last.codePointAt(0);
        int next = cp + 1;
        if (next > Character.MAX_CODE_POINT || (next >= Character.MIN_SURROGATE && next <= Character.MAX_SURROGATE)
                || utf8Length(next) != utf8Length(cp)) {
            return null;
        }
        byte[] replacement = new String(Character.toChars(next)).getBytes(StandardCharsets.UTF_8);
        byte[] out = Arrays.copyOf(value, end);
        System.arraycopy(replacement, 0, out, start, replacement.length);
        return out;
    }

    /** The largest character boundary in {@code [n - 3, n]} of a UTF-8 value longer than {@code n} bytes. */
    private static int charBoundary(byte[] value, int n) {
        for (int p = n; p >= Math.max(0, n - 3); p--) {
            if ((value[p] & 0xC0) != 0x80) {
                return p;
            }
        }
        throw new InvalidArgumentException("invalid UTF-8 near byte " + n);
    }

    private static int utf8Length(int cp) {
        return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    }

    /**
     * Closes the last zone and returns the table, without the aggregates that are null in every zone (Vortex drops
     * them too; with no zones at all, nothing is dropped).
     */
    public Table finish() {
        if (filled > 0) {
            endZone();
        }
        List<Field> fields = new ArrayList<>();
        List<Array> arrays = new ArrayList<>();
        List<Aggregate> kept = new ArrayList<>();
        for (int i = 0; i < aggregates.size(); i++) {
            Array values = builders.get(i).finish();
            if (zones > 0 && values.nullCount() == zones) {
                continue;
            }
            kept.add(aggregates.get(i));
            fields.add(new Field(aggregates.get(i).displayName(), values.dtype()));
            arrays.add(values);
        }
        return new Table(new StructArray(new DType.Struct(fields, false), arrays, zones, Validity.NON_NULLABLE),
                List.copyOf(kept));
    }

    /** The layout metadata of a zoned layout with this table: the version byte, then {@code ZonedMetadata}. */
    public static byte[] metadata(int zoneRows, List<Aggregate> aggregates) {
        ZonedMetadata.Builder m = ZonedMetadata.newBuilder().setZoneLen(zoneRows);
        for (Aggregate a : aggregates) {
            m.addAggregateSpecs(a.toSpec());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(1);
        try {
            m.build().writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    public int zoneRows() {
        return zoneRows;
    }
}
