package dev.quire.dictionary.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.QuireContext;
import dev.quire.layout.expr.Expr;
import dev.quire.layout.expr.RowMask;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.scan.BatchStream;
import dev.quire.layout.spi.ColumnStrategy;
import dev.quire.layout.spi.Layout;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading dictionaries: the reference's fixture, arrays with nulls in codes and values, filters and pruning. */
class DictReadTest {
    @TempDir
    Path dir;

    static final Path FIXTURES = Path.of("..", "..", "shared", "fixtures", "vortex-0.76").toAbsolutePath().normalize();

    @Test
    void providersAreFoundThroughServiceLoader() {
        QuireContext context = QuireContext.defaults();
        assertInstanceOf(DictEncoding.class, context.arrayEncoding("vortex.dict"));
        assertInstanceOf(DictLayout.class, context.layout("vortex.dict"));
        List<String> strategies = context.columnStrategies().stream().map(ColumnStrategy::id).toList();
        assertTrue(strategies.contains(DictionaryStrategy.ID), strategies.toString());
    }

    @Test
    void valuesPastTheIntRangeAreNoErrorForCodesThatNameTheFirstOnes() {
        // A constant dictionary of 2^31 + 10 values, named by three codes: the check bounds codes by the int range.
        Array values = new dev.quire.layout.array.ConstantArray(new Scalar(new DType.Utf8(false), "x"), (1L << 31) + 10);
        DictArray dict = new DictArray(values.dtype(), PrimitiveArray.ofInts(0, 1, 2), values);
        assertEquals(3, dict.length());
    }

    /** tiny_5rows: the reference wrote `name` as a dict layout, varbinview values and u16 primitive codes. */
    @Test
    void readsTheReferencesDictionaryLayout() {
        for (String name : List.of("tiny_5rows.vortex", "tiny_5rows_inline_array_node.vortex")) {
            try (VortexFile f = VortexFile.open(FIXTURES.resolve(name))) {
                List<Layout> dicts = DictFiles.nodes(f.layout(), DictLayout.ID);
                assertEquals(1, dicts.size(), name);
                assertEquals("u16", new DictLayout().describe(dicts.getFirst()).get("codes"));
                List<String> names = new ArrayList<>();
                try (BatchStream batches = f.scan().project("name").batches()) {
                    for (StructArray b : batches) {
                        VarBinViewArray v = (VarBinViewArray) b.field(0);
                        for (long i = 0; i < v.length(); i++) {
                            names.add(v.getString(i));
                        }
                    }
                }
                assertEquals(5, names.size());
                for (String s : names) {
                    assertTrue(s.matches("category_[A-J]"), s);
                }
                try (VortexFile other = VortexFile.open(FIXTURES.resolve("tiny_5rows.vortex"))) {
                    assertEquals(names.size(), other.scan().project("name").filter("name like 'category_%'").count());
                }
            }
        }
    }

    static PrimitiveArray u8(Validity validity, int... codes) {
        byte[] b = new byte[codes.length];
        for (int i = 0; i < codes.length; i++) {
            b[i] = (byte) codes[i];
        }
        return new PrimitiveArray(new DType.Primitive(PType.U8, validity.isNullable()), MemorySegment.ofArray(b),
                validity);
    }

    static Validity mask(boolean... valid) {
        byte[] bits = new byte[(valid.length + 7) / 8];
        for (int i = 0; i < valid.length; i++) {
            if (valid[i]) {
                bits[i / 8] |= (byte) (1 << (i % 8));
            }
        }
        return new Validity.Mask(BitBuffer.ofBytes(bits, valid.length));
    }

    /** Values with a null entry and codes with null rows: a row is null when either is. */
    static DictArray withNullsInValuesAndCodes() {
        DType t = new DType.Utf8(true);
        Array values = DictFiles.column(t, List.of(new Scalar(t, "apple"), Scalar.nullOf(t),
                new Scalar(t, "banana, a value longer than twelve bytes"), new Scalar(t, "cherry")));
        PrimitiveArray codes = u8(mask(true, true, false, true, true, true, false, true),
                0, 1, 3, 2, 3, 0, 0, 1);
        return new DictArray(t, codes, values);
    }

    @Test
    void nullsInValuesAndInCodes() {
        DictArray dict = withNullsInValuesAndCodes();
        List<Object> expected = java.util.Arrays.asList("apple", null, null,
                "banana, a value longer than twelve bytes", "cherry", "apple", null, null);
        VarBinViewArray canonical = (VarBinViewArray) dict.toCanonical();
        assertEquals(expected.size(), canonical.length());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i) != null, dict.isValid(i), "row " + i);
            assertEquals(expected.get(i), dict.scalarAt(i).value(), "row " + i);
            assertEquals(expected.get(i), canonical.isValid(i) ? canonical.getString(i) : null, "row " + i);
        }
        assertEquals(4, dict.nullCount());
        long[] valid = new long[1];
        dict.validity(valid);
        assertEquals(0b00111001L, valid[0]);
        DictArray slice = dict.slice(2, 6);
        assertEquals(List.of(false, true, true, true), List.of(slice.isValid(0), slice.isValid(1), slice.isValid(2),
                slice.isValid(3)));
    }

    @Test
    void filtersAreEvaluatedOncePerDictionaryOnItsValues() {
        DictArray dict = withNullsInValuesAndCodes();
        DType.Struct schema = DType.Struct.of(new Field("s", dict.dtype()));
        StructArray batch = new StructArray(schema, List.of(dict), dict.length(), Validity.NON_NULLABLE);
        var like = Expr.parse("s like 'b%' or s = 'apple'").bind(schema);
        RowMask m = like.evaluate(batch);
        assertEquals(List.of(0L, 3L, 5L), rows(m));
        assertEquals(2, dict.valuesHandle().evaluations(), "each predicate once, on the 4 values");
        // A slice shares the dictionary: nothing is evaluated again.
        StructArray sliced = new StructArray(schema, List.of(dict.slice(3, 8)), 5, Validity.NON_NULLABLE);
        assertEquals(List.of(0L, 2L), rows(like.evaluate(sliced)));
        assertEquals(2, dict.valuesHandle().evaluations());
        assertEquals(List.of(0L, 4L, 5L), rows(Expr.parse("s is not null and not (s = 'banana, a value longer than"
                + " twelve bytes')").bind(schema).evaluate(batch)));
        assertEquals(List.of(1L, 2L, 6L, 7L), rows(Expr.parse("s is null").bind(schema).evaluate(batch)));
        assertEquals(List.of(3L, 4L), rows(Expr.parse("s >= 'b' and s < 'd'").bind(schema).evaluate(batch)));
        assertEquals(List.of(0L, 4L, 5L), rows(Expr.parse("s in ('apple', 'cherry')").bind(schema).evaluate(batch)));
    }

    private static List<Long> rows(RowMask m) {
        List<Long> out = new ArrayList<>();
        for (long r : m.toRows()) {
            out.add(r);
        }
        return out;
    }

    @Test
    void codesOutsideTheValuesAreMalformed() {
        DType t = new DType.Primitive(PType.I64, false);
        Array values = DictFiles.column(t, List.of(new Scalar(t, 5L), new Scalar(t, 6L)));
        MalformedFileException e = assertThrows(MalformedFileException.class,
                () -> new DictArray(t, u8(Validity.NON_NULLABLE, 0, 1, 2), values));
        assertTrue(e.getMessage().contains("code 2 at row 2"), e.getMessage());
        // A null row may hold any code.
        DictArray ok = new DictArray(t.withNullable(true), u8(mask(true, false), 1, 200), values);
        assertEquals(6L, ok.scalarAt(0).value());
        assertFalse(ok.isValid(1));
    }

    /** Filters on dictionary files agree with the same data written plain, for every kind of predicate. */
    @Test
    void filteredScansAgreeWithPlainFiles() {
        DType s = new DType.Utf8(true);
        DType i = new DType.Primitive(PType.I32, true);
        DType.Struct schema = DType.Struct.of(new Field("s", s), new Field("i", i));
        Random random = new Random(5);
        String[] words = {"alpha", "beta", "gamma", "delta", "epsilon-with-a-long-tail", "zeta", "", "ab", "abc"};
        List<Scalar> sv = new ArrayList<>();
        List<Scalar> iv = new ArrayList<>();
        for (int r = 0; r < 30_000; r++) {
            sv.add(random.nextInt(12) == 0 ? Scalar.nullOf(s) : new Scalar(s, words[random.nextInt(words.length)]));
            iv.add(random.nextInt(12) == 0 ? Scalar.nullOf(i) : new Scalar(i, (long) random.nextInt(40) - 20));
        }
        Path dict = dir.resolve("dict.vortex");
        Path plain = dir.resolve("plain.vortex");
        for (Path p : List.of(dict, plain)) {
            WriteOptions o = DictionaryWriteTest.SMALL_CHUNKS.withDictionary(p == dict);
            try (var w = dev.quire.layout.file.VortexWriter.create(p, schema, o)) {
                Array a = DictFiles.column(s, sv);
                Array b = DictFiles.column(i, iv);
                w.write(new StructArray(schema, List.of(a, b), a.length(), Validity.NON_NULLABLE));
            }
        }
        try (VortexFile f = VortexFile.open(dict)) {
            assertEquals(2, DictFiles.nodes(f.layout(), DictLayout.ID).size(), "both columns are dictionaries");
        }
        for (String filter : List.of("s = 'beta'", "s in ('alpha', 'zeta', 'nope')", "s >= 'b' and s < 'e'",
                "s like 'ab%'", "s like '%a'", "s like '_eta'", "s is null", "not (s = 'gamma')", "s <> ''",
                "i = 3", "i in (1, -5, 19)", "i >= -3 and i < 8", "i > 100", "i is not null and s like 'a%'",
                "i < 0 or s = 'delta'")) {
            try (VortexFile a = VortexFile.open(dict); VortexFile b = VortexFile.open(plain)) {
                List<List<Scalar>> fromDict = scan(a, filter);
                assertEquals(scan(b, filter), fromDict, filter);
            }
        }
    }

    private static List<List<Scalar>> scan(VortexFile f, String filter) {
        List<List<Scalar>> out = new ArrayList<>();
        try (BatchStream batches = f.scan().filter(filter).batches()) {
            for (StructArray b : batches) {
                for (long r = 0; r < b.length(); r++) {
                    out.add(List.of(b.field(0).scalarAt(r), b.field(1).scalarAt(r)));
                }
            }
        }
        return out;
    }

    /** A filter that no value of a dictionary can satisfy prunes its rows without reading codes. */
    @Test
    void dictionaryValuesPruneSplits() {
        DType t = new DType.Utf8(false);
        List<Scalar> values = new ArrayList<>();
        for (int r = 0; r < 20_000; r++) {
            values.add(new Scalar(t, r < 10_000 ? "m" + (r % 7) : "x" + (r % 5)));
        }
        Path file = dir.resolve("prune.vortex");
        // No zone maps: only the dictionary can rule rows out. Two dictionaries: "m*" then "x*".
        DictFiles.write(file, t, values, WriteOptions.defaults().withZoneMaps(false).withDictionaryMaxEntries(7),
                20_000);
        try (VortexFile f = VortexFile.open(file); BatchStream b = f.scan().filter("c = 'x3'").batches()) {
            long rows = 0;
            for (StructArray batch : b) {
                rows += batch.length();
            }
            assertEquals(2000, rows);
            assertTrue(b.metrics().splitsPruned() >= 1, b.metrics().toString());
            assertTrue(b.metrics().rowsScanned() <= 10_000, b.metrics().toString());
        }
    }

    /** Splits of a dictionary column are its codes' chunks. */
    @Test
    void splitsComeFromTheCodes() {
        DType t = new DType.Primitive(PType.I64, false);
        List<Scalar> values = new ArrayList<>();
        for (int r = 0; r < 10_000; r++) {
            values.add(new Scalar(t, (long) (r % 3)));
        }
        Path file = dir.resolve("splits.vortex");
        DictFiles.write(file, t, values, WriteOptions.defaults().withChunkBytes(8192).withBlockRows(1024), 10_000);
        try (VortexFile f = VortexFile.open(file)) {
            Layout dict = DictFiles.nodes(f.layout(), DictLayout.ID).getFirst();
            Layout codes = dict.child(1);
            assertEquals("vortex.chunked", codes.encodingId());
            assertEquals(codes.childCount(), f.splits("c").size(), "one split per codes chunk");
            assertEquals(1024, f.splits("c").getFirst().to());
        }
    }

    /**
     * Decoding ({@code toCanonical}, which gathers by code) and taking sparse rows agree with the value each row's
     * scalar names, for primitive, decimal and string values, codes of every unsigned width, and nulls in codes and
     * values.
     */
    @Test
    void gatherAndTakeAgreeWithEachRowsValue() {
        Random random = new Random(42);
        List<DType> types = List.of(new DType.Primitive(PType.I64, true), new DType.Primitive(PType.I16, true),
                new DType.Decimal(15, 2, true), new DType.Utf8(true));
        for (DType t : types) {
            for (PType codeType : List.of(PType.U8, PType.U16, PType.U32)) {
                int valueCount = 1 + random.nextInt(200);
                List<Scalar> entries = new ArrayList<>();
                for (int v = 0; v < valueCount; v++) {
                    entries.add(v == 1 ? Scalar.nullOf(t) : new Scalar(t, switch (t) {
                        case DType.Primitive p when p.ptype() == PType.I16 -> (long) (short) random.nextInt();
                        case DType.Primitive p -> random.nextLong();
                        case DType.Decimal d -> java.math.BigDecimal.valueOf(random.nextInt(1_000_000), 2);
                        default -> "v" + v + "-".repeat(random.nextInt(20));
                    }));
                }
                Array values = DictFiles.column(t, entries);
                int n = 1 + random.nextInt(3000);
                boolean[] valid = new boolean[n];
                MemorySegment codes = MemorySegment.ofArray(new byte[n * codeType.byteWidth()]);
                for (int i = 0; i < n; i++) {
                    valid[i] = random.nextInt(6) != 0;
                    int c = valid[i] ? random.nextInt(valueCount) : random.nextInt(1 << 8);
                    switch (codeType) {
                        case U8 -> codes.set(java.lang.foreign.ValueLayout.JAVA_BYTE, i, (byte) c);
                        case U16 -> codes.setAtIndex(dev.quire.layout.array.LittleEndian.SHORT, i, (short) c);
                        default -> codes.setAtIndex(dev.quire.layout.array.LittleEndian.INT, i, c);
                    }
                }
                DictArray dict = new DictArray(t, new PrimitiveArray(new DType.Primitive(codeType, true), codes,
                        mask(valid)), values);
                Array canonical = dict.toCanonical();
                assertEquals(n, canonical.length());
                for (int i = 0; i < n; i++) {
                    assertEquals(dict.scalarAt(i), canonical.scalarAt(i), t + " row " + i);
                }
                long[] rows = random.longs(n / 10 + 1, 0, n).distinct().sorted().toArray();
                Array taken = dict.take(rows).orElseThrow();
                assertEquals(rows.length, taken.length());
                assertTrue(taken.isCanonical(), taken.toString());
                for (int i = 0; i < rows.length; i++) {
                    assertEquals(dict.scalarAt(rows[i]), taken.scalarAt(i), t + " taken row " + rows[i]);
                }
            }
        }
    }
}
