package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.format.WriteOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dictionary layouts in both directions: the reference reads Quire's {@code vortex.dict} layouts (one dictionary, a
 * chunked layout of dictionaries after cap overflow, dictionaries mixed with plain chunks) value for value, and Quire
 * reads the reference's dictionary layouts in files whose values and codes are canonical arrays.
 */
class DictionaryCompatTest {
    @TempDir
    Path dir;

    static final DType.Struct SCHEMA = DType.Struct.of(
            new Field("s", new DType.Utf8(true)),
            new Field("b", new DType.Binary(false)),
            new Field("i16", new DType.Primitive(PType.I16, true)),
            new Field("u32", new DType.Primitive(PType.U32, false)),
            new Field("i64", new DType.Primitive(PType.I64, true)),
            new Field("f32", new DType.Primitive(PType.F32, true)),
            new Field("f64", new DType.Primitive(PType.F64, false)),
            new Field("flag", new DType.Bool(true)));

    /** {@code rows} rows; row r takes distinct value {@code distinct(r)} in every column, ~10% nulls where nullable. */
    static StructArray batch(int from, int rows, java.util.function.IntUnaryOperator distinct, Random random) {
        List<ArrayBuilder> builders = new ArrayList<>();
        for (Field f : SCHEMA.fields()) {
            builders.add(ArrayBuilder.forType(f.dtype()));
        }
        for (int r = from; r < from + rows; r++) {
            int v = distinct.applyAsInt(r);
            for (int c = 0; c < builders.size(); c++) {
                DType t = SCHEMA.field(c).dtype();
                if (t.nullable() && random.nextInt(10) == 0) {
                    builders.get(c).appendNull();
                    continue;
                }
                Object value = switch (c) {
                    case 0 -> "string value " + v;
                    case 1 -> ("bytes-" + v).getBytes(StandardCharsets.UTF_8);
                    case 2 -> (long) (v % 30000) - 15000;
                    case 3 -> 4_000_000_000L - v;
                    case 4 -> (long) v * 1_000_003L;
                    case 5 -> v / 4.0f;
                    case 6 -> v == 7 ? -0.0 : v / 8.0;
                    default -> random.nextBoolean();
                };
                builders.get(c).appendScalar(new Scalar(t, value));
            }
        }
        List<Array> fields = builders.stream().map(ArrayBuilder::finish).toList();
        return new StructArray(SCHEMA, fields, rows, Validity.NON_NULLABLE);
    }

    private static long dictLayouts(Path file) {
        try (VortexFile f = VortexFile.open(file)) {
            return ArrayTrees.layouts(f).stream().filter(l -> l.endsWith("=vortex.dict")).count();
        }
    }

    @Test
    void referenceReadsOneDictionaryPerColumn() {
        Random random = new Random(21);
        List<StructArray> batches = List.of(batch(0, 30_000, r -> (r * 7919) % 50, random),
                batch(30_000, 20_000, r -> (r * 31) % 50, random));
        Path file = dir.resolve("dict_one.vortex");
        // Canonical weighing: with compression on, a dictionary must beat bit-packing, which it need not here.
        QuireWritesReferenceReadsTest.roundTrip(file, SCHEMA, batches, WriteOptions.defaults().withCompression(false),
                "one dictionary");
        assertEquals(SCHEMA.fieldCount() - 1, dictLayouts(file), "every column but the bool is a dictionary");
    }

    @Test
    void referenceReadsChunkedDictionariesAfterCapOverflow() {
        Random random = new Random(22);
        List<StructArray> batches = List.of(batch(0, 40_000, r -> (r / 4) % 900, random));
        Path file = dir.resolve("dict_overflow.vortex");
        WriteOptions options = WriteOptions.defaults().withDictionaryMaxEntries(200).withChunkBytes(64 << 10)
                .withBlockRows(1024);
        QuireWritesReferenceReadsTest.roundTrip(file, SCHEMA, batches, options, "cap overflow");
        assertTrue(dictLayouts(file) > 3L * SCHEMA.fieldCount(), "several dictionaries per column: "
                + dictLayouts(file));
    }

    @Test
    void referenceReadsDictionariesMixedWithPlainChunks() {
        Random random = new Random(23);
        List<StructArray> batches = List.of(batch(0, 20_000, r -> r % 20, random),
                batch(20_000, 20_000, r -> r, random), batch(40_000, 20_000, r -> r % 3, random));
        Path file = dir.resolve("dict_mixed.vortex");
        QuireWritesReferenceReadsTest.roundTrip(file, SCHEMA, batches,
                WriteOptions.defaults().withChunkBytes(32 << 10).withBlockRows(1024).withCompression(false),
                "dictionary, plain, dictionary");
        try (VortexFile f = VortexFile.open(file)) {
            List<String> layouts = ArrayTrees.layouts(f);
            assertTrue(layouts.stream().anyMatch(l -> l.matches("root\\.s\\.data\\.chunk\\[\\d+]=vortex\\.flat")),
                    "plain chunks among the dictionaries of s: " + layouts);
            assertTrue(layouts.stream().anyMatch(l -> l.matches("root\\.s\\.data\\.chunk\\[\\d+]=vortex\\.dict")),
                    layouts.toString());
        }
    }

    /** Reference files of a few rows keep dictionary codes canonical (u16 primitive), so Quire reads them whole. */
    @Test
    void quireReadsTheReferencesDictionaryLayouts() {
        Random random = new Random(24);
        Path file = dir.resolve("ref_dict.vortex");
        Reference.write(file, SCHEMA, List.of(batch(0, 6, r -> r % 2, random)));
        try (VortexFile f = VortexFile.open(file)) {
            long dicts = ArrayTrees.layouts(f).stream().filter(l -> l.endsWith("=vortex.dict")).count();
            assertTrue(dicts >= 1, "the reference wrote dictionaries: " + ArrayTrees.layouts(f));
        }
        Reference.Scanned ref = Reference.read(file);
        List<String> dictColumns = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        try (VortexFile f = VortexFile.open(file)) {
            for (String l : ArrayTrees.layouts(f)) {
                if (l.endsWith(".data=vortex.dict")) {
                    dictColumns.add(l.substring("root.".length(), l.indexOf(".data=")));
                }
            }
            List<String> readable = new ArrayList<>();
            for (Field field : SCHEMA.fields()) {
                try {
                    f.scan().project(field.name()).count();
                    Quire.Scanned q = projected(file, field.name());
                    int index = SCHEMA.names().indexOf(field.name());
                    List<List<Object>> expected = new ArrayList<>();
                    for (List<Object> row : ref.rows()) {
                        List<Object> one = new ArrayList<>();
                        one.add(row.get(index));
                        expected.add(one);
                    }
                    Compare.assertSameRows(DType.Struct.of(field), expected, q.rows(), field.name());
                    readable.add(field.name());
                } catch (dev.quire.errors.UnknownEncodingException e) {
                    // A column the reference compressed with an encoding module-encodings will add.
                    skipped.add(field.name() + ": " + e.getMessage());
                }
            }
            List<String> readDicts = dictColumns.stream().filter(readable::contains).toList();
            assertTrue(!readDicts.isEmpty(), "dictionary columns " + dictColumns + ", read " + readable
                    + ", not readable: " + skipped);
        }
        // The reference's own fixture: its name column is a dictionary with canonical values and u16 codes.
        Path tiny = Fixtures.file("tiny_5rows.vortex");
        List<Object> refNames = new ArrayList<>();
        Reference.read(tiny).rows().forEach(row -> refNames.add(row.get(2)));
        List<Object> quireNames = new ArrayList<>();
        projected(tiny, "name").rows().forEach(row -> quireNames.add(row.getFirst()));
        assertEquals(refNames, quireNames);
    }

    private static Quire.Scanned projected(Path path, String column) {
        try (VortexFile file = VortexFile.open(path)) {
            List<List<Object>> rows = new ArrayList<>();
            try (var stream = file.scan().project(column).batches()) {
                for (StructArray batch : stream) {
                    rows.addAll(Values.rows(batch));
                }
            }
            return new Quire.Scanned((DType.Struct) file.dtype(), file.rowCount(), rows, 0);
        }
    }
}
