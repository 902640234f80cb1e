package dev.quire.layout.expr;

import static dev.quire.layout.expr.Columns.batch;
import static dev.quire.layout.expr.Columns.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.ChunkedArray;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Hand-picked cases of every operator and dtype, with the rows each must select. */
class EvaluateTest {

    private static List<Long> select(String text, StructArray batch) {
        return Columns.rows(Expr.parse(text).bind(batch.dtype()).evaluate(batch));
    }

    private static DType prim(PType p) {
        return DType.primitive(p, true);
    }

    @Test
    void integersCompareExactlyWithAnyNumber() {
        StructArray b = batch("x", of(prim(PType.I32), 1L, 2L, 3L, null, -5L));
        assertEquals(List.of(0L, 1L, 4L), select("x < 2.5", b));
        assertEquals(List.of(2L), select("x > 2.5", b));
        assertEquals(List.of(), select("x = 2.5", b));
        assertEquals(List.of(0L, 1L, 2L, 4L), select("x != 2.5", b));
        assertEquals(List.of(1L), select("x = 2.0", b));
        assertEquals(List.of(1L), select("x = 2e0", b));
        assertEquals(List.of(4L), select("x <= -4.9999", b));
        assertEquals(List.of(0L, 1L, 2L, 4L), select("x < 1e30", b));
        assertEquals(List.of(0L, 1L, 2L, 4L), select("x < 1e2147483647", b));
        assertEquals(List.of(), select("x < -1e2147483647", b));
        assertEquals(List.of(2L), select("x > 2.000000000000000000000000000000000000000000000000000001", b));
        assertEquals(List.of(0L, 1L, 2L, 4L), select("x != 1e-2147483647", b));
        assertEquals(List.of(), select("x < -1e30", b));
        assertEquals(List.of(0L, 1L, 2L, 4L), select("x < f64 'Infinity'", b));
        assertEquals(List.of(0L, 1L, 2L, 4L), select("x < f64 'NaN'", b));
        assertEquals(List.of(0L, 1L, 2L, 4L), select("x > f32 '-Infinity'", b));
        assertEquals(List.of(1L, 2L), select("x between 1.5 and 3", b));
        assertEquals(List.of(0L, 4L), select("x not between 1.5 and 3", b));
        assertEquals(List.of(3L), select("x is null", b));
        assertEquals(List.of(), select("x = null", b));
        assertEquals(List.of(), select("not (x = null)", b));
    }

    @Test
    void outOfRangeLiteralsAreAlwaysOrNeverTrueButNullStaysNull() {
        StructArray b = batch("x", of(prim(PType.U8), 0L, 255L, null, 7L));
        assertEquals(List.of(0L, 1L, 3L), select("x < 300", b));
        assertEquals(List.of(), select("x > 300", b));
        assertEquals(List.of(), select("x = -1", b));
        assertEquals(List.of(0L, 1L, 3L), select("x != -1", b));
        assertEquals(List.of(0L, 1L, 3L), select("x > -1", b));
        assertEquals(List.of(1L), select("x >= 255", b));
        assertEquals(List.of(0L), select("x in (-1, 0, 256, 0.5)", b));
    }

    @Test
    void u64AboveLongMaxCompareUnsigned() {
        StructArray b = batch("x", of(prim(PType.U64), 0L, Long.MIN_VALUE, -1L, Long.MAX_VALUE, null));
        assertEquals(List.of(1L, 2L), select("x > 9223372036854775807", b));
        assertEquals(List.of(2L), select("x = 18446744073709551615", b));
        assertEquals(List.of(2L), select("x = u64 '18446744073709551615'", b));
        assertEquals(List.of(0L, 1L, 2L, 3L), select("x < 18446744073709551616", b));
        assertEquals(List.of(0L, 3L), select("x < 9223372036854775808", b));
        assertEquals(List.of(1L, 2L), select("x in (9223372036854775808, 18446744073709551615)", b));
        StructArray both = batch("x", of(prim(PType.U64), -1L, 5L, 0L), "y", of(prim(PType.I64), -1L, 5L, 1L));
        assertEquals(List.of(0L), select("x > y", both));
        assertEquals(List.of(1L), select("x = y", both));
        assertEquals(List.of(2L), select("x < y", both));
    }

    @Test
    void floatsOrderNanAboveEverythingAndZeroesAreEqual() {
        StructArray b = batch("x", of(prim(PType.F64), 0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, 1.5, null, Double.MIN_VALUE));
        assertEquals(List.of(0L, 1L), select("x = 0", b));
        assertEquals(List.of(0L, 1L), select("x = -0.0", b));
        assertEquals(List.of(2L, 3L, 5L), select("x > 1", b));
        assertEquals(List.of(2L), select("x = f64 'NaN'", b));
        assertEquals(List.of(2L), select("x > f64 'Infinity'", b));
        assertEquals(List.of(0L, 1L, 3L, 4L, 5L, 7L), select("x < f64 'NaN'", b));
        assertEquals(List.of(4L), select("x < -1e308", b));
        assertEquals(List.of(4L), select("x < -1e309", b));
        assertEquals(List.of(), select("x = 1e309", b));
        assertEquals(List.of(2L, 3L), select("x > 1e309", b));
        assertEquals(List.of(7L), select("x = 4.9E-324", b));
        assertEquals(List.of(0L, 1L), select("x = 1e-400", b));
        assertEquals(List.of(0L, 1L), select("x = 1e-2147483647", b));
        assertEquals(List.of(2L, 3L), select("x > 1e2147483647", b));
        assertEquals(List.of(2L, 5L), select("x in (1.5, f32 'NaN')", b));
    }

    @Test
    void floatLiteralsAreRoundedToTheColumnsType() {
        StructArray b = batch("f", of(prim(PType.F32), 0.1f, 0.2f, Float.MAX_VALUE, Float.NaN),
                "h", of(prim(PType.F16), Float.float16ToFloat(Float.floatToFloat16(0.1f)), 65504f, 2048f, 1f));
        assertEquals(List.of(0L), select("f = 0.1", b));
        assertEquals(List.of(0L), select("f <= 0.1", b));
        assertEquals(List.of(0L), select("f = f64 '0.1'", b));
        assertEquals(List.of(0L), select("f < 0.2", b));
        assertEquals(List.of(2L), select("f = 3.4028234663852886e38", b));
        assertEquals(List.of(3L), select("f > 1e39", b));
        assertEquals(List.of(0L, 1L, 2L), select("f < 1e39", b));
        assertEquals(List.of(0L), select("h = 0.1", b));
        assertEquals(List.of(1L), select("h = 65519", b));
        assertEquals(List.of(), select("h = 65520", b));
        assertEquals(List.of(0L, 1L, 2L, 3L), select("h < 65520", b));
        // f16s step by 2 above 2048 and by 1 below it; a tie goes to the even significand
        assertEquals(List.of(2L), select("h = 2049", b));
        assertEquals(List.of(), select("h = 2051", b));
        assertEquals(List.of(), select("h = 2050", b));
        assertEquals(List.of(2L), select("h = 2047.5", b));
        assertEquals(List.of(2L), select("h = 2048.99", b));
    }

    @Test
    void decimalsOfEveryWidthCompareExactly() {
        DType.Decimal dt = new DType.Decimal(5, 2, true);
        for (int width : new int[] {4, 8, 16, 32}) {
            StructArray b = batch("d", decimals(dt, width, "1.50", "-2.25", null, "999.99", "-999.99"));
            assertEquals(List.of(0L), select("d = 1.5", b), "width " + width);
            assertEquals(List.of(1L, 4L), select("d < 1.49", b), "width " + width);
            assertEquals(List.of(0L, 3L), select("d >= 1.495", b), "width " + width);
            assertEquals(List.of(), select("d = 1.505", b), "width " + width);
            assertEquals(List.of(0L, 1L, 3L, 4L), select("d < 1e100", b), "width " + width);
            assertEquals(List.of(0L, 1L, 3L, 4L), select("d > -1e100", b), "width " + width);
            assertEquals(List.of(0L, 1L), select("d in (1.5, -2.25, 0.001)", b), "width " + width);
            assertEquals(List.of(0L), select("d = decimal(3, 1) '1.5'", b), "width " + width);
            assertEquals(List.of(0L, 1L, 3L, 4L), select("d < f64 'NaN'", b), "width " + width);
        }
        DType.Decimal wide = new DType.Decimal(60, 10, true);
        BigDecimal big = new BigDecimal("12345678901234567890123456789012345678901234567.0123456789");
        StructArray b = batch("d", of(wide, big, big.negate(), null));
        assertEquals(List.of(0L), select("d = " + big.toPlainString(), b));
        assertEquals(List.of(1L), select("d < 0", b));
        assertEquals(List.of(0L), select("d > 12345678901234567890123456789012345678901234567.01234567889", b));
    }

    /** A decimal column stored at a chosen width (wider than Vortex's narrowest for the precision). */
    static DecimalArray decimals(DType.Decimal dt, int width, String... values) {
        byte[] bytes = new byte[values.length * width];
        byte[] valid = new byte[(values.length + 7) / 8];
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                continue;
            }
            valid[i / 8] |= (byte) (1 << (i % 8));
            BigInteger unscaled = new BigDecimal(values[i]).setScale(dt.scale()).unscaledValue();
            byte[] be = unscaled.toByteArray();
            for (int k = 0; k < width; k++) {
                byte v = k < be.length ? be[be.length - 1 - k] : (byte) (unscaled.signum() < 0 ? -1 : 0);
                bytes[i * width + k] = v;
            }
        }
        return new DecimalArray(dt, MemorySegment.ofArray(bytes), width,
                new Validity.Mask(BitBuffer.ofBytes(valid, values.length)));
    }

    @Test
    void stringsCompareInCodePointOrderAndMatchPatterns() {
        String longer = "a string longer than twelve bytes";
        StructArray b = batch("s", of(DType.utf8(true), "apple", "Apple", "", "\uFFFD", "😀", null, longer, "a%b",
                "a_b", "äpple"));
        assertEquals(List.of(3L, 9L), select("s < '😀' and s > 'zzz'", b));
        assertEquals(List.of(4L), select("s > '\uFFFD'", b));
        assertEquals(List.of(0L, 6L, 7L, 8L), select("s like 'a%'", b));
        assertEquals(List.of(0L, 1L, 6L, 7L, 8L), select("s ilike 'A%'", b));
        assertEquals(List.of(0L, 1L), select("s ilike 'APPLE'", b));
        assertEquals(List.of(0L, 1L, 9L), select("s like '_pple'", b));
        assertEquals(List.of(7L), select("s like 'a\\%b'", b));
        assertEquals(List.of(7L), select("s like 'a!%b' escape '!'", b));
        assertEquals(List.of(7L, 8L), select("s like 'a_b'", b));
        assertEquals(List.of(8L), select("s like 'a\\_b'", b));
        assertEquals(List.of(0L, 1L, 9L), select("s like '%pple'", b));
        assertEquals(List.of(6L), select("s like '%twelve%'", b));
        assertEquals(List.of(6L), select("s like 'a%tw_lve%s'", b));
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 6L, 7L, 8L, 9L), select("s like '%'", b));
        assertEquals(List.of(2L), select("s like ''", b));
        assertEquals(List.of(3L, 4L), select("s like '_'", b));
        assertEquals(List.of(1L, 2L, 3L, 4L, 9L), select("s not like 'a%'", b));
        assertEquals(List.of(0L, 6L), select("starts_with(s, 'a') and s not like 'a_b' and s != 'a%b'", b));
        assertEquals(List.of(6L), select("s = '" + longer + "'", b));
        assertEquals(List.of(6L), select("s >= 'a string' and s < 'a strinh'", b));
        assertEquals(List.of(0L, 3L), select("s in ('apple', '\uFFFD', 'missing')", b));
        assertEquals(List.of(9L), select("s ilike 'ÄPPLE'", b));
    }

    @Test
    void binaryComparesBytesUnsigned() {
        StructArray b = batch("b", of(DType.binary(true), new byte[] {0}, new byte[] {(byte) 0xFF}, new byte[0],
                null, "abc".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(List.of(1L), select("b > x'80'", b));
        assertEquals(List.of(0L, 2L), select("b < x'01'", b));
        assertEquals(List.of(4L), select("b = 'abc'", b));
        assertEquals(List.of(4L), select("starts_with(b, 'ab')", b));
        assertEquals(List.of(1L), select("starts_with(b, x'ff')", b));
        assertEquals(List.of(0L, 2L, 4L), select("b in (x'00', x'', 'abc')", b));
    }

    @Test
    void datesTimesAndTimestampsCompareInTheirUnitsAndZones() {
        DType.Extension days = Temporal.date(TimeUnit.DAYS, true);
        DType.Extension millis = Temporal.date(TimeUnit.MILLISECONDS, true);
        long d1994 = LocalDate.of(1994, 1, 1).toEpochDay();
        StructArray b = batch("d", of(days, d1994 - 1, d1994, d1994 + 1, null),
                "m", of(millis, (d1994 - 1) * 86_400_000L, d1994 * 86_400_000L, d1994 * 86_400_000L + 1, null));
        assertEquals(List.of(1L, 2L), select("d >= date '1994-01-01'", b));
        assertEquals(List.of(1L, 2L), select("d >= '1994-01-01'", b));
        assertEquals(List.of(1L), select("d = timestamp '1994-01-01 00:00:00'", b));
        assertEquals(List.of(), select("d = timestamp '1994-01-01 00:00:01'", b));
        assertEquals(List.of(2L), select("d > timestamp '1994-01-01 00:00:01'", b));
        assertEquals(List.of(1L, 2L), select("m >= date '1994-01-01'", b));
        assertEquals(List.of(2L), select("m > date '1994-01-01'", b));
        assertEquals(List.of(2L), select("m = timestamp '1994-01-01 00:00:00.001'", b));
        assertEquals(List.of(), select("m = timestamp '1994-01-01 00:00:00.0015'", b));
        assertEquals(List.of(1L), select("m between date '1994-01-01' and timestamp '1994-01-01 00:00:00.0005'", b));

        ZoneId ny = ZoneId.of("America/New_York");
        DType.Extension zoned = Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.of(ny.getId()), true);
        DType.Extension local = Temporal.timestamp(TimeUnit.NANOSECONDS, Optional.empty(), true);
        LocalDateTime noon = LocalDateTime.of(2020, 6, 1, 12, 0);
        long nyNoonMicros = noon.atZone(ny).toEpochSecond() * 1_000_000L;
        long utcNoonNanos = noon.toEpochSecond(ZoneOffset.UTC) * 1_000_000_000L;
        StructArray t = batch("z", of(zoned, nyNoonMicros, nyNoonMicros + 1, null),
                "l", of(local, utcNoonNanos, utcNoonNanos - 1, utcNoonNanos + 1));
        assertEquals(List.of(0L), select("z = timestamp '2020-06-01 12:00'", t));
        assertEquals(List.of(0L), select("z = timestamp '2020-06-01 16:00:00Z'", t));
        assertEquals(List.of(0L), select("z = timestamp '2020-06-01 18:00+02:00'", t));
        assertEquals(List.of(1L), select("z > '2020-06-01 12:00'", t));
        assertEquals(List.of(0L, 1L), select("z >= date '2020-06-01'", t));
        assertEquals(List.of(0L), select("l = timestamp '2020-06-01 12:00'", t));
        assertEquals(List.of(1L), select("l < timestamp '2020-06-01 12:00'", t));
        assertEquals(List.of(2L), select("l = timestamp '2020-06-01 12:00:00.000000001'", t));
        assertThrows(InvalidArgumentException.class, () -> select("l = timestamp '2020-06-01 12:00Z'", t));

        DType.Extension time = Temporal.time(TimeUnit.MILLISECONDS, true);
        StructArray tm = batch("t", of(time, 0L, 43_200_000L, 43_200_001L, null));
        assertEquals(List.of(1L, 2L), select("t >= time '12:00'", tm));
        assertEquals(List.of(2L), select("t > time '12:00:00.0005'", tm));
        assertEquals(List.of(0L), select("t in (time '00:00', '23:59:59.999999')", tm));
    }

    @Test
    void nestedFieldsAreNullWhereTheirStructIs() {
        DType.Struct inner = new DType.Struct(List.of(new Field("x", prim(PType.I64)),
                new Field("y", DType.utf8(false))), true);
        Array x = of(prim(PType.I64), 1L, 2L, null, 4L);
        Array y = of(DType.utf8(false), "a", "b", "c", "d");
        byte[] valid = {0b1101}; // row 1 is a null struct
        StructArray s = new StructArray(inner, List.of(x, y), 4, new Validity.Mask(BitBuffer.ofBytes(valid, 4)));
        StructArray b = batch("s", s);
        assertEquals(List.of(0L, 3L), select("s.x > 0", b));
        assertEquals(List.of(1L, 2L), select("s.x is null", b));
        assertEquals(List.of(0L, 2L, 3L), select("s.y != 'b'", b));
        assertEquals(List.of(1L), select("s is null", b));
        assertEquals(List.of(1L, 2L), select("not (s.x is not null)", b));
        BoundExpr e = Expr.parse("s.x > 0 and s.y = 'a'").bind(b.dtype());
        assertEquals(List.of(dev.quire.layout.dtype.FieldPath.of("s", "x"),
                dev.quire.layout.dtype.FieldPath.of("s", "y")), e.columns());
    }

    @Test
    void kleeneLogicDecidesAndOrNot() {
        DType bool = DType.bool(true);
        StructArray b = batch("p", of(bool, true, true, true, false, false, false, null, null, null),
                "q", of(bool, true, false, null, true, false, null, true, false, null));
        assertEquals(List.of(0L), select("p and q", b));
        assertEquals(List.of(0L, 1L, 2L, 3L, 6L), select("p or q", b));
        assertEquals(List.of(3L, 4L, 5L), select("not p", b));
        assertEquals(List.of(1L, 3L, 4L, 5L, 7L), select("not (p and q)", b));
        assertEquals(List.of(4L), select("not (p or q)", b));
        assertEquals(List.of(0L, 4L), select("p = q", b));
        assertEquals(List.of(3L), select("p < q", b));
        assertEquals(List.of(2L, 5L, 6L, 7L, 8L), select("(p = q) is null", b));
        assertEquals(List.of(6L, 7L, 8L), select("p is null", b));
        assertEquals(List.of(0L, 1L, 2L), select("p = true", b));
        assertEquals(List.of(0L, 1L, 2L, 6L, 7L, 8L), select("p is null or p", b));
        assertEquals(List.of(), select("null", b));
        assertEquals(List.of(), select("not null", b));
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L), select("true or null", b));
        assertEquals(List.of(3L, 4L, 5L), select("(p in (false, null)) is not null and not p", b));
        assertEquals(List.of(0L, 1L, 2L, 6L, 7L, 8L), select("not (null and false) and (p or p is null)", b));
    }

    @Test
    void constantColumnsAreEvaluatedOnceWithoutExpanding() {
        DType i = prim(PType.I32);
        StructArray b = batch("c", new ConstantArray(new Scalar(i, 7L), 200),
                "n", new ConstantArray(Scalar.nullOf(i), 200),
                "s", new ConstantArray(new Scalar(DType.utf8(false), "abc"), 200),
                "x", of(i, java.util.stream.LongStream.range(0, 200).boxed().toArray()));
        assertEquals(200, Expr.parse("c = 7").bind(b.dtype()).evaluate(b).countOnes());
        assertEquals(0, Expr.parse("c != 7").bind(b.dtype()).evaluate(b).countOnes());
        assertEquals(0, Expr.parse("n = 7 or n != 7").bind(b.dtype()).evaluate(b).countOnes());
        assertEquals(200, Expr.parse("n is null").bind(b.dtype()).evaluate(b).countOnes());
        assertEquals(200, Expr.parse("s like 'a%' and starts_with(s, 'ab') and s in ('abc')").bind(b.dtype())
                .evaluate(b).countOnes());
        assertEquals(7, Expr.parse("x < c").bind(b.dtype()).evaluate(b).countOnes());
        assertEquals(0, Expr.parse("x < n").bind(b.dtype()).evaluate(b).countOnes());
        DType.Struct st = new DType.Struct(List.of(new Field("a", prim(PType.I64))), true);
        StructArray nested = batch("st", new ConstantArray(new Scalar(st, List.of(new Scalar(prim(PType.I64), 3L))),
                70), "nul", new ConstantArray(Scalar.nullOf(st), 70));
        assertEquals(70, Expr.parse("st.a = 3 and nul.a is null").bind(nested.dtype()).evaluate(nested)
                .countOnes());
        DType.Extension date = Temporal.date(TimeUnit.DAYS, false);
        StructArray dates = batch("d", new ExtensionArray(date, new ConstantArray(new Scalar(date.storage(), 5L), 9)),
                "e", new ConstantArray(new Scalar(date, 6L), 9));
        assertEquals(9, Expr.parse("d = date '1970-01-06' and e > d").bind(dates.dtype()).evaluate(dates)
                .countOnes());
    }

    @Test
    void chunkedAndSlicedColumnsEvaluateAtAnyBitOffset() {
        Object[] values = new Object[300];
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 7 == 0 ? null : (long) (i % 50);
        }
        Array all = of(prim(PType.I16), values);
        for (int from : new int[] {0, 1, 3, 63, 64, 65, 129}) {
            Array sliced = all.slice(from, 300);
            Array chunked = new ChunkedArray(all.dtype(), List.of(all.slice(from, 150), all.slice(150, 300)));
            for (Array column : List.of(sliced, chunked)) {
                StructArray b = batch("x", column);
                RowMask m = Expr.parse("x >= 25 or x is null").bind(b.dtype()).evaluate(b);
                for (int i = from; i < 300; i++) {
                    boolean expected = values[i] == null || (Long) values[i] >= 25;
                    assertEquals(expected, m.get(i - from), "from " + from + " row " + i);
                }
            }
        }
    }

    @Test
    void columnsCompareWithColumnsOfCompatibleTypes() {
        StructArray b = batch("i", of(prim(PType.I8), -1L, 2L, 3L, null, 5L),
                "u", of(prim(PType.U32), 0L, 2L, 4294967295L, 1L, 4L),
                "f", of(prim(PType.F32), -1.5f, 2f, Float.NaN, 1f, 5f),
                "g", of(prim(PType.F64), -1.5, 2.0000001, Double.NaN, 1.0, -0.0),
                "s", of(DType.utf8(true), "a", "b", "c", "d", "e"),
                "t", of(DType.utf8(false), "a", "a", "d", "d", "e"),
                "d1", of(new DType.Decimal(4, 2, true), new BigDecimal("1.00"), new BigDecimal("2.50"), null,
                        new BigDecimal("0.01"), new BigDecimal("-1.00")),
                "d2", of(new DType.Decimal(30, 2, false), new BigDecimal("1.00"), new BigDecimal("2.49"),
                        new BigDecimal("3.00"), new BigDecimal("0.01"), new BigDecimal("-99999999999999999999.99")));
        assertEquals(List.of(0L, 2L), select("i < u", b));
        assertEquals(List.of(1L), select("i = u", b));
        assertEquals(List.of(1L, 4L), select("i = f", b));
        assertEquals(List.of(0L), select("f < i", b));
        assertEquals(List.of(0L, 2L, 3L), select("f = g", b));
        assertEquals(List.of(2L, 4L), select("u < f", b));
        assertEquals(List.of(0L, 4L), select("g < u", b));
        assertEquals(List.of(0L, 3L, 4L), select("s = t", b));
        assertEquals(List.of(1L), select("s > t", b));
        assertEquals(List.of(0L, 3L), select("d1 = d2", b));
        assertEquals(List.of(1L, 4L), select("d1 > d2", b));
    }

    @Test
    void inListsAreDisjunctionsOfEqualities() {
        StructArray b = batch("x", of(prim(PType.I64), 1L, 2L, 3L, null));
        assertEquals(List.of(0L, 2L), select("x in (1, 3, 3.5)", b));
        assertEquals(List.of(1L), select("not x in (1, 3)", b));
        assertEquals(List.of(), select("not x in (1, 3, null)", b));
        assertEquals(List.of(0L), select("x in (1, null)", b));
        assertEquals(List.of(), select("x in ()", b));
        assertEquals(List.of(0L, 1L, 2L, 3L), select("not x in ()", b));
        Object[] many = new Object[100];
        for (int i = 0; i < many.length; i++) {
            many[i] = (long) i * 3;
        }
        StructArray big = batch("x", of(prim(PType.I64), many));
        StringBuilder list = new StringBuilder("x in (");
        for (int i = 0; i < 40; i++) {
            list.append(i == 0 ? "" : ", ").append(i * 2);
        }
        assertEquals(List.of(0L, 2L, 4L, 6L, 8L, 10L, 12L, 14L, 16L, 18L, 20L, 22L, 24L, 26L),
                select(list + ")", big));
    }

    @Test
    void constantExpressionsFoldAtBinding() {
        StructArray b = batch("x", of(prim(PType.I64), 1L, null));
        for (String text : new String[] {"1 < 2", "'b' > 'a'", "date '2020-01-01' < timestamp '2020-01-01 00:00:01'",
            "5 in (1, 5)", "'abc' like 'a%'", "starts_with('abc', 'ab')", "null is null", "2.5 between 2 and 3",
            "f64 'NaN' > f64 'Infinity'", "x'00' < x'01'", "true = (1 = 1)", "time '10:00' > time '09:59'"}) {
            BoundExpr e = Expr.parse(text).bind(b.dtype());
            assertTrue(e.isConstant(), text);
            assertEquals(List.of(0L, 1L), Columns.rows(e.evaluate(b)), text);
        }
        for (String text : new String[] {"1 > 2", "5 in (1, null)", "null = 1", "'abc' like 'b%'", "x = 1 and 1 = 2"}) {
            BoundExpr e = Expr.parse(text).bind(b.dtype());
            assertTrue(e.isConstant(), text);
            assertEquals(List.of(), Columns.rows(e.evaluate(b)), text);
        }
        assertFalse(Expr.parse("x = 1 or 1 = 2").bind(b.dtype()).isConstant());
    }

    @Test
    void rangesOfOneColumnFuseIntoOneTest() {
        StructArray b = batch("x", of(prim(PType.I32), 1L, 5L, 9L, null), "y", of(prim(PType.I32), 1L, 1L, 1L, 1L));
        for (String text : new String[] {"x >= 2 and x < 9", "x between 2 and 8.5",
            "x > 1 and y = 1 and x <= 5.5 and x != 9"}) {
            BoundExpr e = Expr.parse(text).bind(b.dtype());
            assertEquals(List.of(1L), Columns.rows(e.evaluate(b)), text);
        }
        Node fused = Expr.parse("x >= 2 and x < 9").bind(b.dtype()).root();
        assertTrue(fused instanceof RangeNode, fused.toString());
        Node kept = Expr.parse("x > 1 and y = 1 and x <= 5").bind(b.dtype()).root();
        assertTrue(kept instanceof Node.And and && and.children.length == 2, kept.toString());
        assertTrue(Expr.parse("x > 5 and x < 3").bind(b.dtype()).root() instanceof RangeNode);
        assertEquals(List.of(), Columns.rows(Expr.parse("x > 5 and x < 3").bind(b.dtype()).evaluate(b)));
    }

    @Test
    void longConjunctionsAndDisjunctionsNeedNoDeepStack() throws InterruptedException {
        StructArray b = batch("x", of(prim(PType.I64), 1L, 20_001L, null, 7L));
        List<Expr> ne = new java.util.ArrayList<>();
        List<Expr> eq = new java.util.ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            ne.add(Expr.col("x").ne(i));
            eq.add(Expr.col("x").eq(i * 2 + 1));
        }
        Expr and = Expr.allOf(ne);
        Expr or = Expr.anyOf(eq);
        Throwable[] failure = new Throwable[1];
        List<List<Long>> results = new java.util.ArrayList<>();
        // a small stack, as on a pool thread: chains must be walked, not recursed into
        Thread t = new Thread(null, () -> {
            try {
                for (Expr e : List.of(and, or)) {
                    Expr back = Expr.parse(e.toString());
                    assertEquals(e, back);
                    assertEquals(e.hashCode(), back.hashCode());
                    BoundExpr bound = back.bind(b.dtype());
                    assertEquals(List.of(dev.quire.layout.dtype.FieldPath.of("x")), bound.columns());
                    results.add(Columns.rows(bound.evaluate(b)));
                }
            } catch (Throwable x) {
                failure[0] = x;
            }
        }, "small-stack", 256 * 1024);
        t.start();
        t.join();
        if (failure[0] != null) {
            throw new AssertionError(failure[0]);
        }
        assertEquals(List.of(List.of(1L), List.of(0L, 1L, 3L)), results);
        assertFalse(and.equals(Expr.allOf(ne.subList(1, ne.size()))));
    }

    @Test
    void batchesMustHoldTheBoundColumns() {
        StructArray b = batch("x", of(prim(PType.I64), 1L));
        BoundExpr e = Expr.parse("x = 1").bind(b.dtype());
        StructArray other = batch("y", of(prim(PType.I64), 1L));
        InvalidArgumentException missing = assertThrows(InvalidArgumentException.class, () -> e.evaluate(other));
        assertTrue(missing.getMessage().contains("the batch has no column `x`: `x` is not one of [y]"),
                missing.getMessage());
        StructArray wrong = batch("x", of(DType.utf8(false), "1"));
        InvalidArgumentException type = assertThrows(InvalidArgumentException.class, () -> e.evaluate(wrong));
        assertTrue(type.getMessage().contains("column `x` of the batch is utf8, but the expression was bound to i64?"),
                type.getMessage());
        StructArray nonNull = batch("x", of(DType.primitive(PType.I64, false), 1L, 2L), "z", of(prim(PType.I8), 1L,
                2L));
        assertEquals(List.of(0L), Columns.rows(e.evaluate(nonNull)));
        StructArray empty = batch("x", of(prim(PType.I64)));
        assertEquals(0, e.evaluate(empty).length());
    }

    @Test
    void nullRowsOfTheBatchItselfAreNull() {
        DType.Struct dt = new DType.Struct(List.of(new Field("x", prim(PType.I64))), true);
        StructArray b = new StructArray(dt, List.of(of(prim(PType.I64), 1L, 1L, 1L)), 3,
                new Validity.Mask(BitBuffer.ofBytes(new byte[] {0b101}, 3)));
        assertEquals(List.of(0L, 2L), Columns.rows(Expr.parse("x = 1").bind(dt).evaluate(b)));
        assertEquals(List.of(1L), Columns.rows(Expr.parse("x is null").bind(dt).evaluate(b)));
    }
}
