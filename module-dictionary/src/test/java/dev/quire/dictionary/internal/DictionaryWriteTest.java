package dev.quire.dictionary.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.spi.Layout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** Files written with the dictionary strategy (found through ServiceLoader) read back value for value. */
class DictionaryWriteTest {
    @TempDir
    Path dir;

    /** Chunks of 16 KiB of canonical data, so columns of tens of thousands of rows have several chunks. */
    static final WriteOptions SMALL_CHUNKS = WriteOptions.defaults().withChunkBytes(16 << 10).withBlockRows(1024);

    static final List<DType> ELIGIBLE = List.of(new DType.Primitive(PType.I16, false),
            new DType.Primitive(PType.U16, false), new DType.Primitive(PType.I32, false),
            new DType.Primitive(PType.U32, false), new DType.Primitive(PType.I64, false),
            new DType.Primitive(PType.U64, false), new DType.Primitive(PType.F16, false),
            new DType.Primitive(PType.F32, false), new DType.Primitive(PType.F64, false), new DType.Utf8(false),
            new DType.Binary(false));

    /** A pool of distinct non-null values of {@code dtype}, edge values included. */
    static List<Scalar> pool(DType dtype, int size, Random random) {
        Set<Object> seen = new HashSet<>();
        List<Scalar> out = new ArrayList<>();
        List<Object> edges = switch (dtype) {
            case DType.Primitive p when p.ptype() == PType.F64 -> List.of(-0.0, 0.0, Double.NaN,
                    Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE);
            case DType.Primitive p when p.ptype().isFloat() -> List.of(-0.0f, 0.0f, Float.NaN, Float.NEGATIVE_INFINITY,
                    1.5f);
            case DType.Primitive p when p.ptype().isSigned() -> List.of(0L, -1L, -(1L << (8 * p.ptype().byteWidth() - 1)),
                    (1L << (8 * p.ptype().byteWidth() - 1)) - 1);
            case DType.Primitive p -> List.of(0L, p.ptype().byteWidth() == 8 ? -1L
                    : (1L << (8 * p.ptype().byteWidth())) - 1);
            case DType.Utf8 u -> List.of("", "a", "twelve bytes", "thirteen byte", "ünïcødé — a longer string");
            default -> List.of(new byte[0], new byte[] {(byte) 0xFF}, new byte[20]);
        };
        for (Object e : edges) {
            if (seen.add(key(e))) {
                out.add(new Scalar(dtype, e));
            }
        }
        while (out.size() < size) {
            Object v = switch (dtype) {
                case DType.Primitive p when p.ptype() == PType.F64 -> random.nextInt(1000) / 8.0;
                case DType.Primitive p when p.ptype().isFloat() -> random.nextInt(1000) / 8.0f;
                case DType.Primitive p when p.ptype().isSigned() -> (long) random.nextInt(20000) - 10000;
                case DType.Primitive p -> (long) random.nextInt(30000);
                case DType.Utf8 u -> "value-" + random.nextInt(100000) + (random.nextBoolean() ? "-long-suffix" : "");
                default -> {
                    byte[] b = new byte[random.nextInt(24)];
                    random.nextBytes(b);
                    yield b;
                }
            };
            if (seen.add(key(v))) {
                out.add(new Scalar(dtype, v));
            }
        }
        return out;
    }

    private static Object key(Object v) {
        return switch (v) {
            case byte[] b -> java.util.HexFormat.of().formatHex(b);
            case Double d -> Double.doubleToRawLongBits(d);
            case Float f -> Float.floatToRawIntBits(f);
            default -> v;
        };
    }

    static List<Scalar> rows(DType dtype, List<Scalar> pool, int n, double nullFraction, Random random) {
        List<Scalar> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            if (nullFraction > 0 && random.nextDouble() < nullFraction) {
                out.add(Scalar.nullOf(dtype));
            } else {
                Object v = pool.get(random.nextInt(pool.size())).value();
                out.add(new Scalar(dtype, v));
            }
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyEligibleDtypeRoundTripsWithAndWithoutNulls() {
        return ELIGIBLE.stream().flatMap(t -> Stream.of(t, t.withNullable(true))).map(t -> DynamicTest.dynamicTest(
                t.toString(), () -> {
                    Random random = new Random(t.toString().hashCode());
                    List<Scalar> values = rows(t, pool(t.withNullable(false), 40, random), 30_000,
                            t.nullable() ? 0.2 : 0, random);
                    Path file = dir.resolve(t.toString().replaceAll("\\W", "_") + ".vortex");
                    DictFiles.write(file, t, values, SMALL_CHUNKS, 7000);
                    assertEquals(values, DictFiles.read(file), t + ": every value, nulls included");
                    try (VortexFile f = VortexFile.open(file)) {
                        List<Layout> dicts = DictFiles.nodes(f.layout(), DictLayout.ID);
                        assertEquals(1, dicts.size(), t + ": one dictionary for 40 distinct values");
                        assertEquals("u8", new DictLayout().describe(dicts.getFirst()).get("codes"));
                        assertEquals("false", new DictLayout().describe(dicts.getFirst()).get("nullable_codes"),
                                t + ": nulls are a null entry of the values, as the reference writes them");
                        assertEquals(t.nullable() ? 41 : 40, dicts.getFirst().childRowCount(0));
                        assertTrue(DictFiles.nodes(dicts.getFirst().child(1), "vortex.flat").size() > 1,
                                t + ": the dictionary's codes span several chunks");
                    }
                }));
    }

    @Test
    void noDictionaryWhenSwitchedOff() {
        DType t = new DType.Utf8(true);
        Random random = new Random(1);
        List<Scalar> values = rows(t, pool(new DType.Utf8(false), 10, random), 10_000, 0.1, random);
        Path file = dir.resolve("off.vortex");
        DictFiles.write(file, t, values, SMALL_CHUNKS.withDictionary(false), 10_000);
        assertEquals(values, DictFiles.read(file));
        try (VortexFile f = VortexFile.open(file)) {
            assertEquals(List.of(), DictFiles.nodes(f.layout(), DictLayout.ID));
        }
    }

    @Test
    void entryCapOverflowInsideAChunkKeepsThePrefixAndStartsANewDictionary() {
        DType t = new DType.Utf8(false);
        List<Scalar> values = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            values.add(new Scalar(t, "s" + (i / 3) % 700)); // 700 distinct, each new value three times in a row
        }
        Path file = dir.resolve("overflow.vortex");
        // One chunk holds every row (1 MiB chunks), so the cap of 100 entries is hit inside it, six times.
        DictFiles.write(file, t, values, WriteOptions.defaults().withDictionaryMaxEntries(100), 20_000);
        assertEquals(values, DictFiles.read(file));
        try (VortexFile f = VortexFile.open(file)) {
            List<Layout> dicts = DictFiles.nodes(f.layout(), DictLayout.ID);
            assertTrue(dicts.size() >= 7, "700 distinct values in dictionaries of at most 100: " + dicts.size());
            long rows = 0;
            for (Layout d : dicts) {
                assertTrue(d.childRowCount(0) <= 100, "values " + d.childRowCount(0));
                rows += d.rowCount();
            }
            assertEquals(values.size(), rows, "the dictionaries cover every row");
            assertEquals(296, dicts.getFirst().rowCount(),
                    "the prefix before the 101st value, cut at a multiple of 8 rows, stays in the first");
            assertEquals(1, DictFiles.nodes(f.layout(), "vortex.chunked").size(),
                    "a chunked layout of dictionary layouts");
        }
    }

    @Test
    void byteCapOverflowStartsANewDictionary() {
        DType t = new DType.Binary(true);
        List<Scalar> values = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            values.add(i % 17 == 0 ? Scalar.nullOf(t) : new Scalar(t, ("binary value " + (i / 5 % 400)).getBytes(
                    StandardCharsets.UTF_8)));
        }
        Path file = dir.resolve("bytes.vortex");
        // Each value is 16 + 15 or 16 bytes canonical: a 4 KiB cap holds about 130 of them.
        DictFiles.write(file, t, values, WriteOptions.defaults().withDictionaryMaxBytes(4096), 5000);
        assertEquals(values, DictFiles.read(file));
        try (VortexFile f = VortexFile.open(file)) {
            List<Layout> dicts = DictFiles.nodes(f.layout(), DictLayout.ID);
            assertTrue(dicts.size() >= 3, "dictionaries: " + dicts.size());
            for (Layout d : dicts) {
                assertTrue(d.childRowCount(0) * 16 <= 4096, "values " + d.childRowCount(0));
            }
        }
    }

    @Test
    void chunksThatStopPayingOffAreWrittenPlain() {
        DType t = new DType.Primitive(PType.I64, true);
        List<Scalar> values = new ArrayList<>();
        Random random = new Random(3);
        for (int i = 0; i < 40_000; i++) {
            values.add(new Scalar(t, (long) random.nextInt(5)));
        }
        for (int i = 0; i < 40_000; i++) {
            values.add(i % 10 == 0 ? Scalar.nullOf(t) : new Scalar(t, random.nextLong()));
        }
        for (int i = 0; i < 40_000; i++) {
            values.add(new Scalar(t, 7L + random.nextInt(3)));
        }
        Path file = dir.resolve("stops.vortex");
        DictFiles.write(file, t, values, SMALL_CHUNKS, 9000);
        assertEquals(values, DictFiles.read(file));
        try (VortexFile f = VortexFile.open(file)) {
            Layout data = DictFiles.nodes(f.layout(), "vortex.zoned").getFirst().child(0);
            assertEquals("vortex.chunked", data.encodingId());
            List<String> kinds = new ArrayList<>();
            for (int i = 0; i < data.childCount(); i++) {
                kinds.add(data.childEncodingId(i));
            }
            assertEquals(DictLayout.ID, kinds.getFirst(), "low cardinality first: " + kinds);
            assertTrue(kinds.contains("vortex.flat"), "random values are written plain: " + kinds);
            assertEquals(DictLayout.ID, kinds.getLast(), "and a dictionary again once it pays: " + kinds);
        }
    }

    @Test
    void singleDistinctValue() {
        DType t = new DType.Utf8(false);
        List<Scalar> values = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            values.add(new Scalar(t, "the only value, longer than twelve bytes"));
        }
        Path file = dir.resolve("one.vortex");
        DictFiles.write(file, t, values, WriteOptions.defaults(), 50_000);
        assertEquals(values, DictFiles.read(file));
        try (VortexFile f = VortexFile.open(file)) {
            Layout dict = DictFiles.nodes(f.layout(), DictLayout.ID).getFirst();
            assertEquals(1, dict.childRowCount(0));
            assertEquals("u8", new DictLayout().describe(dict).get("codes"));
        }
    }

    @Test
    void allDistinctValuesStayPlain() {
        DType t = new DType.Primitive(PType.I32, false);
        List<Scalar> values = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            values.add(new Scalar(t, (long) i * 7));
        }
        Path file = dir.resolve("distinct.vortex");
        DictFiles.write(file, t, values, SMALL_CHUNKS, 50_000);
        assertEquals(values, DictFiles.read(file));
        try (VortexFile f = VortexFile.open(file)) {
            assertEquals(List.of(), DictFiles.nodes(f.layout(), DictLayout.ID));
        }
    }

    @Test
    void mostFrequentValueGetsTheSmallestCodeAndCodesAreNarrowest() {
        DType t = new DType.Utf8(false);
        Random random = new Random(9);
        List<Scalar> values = new ArrayList<>();
        for (int i = 0; i < 30_000; i++) {
            int r = random.nextInt(100);
            String v = r < 50 ? "frequent" : r < 80 ? "second" : "rare-" + random.nextInt(298);
            values.add(new Scalar(t, v));
        }
        Path file = dir.resolve("freq.vortex");
        DictFiles.write(file, t, values, WriteOptions.defaults(), 30_000);
        assertEquals(values, DictFiles.read(file));
        Map<String, Integer> counts = new HashMap<>();
        values.forEach(s -> counts.merge((String) s.value(), 1, Integer::sum));
        try (VortexFile f = VortexFile.open(file)) {
            Layout node = DictFiles.nodes(f.layout(), DictLayout.ID).getFirst();
            assertEquals("u16", new DictLayout().describe(node).get("codes"), "300 values need 16-bit codes");
            Array read = node.vtable().reader(node).read(0, node.rowCount(), Projection.all(), node.segments()).join();
            DictArray dict = assertInstanceOf(DictArray.class, read);
            assertEquals("frequent", dict.values().scalarAt(0).value());
            assertEquals("second", dict.values().scalarAt(1).value());
            for (long c = 1; c < dict.values().length(); c++) {
                int prev = counts.get((String) dict.values().scalarAt(c - 1).value());
                int here = counts.get((String) dict.values().scalarAt(c).value());
                assertTrue(prev >= here, "code " + c + " is more frequent than code " + (c - 1));
            }
            assertEquals(PType.U16, dict.codes().ptype());
        }
    }

    @Test
    void oneByteColumnsAreNotEligible() {
        assertFalse(DictionaryStrategy.eligible(new DType.Primitive(PType.U8, true)));
        assertFalse(DictionaryStrategy.eligible(new DType.Bool(true)));
        assertTrue(DictionaryStrategy.eligible(new DType.Primitive(PType.I16, true)));
    }
}
