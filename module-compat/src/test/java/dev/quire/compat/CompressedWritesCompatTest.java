package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.format.WriteOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files Quire writes with its compressor (integer and bool shapes: sequence, bit-packing with patches, FoR, run-end,
 * sparse, zigzag, constant), read by vortex-jni value for value, with and without nulls, at several sizes; and the
 * size of each next to the reference writer's file for the same data, printed as a table.
 */
class CompressedWritesCompatTest {
    @TempDir
    Path dir;

    private record Shape(String name, DType type, LongFunction<Object> value) {}

    /** The integer and bool shapes of the fixtures' README, and the integer shapes of the encodings' compat test. */
    private static List<Shape> shapes(long seed) {
        Random r = new Random(seed);
        DType i64 = new DType.Primitive(PType.I64, false);
        DType i32 = new DType.Primitive(PType.I32, false);
        List<Shape> out = new ArrayList<>();
        out.add(new Shape("seq", i64, i -> i));
        out.add(new Shape("seq3", i64, i -> 3 * i));
        out.add(new Shape("rand_i64", i64, i -> r.nextLong()));
        out.add(new Shape("small_i32", i32, i -> (long) r.nextInt(1000)));
        out.add(new Shape("rand_u8", new DType.Primitive(PType.U8, false), i -> (long) r.nextInt(256)));
        out.add(new Shape("const_i64", i64, i -> 42L));
        out.add(new Shape("const_bool", new DType.Bool(false), i -> true));
        out.add(new Shape("rand_bool", new DType.Bool(false), i -> r.nextBoolean()));
        out.add(new Shape("runs", i64, i -> i / 1000));
        out.add(new Shape("offset_i64", i64, i -> 1_000_000_000_000L + r.nextInt(5000)));
        out.add(new Shape("negative_i32", i32, i -> (long) (r.nextInt(2000) - 1000)));
        out.add(new Shape("outliers_i32", i32, i -> (long) (r.nextInt(100) == 0 ? r.nextInt(Integer.MAX_VALUE)
                : r.nextInt(64))));
        out.add(new Shape("outliers_u64", new DType.Primitive(PType.U64, false), i -> r.nextInt(200) == 0
                ? r.nextLong() : r.nextInt(16)));
        out.add(new Shape("mostly_zero_i64", i64, i -> r.nextInt(100) == 0 ? r.nextLong() : 0L));
        out.add(new Shape("long_runs_i64", i64, i -> (i / 5000) * 1_000_003L + 17));
        out.add(new Shape("short_runs_i32", i32, i -> (i / 7) * 31 % 100_000));
        out.add(new Shape("small_u16", new DType.Primitive(PType.U16, false), i -> (long) r.nextInt(3000)));
        return out;
    }

    private static List<StructArray> batches(Shape shape, int rows, double nulls, long seed) {
        DType.Struct schema = schema(shape, nulls);
        Random r = new Random(seed);
        List<StructArray> batches = new ArrayList<>();
        int batch = 50_000;
        for (int start = 0; start < rows; start += batch) {
            List<List<Object>> out = new ArrayList<>();
            for (long i = start; i < Math.min(rows, start + batch); i++) {
                Object v = shape.value().apply(i);
                out.add(Collections.singletonList(nulls > 0 && r.nextDouble() < nulls ? null : v));
            }
            batches.add(Values.batch(schema, out));
        }
        return batches;
    }

    private static DType.Struct schema(Shape shape, double nulls) {
        return DType.Struct.of(new Field("c", shape.type().withNullable(nulls > 0)));
    }

    @Test
    void theReferenceReadsQuiresCompressedFilesAndTheyAreAsSmall() throws IOException {
        StringBuilder table = new StringBuilder("| shape | rows | nulls | Quire bytes | reference bytes | ratio | "
                + "Quire uncompressed | Quire data trees | reference data trees |\n|---|---|---|---|---|---|---|---|---|\n");
        Set<String> encodings = new TreeSet<>();
        long seed = 500;
        double worst = 0;
        List<String> larger = new ArrayList<>();
        for (int rows : new int[] {100_000, 3_000, 1}) {
            for (double nulls : new double[] {0.0, 0.1}) {
                for (Shape shape : shapes(seed++)) {
                    String name = shape.name() + "_" + rows + (nulls > 0 ? "_n10" : "");
                    List<StructArray> data = batches(shape, rows, nulls, seed);
                    Path quire = dir.resolve(name + ".quire.vortex");
                    QuireWritesReferenceReadsTest.roundTrip(quire, schema(shape, nulls), data,
                            WriteOptions.defaults(), name + " (seed " + seed + ")");
                    Path plain = dir.resolve(name + ".plain.vortex");
                    Quire.write(plain, schema(shape, nulls), data, WriteOptions.defaults().withCompression(false));
                    Path reference = dir.resolve(name + ".ref.vortex");
                    Reference.write(reference, schema(shape, nulls), data);
                    long q = Files.size(quire);
                    long ref = Files.size(reference);
                    double ratio = (double) q / ref;
                    List<String> trees = Expect.flatTrees(quire);
                    for (String tree : trees) {
                        for (String id : tree.split("[(), ]+")) {
                            if (!id.isEmpty()) {
                                encodings.add(id);
                            }
                        }
                    }
                    table.append("| ").append(shape.name()).append(" | ").append(rows).append(" | ")
                            .append(nulls > 0 ? "10%" : "-").append(" | ").append(q).append(" | ").append(ref)
                            .append(" | ").append(String.format("%.3f", ratio)).append(" | ")
                            .append(Files.size(plain)).append(" | ").append(distinct(trees)).append(" | ")
                            .append(distinct(Expect.flatTrees(reference))).append(" |\n");
                    if (rows >= 3000) {
                        worst = Math.max(worst, ratio);
                        if (q > Files.size(plain) * 1.01 + 128) {
                            larger.add(name);
                        }
                    }
                }
            }
        }
        String report = table.toString();
        System.out.println(report);
        Files.writeString(Path.of("target", "compressed-sizes.md"), report);
        assertEquals(List.of(), larger, "compressed files no larger than uncompressed ones:\n" + report);
        for (String id : List.of("fastlanes.bitpacked", "fastlanes.for", "vortex.sequence", "vortex.runend",
                "vortex.masked", "vortex.zigzag", "vortex.constant")) {
            assertTrue(encodings.contains(id), id + " was written in some file; wrote " + encodings);
        }
        assertTrue(worst <= 1.05, "every shape of 3,000 rows or more is at most 1.05x the reference's size:\n" + report);
    }

    private static String distinct(List<String> trees) {
        return String.join(", ", new TreeSet<>(trees));
    }

    static {
        // Quire writes the table next to the build; make sure target exists when run outside Maven.
        try {
            Files.createDirectories(Path.of("target"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
