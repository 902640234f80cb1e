package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.UnknownEncodingException;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Direction (b): the reference writes, Quire reads. The reference always compresses with BtrBlocks, so these files
 * hold canonical arrays only where the data does not compress: incompressible random values, tiny batches. Such
 * files must read value for value; where the reference did compress, Quire must fail with an
 * {@link UnknownEncodingException} naming the encoding (see {@link Expect}), never return data.
 */
class ReferenceWritesQuireReadsTest {
    @TempDir
    Path dir;

    private Path write(String name, DType.Struct schema, List<StructArray> batches) {
        Path file = dir.resolve(QuireWritesReferenceReadsTest.fileName(name));
        Reference.write(file, schema, batches);
        return file;
    }

    /** Writes with the reference; Quire must read exactly the values written, and what the reference reads. */
    private Path assertCanonicalAndRead(String name, DType.Struct schema, List<StructArray> batches) {
        Path file = write(name, schema, batches);
        assertEquals(Set.of(), Expect.unsupportedIds(file), name + ": the reference stored this data canonically "
                + "(trees " + Expect.flatTrees(file) + ")");
        List<List<Object>> written = new ArrayList<>();
        for (StructArray b : batches) {
            written.addAll(Values.rows(b));
        }
        Quire.Scanned quire = Quire.read(file);
        assertEquals(schema, quire.dtype(), name + ": the dtype Quire reads is the one written");
        Compare.assertSameRows(schema, written, quire.rows(), name + " (Quire read vs data written)");
        Expect.quireReadsLikeReference(file, name);
        return file;
    }

    @Test
    void incompressibleColumnsInManyChunks() {
        long seed = 21;
        RandomData random = new RandomData(seed).lengths(13, 32);
        DType.Struct schema = DType.Struct.of(
                new Field("i64", new DType.Primitive(PType.I64, false)),
                new Field("i64_nulls", new DType.Primitive(PType.I64, true)),
                new Field("u8", new DType.Primitive(PType.U8, false)),
                new Field("flag", new DType.Bool(false)),
                new Field("flag_nulls", new DType.Bool(true)),
                new Field("bin", new DType.Binary(false)),
                new Field("bin_nulls", new DType.Binary(true)));
        List<StructArray> batches = new ArrayList<>();
        // 150k rows: the i64 columns (1 MiB chunks of 131072 rows) become chunked layouts of 2 flats.
        for (int i = 0; i < 15; i++) {
            batches.add(random.batch(schema, 10_000, 0.1));
        }
        Path file = assertCanonicalAndRead("incompressible (seed " + seed + ")", schema, batches);
        try (VortexFile f = VortexFile.open(file)) {
            List<String> layouts = ArrayTrees.layouts(f);
            assertTrue(layouts.contains("root.i64=vortex.zoned"), "columns are zoned: " + layouts);
            assertTrue(layouts.contains("root.i64.data=vortex.chunked"), "i64 is chunked: " + layouts);
        }
    }

    @Test
    void tinyBatchesOfFiveRows() {
        long seed = 22;
        RandomData random = new RandomData(seed).lengths(13, 32);
        DType.Struct schema = DType.Struct.of(
                new Field("i64", new DType.Primitive(PType.I64, false)),
                new Field("u8", new DType.Primitive(PType.U8, false)),
                new Field("flag", new DType.Bool(true)),
                new Field("bin", new DType.Binary(true)));
        List<StructArray> batches = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            batches.add(random.batch(schema, 5, 0.1));
        }
        assertCanonicalAndRead("300 batches of 5 rows (seed " + seed + ")", schema, batches);
    }

    /**
     * Five rows without nulls of every dtype: the compressor leaves such small arrays canonical, extension arrays
     * as {@code vortex.ext} over their storage, so every dtype reads, including the temporal extensions.
     */
    @TestFactory
    Stream<DynamicTest> fiveRowsOfEveryDtype() {
        return RandomData.leafTypes().stream().flatMap(t -> Stream.of(false, true).map(nullable -> {
            DType type = t.withNullable(nullable || t instanceof DType.Null);
            return DynamicTest.dynamicTest(type.toString() + (type.nullable() ? " nullable" : ""), () -> {
                long seed = 23 + type.toString().hashCode();
                DType.Struct schema = DType.Struct.of(new Field("c", type));
                StructArray batch = new RandomData(seed).lengths(0, 30).batch(schema, 5, 0.0);
                Path file = assertCanonicalAndRead(type + (type.nullable() ? " nullable" : "") + " x5 (seed " + seed
                        + ")", schema, List.of(batch));
                if (type instanceof DType.Extension) {
                    assertEquals(List.of("vortex.ext(vortex.primitive)"), Expect.flatTrees(file),
                            "the reference stores an extension array as vortex.ext over its storage");
                }
            });
        }));
    }

    /**
     * Every dtype in a compressible size and with nulls: whatever the compressor chose, Quire reads it exactly or
     * refuses it naming an encoding it lacks.
     */
    @TestFactory
    Stream<DynamicTest> everyDtypeReadsOrFailsCleanly() {
        return RandomData.leafTypes().stream().map(t -> DynamicTest.dynamicTest(t.toString(), () -> {
            long seed = 24 + t.toString().hashCode();
            RandomData random = new RandomData(seed).lengths(0, 24);
            DType.Struct schema = t instanceof DType.Null ? DType.Struct.of(new Field("n", t))
                    : DType.Struct.of(new Field("not_null", t), new Field("some_nulls", t.withNullable(true)),
                            new Field("all_null", t.withNullable(true)));
            List<StructArray> batches = new ArrayList<>();
            for (int size : new int[] {2000, 1000}) {
                List<List<Object>> rows = random.rows(schema, size, 0.3);
                for (List<Object> row : rows) {
                    if (row.size() == 3) {
                        row.set(2, null);
                    }
                }
                batches.add(Values.batch(schema, rows));
            }
            Path file = write(t + " 3000 (seed " + seed + ")", schema, batches);
            Expect.quireReadsLikeReference(file, t + " 3000 rows (seed " + seed + ")");
        }));
    }

    /**
     * A column holding one value throughout (and one that is all null) is stored as {@code vortex.constant}: Quire
     * decodes its protobuf scalar for every dtype and expands it.
     */
    @TestFactory
    Stream<DynamicTest> constantColumnsOfEveryDtype() {
        return RandomData.leafTypes().stream().map(t -> DynamicTest.dynamicTest(t.toString(), () -> {
            long seed = 28 + t.toString().hashCode();
            RandomData random = new RandomData(seed).lengths(0, 20);
            DType.Struct schema = t instanceof DType.Null ? DType.Struct.of(new Field("n", t))
                    : DType.Struct.of(new Field("same", t), new Field("same_nullable", t.withNullable(true)),
                            new Field("all_null", t.withNullable(true)));
            List<Object> one = random.rows(schema, 1, 0.0).getFirst();
            List<List<Object>> rows = new ArrayList<>();
            for (int i = 0; i < 3000; i++) {
                List<Object> row = new ArrayList<>(one);
                if (row.size() == 3) {
                    row.set(2, null);
                }
                rows.add(row);
            }
            Path file = write("constant " + t, schema, List.of(Values.batch(schema, rows)));
            Set<String> missing = Expect.quireReadsLikeReference(file, "constant " + t + " (seed " + seed + ")");
            if (missing.isEmpty()) {
                Compare.assertSameRows(schema, rows, Quire.read(file).rows(), "constant " + t + " vs data written");
            }
        }));
    }

    @Test
    void over100Columns() {
        long seed = 29;
        RandomData random = new RandomData(seed).lengths(13, 32);
        List<DType> kinds = List.of(new DType.Primitive(PType.I64, false), new DType.Primitive(PType.U8, true),
                new DType.Bool(false), new DType.Binary(true), new DType.Primitive(PType.F64, false));
        List<Field> fields = new ArrayList<>();
        for (int i = 0; i < 125; i++) {
            fields.add(new Field("col_" + i, kinds.get(i % kinds.size())));
        }
        DType.Struct schema = new DType.Struct(fields, false);
        assertCanonicalAndRead("125 columns (seed " + seed + ")", schema, List.of(random.batch(schema, 5, 0.0)));
    }

    /**
     * Low-cardinality strings become a dict layout, which module-dictionary reads, with bit-packed codes and FSST
     * values, which module-encodings reads: the whole file reads value for value.
     */
    @Test
    void dictLayoutOfCompressedCodesAndValuesReads() {
        DType.Struct schema = DType.Struct.of(new Field("id", new DType.Primitive(PType.I64, false)),
                new Field("category", new DType.Utf8(false)));
        RandomData random = new RandomData(25);
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            rows.add(List.of(random.random.nextLong(), Values.Bin.of("category_" + (char) ('A' + random.random.nextInt(
                    10)))));
        }
        Path file = write("dict", schema, List.of(Values.batch(schema, rows)));
        try (VortexFile f = VortexFile.open(file)) {
            assertTrue(ArrayTrees.layouts(f).stream().anyMatch(l -> l.endsWith("=vortex.dict")),
                    "the reference wrote a dict layout");
        }
        assertEquals(Set.of(), Expect.unsupportedIds(file), "every encoding of the file is read");
        Compare.assertSameRows(schema, rows, Quire.read(file).rows(), "dict file");
    }

    @Test
    void nestedStructs() {
        long seed = 26;
        RandomData random = new RandomData(seed).lengths(13, 32);
        DType.Struct inner = new DType.Struct(List.of(
                new Field("x", new DType.Primitive(PType.I64, false)),
                new Field("b", new DType.Binary(false)),
                new Field("deep", new DType.Struct(List.of(new Field("y", new DType.Primitive(PType.U8, false))),
                        false))), false);
        DType.Struct schema = DType.Struct.of(new Field("id", new DType.Primitive(PType.I64, false)),
                new Field("s", inner));
        assertCanonicalAndRead("nested (seed " + seed + ")", schema, List.of(random.batch(schema, 4000, 0.0)));
    }

    @Test
    void nullableStructWithNulls() {
        long seed = 27;
        RandomData random = new RandomData(seed).lengths(13, 32);
        DType.Struct inner = new DType.Struct(List.of(
                new Field("x", new DType.Primitive(PType.I64, false)),
                new Field("b", new DType.Binary(true))), true);
        DType.Struct schema = DType.Struct.of(new Field("s", inner));
        Path file = write("nullable struct (seed " + seed + ")", schema, List.of(random.batch(schema, 3000, 0.2)));
        Expect.quireReadsLikeReference(file, "nullable struct (seed " + seed + ")");
    }

    @Test
    void emptyFile() {
        DType.Struct schema = DType.Struct.of(new Field("i", new DType.Primitive(PType.I32, true)),
                new Field("s", new DType.Utf8(false)));
        Path file = write("empty", schema, List.of());
        Quire.Scanned quire = Quire.read(file);
        assertEquals(schema, quire.dtype());
        assertEquals(0, quire.rowCount());
        assertEquals(List.of(), quire.rows());
        Expect.quireReadsLikeReference(file, "empty");
    }
}
