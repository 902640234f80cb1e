package dev.quire.cli.csv;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.dtype.DType;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Parsing CSV text into each dtype the --schema syntax can declare. */
class ValuesTest {

    /** The scalar values {@code texts} parse to in a column declared as {@code type}. */
    private static java.util.List<Object> parse(String type, String... texts) {
        DType dtype = SchemaSpec.parse("c:" + type).get("c");
        ArrayBuilder builder = ArrayBuilder.forType(dtype);
        Values.Parser parser = Values.forType(dtype);
        for (String t : texts) {
            parser.append(builder, t);
        }
        Array array = builder.finish();
        java.util.List<Object> out = new java.util.ArrayList<>();
        for (long i = 0; i < array.length(); i++) {
            Object v = array.scalarAt(i).value();
            out.add(v == null ? "null" : v);
        }
        return out;
    }

    private static String failure(String type, String text) {
        return assertThrows(InvalidArgumentException.class, () -> parse(type, text), type + " " + text).getMessage();
    }

    @Test
    void integersKeepToTheirRange() {
        assertEquals(java.util.List.of(-128L, 127L, 5L), parse("i8", "-128", " 127 ", "+5"));
        assertEquals(java.util.List.of(-1L), parse("u64", "18446744073709551615"));
        assertTrue(failure("i8", "128").startsWith("128 does not fit"), failure("i8", "128"));
        assertTrue(failure("u8", "-1").startsWith("-1 does not fit"), failure("u8", "-1"));
        assertTrue(failure("i64", "9223372036854775808").contains("not an integer in the range of i64"));
        assertTrue(failure("i64", "1.0").contains("not an integer"));
    }

    @Test
    void floatsTakeDecimalTextAndTheSpecialWordsOnly() {
        assertEquals(java.util.List.of(1.5, -2000.0, 0.5, Double.NaN, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY), parse("f64", "1.5", "-2e3", ".5", "nan", "Infinity", "-inf"));
        assertTrue(failure("f64", "0x1p3").contains("not a number"));
        assertTrue(failure("f64", "1.5f").contains("not a number"));
        assertTrue(failure("f64", "1e").contains("not a number"));
    }

    @Test
    void decimalsMustBeExactAtTheirScale() {
        assertEquals(java.util.List.of(new java.math.BigDecimal("1.50"), new java.math.BigDecimal("-3.00")),
                parse("decimal(5,2)", "1.5", "-3"));
        assertTrue(failure("decimal(5,2)", "1.555").contains("not exact at scale 2"));
        assertTrue(failure("decimal(3,2)", "10.00").contains("does not fit"));
    }

    @Test
    void datesAreIsoAndReal() {
        assertEquals(java.util.List.of(19_782L, 0L, -1L), parse("date", "2024-02-29", "1970-01-01", "1969-12-31"));
        assertTrue(failure("date", "2023-02-29").contains("not an ISO date"));
        assertTrue(failure("date", "2024/01/01").contains("not an ISO date"));
    }

    @Test
    void timestampsReadOffsetsAndZones() {
        // 2024-01-01T00:00:00Z is 1704067200 seconds after the epoch.
        assertEquals(java.util.List.of(1_704_067_200_000_000L, 1_704_067_200_000_000L, 1_704_063_600_000_000L),
                parse("timestamp(us,UTC)", "2024-01-01T00:00:00Z", "2024-01-01 00:00", "2024-01-01T00:00+01:00"));
        assertEquals(java.util.List.of(1_704_063_600_000L),
                parse("timestamp(ms,Europe/Paris)", "2024-01-01T00:00:00"), "zone-less text is read in the zone");
        assertEquals(java.util.List.of(1_704_067_200L, 1_704_067_200L), parse("timestamp(s)", "2024-01-01T00:00",
                "2024-01-01"));
        String zoned = failure("timestamp", "2024-01-01T00:00Z");
        assertTrue(zoned.contains("has a time zone offset, but the column's timestamps have no zone"), zoned);
        assertTrue(failure("timestamp(s)", "2024-01-01T00:00:00.5").contains("more precise than the column's unit"));
    }

    @Test
    void emptiesAreNullsAndQuotedEmptyIsAnEmptyString() {
        assertEquals(java.util.List.of("null", "null"), parse("i64?", null, "  "));
        assertEquals(java.util.List.of("null", "", " x "), parse("utf8?", null, "", " x "));
        assertTrue(failure("i64", null).contains("not nullable"));
    }

    @Test
    void booleansAndBinary() {
        assertEquals(java.util.List.of(true, false, true, false), parse("bool", "TRUE", "false", "1", "0"));
        assertTrue(failure("bool", "yes").contains("not a boolean"));
        byte[] bytes = (byte[]) parse("binary", "AAEC/w==").getFirst();
        assertEquals(4, bytes.length);
        assertEquals((byte) 0xFF, bytes[3]);
        assertTrue(failure("binary", "not base64!").contains("not base64"));
    }

    @Test
    void theNullTypeTakesNothingButEmpties() {
        assertEquals(java.util.List.of("null"), parse("null", (String) null));
        assertTrue(failure("null", "x").contains("type is null"));
        assertEquals(Map.of("c", new DType.Null()), SchemaSpec.parse("c:null"));
    }
}
