package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.BoolBuilder;
import dev.quire.layout.array.DecimalBuilder;
import dev.quire.layout.array.ExtensionBuilder;
import dev.quire.layout.array.PrimitiveBuilder;
import dev.quire.layout.array.StructBuilder;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import dev.quire.layout.file.VortexWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code quire scan}: the three formats and their value rules, projection and limits. */
class ScanCommandTest {
    static final DType.Struct POINT = new DType.Struct(List.of(
            new Field("x", new DType.Primitive(PType.I32, false)),
            new Field("label", new DType.Utf8(true))), true);
    static final DType.Struct SCHEMA = DType.Struct.of(
            new Field("i8", new DType.Primitive(PType.I8, false)),
            new Field("u64", new DType.Primitive(PType.U64, false)),
            new Field("f64", new DType.Primitive(PType.F64, true)),
            new Field("f32", new DType.Primitive(PType.F32, false)),
            new Field("dec", new DType.Decimal(10, 2, true)),
            new Field("text", new DType.Utf8(true)),
            new Field("bytes", new DType.Binary(false)),
            new Field("flag", new DType.Bool(true)),
            new Field("day", Temporal.date(TimeUnit.DAYS, true)),
            new Field("local", Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.empty(), false)),
            new Field("paris", Temporal.timestamp(TimeUnit.MILLISECONDS, Optional.of("Europe/Paris"), false)),
            new Field("utc", Temporal.timestamp(TimeUnit.SECONDS, Optional.of("UTC"), false)),
            new Field("point", POINT));

    @TempDir
    static Path dir;
    static Path file;

    @BeforeAll
    static void writeFile() {
        file = dir.resolve("types.vortex");
        StructBuilder rows = (StructBuilder) ArrayBuilder.forType(SCHEMA);
        // Row 0: extremes and special values.
        ((PrimitiveBuilder) rows.field(0)).appendLong(-128);
        ((PrimitiveBuilder) rows.field(1)).appendLong(-1L); // u64 max: 18446744073709551615
        ((PrimitiveBuilder) rows.field(2)).appendDouble(Double.NaN);
        ((PrimitiveBuilder) rows.field(3)).appendDouble(0.1f);
        ((DecimalBuilder) rows.field(4)).appendDecimal(new BigDecimal("12.30"));
        ((VarBinViewBuilder) rows.field(5)).appendString("say \"hi\",\nthen go");
        ((VarBinViewBuilder) rows.field(6)).appendBytes(new byte[] {0, 1, 2, (byte) 0xFF});
        ((BoolBuilder) rows.field(7)).appendBoolean(true);
        storage(rows.field(8)).appendLong(LocalDate.of(2024, 2, 29).toEpochDay());
        storage(rows.field(9)).appendLong(1_700_000_000_123_456L);
        storage(rows.field(10)).appendLong(1_700_000_000_000L);
        storage(rows.field(11)).appendLong(0);
        StructBuilder point = (StructBuilder) rows.field(12);
        ((PrimitiveBuilder) point.field(0)).appendLong(7);
        ((VarBinViewBuilder) point.field(1)).appendString("seven");
        point.endRow();
        rows.endRow();
        // Row 1: nulls wherever allowed, and the other special values.
        ((PrimitiveBuilder) rows.field(0)).appendLong(127);
        ((PrimitiveBuilder) rows.field(1)).appendLong(Long.MIN_VALUE); // 2^63
        ((PrimitiveBuilder) rows.field(2)).appendDouble(Double.NEGATIVE_INFINITY);
        ((PrimitiveBuilder) rows.field(3)).appendDouble(Float.POSITIVE_INFINITY);
        ((DecimalBuilder) rows.field(4)).appendNull();
        ((VarBinViewBuilder) rows.field(5)).appendString("");
        ((VarBinViewBuilder) rows.field(6)).appendBytes(new byte[0]);
        rows.field(7).appendNull();
        rows.field(8).appendNull();
        storage(rows.field(9)).appendLong(-1);
        storage(rows.field(10)).appendLong(1_720_000_000_500L);
        storage(rows.field(11)).appendLong(86_400);
        rows.field(12).appendNull();
        rows.endRow();
        // Row 2: ordinary values.
        ((PrimitiveBuilder) rows.field(0)).appendLong(0);
        ((PrimitiveBuilder) rows.field(1)).appendLong(42);
        ((PrimitiveBuilder) rows.field(2)).appendDouble(2.5);
        ((PrimitiveBuilder) rows.field(3)).appendDouble(-1.25);
        ((DecimalBuilder) rows.field(4)).appendDecimal(new BigDecimal("-0.05"));
        rows.field(5).appendNull();
        ((VarBinViewBuilder) rows.field(6)).appendBytes(new byte[] {'h', 'i'});
        ((BoolBuilder) rows.field(7)).appendBoolean(false);
        storage(rows.field(8)).appendLong(0);
        storage(rows.field(9)).appendLong(0);
        storage(rows.field(10)).appendLong(0);
        storage(rows.field(11)).appendLong(1);
        point = (StructBuilder) rows.field(12);
        ((PrimitiveBuilder) point.field(0)).appendLong(-1);
        point.field(1).appendNull();
        point.endRow();
        rows.endRow();
        try (VortexWriter writer = VortexWriter.create(file, SCHEMA)) {
            writer.write(rows.finish());
        }
    }

    private static PrimitiveBuilder storage(ArrayBuilder extension) {
        return (PrimitiveBuilder) ((ExtensionBuilder) extension).storage();
    }

    @Test
    void jsonlFollowsTheValueRules() {
        Cli.Run run = Cli.run("scan", file.toString(), "--format", "jsonl");
        assertEquals(0, run.code(), run.err());
        assertEquals("", run.err());
        List<String> lines = run.lines();
        assertEquals(3, lines.size());
        assertEquals("{\"i8\":-128,\"u64\":18446744073709551615,\"f64\":\"NaN\",\"f32\":0.1,\"dec\":\"12.30\","
                + "\"text\":\"say \\\"hi\\\",\\nthen go\",\"bytes\":\"AAEC/w==\",\"flag\":true,\"day\":\"2024-02-29\","
                + "\"local\":\"2023-11-14T22:13:20.123456\",\"paris\":\"2023-11-14T23:13:20+01:00\","
                + "\"utc\":\"1970-01-01T00:00:00Z\",\"point\":{\"x\":7,\"label\":\"seven\"}}", lines.get(0));
        assertEquals("{\"i8\":127,\"u64\":9223372036854775808,\"f64\":\"-Infinity\",\"f32\":\"Infinity\","
                + "\"dec\":null,\"text\":\"\",\"bytes\":\"\",\"flag\":null,\"day\":null,"
                + "\"local\":\"1969-12-31T23:59:59.999999\",\"paris\":\"2024-07-03T11:46:40.5+02:00\","
                + "\"utc\":\"1970-01-02T00:00:00Z\",\"point\":null}", lines.get(1));
        assertEquals("{\"i8\":0,\"u64\":42,\"f64\":2.5,\"f32\":-1.25,\"dec\":\"-0.05\",\"text\":null,"
                + "\"bytes\":\"aGk=\",\"flag\":false,\"day\":\"1970-01-01\",\"local\":\"1970-01-01T00:00:00\","
                + "\"paris\":\"1970-01-01T01:00:00+01:00\",\"utc\":\"1970-01-01T00:00:01Z\","
                + "\"point\":{\"x\":-1,\"label\":null}}", lines.get(2));
    }

    @Test
    void jsonlNumbersAreJsonNumbers() throws Exception {
        Cli.Run run = Cli.run("scan", file.toString(), "-f", "jsonl", "-c", "u64,i8");
        JsonNode row = new ObjectMapper().readTree(run.lines().getFirst());
        assertTrue(row.get("u64").isBigInteger(), row.toString());
        assertEquals(new java.math.BigInteger("18446744073709551615"), row.get("u64").bigIntegerValue());
        assertTrue(row.get("i8").isInt());
        assertEquals(List.of("i8", "u64"), iteratorToList(row.fieldNames()), "keys in schema order");
    }

    private static List<String> iteratorToList(java.util.Iterator<String> it) {
        List<String> out = new java.util.ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }

    @Test
    void projectionOfANestedFieldKeepsItsStruct() {
        Cli.Run run = Cli.run("scan", file.toString(), "-f", "jsonl", "--columns", "point.label, i8", "-n", "2");
        assertEquals(0, run.code(), run.err());
        assertEquals(List.of("{\"i8\":-128,\"point\":{\"label\":\"seven\"}}", "{\"i8\":127,\"point\":null}"),
                run.lines());
    }

    @Test
    void csvHasAHeaderDottedNamesAndTellsNullsFromEmptyStrings() {
        Cli.Run run = Cli.run("scan", file.toString(), "-f", "csv", "-c", "i8,text,bytes,dec,point");
        assertEquals(0, run.code(), run.err());
        assertEquals("i8,dec,text,bytes,point.x,point.label\n"
                + "-128,12.30,\"say \"\"hi\"\",\nthen go\",AAEC/w==,7,seven\n"
                + "127,,\"\",\"\",,\n"
                + "0,-0.05,,aGk=,-1,\n", run.out());
    }

    @Test
    void csvOfNoRowsStillHasItsHeader() {
        Cli.Run run = Cli.run("scan", file.toString(), "-f", "csv", "-c", "i8,day", "--limit", "0");
        assertEquals(0, run.code(), run.err());
        assertEquals("i8,day\n", run.out());
    }

    @Test
    void tableAlignsNumbersRightAndEscapesNewlines() {
        Cli.Run run = Cli.run("scan", file.toString(), "-c", "text,i8,f64");
        assertEquals(0, run.code(), run.err());
        assertEquals(List.of(
                "  i8 |       f64 | text",
                "-----+-----------+-------------------",
                "-128 |       NaN | say \"hi\",\\nthen go",
                " 127 | -Infinity |",
                "   0 |       2.5 | null",
                "(3 rows)"), run.lines(), "columns in the file's order");
    }

    @Test
    void limitStopsEarly() {
        Cli.Run run = Cli.run("scan", file.toString(), "-f", "jsonl", "--limit", "1");
        assertEquals(1, run.lines().size());
    }

    @Test
    void anUnknownColumnNamesTheColumnsThereAre() {
        Cli.Run run = Cli.run("scan", file.toString(), "-c", "nope");
        assertEquals(1, run.code());
        assertTrue(run.err().startsWith("quire: no column `nope`"), run.err());
        assertTrue(run.err().contains("i8"), run.err());
    }

    @Test
    void aClosedOutputStopsTheScanQuietly() throws Exception {
        Path chunked = dir.resolve("chunked.vortex");
        DType.Struct schema = DType.Struct.of(new Field("n", new DType.Primitive(PType.I64, false)));
        StructBuilder rows = (StructBuilder) ArrayBuilder.forType(schema);
        for (int i = 0; i < 5_000; i++) {
            ((PrimitiveBuilder) rows.field(0)).appendLong(i);
            rows.endRow();
        }
        try (VortexWriter writer = VortexWriter.create(chunked, schema,
                dev.quire.layout.format.WriteOptions.defaults().withChunkBytes(800).withBlockRows(100))) {
            writer.write(rows.finish());
        }
        // Like `quire scan … | head`: every write fails once the reader has gone.
        long[] offered = {0};
        java.io.OutputStream closedPipe = new java.io.OutputStream() {
            @Override
            public void write(int b) throws java.io.IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws java.io.IOException {
                offered[0] += len;
                throw new java.io.IOException("Broken pipe");
            }
        };
        java.io.StringWriter err = new java.io.StringWriter();
        int code = Main.run(new java.io.PrintWriter(closedPipe), new java.io.PrintWriter(err), "scan",
                chunked.toString(), "-f", "jsonl");
        assertEquals(0, code);
        assertEquals("", err.toString());
        // The output is about 40 KB in 50 batches; the scan gives up after the first.
        assertTrue(offered[0] < 2_000, "stopped after the first batch: " + offered[0] + " bytes offered");
    }

    @Test
    void scansAFileVortexWrote() {
        Cli.Run run = Cli.run("scan", Cli.fixture("synthetic_canonical_3000.vortex").toString(), "-f", "jsonl");
        assertEquals(0, run.code(), run.err());
        assertEquals(3000, run.lines().size());
        assertTrue(run.lines().getFirst().startsWith("{\"a\":-5000,\"b\":\"a much longer string value #0\""),
                run.lines().getFirst());
    }
}
