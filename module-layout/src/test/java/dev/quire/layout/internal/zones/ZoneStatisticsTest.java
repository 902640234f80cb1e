package dev.quire.layout.internal.zones;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.io.spi.InMemoryReadAt;
import dev.quire.io.spi.ReadAt;
import dev.quire.layout.Fixtures;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.spi.Layout;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The zone statistics Quire writes, read back from the file and checked against a brute-force computation over the
 * values written: every dtype, with nulls, NaNs, signed zeros, all-null zones, overflowing sums, long strings and a
 * short last zone.
 */
class ZoneStatisticsTest {
    static final int ZONE = 50;
    /** Six full zones and a last one of three rows. */
    static final int ROWS = 6 * ZONE + 3;

    /** A column's values; zone 2 is all null in nullable columns (all NaN in float ones is zone 4). */
    record Column(String name, DType dtype, List<Object> values) {}

    static Object specialOrRandom(DType dtype, Random r, int row) {
        return switch (dtype) {
            case DType.Bool b -> r.nextInt(7) == 0;
            case DType.Primitive p -> switch (p.ptype()) {
                case F64 -> new double[] {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                    Double.MIN_VALUE, -1.5, 1e300, r.nextGaussian()}[r.nextInt(9)];
                case F32 -> new float[] {0f, -0f, Float.NaN, Float.MAX_VALUE, -Float.MIN_VALUE, 2.5f,
                    (float) r.nextGaussian()}[r.nextInt(7)];
                case F16 -> new float[] {0f, -0f, Float.NaN, 65504f, -2f, 0.5f, 1f}[r.nextInt(7)];
                case I64 -> r.nextInt(4) == 0 ? (r.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE)
                        : (long) r.nextInt(2000) - 1000;
                case U64 -> r.nextInt(4) == 0 ? -1L - r.nextInt(5) : (long) r.nextInt(2000);
                case I8 -> (long) (byte) r.nextInt();
                case U8 -> (long) r.nextInt(256);
                case I32 -> (long) r.nextInt();
                case U32 -> r.nextInt() & 0xFFFF_FFFFL;
                case I16 -> (long) (short) r.nextInt();
                case U16 -> (long) r.nextInt(65536);
            };
            case DType.Decimal d -> {
                BigInteger limit = BigInteger.TEN.pow(d.precision());
                BigInteger v = r.nextInt(4) == 0 ? limit.subtract(BigInteger.ONE)
                        : new BigInteger(d.precision() * 4, r).mod(limit);
                yield new BigDecimal(r.nextBoolean() ? v : v.negate(), d.scale());
            }
            case DType.Utf8 u -> longString(r, row);
            case DType.Binary b -> longBytes(r);
            case DType.Extension e -> (long) r.nextInt(1_000_000) - 500_000;
            default -> throw new IllegalArgumentException(dtype.toString());
        };
    }

    /** Strings around the 64-byte bound, with multi-byte characters near the cut and ones whose bound cannot grow. */
    static String longString(Random r, int row) {
        String[] pieces = {"a", "z", "é", "語", "😀", "\u007F", "\uFFFF", "\uD7FF", "\uDBFF\uDFFF", "~"};
        StringBuilder sb = new StringBuilder();
        int n = r.nextInt(4) == 0 ? r.nextInt(5) : 55 + r.nextInt(20);
        if (row % 3 == 0) {
            sb.append("\uDBFF\uDFFF".repeat(17)); // every maximum of such zones has no upper bound
        }
        while (sb.toString().getBytes(StandardCharsets.UTF_8).length < n) {
            sb.append(pieces[r.nextInt(pieces.length)]);
        }
        return sb.toString();
    }

    static PType p(DType t) {
        return ((DType.Primitive) t).ptype();
    }

    static byte[] longBytes(Random r) {
        byte[] b = new byte[r.nextInt(4) == 0 ? r.nextInt(5) : 60 + r.nextInt(10)];
        if (r.nextBoolean()) {
            Arrays.fill(b, (byte) 0xFF);
        } else {
            r.nextBytes(b);
        }
        if (b.length > 3 && r.nextBoolean()) {
            b[0] = (byte) 0xFF;
        }
        return b;
    }

    static List<Column> columns(long seed) {
        Random r = new Random(seed);
        List<DType> leaves = new ArrayList<>();
        leaves.add(new DType.Bool(true));
        for (PType p : PType.values()) {
            leaves.add(new DType.Primitive(p, true));
        }
        leaves.add(new DType.Decimal(2, 1, true));
        leaves.add(new DType.Decimal(9, 2, true));
        leaves.add(new DType.Decimal(38, 4, true));
        leaves.add(new DType.Decimal(67, 0, true));
        leaves.add(new DType.Decimal(76, 10, true));
        leaves.add(new DType.Utf8(true));
        leaves.add(new DType.Binary(true));
        leaves.add(Temporal.date(TimeUnit.DAYS, true));
        leaves.add(Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.of("UTC"), true));
        List<Column> out = new ArrayList<>();
        int i = 0;
        for (DType t : leaves) {
            List<Object> v = new ArrayList<>();
            for (int row = 0; row < ROWS; row++) {
                int zone = row / ZONE;
                boolean isNull = zone == 2 || r.nextInt(5) == 0;
                boolean nan = zone == 4 && t instanceof DType.Primitive p && p.ptype().isFloat();
                Object value = nan ? (p(t) == PType.F64 ? (Object) Double.NaN : (Object) Float.NaN)
                        : specialOrRandom(t, r, row);
                v.add(isNull ? null : value);
            }
            out.add(new Column("c" + i++, t, v));
            // The same values, not nullable (nulls replaced), so zones without nulls are covered too.
            List<Object> dense = new ArrayList<>();
            for (int row = 0; row < ROWS; row++) {
                dense.add(v.get(row) != null ? v.get(row) : specialOrRandom(t, r, row));
            }
            out.add(new Column("c" + i++, t.withNullable(false), dense));
        }
        // Zeros at the extremes: the total order puts -0.0 below 0.0, so which zero is min or max matters.
        List<Object> zerosUp = new ArrayList<>();
        List<Object> zerosDown = new ArrayList<>();
        for (int row = 0; row < ROWS; row++) {
            zerosUp.add(new double[] {0.0, -0.0, 1.0, Double.NaN}[r.nextInt(4)]);
            zerosDown.add(new float[] {0f, -0f, -1f}[r.nextInt(3)]);
        }
        out.add(new Column("c" + i++, new DType.Primitive(PType.F64, false), zerosUp));
        out.add(new Column("c" + i++, new DType.Primitive(PType.F32, false), zerosDown));
        List<Object> nulls = new ArrayList<>();
        for (int row = 0; row < ROWS; row++) {
            nulls.add(null);
        }
        out.add(new Column("c" + i, new DType.Null(), nulls));
        return out;
    }

    static byte[] write(List<Column> columns, int batchRows, WriteOptions options) {
        List<Field> fields = columns.stream().map(c -> new Field(c.name, c.dtype)).toList();
        DType.Struct schema = new DType.Struct(fields, false);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (VortexWriter w = VortexWriter.create(Channels.newChannel(out), schema, options)) {
            for (int from = 0; from < ROWS; from += batchRows) {
                int to = Math.min(ROWS, from + batchRows);
                List<Array> arrays = new ArrayList<>();
                for (Column c : columns) {
                    ArrayBuilder b = ArrayBuilder.forType(c.dtype);
                    for (int row = from; row < to; row++) {
                        b.appendScalar(new Scalar(c.dtype, c.values.get(row)));
                    }
                    arrays.add(b.finish());
                }
                w.write(new StructArray(schema, arrays, to - from, Validity.NON_NULLABLE));
            }
        }
        return out.toByteArray();
    }

    static StructArray zoneTable(Layout zoned) {
        Layout zones = zoned.child(1);
        return (StructArray) ReadAt.await(zones.vtable().reader(zones).read(0, zones.rowCount(), Projection.all(), zones.segments()))
                .toCanonical();
    }

    @Test
    void everyStatisticMatchesBruteForce() {
        List<Column> columns = columns(42);
        // Batches of 37 rows cross zone boundaries at every offset.
        byte[] file = write(columns, 37, WriteOptions.defaults().withZoneRows(ZONE).withBlockRows(20));
        int checked = 0;
        try (VortexFile f = VortexFile.open(InMemoryReadAt.of(file))) {
            for (int i = 0; i < columns.size(); i++) {
                Column c = columns.get(i);
                Layout zoned = f.layout().child(i);
                assertEquals("vortex.zoned", zoned.encodingId(), c.name);
                StructArray table = zoneTable(zoned);
                assertEquals(7, table.length(), c.name);
                Expected expected = Expected.of(c);
                assertEquals(expected.fieldNames(), table.dtype().names(), c.name + " " + c.dtype);
                for (int z = 0; z < 7; z++) {
                    checked += expected.check(table, z, c.name + " " + c.dtype + " zone " + z);
                }
            }
        }
        assertTrue(checked > 1000, "values checked: " + checked);
    }

    /** Brute-force statistics of a column, computed from its Java values zone by zone. */
    record Expected(Column column, List<Object[]> zones) {
        static Expected of(Column c) {
            List<Object[]> zones = new ArrayList<>();
            for (int z = 0; z * ZONE < ROWS; z++) {
                zones.add(c.values.subList(z * ZONE, Math.min(ROWS, (z + 1) * ZONE)).toArray());
            }
            return new Expected(c, zones);
        }

        DType storage() {
            return column.dtype instanceof DType.Extension e ? e.storage() : column.dtype;
        }

        boolean varlen() {
            return storage() instanceof DType.Utf8 || storage() instanceof DType.Binary;
        }

        boolean isFloat() {
            return storage() instanceof DType.Primitive p && p.ptype().isFloat();
        }

        Comparator<Object> order() {
            return switch (storage()) {
                case DType.Bool b -> Comparator.comparing(o -> (Boolean) o);
                case DType.Primitive p when p.ptype().isFloat() -> Comparator.comparingDouble(
                        o -> ((Number) o).doubleValue());
                case DType.Primitive p when p.ptype().isUnsigned() -> (a, b) -> Long.compareUnsigned((Long) a,
                        (Long) b);
                case DType.Primitive p -> Comparator.comparingLong(o -> (Long) o);
                case DType.Decimal d -> Comparator.comparing(o -> (BigDecimal) o);
                case DType.Utf8 u -> (a, b) -> Arrays.compareUnsigned(((String) a).getBytes(StandardCharsets.UTF_8),
                        ((String) b).getBytes(StandardCharsets.UTF_8));
                case DType.Binary bin -> (a, b) -> Arrays.compareUnsigned((byte[]) a, (byte[]) b);
                default -> throw new IllegalStateException();
            };
        }

        /** Double.compare orders -0.0 before 0.0, as Vortex's total order does. */
        private Comparator<Object> totalOrder() {
            return isFloat() ? (a, b) -> Double.compare(((Number) a).doubleValue(), ((Number) b).doubleValue())
                    : order();
        }

        private List<Object> candidates(int z) {
            List<Object> out = new ArrayList<>();
            for (Object o : zones.get(z)) {
                if (o != null && !(o instanceof Double d && d.isNaN()) && !(o instanceof Float f && f.isNaN())) {
                    out.add(o);
                }
            }
            return out;
        }

        Object min(int z) {
            return candidates(z).stream().min(totalOrder()).orElse(null);
        }

        Object max(int z) {
            return candidates(z).stream().max(totalOrder()).orElse(null);
        }

        long nulls(int z) {
            return Arrays.stream(zones.get(z)).filter(o -> o == null).count();
        }

        long nans(int z) {
            return Arrays.stream(zones.get(z)).filter(o -> (o instanceof Double d && d.isNaN())
                    || (o instanceof Float f && f.isNaN())).count();
        }

        /** The sum as Vortex computes it: null when a running sum leaves the accumulator's range. */
        Object sum(int z) {
            DType s = storage();
            if (s instanceof DType.Bool) {
                return Arrays.stream(zones.get(z)).filter(Boolean.TRUE::equals).count();
            }
            if (isFloat()) {
                double sum = 0;
                for (Object o : zones.get(z)) {
                    if (o != null && !Double.isNaN(((Number) o).doubleValue())) {
                        sum += ((Number) o).doubleValue();
                    }
                }
                return sum;
            }
            BigInteger lo;
            BigInteger hi;
            Function<Object, BigInteger> big;
            BigInteger limit = null;
            if (s instanceof DType.Decimal d) {
                int p = Math.min(76, d.precision() + 10);
                int bits = p <= 18 ? 64 : p <= 38 ? 128 : 256;
                lo = BigInteger.ONE.shiftLeft(bits - 1).negate();
                hi = BigInteger.ONE.shiftLeft(bits - 1).subtract(BigInteger.ONE);
                big = o -> ((BigDecimal) o).unscaledValue();
                limit = BigInteger.TEN.pow(p);
            } else if (((DType.Primitive) s).ptype().isUnsigned()) {
                lo = BigInteger.ZERO;
                hi = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
                big = o -> new BigInteger(Long.toUnsignedString((Long) o));
            } else {
                lo = BigInteger.valueOf(Long.MIN_VALUE);
                hi = BigInteger.valueOf(Long.MAX_VALUE);
                big = o -> BigInteger.valueOf((Long) o);
            }
            BigInteger sum = BigInteger.ZERO;
            for (Object o : zones.get(z)) {
                if (o != null) {
                    sum = sum.add(big.apply(o));
                    if (sum.compareTo(lo) < 0 || sum.compareTo(hi) > 0) {
                        return null;
                    }
                }
            }
            if (limit != null) {
                if (sum.abs().compareTo(limit) >= 0) {
                    return null;
                }
                return new BigDecimal(sum, ((DType.Decimal) s).scale());
            }
            return sum.longValue();
        }

        boolean hasSum() {
            if (column.dtype instanceof DType.Extension || varlen() || storage() instanceof DType.Null) {
                return false;
            }
            for (int z = 0; z < zones.size(); z++) {
                if (sum(z) != null) {
                    return true;
                }
            }
            return false;
        }

        boolean hasMinMax() {
            for (int z = 0; z < zones.size(); z++) {
                if (min(z) != null) {
                    return true;
                }
            }
            return false;
        }

        List<String> fieldNames() {
            List<String> names = new ArrayList<>();
            if (storage() instanceof DType.Null) {
                return List.of("vortex.null_count()");
            }
            if (varlen()) {
                if (hasMinMax()) {
                    names.add("vortex.bounded_max(64)");
                    names.add("vortex.bounded_min(64)");
                }
            } else if (hasMinMax()) {
                names.add("vortex.max()");
                names.add("vortex.min()");
            }
            if (isFloat()) {
                names.add("vortex.nan_count()");
            }
            names.add("vortex.null_count()");
            if (hasSum()) {
                names.add("vortex.sum()");
            }
            return names;
        }

        /** Checks zone {@code z} of the table; returns the number of values compared. */
        int check(StructArray table, int z, String where) {
            int n = 0;
            assertEquals(nulls(z), table.field("vortex.null_count()").scalarAt(z).asLong(), where + " nulls");
            n++;
            if (isFloat()) {
                assertEquals(nans(z), table.field("vortex.nan_count()").scalarAt(z).asLong(), where + " NaNs");
                n++;
            }
            if (table.dtype().indexOf("vortex.sum()").isPresent()) {
                Object sum = sum(z);
                Scalar actual = table.field("vortex.sum()").scalarAt(z);
                if (sum instanceof Double d) {
                    assertEquals(Double.doubleToLongBits(d), Double.doubleToLongBits((Double) actual.value()),
                            where + " sum " + d + " vs " + actual);
                } else {
                    assertEquals(sum, actual.value(), where + " sum");
                }
                n++;
            }
            if (table.dtype().indexOf("vortex.min()").isPresent()) {
                assertSame(min(z), table.field("vortex.min()").scalarAt(z), where + " min");
                assertSame(max(z), table.field("vortex.max()").scalarAt(z), where + " max");
                n += 2;
            }
            if (table.dtype().indexOf("vortex.bounded_min(64)").isPresent()) {
                n += checkBounds(table, z, where);
            }
            return n;
        }

        private void assertSame(Object expected, Scalar actual, String where) {
            if (expected == null) {
                assertTrue(actual.isNull(), where + ": expected null, got " + actual);
            } else if (expected instanceof Double || expected instanceof Float) {
                // Bit for bit: -0.0 and 0.0 differ.
                assertEquals(Double.doubleToLongBits(((Number) expected).doubleValue()),
                        Double.doubleToLongBits(((Number) actual.value()).doubleValue()), where + ": " + expected
                                + " vs " + actual);
            } else {
                assertEquals(expected, actual.value(), where);
            }
        }

        private byte[] bytes(Object o) {
            return o instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : (byte[]) o;
        }

        /** Bounds: at most 64 bytes, below the minimum and above the maximum, exact when short enough. */
        private int checkBounds(StructArray table, int z, String where) {
            Scalar lower = table.field("vortex.bounded_min(64)").scalarAt(z);
            Scalar upper = table.field("vortex.bounded_max(64)").scalarAt(z);
            Object min = min(z);
            Object max = max(z);
            if (min == null) {
                assertTrue(lower.isNull() && upper.isNull(), where + ": an all-null zone has no bounds");
                return 2;
            }
            byte[] lo = bytes(lower.value());
            byte[] minBytes = bytes(min);
            assertTrue(lo.length <= 64, where);
            assertArrayEquals(Arrays.copyOf(minBytes, lo.length), lo, where + ": the lower bound is a prefix");
            if (minBytes.length <= 64) {
                assertArrayEquals(minBytes, lo, where + ": a short minimum is kept whole");
            } else {
                assertTrue(lo.length >= 61, where + ": cut at most 3 bytes early, at " + lo.length);
            }
            List<?> fields = (List<?>) upper.value();
            Scalar bound = (Scalar) fields.get(0);
            boolean unknown = (Boolean) ((Scalar) fields.get(1)).value();
            byte[] maxBytes = bytes(max);
            if (maxBytes.length <= 64) {
                assertFalse(unknown, where);
                assertArrayEquals(maxBytes, bytes(bound.value()), where + ": a short maximum is kept whole");
            } else if (unknown) {
                assertTrue(bound.isNull(), where);
                assertTrue(noUpperBound(maxBytes), where + ": no bound for " + HexFormat.of().formatHex(maxBytes));
            } else {
                byte[] hi = bytes(bound.value());
                assertTrue(hi.length <= 64, where);
                assertTrue(Arrays.compareUnsigned(hi, maxBytes) > 0, where + ": the upper bound is above the max");
            }
            return 2;
        }

        /** Whether no value of at most 64 bytes formed from a prefix of {@code max} by a last-position step exceeds it. */
        private boolean noUpperBound(byte[] max) {
            if (storage() instanceof DType.Binary) {
                for (int i = 0; i < 64; i++) {
                    if (max[i] != (byte) 0xFF) {
                        return false;
                    }
                }
                return true;
            }
            // Strings: the last whole character before the cut is one whose successor changes encoded length.
            String s = new String(max, StandardCharsets.UTF_8);
            int end = 0;
            int last = -1;
            for (int i = 0; i < s.length(); ) {
                int cp = s.codePointAt(i);
                int len = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
                if (end + len > 64) {
                    break;
                }
                end += len;
                last = cp;
                i += Character.charCount(cp);
            }
            return last == 0x7F || last == 0x7FF || last == 0xFFFF || last == 0xD7FF || last == 0x10FFFF;
        }
    }

    @Test
    void zonesAreTheSameWhateverTheBatchesAndTheTableIsCanonical() {
        List<Column> columns = columns(7);
        byte[] one = write(columns, ROWS, WriteOptions.defaults().withZoneRows(ZONE));
        byte[] many = write(columns, 1, WriteOptions.defaults().withZoneRows(ZONE));
        assertArrayEquals(one, many, "the same rows in batches of 1 write the same bytes");
    }

    @Test
    void zoneMapsCanBeSwitchedOff() {
        List<Column> columns = columns(3);
        byte[] file = write(columns, ROWS, WriteOptions.defaults().withZoneMaps(false));
        try (VortexFile f = VortexFile.open(InMemoryReadAt.of(file))) {
            for (int i = 0; i < columns.size(); i++) {
                assertFalse(f.layout().child(i).encodingId().equals("vortex.zoned"));
            }
            assertFalse(f.layoutSpecs().contains("vortex.zoned"));
        }
    }

    /** The metadata bytes of mixed_100k's columns (Vortex 0.76) for the same dtypes, byte for byte. */
    @Test
    void metadataBytesAreTheReferences() {
        try (VortexFile ref = VortexFile.open(Fixtures.file("mixed_100k.vortex"))) {
            DType.Struct schema = (DType.Struct) ref.dtype();
            for (int i = 0; i < schema.fieldCount(); i++) {
                Layout zoned = ref.layout().child(i);
                ByteBuffer meta = zoned.metadata();
                byte[] expected = new byte[meta.remaining()];
                meta.get(expected);
                DType column = schema.field(i).dtype();
                List<Aggregate> aggregates = Aggregate.defaults(column).stream()
                        // mixed_100k's id column sums fine, so nothing is dropped
                        .toList();
                assertEquals(HexFormat.of().formatHex(expected),
                        HexFormat.of().formatHex(ZoneMapWriter.metadata(8192, aggregates)), schema.field(i).name());
            }
        }
    }

    @Test
    void boundsOfLongValues() {
        ZoneMapWriter utf8 = new ZoneMapWriter(new DType.Utf8(false), 10);
        ZoneMapWriter bin = new ZoneMapWriter(new DType.Binary(false), 10);
        byte[] a65 = "a".repeat(65).getBytes(StandardCharsets.UTF_8);
        assertArrayEquals("a".repeat(64).getBytes(StandardCharsets.UTF_8), utf8.lowerBound(a65, 64));
        assertArrayEquals(("a".repeat(63) + "b").getBytes(StandardCharsets.UTF_8), utf8.upperBound(a65, 64));
        // A 3-byte character straddling byte 64 is cut whole.
        byte[] straddle = ("a".repeat(62) + "語x").getBytes(StandardCharsets.UTF_8);
        assertArrayEquals("a".repeat(62).getBytes(StandardCharsets.UTF_8), utf8.lowerBound(straddle, 64));
        assertArrayEquals(("a".repeat(61) + "b").getBytes(StandardCharsets.UTF_8), utf8.upperBound(straddle, 64));
        // U+007F cannot grow without changing length: no bound.
        assertNull(utf8.upperBound(("\u007F".repeat(70)).getBytes(StandardCharsets.UTF_8), 64));
        byte[] ff = new byte[70];
        Arrays.fill(ff, (byte) 0xFF);
        assertNull(bin.upperBound(ff, 64));
        byte[] carry = new byte[70];
        carry[62] = 1;
        carry[63] = (byte) 0xFF;
        byte[] expected = new byte[64];
        expected[62] = 2;
        assertArrayEquals(expected, bin.upperBound(carry, 64));
        assertArrayEquals(Arrays.copyOf(carry, 64), bin.lowerBound(carry, 64));
    }
}
