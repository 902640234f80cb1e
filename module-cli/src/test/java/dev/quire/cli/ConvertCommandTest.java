package dev.quire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.dtype.DType;
import dev.quire.layout.file.VortexFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code quire convert}: type inference, --schema, streaming in batches, and failures that leave nothing behind. */
class ConvertCommandTest {
    @TempDir
    Path dir;

    private Path csv(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static String schemaLine(Cli.Run run) {
        return run.lines().stream().filter(l -> l.startsWith("schema: ")).findFirst().orElseThrow()
                .substring("schema: ".length());
    }

    @Test
    void infersTypesFromTheSample() throws IOException {
        Path in = csv("in.csv", """
                id,price,name,ok,day,at,zoned,nothing,mixed,big
                1,1.5,alice,true,2024-01-02,2024-01-02T03:04:05,2024-01-02T03:04:05Z,,1,1
                2,2,bob,FALSE,2024-02-03,2024-01-02 03:04:05.123,2024-01-02T03:04:05+02:00,,x,99999999999999999999
                3,-4e3,,true,,2024-01-02,2024-01-02T00:00Z,,2,3
                """);
        Path out = dir.resolve("out.vortex");
        Cli.Run run = Cli.run("convert", in.toString(), out.toString());
        assertEquals(0, run.code(), run.err());
        assertEquals("", run.err());
        assertEquals("id:i64,price:f64,name:utf8?,ok:bool,day:date?,at:timestamp,zoned:timestamp(us,UTC),"
                + "nothing:null,mixed:utf8,big:utf8", schemaLine(run));
        assertTrue(run.out().startsWith("wrote " + out + ": 3 rows, 10 columns"), run.out());

        Cli.Run scan = Cli.run("scan", out.toString(), "-f", "jsonl");
        assertEquals(List.of(
                "{\"id\":1,\"price\":1.5,\"name\":\"alice\",\"ok\":true,\"day\":\"2024-01-02\","
                        + "\"at\":\"2024-01-02T03:04:05\",\"zoned\":\"2024-01-02T03:04:05Z\",\"nothing\":null,"
                        + "\"mixed\":\"1\",\"big\":\"1\"}",
                "{\"id\":2,\"price\":2.0,\"name\":\"bob\",\"ok\":false,\"day\":\"2024-02-03\","
                        + "\"at\":\"2024-01-02T03:04:05.123\",\"zoned\":\"2024-01-02T01:04:05Z\",\"nothing\":null,"
                        + "\"mixed\":\"x\",\"big\":\"99999999999999999999\"}",
                "{\"id\":3,\"price\":-4000.0,\"name\":null,\"ok\":true,\"day\":null,"
                        + "\"at\":\"2024-01-02T00:00:00\",\"zoned\":\"2024-01-02T00:00:00Z\",\"nothing\":null,"
                        + "\"mixed\":\"2\",\"big\":\"3\"}"), scan.lines());
    }

    @Test
    void inferenceMergesKindsUpwards() {
        assertEquals("f64", infer("1", "2.5"));
        assertEquals("timestamp", infer("2024-01-01", "2024-01-01T10:00"));
        assertEquals("timestamp(ns)", infer("2024-01-01T10:00:00.123456789"));
        assertEquals("utf8", infer("true", "1"));
        assertEquals("utf8", infer("2024-01-01", "2024-01-01T10:00Z"));
        assertEquals("utf8", infer("2024-02-30"));
        assertEquals("utf8", infer("1.5f"));
        assertEquals("f64", infer("NaN", "-inf", "1e-3"));
        assertEquals("i64?", infer("7", ""));
        assertEquals("null", infer("", " "));
    }

    private static String infer(String... values) {
        var inference = new dev.quire.cli.csv.Inference();
        for (String v : values) {
            inference.accept(v);
        }
        return dev.quire.cli.csv.SchemaSpec.format(inference.dtype());
    }

    @Test
    void schemaDeclaresSomeColumnsAndTheRestAreInferred() throws IOException {
        Path in = csv("in.csv", "id,price,note\n1,10.50,a\n2,3,\n");
        Path out = dir.resolve("out.vortex");
        Cli.Run run = Cli.run("convert", in.toString(), out.toString(), "--schema", "price:decimal(8,2), id:u16");
        assertEquals(0, run.code(), run.err());
        assertEquals("id:u16,price:decimal(8,2),note:utf8?", schemaLine(run));
        Cli.Run scan = Cli.run("scan", out.toString(), "-f", "csv");
        assertEquals("id,price,note\n1,10.50,a\n2,3.00,\n", scan.out());
    }

    @Test
    void quotedEmptyIsAnEmptyStringAndUnquotedEmptyIsNull() throws IOException {
        Path in = csv("in.csv", "a,b\n\"\",x\n,y\n");
        Path out = dir.resolve("out.vortex");
        assertEquals(0, Cli.run("convert", in.toString(), out.toString(), "--schema", "a:utf8?").code());
        assertEquals(List.of("{\"a\":\"\",\"b\":\"x\"}", "{\"a\":null,\"b\":\"y\"}"),
                Cli.run("scan", out.toString(), "-f", "jsonl").lines());
    }

    @Test
    void csvFromScanConvertsBackToTheSameRows() throws IOException {
        Path in = csv("in.csv", "n,s,d\n1,\"a, b\",2024-05-06\n2,\"\",\n3,,2000-01-01\n");
        Path first = dir.resolve("first.vortex");
        assertEquals(0, Cli.run("convert", in.toString(), first.toString()).code());
        Cli.Run csv = Cli.run("scan", first.toString(), "-f", "csv");
        Path again = csv("again.csv", csv.out());
        Path second = dir.resolve("second.vortex");
        Cli.Run run = Cli.run("convert", again.toString(), second.toString());
        assertEquals("n:i64,s:utf8?,d:date?", schemaLine(run));
        assertEquals(Cli.run("scan", first.toString(), "-f", "jsonl").out(),
                Cli.run("scan", second.toString(), "-f", "jsonl").out());
    }

    @Test
    void streamsManyRowsInBatches() throws IOException {
        StringBuilder text = new StringBuilder("k,v,label\n");
        int rows = 25_000;
        for (int i = 0; i < rows; i++) {
            text.append(i).append(',').append(i * 0.5).append(",row ").append(i % 7).append('\n');
        }
        Path in = csv("big.csv", text.toString());
        Path out = dir.resolve("big.vortex");
        Cli.Run run = Cli.run("convert", in.toString(), out.toString(), "--batch-rows", "1000", "--sample-rows",
                "100");
        assertEquals(0, run.code(), run.err());
        try (VortexFile file = VortexFile.open(out)) {
            assertEquals(rows, file.rowCount());
            assertEquals("struct{k: i64, v: f64, label: utf8}", file.dtype().toString());
            long sum = 0;
            for (var batch : file.scan().project("k").batches()) {
                var k = (dev.quire.layout.array.PrimitiveArray) batch.field(0);
                for (long i = 0; i < k.length(); i++) {
                    sum += k.getLong(i);
                }
            }
            assertEquals((long) rows * (rows - 1) / 2, sum);
        }
    }

    /** --no-dict writes no dictionaries, --dict-max-bytes caps them; the rows are the same whatever the choice. */
    @Test
    void dictionaryOptionsChooseTheEncodingNotTheRows() throws IOException {
        StringBuilder text = new StringBuilder("k,label\n");
        for (int i = 0; i < 20_000; i++) {
            text.append(i).append(",label-with-some-length-").append(i * 7919 % 500).append('\n');
        }
        Path in = csv("labels.csv", text.toString());
        Path byDefault = dir.resolve("default.vortex");
        Path noDict = dir.resolve("nodict.vortex");
        Path capped = dir.resolve("capped.vortex");
        assertEquals(0, Cli.run("convert", in.toString(), byDefault.toString()).code());
        assertEquals(0, Cli.run("convert", in.toString(), noDict.toString(), "--no-dict").code());
        assertEquals(0, Cli.run("convert", in.toString(), capped.toString(), "--dict-max-bytes", "1024").code());
        int dictionaries = dictionaries(byDefault);
        assertTrue(dictionaries >= 1, "the label column is a dictionary by default");
        assertEquals(0, dictionaries(noDict), "--no-dict");
        assertTrue(dictionaries(capped) != dictionaries, "a 1 KiB cap cannot hold the 500 labels in one dictionary");
        String rows = Cli.run("scan", byDefault.toString(), "-f", "csv").out();
        assertEquals(rows, Cli.run("scan", noDict.toString(), "-f", "csv").out());
        assertEquals(rows, Cli.run("scan", capped.toString(), "-f", "csv").out());

        Cli.Run bad = Cli.run("convert", in.toString(), dir.resolve("bad.vortex").toString(), "--dict-max-bytes", "0");
        assertEquals(2, bad.code());
        assertTrue(bad.err().startsWith("quire: --dict-max-bytes must be at least 1, got 0"), bad.err());
    }

    /** --threads changes who does the work, not a byte of the file. */
    @Test
    void threadsLeaveTheFileAsItIs() throws IOException {
        StringBuilder text = new StringBuilder("k,label,note\n");
        for (int i = 0; i < 30_000; i++) {
            text.append(i).append(",label-").append(i % 37).append(",free text number ").append(i * 7919L)
                    .append('\n');
        }
        Path in = csv("threads.csv", text.toString());
        Path one = dir.resolve("one.vortex");
        Path three = dir.resolve("three.vortex");
        assertEquals(0, Cli.run("convert", in.toString(), one.toString(), "--threads", "1").code());
        assertEquals(0, Cli.run("convert", in.toString(), three.toString(), "--threads", "3").code());
        assertEquals(-1L, Files.mismatch(one, three));
        Cli.Run bad = Cli.run("convert", in.toString(), dir.resolve("bad.vortex").toString(), "--threads", "0");
        assertEquals(2, bad.code());
        assertTrue(bad.err().startsWith("quire: --threads must be at least 1, got 0"), bad.err());
    }

    private static int dictionaries(Path file) {
        try (VortexFile f = VortexFile.open(file)) {
            return dictionaries(f.layout());
        }
    }

    private static int dictionaries(dev.quire.layout.spi.Layout node) {
        int n = node.encodingId().equals("vortex.dict") ? 1 : 0;
        for (int i = 0; i < node.childCount(); i++) {
            n += dictionaries(node.child(i));
        }
        return n;
    }

    @Test
    void aValueBeyondTheSampleNamesItsLineAndHowToFixIt() throws IOException {
        Path in = csv("in.csv", "id,name\n1,a\n2,b\nx,c\n");
        Path out = dir.resolve("out.vortex");
        Cli.Run run = Cli.run("convert", in.toString(), out.toString(), "--sample-rows", "2");
        assertEquals(1, run.code());
        assertEquals("quire: " + in + ": row 3 (line 4), column `id` (i64): `x` is not an integer in the range of "
                + "i64; the type was inferred from the first 2 rows: declare it with --schema 'id:TYPE' or sample "
                + "more with --sample-rows" + System.lineSeparator(), run.err());
        assertFalse(Files.exists(out), "no partial output");
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(in), left.toList(), "no temporary file left behind");
        }
    }

    @Test
    void aFailedConversionLeavesAnExistingTargetAlone() throws IOException {
        Path out = dir.resolve("out.vortex");
        assertEquals(0, Cli.run("convert", csv("good.csv", "a\n1\n").toString(), out.toString()).code());
        byte[] before = Files.readAllBytes(out);
        Cli.Run run = Cli.run("convert", csv("bad.csv", "a,b\n1\n").toString(), out.toString());
        assertEquals(1, run.code());
        assertTrue(run.err().contains("row 1 (line 2) has 1 fields, the header 2"), run.err());
        assertEquals(List.of(before.length), List.of(Files.readAllBytes(out).length));
    }

    @Test
    void anEmptyValueInANonNullableDeclaredColumnFails() throws IOException {
        Path in = csv("in.csv", "a\n1\n\"\"\n");
        Cli.Run run = Cli.run("convert", in.toString(), dir.resolve("o.vortex").toString(), "--schema", "a:i64");
        assertEquals(1, run.code());
        assertTrue(run.err().contains("row 2 (line 3), column `a` (i64): empty value, but the column is not "
                + "nullable"), run.err());
    }

    @Test
    void headerProblemsAreReported() throws IOException {
        assertTrue(Cli.run("convert", csv("e.csv", "").toString(), dir.resolve("o.vortex").toString()).err()
                .contains("is empty: the first row must name the columns"));
        assertTrue(Cli.run("convert", csv("d.csv", "a,a\n1,2\n").toString(), dir.resolve("o.vortex").toString())
                .err().contains("names column `a` twice"));
        Cli.Run unknown = Cli.run("convert", csv("u.csv", "a\n1\n").toString(), dir.resolve("o.vortex").toString(),
                "--schema", "b:i64");
        assertEquals(1, unknown.code());
        assertTrue(unknown.err().contains("--schema names column `b`, which is not in the header"), unknown.err());
    }

    @Test
    void malformedCsvIsReportedWithItsLine() throws IOException {
        Path in = csv("in.csv", "a,b\n1,\"unterminated\n");
        Cli.Run run = Cli.run("convert", in.toString(), dir.resolve("o.vortex").toString());
        assertEquals(1, run.code());
        assertTrue(run.err().startsWith("quire: " + in + ": malformed CSV at line "), run.err());
    }

    @Test
    void tabsAndAByteOrderMark() throws IOException {
        Path in = csv("in.tsv", "\uFEFFname\tn\nx y\t1\n");
        Path out = dir.resolve("out.vortex");
        Cli.Run run = Cli.run("convert", in.toString(), out.toString(), "--delimiter", "tab");
        assertEquals(0, run.code(), run.err());
        assertEquals("name:utf8,n:i64", schemaLine(run));
        try (VortexFile file = VortexFile.open(out)) {
            assertEquals(List.of("name", "n"), ((DType.Struct) file.dtype()).names());
        }
    }

    @Test
    void badSchemaSyntaxIsBadUsage() throws IOException {
        Path in = csv("in.csv", "a\n1\n");
        Cli.Run run = Cli.run("convert", in.toString(), dir.resolve("o.vortex").toString(), "--schema", "a:int");
        assertEquals(2, run.code());
        assertTrue(run.err().startsWith("quire: bad --schema `a:int`: unknown type `int`"), run.err());
        assertEquals(2, Cli.run("convert", in.toString(), dir.resolve("o.vortex").toString(), "-d", "ab").code());
    }

    @Test
    void aMissingInputFailsWithOneLine() {
        Path missing = dir.resolve("missing.csv");
        Cli.Run run = Cli.run("convert", missing.toString(), dir.resolve("o.vortex").toString());
        assertEquals(1, run.code());
        assertEquals("quire: no such file: " + missing + System.lineSeparator(), run.err());
    }
}
