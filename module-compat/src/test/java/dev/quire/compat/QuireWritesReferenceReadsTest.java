package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.format.WriteOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Direction (a): Quire writes, the reference reads. Every file is written by {@link dev.quire.layout.file.VortexWriter}
 * from seeded random data, opened and scanned by vortex-jni 0.76.0, and every value the reference returns must equal
 * the value written (nulls included). The Arrow schema the reference exports must be the one {@link ArrowBridge}
 * predicts, so the dtype mapping is pinned too.
 */
class QuireWritesReferenceReadsTest {
    @TempDir
    Path dir;

    /** Writes {@code batches} with Quire, reads with the reference, and compares schema and every value. */
    static void roundTrip(Path file, DType.Struct schema, List<StructArray> batches, WriteOptions options,
            String context) {
        Quire.write(file, schema, batches, options);
        List<List<Object>> expected = new ArrayList<>();
        for (StructArray b : batches) {
            expected.addAll(Values.rows(b));
        }
        Reference.Scanned ref = Reference.read(file);
        assertEquals(ArrowBridge.schema(schema), ref.schema(), context + ": the Arrow schema the reference exports");
        assertEquals(expected.size(), Reference.rowCount(file), context + ": the reference's row count");
        Compare.assertSameRows(schema, expected, ref.rows(), context + " (reference read)");
        // And Quire reads its own file back the same way.
        Compare.assertSameRows(schema, expected, Quire.read(file).rows(), context + " (Quire read)");
    }

    /** A column of each nullability case: not nullable, nullable without nulls, with ~30% nulls, all null. */
    @TestFactory
    Stream<DynamicTest> everyDtypeInEveryNullability() {
        return RandomData.leafTypes().stream().map(t -> DynamicTest.dynamicTest(t.toString(), () -> {
            long seed = 1000 + t.toString().hashCode();
            RandomData random = new RandomData(seed);
            random.temporalInRange = false; // the reference reads any bits, in range or not
            List<Field> fields = new ArrayList<>();
            List<Double> nullFractions = new ArrayList<>();
            if (!(t instanceof DType.Null)) {
                fields.add(new Field("not_null", t));
                nullFractions.add(0.0);
                fields.add(new Field("nullable_no_nulls", t.withNullable(true)));
                nullFractions.add(0.0);
            }
            fields.add(new Field("some_nulls", t.withNullable(true)));
            nullFractions.add(0.3);
            fields.add(new Field("all_null", t.withNullable(true)));
            nullFractions.add(1.0);
            DType.Struct schema = new DType.Struct(fields, false);
            List<StructArray> batches = new ArrayList<>();
            for (int size : new int[] {700, 1, 300}) {
                List<List<Object>> columns = new ArrayList<>();
                for (int f = 0; f < fields.size(); f++) {
                    columns.add(random.column(fields.get(f).dtype(), size, nullFractions.get(f)));
                }
                batches.add(Values.batch(schema, transpose(columns, size)));
            }
            roundTrip(dir.resolve(fileName(t)), schema, batches, WriteOptions.defaults(),
                    t + " (seed " + seed + ")");
        }));
    }

    static List<List<Object>> transpose(List<List<Object>> columns, int rows) {
        List<List<Object>> out = new ArrayList<>(rows);
        for (int r = 0; r < rows; r++) {
            List<Object> row = new ArrayList<>();
            for (List<Object> c : columns) {
                row.add(c.get(r));
            }
            out.add(row);
        }
        return out;
    }

    static String fileName(Object what) {
        return what.toString().replaceAll("[^A-Za-z0-9]+", "_") + ".vortex";
    }

    @Test
    void emptyFileWithoutBatches() {
        DType.Struct schema = new RandomData(1).schema(8, 2);
        roundTrip(dir.resolve("empty.vortex"), schema, List.of(), WriteOptions.defaults(), "empty, no batches");
    }

    @Test
    void emptyFileFromAnEmptyBatch() {
        DType.Struct schema = new RandomData(2).schema(8, 2);
        roundTrip(dir.resolve("empty_batch.vortex"), schema, List.of(new RandomData(3).batch(schema, 0, 0.2)),
                WriteOptions.defaults(), "empty batch");
    }

    @Test
    void oneRow() {
        long seed = 4;
        RandomData random = new RandomData(seed);
        List<Field> fields = new ArrayList<>();
        int i = 0;
        for (DType t : RandomData.leafTypes()) {
            fields.add(new Field("c" + i++, t));
            fields.add(new Field("c" + i++, t.withNullable(true)));
        }
        DType.Struct schema = new DType.Struct(fields, false);
        roundTrip(dir.resolve("one_row.vortex"), schema, List.of(random.batch(schema, 1, 0.5)),
                WriteOptions.defaults(), "one row (seed " + seed + ")");
    }

    @Test
    void manyChunks() {
        long seed = 5;
        RandomData random = new RandomData(seed).lengths(0, 30);
        DType.Struct schema = DType.Struct.of(
                new Field("i64", new DType.Primitive(PType.I64, false)),
                new Field("u8", new DType.Primitive(PType.U8, true)),
                new Field("f64", new DType.Primitive(PType.F64, true)),
                new Field("flag", new DType.Bool(true)),
                new Field("s", new DType.Utf8(true)),
                new Field("b", new DType.Binary(false)),
                new Field("d", new DType.Decimal(18, 3, true)));
        List<StructArray> batches = new ArrayList<>();
        for (int size : new int[] {5000, 3, 12000, 777, 2220}) {
            batches.add(random.batch(schema, size, 0.1));
        }
        // Chunks of 256-row blocks cut at 2 KiB: dozens of chunks per column, on a different grid per column.
        WriteOptions options = WriteOptions.defaults().withBlockRows(256).withChunkBytes(2048);
        Path file = dir.resolve("many_chunks.vortex");
        roundTrip(file, schema, batches, options, "many chunks (seed " + seed + ")");
        try (VortexFile f = VortexFile.open(file)) {
            // Each column's data is chunked: of flats, or of dictionaries (whose codes are chunked in turn).
            long chunked = ArrayTrees.layouts(f).stream().filter(l -> l.matches("root\\.[^.]+\\.data=vortex\\.chunked"))
                    .count();
            assertEquals(schema.fieldCount(), chunked, "every column is a chunked layout");
            assertTrue(ArrayTrees.flats(f).size() > 20 * schema.fieldCount(),
                    "the file has many chunks per column");
        }
    }

    @Test
    void over100Columns() {
        long seed = 6;
        RandomData random = new RandomData(seed);
        List<DType> leaves = RandomData.leafTypes();
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < 130; i++) {
            DType t = leaves.get(i % leaves.size());
            fields.add(new Field("col_" + i, t.withNullable(i % 3 != 0)));
        }
        DType.Struct schema = new DType.Struct(fields, false);
        roundTrip(dir.resolve("wide.vortex"), schema, List.of(random.batch(schema, 257, 0.2)),
                WriteOptions.defaults(), "130 columns (seed " + seed + ")");
    }

    @Test
    void longStrings() {
        long seed = 7;
        DType.Struct schema = DType.Struct.of(
                new Field("short", new DType.Utf8(true)),
                new Field("medium", new DType.Utf8(false)),
                new Field("kib", new DType.Utf8(true)),
                new Field("bin_kib", new DType.Binary(true)),
                new Field("boundary", new DType.Binary(false)));
        RandomData random = new RandomData(seed);
        List<List<Object>> rows = new ArrayList<>();
        for (int r = 0; r < 400; r++) {
            List<Object> row = new ArrayList<>();
            row.add(random.random.nextInt(10) == 0 ? null : Values.Bin.of(random.string(random.random.nextInt(13))));
            row.add(Values.Bin.of(random.string(13 + random.random.nextInt(200))));
            row.add(random.random.nextInt(10) == 0 ? null : Values.Bin.of(random.string(1000 + random.random.nextInt(
                    6000))));
            row.add(random.random.nextInt(10) == 0 ? null : random.lengths(2048, 20000).value(new DType.Binary(false),
                    0));
            // Lengths around the 12-byte inline limit of views, and 0.
            row.add(random.lengths(r % 16, r % 16).value(new DType.Binary(false), 0));
            rows.add(row);
        }
        roundTrip(dir.resolve("long_strings.vortex"), schema, List.of(Values.batch(schema, rows)),
                WriteOptions.defaults(), "long strings (seed " + seed + ")");
    }

    @Test
    void nestedStructs() {
        long seed = 8;
        RandomData random = new RandomData(seed).lengths(0, 20);
        DType.Struct inner = new DType.Struct(List.of(
                new Field("x", new DType.Primitive(PType.I32, true)),
                new Field("when", Temporal.timestamp(TimeUnit.MICROSECONDS,
                        Optional.of("UTC"), true)),
                new Field("deep", new DType.Struct(List.of(
                        new Field("name", new DType.Utf8(true)),
                        new Field("flag", new DType.Bool(false))), true))), true);
        DType.Struct schema = DType.Struct.of(
                new Field("id", new DType.Primitive(PType.U64, false)),
                new Field("nullable_struct", inner),
                new Field("plain_struct", new DType.Struct(List.of(
                        new Field("a", new DType.Decimal(10, 2, false)),
                        new Field("b", new DType.Binary(true)),
                        new Field("inner", inner)), false)),
                new Field("all_null_struct", inner));
        List<List<Object>> rows = random.rows(schema, 3000, 0.25);
        for (List<Object> row : rows) {
            row.set(3, null);
        }
        roundTrip(dir.resolve("nested.vortex"), schema, List.of(Values.batch(schema, rows)),
                WriteOptions.defaults().withBlockRows(512).withChunkBytes(8192), "nested structs (seed " + seed + ")");
    }

}
