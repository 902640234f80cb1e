package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.quire.compat.Values.Bin;
import dev.quire.errors.UnknownEncodingException;
import dev.quire.io.spi.ReadAt;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.expr.BoundExpr;
import dev.quire.layout.expr.CompareOp;
import dev.quire.layout.expr.Expr;
import dev.quire.layout.expr.Literal;
import dev.quire.layout.expr.RowMask;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.spi.Layout;
import dev.quire.layout.spi.Pruning;
import dev.vortex.api.Expression;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Zone maps against the reference: Quire writes the zone tables Vortex 0.76 writes (metadata byte for byte, every
 * statistic where Quire can decode the reference's table), the reference's own filter pushdown trusts Quire's
 * statistics and returns exactly the matching rows, and Quire's pruning with the reference's tables is sound.
 */
class ZoneMapsTest {
    @TempDir
    Path dir;

    /** The zoned layouts of a file by column path ({@code root.a.x}), walking struct layouts only. */
    static Map<String, Layout> zoned(VortexFile file) {
        Map<String, Layout> out = new LinkedHashMap<>();
        walk(file.layout(), out);
        return out;
    }

    private static void walk(Layout layout, Map<String, Layout> out) {
        switch (layout.encodingId()) {
            case "vortex.zoned" -> out.put(layout.path(), layout);
            case "vortex.struct" -> {
                for (int i = 0; i < layout.childCount(); i++) {
                    walk(layout.child(i), out);
                }
            }
            default -> out.put(layout.path(), layout);
        }
    }

    static byte[] metadata(Layout layout) {
        ByteBuffer m = layout.metadata();
        byte[] b = new byte[m.remaining()];
        m.get(b);
        return b;
    }

    static StructArray table(Layout zoned) {
        Layout zones = zoned.child(1);
        Array a = ReadAt.await(zones.vtable().reader(zones).read(0, zones.rowCount(), Projection.all(), zones.segments()));
        return (StructArray) a.toCanonical();
    }

    /** Counts of what a comparison covered. */
    static final class Tally {
        int tables;
        int compared;
        int undecodable;
        long values;
        final java.util.Set<String> comparedColumns = new java.util.TreeSet<>();
    }

    /** Writes {@code rows} with both writers and compares every zoned layout; returns what was compared. */
    void assertSameZoneMaps(String name, DType.Struct schema, List<List<Object>> rows, Tally tally) {
        Path quire = dir.resolve(name + ".quire.vortex");
        Path reference = dir.resolve(name + ".ref.vortex");
        StructArray batch = Values.batch(schema, rows);
        Quire.write(quire, schema, List.of(batch), WriteOptions.defaults());
        Reference.write(reference, schema, List.of(batch));
        // The reference reads Quire's zoned file value for value.
        Compare.assertSameRows(schema, rows, Reference.read(quire).rows(), name + " (reference read)");
        try (VortexFile q = VortexFile.open(quire); VortexFile r = VortexFile.open(reference)) {
            Map<String, Layout> ours = zoned(q);
            Map<String, Layout> theirs = zoned(r);
            assertEquals(theirs.keySet(), ours.keySet(), name + ": zoned columns");
            for (var e : theirs.entrySet()) {
                String where = name + " " + e.getKey();
                Layout ref = e.getValue();
                Layout our = ours.get(e.getKey());
                assertEquals(ref.encodingId(), our.encodingId(), where);
                if (!ref.encodingId().equals("vortex.zoned")) {
                    continue;
                }
                tally.tables++;
                assertEquals(HexFormat.of().formatHex(metadata(ref)), HexFormat.of().formatHex(metadata(our)),
                        where + ": zoned metadata");
                assertEquals(ref.childRowCount(1), our.childRowCount(1), where + ": zones");
                assertEquals(ref.child(1).dtype(), our.child(1).dtype(), where);
                StructArray ourTable = table(our);
                StructArray refTable;
                try {
                    refTable = table(ref);
                } catch (UnknownEncodingException ex) {
                    tally.undecodable++;
                    continue;
                }
                tally.compared++;
                tally.comparedColumns.add(e.getKey());
                for (int f = 0; f < refTable.fields().size(); f++) {
                    for (long z = 0; z < refTable.length(); z++) {
                        Scalar expected = refTable.field(f).scalarAt(z);
                        Scalar actual = ourTable.field(f).scalarAt(z);
                        if (!expected.equals(actual)) {
                            fail(where + " zone " + z + " " + refTable.dtype().field(f).name() + ": reference "
                                    + expected + ", Quire " + actual);
                        }
                        tally.values++;
                    }
                }
            }
        }
    }

    static List<List<Object>> rows(int n, java.util.function.IntFunction<List<Object>> row) {
        List<List<Object>> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(row.apply(i));
        }
        return out;
    }

    static long f64(double d) {
        return Double.doubleToRawLongBits(d);
    }

    static long f32(float f) {
        return Float.floatToRawIntBits(f) & 0xFFFF_FFFFL;
    }

    @Test
    void zoneTablesOfEveryDtypeMatchTheReferences() {
        Tally tally = new Tally();
        RandomData random = new RandomData(2026).lengths(0, 45);
        List<Field> fields = new ArrayList<>();
        for (DType t : RandomData.leafTypes()) {
            String name = t.toString().replaceAll("[^a-z0-9]", "_");
            if (!(t instanceof DType.Null)) {
                fields.add(new Field(name, t));
            }
            fields.add(new Field(name + "_n", t.withNullable(true)));
        }
        DType.Struct schema = new DType.Struct(fields, false);
        // Three zones, the last one short; column k of the nullable ones is all null in zone 1 when k % 3 == 0.
        List<List<Object>> rows = random.rows(schema, 8192 * 2 + 777, 0.3);
        for (int f = 0; f < fields.size(); f += 3) {
            if (fields.get(f).dtype().nullable()) {
                for (int i = 8192; i < 2 * 8192; i++) {
                    rows.get(i).set(f, null);
                }
            }
        }
        assertSameZoneMaps("every_dtype", schema, rows, tally);
        assertTrue(tally.tables == fields.size(), "tables " + tally.tables);
        assertTrue(tally.compared >= fields.size() / 2, "decoded " + tally.compared + " of " + tally.tables
                + " reference tables (" + tally.undecodable + " use encodings Quire lacks)");
    }

    @Test
    void edgeCasesMatchTheReference() {
        Tally tally = new Tally();
        DType i64 = new DType.Primitive(PType.I64, true);
        DType u64 = new DType.Primitive(PType.U64, false);
        DType f64 = new DType.Primitive(PType.F64, true);
        DType f32 = new DType.Primitive(PType.F32, false);
        DType.Struct inner = new DType.Struct(List.of(new Field("x", new DType.Primitive(PType.I32, true)),
                new Field("y", new DType.Utf8(false))), true);
        DType.Struct schema = DType.Struct.of(
                new Field("overflow", i64), new Field("unsigned", u64), new Field("constant", i64),
                new Field("floats", f64), new Field("singles", f32), new Field("nulls_then_values", f64),
                new Field("long_utf8", new DType.Utf8(true)), new Field("long_bin", new DType.Binary(false)),
                new Field("flag", new DType.Bool(false)), new Field("nested", inner));
        String[] heads = {"", "é", "語", "😀", "\u007F", "\uFFFF", "\uD7FF", "\uDBFF\uDFFF"};
        int n = 8192 * 3 + 5;
        Random r = new Random(5);
        List<List<Object>> data = rows(n, i -> {
            int zone = i / 8192;
            // zone 0: small values; zone 1: a running sum that overflows (MAX + 1) although the total would fit
            // (MAX + 1 - 1); zone 2: a plain overflow.
            Object overflow = zone == 0 ? (Object) (long) (i - 100) : zone == 1
                    ? (Object) (i % 3 == 0 ? Long.MAX_VALUE : i % 3 == 1 ? 1L : -1L) : i % 7 == 0 ? null
                    : Long.MAX_VALUE;
            Object unsigned = zone == 1 ? -1L - i : (long) i;
            double[] specials = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, -1.25, Double.MIN_VALUE};
            Object floats = zone == 2 ? (Object) f64(Double.NaN)
                    : i % 5 == 0 ? null : (Object) f64(specials[r.nextInt(specials.length)]);
            Object singles = f32(zone == 0 ? -0.0f : i % 2 == 0 ? 0.0f : -0.0f);
            Object nullsThenValues = zone < 2 ? null : (Object) f64(i * 0.5);
            String head = heads[(i / 97) % heads.length];
            Object utf8 = i % 11 == 0 ? null : Bin.of(head.repeat(70 / Math.max(1, head.length())).substring(0, 
                    Math.min(60, 70 / Math.max(1, head.length()) * head.length())) + "tail" + (i % 13));
            byte[] bin = new byte[62 + i % 5];
            Arrays.fill(bin, (byte) (i % 3 == 0 ? 0xFF : 0x7F));
            bin[bin.length - 1] = (byte) i;
            Object nested = i % 4 == 0 ? null : Arrays.asList(i % 3 == 0 ? null : (Object) (long) (i % 1000),
                    Bin.of("v" + i));
            return Arrays.asList(overflow, unsigned, 42L, floats, singles, nullsThenValues, utf8, new Bin(bin),
                    i % 9 == 0, nested);
        });
        assertSameZoneMaps("edge_cases", schema, data, tally);
        assertEquals(11, tally.tables, "nested fields are zoned one by one; struct validity is not");
        // Three zones of constants and such: the reference compresses most of these tables.
        assertTrue(tally.compared >= 3, "decoded " + tally.compared + " (" + tally.undecodable + " undecodable)");

        // Small files: the reference leaves most tables canonical, so nearly everything is compared.
        Tally small = new Tally();
        assertSameZoneMaps("edge_cases_small", schema, data.subList(0, 300), small);
        assertSameZoneMaps("edge_cases_middle", schema, data.subList(8192, 8192 + 300), small);
        assertSameZoneMaps("edge_cases_tail", schema, data.subList(16384, n), small);
        assertTrue(small.compared >= 24, "decoded " + small.compared + " (" + small.undecodable + ")");
        // The truncated bounds of long strings and bytes, NaN and signed zeros, and overflowing sums were compared.
        for (String column : List.of("long_utf8", "long_bin", "floats", "singles", "overflow", "unsigned")) {
            assertTrue(small.comparedColumns.contains("root." + column) || tally.comparedColumns.contains(
                    "root." + column), column + " not compared: " + small.comparedColumns);
        }
    }

    // ---------------------------------------------------------------- the reference's pushdown on Quire's zones

    record Case(Expression reference, Predicate<List<Object>> row, String text) {}

    @Test
    void referencePushdownOnQuireZonesReturnsExactlyTheMatchingRows() throws java.io.IOException {
        DType.Struct schema = DType.Struct.of(new Field("id", new DType.Primitive(PType.I64, false)),
                new Field("small", new DType.Primitive(PType.I32, true)),
                new Field("price", new DType.Primitive(PType.F64, true)),
                new Field("name", new DType.Utf8(true)), new Field("blob", new DType.Binary(false)),
                new Field("flag", new DType.Bool(true)));
        int n = 8192 * 6 + 1234;
        Random r = new Random(11);
        List<List<Object>> data = rows(n, i -> Arrays.asList((long) i,
                i % 10 == 0 ? null : (Object) (long) ((i / 8192) * 1000 + r.nextInt(1000)),
                i % 7 == 0 ? null : (Object) f64((i / 8192) * 100.0 + r.nextInt(100) * 0.5),
                i % 5 == 0 ? null : Bin.of("name-" + (i / 8192) + "-" + "x".repeat(70) + r.nextInt(100)),
                new Bin(("blob-" + (char) ('a' + i / 8192)).getBytes(StandardCharsets.UTF_8)),
                i % 3 == 0 ? null : (Object) (i / 8192 == 2)));
        Path zonedFile = dir.resolve("pushdown.vortex");
        Quire.write(zonedFile, schema, List.of(Values.batch(schema, data)), WriteOptions.defaults());
        Path plainFile = dir.resolve("pushdown_plain.vortex");
        Quire.write(plainFile, schema, List.of(Values.batch(schema, data)),
                WriteOptions.defaults().withZoneMaps(false));

        List<Case> cases = List.of(
                new Case(cmp(Expression.BinaryOp.LT, "id", Expression.literal(9000L)),
                        row -> (Long) row.get(0) < 9000, "id < 9000"),
                new Case(cmp(Expression.BinaryOp.GTE, "id", Expression.literal(40000L)),
                        row -> (Long) row.get(0) >= 40000, "id >= 40000"),
                new Case(cmp(Expression.BinaryOp.EQ, "id", Expression.literal(49151L)),
                        row -> (Long) row.get(0) == 49151, "id = 49151"),
                new Case(cmp(Expression.BinaryOp.GT, "small", Expression.literal(4500)),
                        row -> row.get(1) != null && (Long) row.get(1) > 4500, "small > 4500"),
                new Case(cmp(Expression.BinaryOp.LTE, "small", Expression.literal(999)),
                        row -> row.get(1) != null && (Long) row.get(1) <= 999, "small <= 999"),
                new Case(cmp(Expression.BinaryOp.GT, "price", Expression.literal(349.5)),
                        row -> row.get(2) != null && Double.longBitsToDouble((Long) row.get(2)) > 349.5,
                        "price > 349.5"),
                new Case(cmp(Expression.BinaryOp.LT, "price", Expression.literal(100.0)),
                        row -> row.get(2) != null && Double.longBitsToDouble((Long) row.get(2)) < 100.0,
                        "price < 100"),
                new Case(cmp(Expression.BinaryOp.GTE, "name", Expression.literal("name-5")),
                        row -> row.get(3) != null && Arrays.compareUnsigned(((Bin) row.get(3)).bytes(),
                                "name-5".getBytes(StandardCharsets.UTF_8)) >= 0,
                        "name >= 'name-5'"),
                new Case(cmp(Expression.BinaryOp.EQ, "blob", Expression.literal("blob-c".getBytes(
                        StandardCharsets.UTF_8))), row -> row.get(4).equals(new Bin("blob-c".getBytes(
                                StandardCharsets.UTF_8))), "blob = 'blob-c'"),
                new Case(cmp(Expression.BinaryOp.EQ, "flag", Expression.literal(true)),
                        row -> Boolean.TRUE.equals(row.get(5)), "flag = true"),
                new Case(Expression.isNull(Expression.column("name")), row -> row.get(3) == null, "name is null"),
                new Case(Expression.and(cmp(Expression.BinaryOp.GTE, "id", Expression.literal(16384L)),
                        cmp(Expression.BinaryOp.LT, "small", Expression.literal(2000))),
                        row -> (Long) row.get(0) >= 16384 && row.get(1) != null && (Long) row.get(1) < 2000,
                        "id >= 16384 and small < 2000"));
        for (Case c : cases) {
            List<List<Object>> expected = data.stream().filter(c.row).toList();
            assertTrue(!expected.isEmpty() || c.text.contains("="), c.text + " selects something");
            Compare.assertSameRows(schema, expected, Reference.read(zonedFile, c.reference).rows(),
                    c.text + " on Quire's zoned file");
            Compare.assertSameRows(schema, expected, Reference.read(plainFile, c.reference).rows(),
                    c.text + " without zone maps");
        }

        // The control: the reference really prunes with Quire's statistics. Lowering the maxima of id's zone table
        // (8191, 16383, ... in the file) to -1 makes it skip every zone for `id >= 40000`.
        Path lied = dir.resolve("pushdown_lied.vortex");
        byte[] bytes = java.nio.file.Files.readAllBytes(zonedFile);
        long segmentStart;
        long segmentEnd;
        try (VortexFile f = VortexFile.open(zonedFile)) {
            Layout zones = f.layout().child(0).child(1);
            var spec = f.segments().get(zones.segmentId(0));
            segmentStart = spec.offset();
            segmentEnd = spec.offset() + spec.length();
        }
        ByteBuffer le = ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int patched = 0;
        for (int at = (int) segmentStart; at + 8 * 7 <= segmentEnd; at += 8) {
            if (le.getLong(at) == 8191 && le.getLong(at + 8) == 16383) {
                for (int z = 0; z < 7; z++) {
                    le.putLong(at + 8 * z, -1L);
                }
                patched++;
            }
        }
        assertEquals(1, patched, "id's zone maxima found once");
        java.nio.file.Files.write(lied, bytes);
        assertEquals(0, Reference.read(lied, cmp(Expression.BinaryOp.GTE, "id", Expression.literal(40000L))).rows()
                .size(), "the reference trusts the zone maxima");
        assertEquals(n, Reference.read(lied).rows().size(), "and reads every row without a filter");
    }

    private static Expression cmp(Expression.BinaryOp op, String column, Expression literal) {
        return Expression.binary(op, Expression.column(column), literal);
    }

    // ---------------------------------------------------------------- Quire pruning with the reference's tables

    @Test
    void pruningWithReferenceZoneTablesIsSound() {
        RandomData random = new RandomData(99).lengths(0, 70);
        List<Field> fields = new ArrayList<>();
        for (DType t : RandomData.leafTypes()) {
            if (!(t instanceof DType.Null)) {
                fields.add(new Field(t.toString().replaceAll("[^a-z0-9]", "_"), t.withNullable(true)));
            }
        }
        DType.Struct schema = new DType.Struct(fields, false);
        List<List<Object>> rows = random.rows(schema, 8192 * 3 + 100, 0.2);
        // Sort the first columns' zones apart so that pruning has something to find.
        StructArray batch = Values.batch(schema, rows);
        Path file = dir.resolve("reference_prune.vortex");
        Reference.write(file, schema, List.of(batch));
        Random r = new Random(3);
        long zonesPruned = 0;
        long zonesConsidered = 0;
        int filters = 0;
        try (VortexFile f = VortexFile.open(file)) {
            for (int i = 0; i < 400; i++) {
                Expr expr = randomFilter(r, schema, batch, 2);
                BoundExpr bound;
                try {
                    bound = expr.bind(schema);
                } catch (RuntimeException e) {
                    continue;
                }
                filters++;
                RowMask expected = bound.evaluate(batch);
                Pruning pruning = Pruning.of(bound);
                RowMask kept = f.reader().prune(0, f.rowCount(), pruning, f.layout().segments()).join();
                RowMask lost = expected.andNot(kept);
                assertTrue(lost.isAllFalse(), "`" + bound + "` pruned row " + lost.nextSetBit(0));
                zonesPruned += pruning.zonesPruned();
                zonesConsidered += pruning.zonesConsidered();
            }
        }
        assertTrue(filters > 200, "filters " + filters);
        assertTrue(zonesConsidered > 0 && zonesPruned > 0, "zones considered " + zonesConsidered + ", pruned "
                + zonesPruned);
    }

    /** A comparison of a random column with a value of it (or a conjunction, disjunction or negation of those). */
    static Expr randomFilter(Random r, DType.Struct schema, StructArray batch, int depth) {
        if (depth > 0 && r.nextInt(3) == 0) {
            Expr a = randomFilter(r, schema, batch, depth - 1);
            Expr b = randomFilter(r, schema, batch, depth - 1);
            return switch (r.nextInt(3)) {
                case 0 -> new Expr.And(a, b);
                case 1 -> new Expr.Or(a, b);
                default -> new Expr.Not(a);
            };
        }
        int f = r.nextInt(schema.fieldCount());
        Expr.Column column = new Expr.Column(FieldPath.of(schema.field(f).name()));
        if (r.nextInt(8) == 0) {
            return r.nextBoolean() ? new Expr.IsNull(column) : new Expr.IsNotNull(column);
        }
        Scalar value = batch.field(f).scalarAt(r.nextInt((int) batch.length()));
        if (value.isNull()) {
            return new Expr.IsNull(column);
        }
        Literal literal = switch (value.dtype()) {
            case DType.Primitive p -> new Literal.Typed(new Scalar(p.withNullable(false), value.value()));
            case DType.Decimal d -> new Literal.Typed(new Scalar(d.withNullable(false), value.value()));
            case DType.Utf8 u -> new Literal.Str((String) value.value());
            case DType.Binary b -> new Literal.Bin((byte[]) value.value());
            case DType.Bool b -> new Literal.Bool((Boolean) value.value());
            // Temporal comparisons are covered by the layout module's pruning tests.
            default -> null;
        };
        if (literal == null) {
            return r.nextBoolean() ? new Expr.IsNull(column) : new Expr.IsNotNull(column);
        }
        return new Expr.Compare(CompareOp.values()[r.nextInt(CompareOp.values().length)], column, literal);
    }
}
