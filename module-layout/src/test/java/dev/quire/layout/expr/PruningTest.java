package dev.quire.layout.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.format.ArrayStats;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PruningTest {

    private static ArrayStats stats(Object min, Object max, DType dtype, Long nulls, Long nans) {
        return new ArrayStats(Optional.ofNullable(min).map(v -> new Scalar(dtype, v)), min != null,
                Optional.ofNullable(max).map(v -> new Scalar(dtype, v)), max != null, Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(),
                nulls == null ? OptionalLong.empty() : OptionalLong.of(nulls),
                nans == null ? OptionalLong.empty() : OptionalLong.of(nans), OptionalLong.empty());
    }

    private static boolean might(String text, ZoneStats zone) {
        return Expr.parse(text).bind(Fixture.SCHEMA).mightMatch(zone);
    }

    private static ZoneStats zone(long rows, Object... pathsAndStats) {
        Map<FieldPath, ArrayStats> m = new HashMap<>();
        for (int i = 0; i < pathsAndStats.length; i += 2) {
            m.put(FieldPath.parse((String) pathsAndStats[i]), (ArrayStats) pathsAndStats[i + 1]);
        }
        return ZoneStats.of(rows, m);
    }

    @Test
    void comparisonsPruneOutsideMinAndMax() {
        DType i64 = DType.primitive(PType.I64, true);
        ZoneStats z = zone(100, "i64", stats(0L, 10L, i64, 0L, null));
        assertFalse(might("i64 > 10", z));
        assertTrue(might("i64 >= 10", z));
        assertFalse(might("i64 = 11", z));
        assertFalse(might("i64 = -1", z));
        assertTrue(might("i64 = 5", z));
        assertFalse(might("i64 = 5.5 and i64 > 9", z));
        assertFalse(might("i64 < 0", z));
        assertFalse(might("i64 in (-5, 11, 1e30)", z));
        assertTrue(might("i64 in (-5, 10)", z));
        assertFalse(might("i64 between 11 and 20", z));
        assertFalse(might("not (i64 <= 10)", z));
        assertFalse(might("i64 > 10 or i64 < 0", z));
        assertTrue(might("i64 > 10 or i64 < 1", z));
        assertTrue(might("i64 > 10 or s = 'x'", z));
        assertTrue(might("i64 != 5", z));
        assertFalse(might("i64 != 7", zone(5, "i64", stats(7L, 7L, i64, 0L, null))));
        assertFalse(might("i64 is null", z));
        assertTrue(might("i64 is not null", z));
        assertTrue(might("i64 > 10", zone(100)));
        assertTrue(might("i64 > 10", zone(100, "i64", stats(null, null, i64, 0L, null))));
        assertFalse(might("i64 > 10", zone(0)));
        // missing null count: nulls are possible, but NULL is not TRUE either
        assertFalse(might("not (i64 <= 10)", zone(100, "i64", stats(0L, 10L, i64, null, null))));
        assertTrue(might("(i64 <= 10) is null", zone(100, "i64", stats(0L, 10L, i64, null, null))));
        assertFalse(might("(i64 <= 10) is null", z));
        assertFalse(might("i64 is not null", zone(100, "i64", stats(null, null, i64, 100L, null))));
        assertTrue(might("i64 is null", zone(100, "i64", stats(null, null, i64, 100L, null))));
    }

    @Test
    void outOfRangeLiteralsAndUnsignedBounds() {
        DType u64 = DType.primitive(PType.U64, true);
        ZoneStats z = zone(10, "u64", stats(Long.MIN_VALUE, -1L, u64, 0L, null)); // [2^63, 2^64 - 1]
        assertFalse(might("u64 < 9223372036854775808", z));
        assertTrue(might("u64 = 18446744073709551615", z));
        assertFalse(might("u64 > 18446744073709551615", z));
        DType u8 = DType.primitive(PType.U8, true);
        assertFalse(might("u8 > 255", zone(10)));
        assertFalse(might("u8 < 0 or u8 > 300", zone(10)));
        assertTrue(might("u8 < 300", zone(10)));
        assertFalse(might("u8 < 300", zone(10, "u8", stats(null, null, u8, 10L, null))));
    }

    @Test
    void floatsKeepNanPossibleUnlessCounted() {
        DType f64 = DType.primitive(PType.F64, true);
        assertTrue(might("f64 > 10", zone(10, "f64", stats(0.0, 5.0, f64, 0L, null))));
        assertTrue(might("f64 > 10", zone(10, "f64", stats(0.0, 5.0, f64, 0L, 1L))));
        assertFalse(might("f64 > 10", zone(10, "f64", stats(0.0, 5.0, f64, 0L, 0L))));
        assertTrue(might("f64 < 0", zone(10, "f64", stats(Double.NaN, 5.0, f64, 0L, 0L))));
        assertFalse(might("f64 = 0", zone(10, "f64", stats(-1.0, -0.5, f64, 0L, 0L))));
        assertTrue(might("f64 = 0", zone(10, "f64", stats(-1.0, -0.0, f64, 0L, 0L))));
        DType f32 = DType.primitive(PType.F32, true);
        // Bounds are rounded inwards to the column's type: the f32 nearest 0.1 is above the double 0.1, so a
        // zone whose maximum is the double 0.1 holds at most the f32 just below.
        DType f64Bound = DType.primitive(PType.F64, true);
        assertFalse(might("f32 = 0.1", zone(10, "f32", stats(0.0, 0.1, f64Bound, 0L, 0L))));
        assertTrue(might("f32 = 0.1", zone(10, "f32", stats(0.0, 0.10000001, f64Bound, 0L, 0L))));
        assertTrue(might("f32 < 0.1", zone(10, "f32", stats(0.0, 0.1, f64Bound, 0L, 0L))));
        assertFalse(might("f16 > 1", zone(10, "f16", stats(0.0, 1.0004, f64Bound, 0L, 0L))));
        assertTrue(might("f16 > 1", zone(10, "f16", stats(0.0, 1.001, f64Bound, 0L, 0L))));
        assertFalse(might("f16 < 1", zone(10, "f16", stats(0.9997, 2.0, f64Bound, 0L, 0L))));
        assertFalse(might("f32 > 0.2", zone(10, "f32", stats(0.0f, 0.1f, f32, 0L, 0L))));
    }

    @Test
    void stringsPruneByRangeAndPrefix() {
        DType utf8 = DType.utf8(true);
        ZoneStats z = zone(10, "s", stats("apple", "apricot", utf8, 0L, null));
        assertFalse(might("s like 'b%'", z));
        assertTrue(might("s like 'ap%'", z));
        assertFalse(might("s not like 'ap%'", z));
        assertFalse(might("starts_with(s, 'aq')", z));
        assertFalse(might("s like 'apz%'", z));
        assertTrue(might("s like 'app%e'", z));
        assertTrue(might("s not like 'ap%e'", z));
        assertTrue(might("s not like 'ap_le'", z));
        assertTrue(might("s not like '%le'", z));
        assertFalse(might("s not like 'ap%'", z));
        assertFalse(might("s like 'b_c'", z));
        assertTrue(might("s ilike 'B%'", z));
        assertFalse(might("s = 'banana'", z));
        assertFalse(might("s < 'apple'", z));
        assertTrue(might("s <= 'apple'", z));
        assertFalse(might("s in ('a', 'b')", z));
        assertTrue(might("s in ('a', 'apricot')", z));
        assertTrue(might("s like '%'", z));
        assertFalse(might("s not like '%'", z));
        // a truncated maximum is still an upper bound
        ZoneStats truncated = zone(10, "s", new ArrayStats(Optional.of(new Scalar(utf8, "ab")), false,
                Optional.of(new Scalar(utf8, "ac")), false, Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), OptionalLong.of(0), OptionalLong.empty(), OptionalLong.empty()));
        assertTrue(might("s like 'abz%'", truncated));
        assertFalse(might("s like 'ad%'", truncated));
        DType bin = DType.binary(true);
        ZoneStats b = zone(10, "bin", stats(new byte[] {(byte) 0xFF}, new byte[] {(byte) 0xFF, (byte) 0xFF}, bin, 0L,
                null));
        assertTrue(might("starts_with(bin, x'ffff')", b));
        assertFalse(might("starts_with(bin, x'fe')", b));
        assertFalse(might("bin < x'ff'", b));
    }

    @Test
    void nestedFieldsAreNullWhenTheirStructIs() {
        DType i32 = DType.primitive(PType.I32, true);
        ZoneStats childOnly = zone(10, "st.x", stats(1L, 2L, i32, 0L, null));
        assertTrue(might("st.x is null", childOnly));
        assertFalse(might("st.x > 5", childOnly));
        assertFalse(might("st.x is null", zone(10, "st.x", stats(1L, 2L, i32, 0L, null), "st",
                stats(null, null, Fixture.ST, 0L, null))));
        assertTrue(might("st.x is null", zone(10, "st.x", stats(1L, 2L, i32, 0L, null), "st",
                stats(null, null, Fixture.ST, 3L, null))));
        assertFalse(might("st.x is not null", zone(10, "st", stats(null, null, Fixture.ST, 10L, null))));
        assertFalse(might("st.x = 1 or st.y = 'a'", zone(10, "st", stats(null, null, Fixture.ST, 10L, null))));
    }

    @Test
    void otherColumnsAndConstants() {
        DType date = Temporal.date(dev.quire.layout.dtype.TimeUnit.DAYS, true);
        ZoneStats d = zone(10, "date", stats(8766L, 9130L, date, 0L, null)); // 1994
        assertFalse(might("date >= date '1995-01-01'", d));
        assertTrue(might("date >= date '1994-12-31'", d));
        assertFalse(might("date < timestamp '1994-01-01 00:00:00'", d));
        assertTrue(might("date < timestamp '1994-01-01 00:00:01'", d));
        DType.Decimal dec = new DType.Decimal(9, 2, true);
        ZoneStats dz = zone(10, "dec4", stats(new BigDecimal("1.50"), new BigDecimal("2.50"), dec, 0L, null));
        assertFalse(might("dec4 > 2.5", dz));
        assertTrue(might("dec4 > 2.49", dz));
        assertFalse(might("dec4 < 1.5", dz));
        // bounds with more digits than the scale round inwards: no value of scale 2 lies in [1.501, 2.499]
        ZoneStats fine = zone(10, "dec4", stats(new BigDecimal("1.501"), new BigDecimal("2.499"), dec, 0L, null));
        assertFalse(might("dec4 = 1.5 or dec4 = 2.5", fine));
        assertTrue(might("dec4 = 1.51", fine));
        DType bool = DType.bool(true);
        assertFalse(might("b", zone(10, "b", stats(false, false, bool, 0L, null))));
        assertTrue(might("not b", zone(10, "b", stats(false, false, bool, 0L, null))));
        assertFalse(might("b = false", zone(10, "b", stats(true, true, bool, 0L, null))));
        assertFalse(might("1 > 2", zone(10)));
        assertTrue(might("1 < 2", zone(10)));
        assertFalse(might("null", zone(10)));
        assertFalse(might("nothing = 1", zone(10)));
        assertTrue(might("nothing is null", zone(10)));
        DType i64 = DType.primitive(PType.I64, true);
        DType i32 = DType.primitive(PType.I32, true);
        ZoneStats cols = zone(10, "i64", stats(10L, 20L, i64, 0L, null), "i32", stats(0L, 9L, i32, 0L, null));
        assertFalse(might("i64 < i32", cols));
        assertFalse(might("i64 = i32", cols));
        assertTrue(might("i64 > i32", cols));
        // statistics of the wrong Java type say nothing
        assertTrue(might("i64 > 100", zone(10, "i64", stats(1.5, 2.5, DType.primitive(PType.F64, true), 0L,
                null))));
    }

    /** Random zones with statistics computed (and loosened) from their rows: pruning must never lose a match. */
    @Test
    void aColumnsFilterIsTheConjunctsOnThatColumn() {
        BoundExpr filter = Expr.parse("i64 > 5 and (u8 = 1 or i32 < 0) and i64 < 10 and i32 = 7")
                .bind(Fixture.SCHEMA);
        dev.quire.layout.spi.Pruning root = dev.quire.layout.spi.Pruning.of(filter);
        assertTrue(root.columnFilter() == filter, "the root asks the whole filter");
        dev.quire.layout.spi.Pruning i64 = root.field("i64");
        assertEquals(Expr.parse("i64 > 5 and i64 < 10"), i64.columnFilter().expr());
        assertTrue(i64.columnFilter() == root.field("i64").columnFilter(), "bound once per path and request");
        // A conjunct reading two columns belongs to both.
        assertEquals(Expr.parse("(u8 = 1 or i32 < 0) and i32 = 7"), root.field("i32").columnFilter().expr());
        assertEquals(Expr.parse("u8 = 1 or i32 < 0"), root.field("u8").columnFilter().expr());
        // A column no conjunct reads, and a filter that is one conjunct, keep the whole filter.
        assertTrue(root.field("f64").columnFilter() == filter);
        BoundExpr single = Expr.parse("i64 > 5 or u8 = 1").bind(Fixture.SCHEMA);
        assertTrue(dev.quire.layout.spi.Pruning.of(single).field("i64").columnFilter() == single);
        // What a column's conjuncts rule out, the filter does too, and here nothing more.
        ZoneStats z = zone(100, "i64", stats(20L, 30L, DType.primitive(PType.I64, true), 0L, null));
        assertFalse(i64.columnFilter().mightMatch(z));
        assertFalse(filter.mightMatch(z));
        ZoneStats inside = zone(100, "i64", stats(6L, 8L, DType.primitive(PType.I64, true), 0L, null));
        assertTrue(i64.columnFilter().mightMatch(inside));
        assertTrue(filter.mightMatch(inside));
    }

    @Test
    void pruningIsSoundAgainstBruteForce() {
        int trials = 0;
        int empty = 0;
        int pruned = 0;
        for (long seed = 0; seed < 600; seed++) {
            Random r = new Random(seed);
            int rows = r.nextInt(6) == 0 ? r.nextInt(3) : 1 + r.nextInt(24);
            Fixture.Batch batch = Fixture.batch(r, rows);
            ZoneStats zone = zoneStats(batch, r);
            Reference reference = new Reference(Fixture.PATHS, batch.values());
            for (int k = 0; k < 3; k++) {
                Expr e = Fixture.predicate(r, 2, batch);
                boolean might = e.bind(Fixture.SCHEMA).mightMatch(zone);
                boolean any = false;
                for (int row = 0; row < rows && !any; row++) {
                    any = Boolean.TRUE.equals(reference.eval(e, row));
                }
                trials++;
                empty += any ? 0 : 1;
                pruned += might ? 0 : 1;
                if (any && !might) {
                    StringBuilder relevant = new StringBuilder();
                    for (FieldPath p : e.columns()) {
                        relevant.append("\n  ").append(p).append(": ").append(zone.column(p));
                    }
                    fail("seed " + seed + ": `" + e + "` selects rows of a zone of " + zone.rowCount()
                            + ", but mightMatch is false; statistics:" + relevant);
                }
            }
        }
        assertEquals(1800, trials);
        // Pruning must actually happen: a good share of the zones with no match are recognised as such.
        if (pruned * 4 < empty) {
            fail("only " + pruned + " of " + empty + " zones without a match were pruned");
        }
    }

    /** Statistics of a batch as a writer could record them: some missing, bounds sometimes loosened or truncated. */
    static ZoneStats zoneStats(Fixture.Batch batch, Random r) {
        Map<FieldPath, ArrayStats> m = new HashMap<>();
        for (Map.Entry<FieldPath, DType> e : Fixture.PATHS.entrySet()) {
            if (r.nextInt(8) == 0) {
                continue;
            }
            FieldPath path = e.getKey();
            DType dtype = e.getValue();
            Object[] values = batch.own().getOrDefault(path, batch.values().get(path));
            long nulls = 0;
            long nans = 0;
            List<Object> present = new ArrayList<>();
            for (Object v : values) {
                if (v == null) {
                    nulls++;
                } else if (v instanceof Double d && d.isNaN() || v instanceof Float f && f.isNaN()) {
                    nans++;
                } else {
                    present.add(v);
                }
            }
            Optional<Comparator<Object>> order = order(dtype);
            Optional<Scalar> min = Optional.empty();
            Optional<Scalar> max = Optional.empty();
            if (order.isPresent() && !present.isEmpty()) {
                Object lo = present.stream().min(order.get()).orElseThrow();
                Object hi = present.stream().max(order.get()).orElseThrow();
                if (r.nextInt(3) == 0) {
                    lo = loosen(dtype, lo, false, r);
                    hi = loosen(dtype, hi, true, r);
                }
                min = r.nextInt(6) == 0 || lo == null ? Optional.empty() : Optional.of(scalar(dtype, lo));
                max = r.nextInt(6) == 0 || hi == null ? Optional.empty() : Optional.of(scalar(dtype, hi));
            }
            m.put(path, new ArrayStats(min, false, max, false, Optional.empty(), Optional.empty(), Optional.empty(),
                    Optional.empty(), r.nextInt(5) == 0 ? OptionalLong.empty() : OptionalLong.of(nulls),
                    r.nextInt(3) == 0 ? OptionalLong.empty() : OptionalLong.of(nans), OptionalLong.empty()));
        }
        return ZoneStats.of(batch.rows(), m);
    }

    private static Scalar scalar(DType dtype, Object v) {
        if (v instanceof Double d && dtype instanceof DType.Primitive p && p.ptype() != PType.F64) {
            return new Scalar(DType.primitive(PType.F64, true), d); // a wider bound than the column's type
        }
        return new Scalar(dtype, v);
    }

    private static Optional<Comparator<Object>> order(DType dtype) {
        return Optional.ofNullable(switch (dtype) {
            case DType.Bool b -> Comparator.comparing(o -> (Boolean) o);
            case DType.Primitive p when p.ptype() == PType.U64 -> (a, b) -> Long.compareUnsigned((Long) a, (Long) b);
            case DType.Primitive p when p.ptype().isFloat() -> Comparator.comparingDouble(o -> ((Number) o)
                    .doubleValue());
            case DType.Primitive p -> Comparator.comparingLong(o -> (Long) o);
            case DType.Decimal d -> Comparator.comparing(o -> (BigDecimal) o);
            case DType.Utf8 u -> (a, b) -> Reference.codePoints((String) a, (String) b);
            case DType.Binary x -> (a, b) -> Reference.unsigned((byte[]) a, (byte[]) b);
            case DType.Extension x -> Comparator.comparingLong(o -> (Long) o);
            default -> null;
        });
    }

    /** A looser bound: lower for a minimum, higher for a maximum; null when there is none to give. */
    private static Object loosen(DType dtype, Object v, boolean upper, Random r) {
        int sign = upper ? 1 : -1;
        return switch (dtype) {
            case DType.Primitive p when p.ptype() == PType.F64 -> upper ? Math.nextUp((Double) v)
                    : Math.nextDown((Double) v);
            case DType.Primitive p when p.ptype().isFloat() -> ((Float) v).doubleValue() + sign * 0.001;
            case DType.Primitive p when p.ptype() == PType.U64 -> {
                long x = (Long) v;
                yield upper ? (x == -1L ? x : x + 1) : (x == 0 ? x : x - 1);
            }
            case DType.Primitive p -> {
                long x = (Long) v;
                long y = x + sign * r.nextInt(3);
                boolean overflow = upper ? y < x : y > x;
                yield overflow ? x : Math.max(Fixture.minOf(p.ptype()), Math.min(Fixture.maxOf(p.ptype()), y));
            }
            case DType.Decimal d -> ((BigDecimal) v).add(BigDecimal.valueOf(sign).movePointLeft(d.scale() + 2));
            case DType.Utf8 u -> {
                int[] cps = ((String) v).codePoints().toArray();
                int keep = r.nextInt(cps.length + 1);
                if (!upper) {
                    yield new String(cps, 0, keep);
                }
                if (keep == 0) {
                    yield null;
                }
                int last = cps[keep - 1] + 1;
                if (last > Character.MAX_CODE_POINT) {
                    yield null;
                }
                cps[keep - 1] = last >= 0xD800 && last <= 0xDFFF ? 0xE000 : last;
                yield new String(cps, 0, keep);
            }
            case DType.Binary x -> {
                byte[] b = (byte[]) v;
                int keep = r.nextInt(b.length + 1);
                if (!upper) {
                    yield java.util.Arrays.copyOf(b, keep);
                }
                if (keep == 0 || b[keep - 1] == (byte) 0xFF) {
                    yield null;
                }
                byte[] out = java.util.Arrays.copyOf(b, keep);
                out[keep - 1]++;
                yield out;
            }
            case DType.Extension x -> (Long) v + sign * r.nextInt(2);
            default -> v;
        };
    }
}
