package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.compat.Values.Bin;
import dev.quire.encodings.internal.compress.Compressor;
import dev.quire.encodings.internal.compress.ValueClass;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.format.WriteOptions;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Quire's compressed floats, strings, decimals and timestamps (ALP, ALP-RD, FSST, decimal byte parts, date-time
 * parts), read by vortex-jni 0.76.0 value for value: every float and string shape of the fixtures' README, not
 * nullable and with about 10% nulls, at several sizes, written with the default options (compression on).
 */
class CompressedFloatsStringsCompatTest {
    @TempDir
    Path dir;

    /** One column shape: its dtype and the value of row {@code i} (a {@link Values} model value). */
    record Shape(String name, DType dtype, Function<Random, Object> value, String expectedEncoding) {}

    static List<Shape> shapes() {
        String[] low = new String[10];
        for (int i = 0; i < low.length; i++) {
            low[i] = "category_" + (char) ('A' + i);
        }
        int[] counter = {0};
        return List.of(
                new Shape("dec2", new DType.Primitive(PType.F64, false),
                        r -> Double.doubleToRawLongBits(Math.round(r.nextDouble() * 1e6) / 100.0), "vortex.alp"),
                new Shape("frand", new DType.Primitive(PType.F64, false),
                        r -> Double.doubleToRawLongBits(r.nextDouble()), "vortex.alprd"),
                new Shape("f32rand", new DType.Primitive(PType.F32, false),
                        r -> (long) Float.floatToRawIntBits(r.nextFloat()), "vortex.alprd"),
                new Shape("low", new DType.Utf8(false), r -> Bin.of(low[r.nextInt(10)]), null),
                new Shape("name100", new DType.Utf8(false), r -> Bin.of("name" + (counter[0]++ % 100)), null),
                new Shape("long", new DType.Utf8(false),
                        r -> Bin.of("this is a fairly long string value number " + r.nextInt(50)), null),
                new Shape("high", new DType.Utf8(false), r -> Bin.of(letters(r, 16, 16)), "vortex.fsst"),
                new Shape("short", new DType.Utf8(false), r -> Bin.of(letters(r, 1, 12)), "vortex.fsst"),
                new Shape("cjk", new DType.Utf8(false), r -> Bin.of(cjk(r)), "vortex.fsst"),
                new Shape("decimal", new DType.Decimal(12, 2, false),
                        r -> BigInteger.valueOf(Math.round(r.nextDouble() * 1e8)), "vortex.decimal_byte_parts"),
                new Shape("timestamp_us", Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.of("UTC"), false),
                        // whole seconds over 30 days, as event times often are: the subseconds are constant
                        r -> 1_700_000_000_000_000L + r.nextLong(86_400L * 30) * 1_000_000L, "vortex.datetimeparts"));
    }

    static String letters(Random r, int min, int max) {
        int len = min + r.nextInt(max - min + 1);
        StringBuilder s = new StringBuilder(len);
        for (int i = 0; i < len; i++) {
            s.append((char) ('a' + r.nextInt(26)));
        }
        return s.toString();
    }

    static String cjk(Random r) {
        int len = 1 + r.nextInt(20);
        StringBuilder s = new StringBuilder(len);
        for (int i = 0; i < len; i++) {
            s.append((char) (0x4E00 + r.nextInt(0x9FA5 - 0x4E00)));
        }
        return s.toString();
    }

    /** Rows of one column: {@code nullFraction} of them null. */
    static StructArray batch(DType.Struct schema, Shape shape, int rows, double nullFraction, long seed) {
        Random r = new Random(seed);
        List<List<Object>> out = new ArrayList<>(rows);
        for (int i = 0; i < rows; i++) {
            Object v = shape.value().apply(r);
            out.add(java.util.Collections.singletonList(nullFraction > 0 && r.nextDouble() < nullFraction ? null : v));
        }
        return Values.batch(schema, out);
    }

    static DType.Struct schema(Shape shape, boolean nullable) {
        return new DType.Struct(List.of(new Field(shape.name(), shape.dtype().withNullable(nullable))), false);
    }

    @TestFactory
    Stream<DynamicTest> referenceReadsEveryShapeValueForValue() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Shape shape : shapes()) {
            for (boolean nulls : new boolean[] {false, true}) {
                for (int rows : new int[] {5, 3000, 70_000}) {
                    String name = shape.name() + (nulls ? " n10 " : " nn ") + rows;
                    tests.add(DynamicTest.dynamicTest(name, () -> {
                        DType.Struct schema = schema(shape, nulls);
                        StructArray batch = batch(schema, shape, rows, nulls ? 0.1 : 0, rows + 31L * name.length());
                        Path file = dir.resolve(name.replace(' ', '_') + ".vortex");
                        QuireWritesReferenceReadsTest.roundTrip(file, schema, List.of(batch), WriteOptions.defaults(),
                                name);
                    }));
                }
            }
        }
        return tests.stream();
    }

    /** The encodings each shape is expected to get once chunks are large enough to pay for them. */
    @TestFactory
    Stream<DynamicTest> shapesGetTheirEncodings() {
        boolean integerSchemes = !new Compressor().schemes(ValueClass.INTEGER).isEmpty();
        return shapes().stream().filter(s -> s.expectedEncoding() != null).map(shape ->
                DynamicTest.dynamicTest(shape.name(), () -> {
                    // ALP, ALP-RD and date-time parts only pay once their integer children are bit-packed.
                    boolean needsIntegers = shape.dtype() instanceof DType.Primitive
                            || shape.dtype() instanceof DType.Extension;
                    Assumptions.assumeTrue(integerSchemes || !needsIntegers, "no integer schemes on the path");
                    for (boolean nulls : new boolean[] {false, true}) {
                        DType.Struct schema = schema(shape, nulls);
                        Path file = dir.resolve(shape.name() + nulls + ".vortex");
                        Quire.write(file, schema, List.of(batch(schema, shape, 20_000, nulls ? 0.1 : 0, 7)),
                                WriteOptions.defaults());
                        String trees;
                        try (VortexFile f = VortexFile.open(file)) {
                            trees = ArrayTrees.flats(f).stream().map(ArrayTrees.Flat::tree)
                                    .collect(Collectors.joining(" "));
                        }
                        assertTrue(trees.contains(shape.expectedEncoding()), shape.name() + ": " + trees);
                    }
                }));
    }

    /**
     * The size table: the same rows written by Quire and by the reference's default writer; printed for the report.
     * Both files must hold every row.
     */
    @Test
    void sizeTableAgainstTheReference() throws IOException {
        int rows = 100_000;
        StringBuilder table = new StringBuilder("\nshape | nulls | rows | quire bytes | reference bytes | ratio\n");
        for (Shape shape : shapes()) {
            for (boolean nulls : new boolean[] {false, true}) {
                DType.Struct schema = schema(shape, nulls);
                StructArray batch = batch(schema, shape, rows, nulls ? 0.1 : 0, 42);
                Path quire = dir.resolve("size-q-" + shape.name() + nulls + ".vortex");
                Path reference = dir.resolve("size-r-" + shape.name() + nulls + ".vortex");
                Quire.write(quire, schema, List.of(batch), WriteOptions.defaults());
                Reference.write(reference, schema, List.of(batch));
                assertEquals(rows, Reference.rowCount(quire), shape.name() + ": rows the reference reads in Quire's file");
                assertEquals(rows, Reference.rowCount(reference), shape.name() + ": rows in the reference's file");
                long q = Files.size(quire);
                long ref = Files.size(reference);
                table.append(String.format("%s | %s | %d | %d | %d | %.3f%n", shape.name(), nulls ? "n10" : "nn", rows,
                        q, ref, (double) q / ref));
            }
        }
        System.out.println(table);
    }
}
