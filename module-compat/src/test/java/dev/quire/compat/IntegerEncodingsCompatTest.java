package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Integer shapes the reference compresses with the encodings of {@code dev.quire.encodings} (bit-packing with and
 * without patches, frame of reference, sequence, run-end, sparse): written by vortex-jni at several sizes, with and
 * without nulls, each in its own file, and read by Quire value for value against what vortex-jni reads. Files whose
 * trees also need an encoding this module does not provide (the dictionary layout, ALP, ...) must fail cleanly
 * instead, which {@link Expect#quireReadsLikeReference} checks too.
 */
class IntegerEncodingsCompatTest {
    /** Ids provided by other modules (the dictionary module, the float/string half of module-encodings). */
    private static final Set<String> OTHER_MODULES = Set.of("vortex.dict", "vortex.masked", "vortex.alp",
            "vortex.alprd", "vortex.fsst", "vortex.varbin", "vortex.bytebool", "vortex.decimal_byte_parts",
            "vortex.datetimeparts");

    @TempDir
    Path dir;

    private record Shape(String name, PType type, LongUnaryOperator value) {}

    private static List<Shape> shapes(long seed) {
        Random r = new Random(seed);
        List<Shape> out = new ArrayList<>();
        out.add(new Shape("seq_i64", PType.I64, i -> i));
        out.add(new Shape("seq3_i32", PType.I32, i -> 3 * i - 7));
        out.add(new Shape("small_i32", PType.I32, i -> r.nextInt(1000)));
        out.add(new Shape("small_u8", PType.U8, i -> r.nextInt(100)));
        out.add(new Shape("small_u16", PType.U16, i -> r.nextInt(3000)));
        out.add(new Shape("small_u32", PType.U32, i -> r.nextInt(70_000)));
        out.add(new Shape("small_u64", PType.U64, i -> r.nextInt(1 << 20)));
        out.add(new Shape("small_i16", PType.I16, i -> r.nextInt(500)));
        out.add(new Shape("small_i8", PType.I8, i -> r.nextInt(60)));
        out.add(new Shape("offset_i64", PType.I64, i -> 1_000_000_000_000L + r.nextInt(5000)));
        out.add(new Shape("negative_i32", PType.I32, i -> r.nextInt(2000) - 1000));
        out.add(new Shape("outliers_i32", PType.I32, i -> r.nextInt(100) == 0 ? r.nextInt(Integer.MAX_VALUE)
                : r.nextInt(64)));
        out.add(new Shape("outliers_u64", PType.U64, i -> r.nextInt(200) == 0 ? r.nextLong() : r.nextInt(16)));
        out.add(new Shape("mostly_zero_i64", PType.I64, i -> r.nextInt(100) == 0 ? r.nextLong() : 0));
        out.add(new Shape("long_runs_i64", PType.I64, i -> (i / 5000) * 1_000_003L + 17));
        out.add(new Shape("short_runs_i32", PType.I32, i -> (int) ((i / 7) * 31 % 100_000)));
        return out;
    }

    private Path write(Shape shape, int rows, double nulls, long seed) {
        boolean nullable = nulls > 0;
        DType.Struct schema = DType.Struct.of(new Field("c", new DType.Primitive(shape.type(), nullable)));
        Random r = new Random(seed);
        List<StructArray> batches = new ArrayList<>();
        int batch = 50_000;
        for (int start = 0; start < rows; start += batch) {
            List<List<Object>> out = new ArrayList<>();
            for (long i = start; i < Math.min(rows, start + batch); i++) {
                long v = shape.value().applyAsLong(i);
                out.add(java.util.Collections.singletonList(nulls > 0 && r.nextDouble() < nulls ? null : v));
            }
            batches.add(Values.batch(schema, out));
        }
        Path file = dir.resolve(shape.name() + "_" + rows + (nullable ? "_n" : "") + ".vortex");
        Reference.write(file, schema, batches);
        return file;
    }

    @Test
    void integerShapesReadLikeTheReference() {
        Map<String, List<String>> trees = new LinkedHashMap<>();
        Map<String, Set<String>> unreadable = new LinkedHashMap<>();
        Set<String> encodingsRead = new TreeSet<>();
        long seed = 80;
        for (int rows : new int[] {100_000, 3_000}) {
            for (double nulls : new double[] {0.0, 0.1}) {
                for (Shape shape : shapes(seed++)) {
                    Path file = write(shape, rows, nulls, seed);
                    String name = file.getFileName().toString();
                    Set<String> missing = Expect.quireReadsLikeReference(file, name + " (seed " + seed + ")");
                    List<String> flatTrees = Expect.flatTrees(file);
                    trees.put(name, flatTrees);
                    if (missing.isEmpty()) {
                        for (String tree : flatTrees) {
                            for (String id : tree.split("[(), ]+")) {
                                if (!id.isEmpty()) {
                                    encodingsRead.add(id);
                                }
                            }
                        }
                    } else {
                        unreadable.put(name, missing);
                    }
                }
            }
        }
        // Seen with vortex-jni 0.76.0: bit-packing of every integer width with patches and validity, FoR over it,
        // sequences, run-end over bit-packed or sequence children, zigzag, sparse over zigzag.
        for (String id : List.of("fastlanes.bitpacked", "fastlanes.for", "vortex.sequence", "vortex.runend",
                "vortex.sparse", "vortex.zigzag")) {
            assertTrue(encodingsRead.contains(id), id + " was read in some file; read " + encodingsRead
                    + ", trees " + trees);
        }
        // Low-cardinality shapes go to the dictionary layout, and all-null runs to vortex.masked: other modules.
        Set<String> missing = new TreeSet<>();
        unreadable.values().forEach(missing::addAll);
        missing.removeAll(OTHER_MODULES);
        assertEquals(Set.of(), missing, "only encodings of other modules are missing: " + unreadable + ", trees "
                + trees);
        assertTrue(unreadable.size() <= 8, "most shapes read: unreadable " + unreadable);
    }
}
