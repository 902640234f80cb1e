package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.StructBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files the reference writes for data shapes that its compressor stores with FSST, ALP, ALP-RD, decimal byte parts and
 * date-time parts (the float, string and logical encodings of {@code module-encodings}), read back by Quire.
 */
class EncodedShapesCompatTest {
    @TempDir
    Path dir;

    /** A column: its name, dtype and a generator of values (nulls are added on top). */
    record Shape(String name, DType dtype, BiFunction<Random, Integer, Object> value) {}

    static List<Shape> shapes() {
        String[] words = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"};
        List<Shape> out = new ArrayList<>();
        out.add(new Shape("high16", new DType.Utf8(false), (r, i) -> chars(r, 16, 16, 'a', 26)));
        out.add(new Shape("sentence", new DType.Utf8(false), (r, i) -> "this is a fairly long string value number "
                + r.nextInt(50)));
        out.add(new Shape("words", new DType.Utf8(false), (r, i) -> words[r.nextInt(8)] + " " + words[r.nextInt(8)]
                + " " + r.nextInt(100000)));
        out.add(new Shape("url", new DType.Utf8(false), (r, i) -> "https://example.com/items/" + r.nextInt(1_000_000)
                + "?ref=" + words[r.nextInt(8)]));
        out.add(new Shape("cjk", new DType.Utf8(false), (r, i) -> chars(r, 1, 20, 0x4E00, 2000)));
        out.add(new Shape("short", new DType.Utf8(false), (r, i) -> chars(r, 1, 12, 'a', 26)));
        out.add(new Shape("dec2", new DType.Primitive(PType.F64, false), (r, i) -> Math.round(r.nextDouble() * 1e6)
                / 100.0));
        out.add(new Shape("dec2_big", new DType.Primitive(PType.F64, false), (r, i) -> Math.round(r.nextDouble()
                * 1e17) / 100.0));
        out.add(new Shape("frand", new DType.Primitive(PType.F64, false), (r, i) -> r.nextDouble()));
        out.add(new Shape("f32rand", new DType.Primitive(PType.F32, false), (r, i) -> r.nextFloat()));
        out.add(new Shape("f32dec1", new DType.Primitive(PType.F32, false), (r, i) -> (float) (r.nextInt(100000)
                / 10.0)));
        out.add(new Shape("decimal", new DType.Decimal(12, 2, false), (r, i) -> BigDecimal.valueOf(r.nextLong(
                1_000_000_000L), 2)));
        out.add(new Shape("ts_sec", Temporal.timestamp(TimeUnit.MICROSECONDS, Optional.empty(), false),
                (r, i) -> (1_600_000_000L + r.nextInt(100_000_000)) * 1_000_000L));
        out.add(new Shape("ts_day", Temporal.timestamp(TimeUnit.MILLISECONDS, Optional.of("UTC"), false),
                (r, i) -> (18_000L + r.nextInt(1000)) * 86_400_000L));
        return out;
    }

    static String chars(Random r, int min, int max, int first, int count) {
        int len = min + r.nextInt(max - min + 1);
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < len; k++) {
            sb.appendCodePoint(first + r.nextInt(count));
        }
        return sb.toString();
    }

    static StructArray batch(Shape shape, boolean nullable, int n, long seed) {
        DType dtype = shape.dtype().withNullable(nullable);
        DType.Struct schema = DType.Struct.of(new Field("c", dtype));
        StructBuilder rows = (StructBuilder) ArrayBuilder.forType(schema);
        Random random = new Random(seed);
        for (int i = 0; i < n; i++) {
            Object v = shape.value().apply(random, i);
            if (nullable && random.nextInt(10) == 0) {
                rows.field(0).appendNull();
            } else {
                rows.field(0).appendScalar(new Scalar(dtype, v));
            }
            rows.endRow();
        }
        return rows.finish();
    }

    /**
     * Every shape, with and without nulls, at sizes where the reference leaves the encodings' children canonical (100
     * rows) and where it bit-packs them (2,000 and 20,000 rows): Quire reads the file value for value when it provides
     * every encoding in it, and otherwise refuses it naming a missing one (see {@link Expect}).
     */
    @TestFactory
    Stream<DynamicTest> referenceFilesOfEveryShape() {
        return shapes().stream().flatMap(shape -> Stream.of(100, 2000, 20000).flatMap(n -> Stream.of(false, true)
                .map(nullable -> DynamicTest.dynamicTest(shape.name() + " x" + n + (nullable ? " with nulls" : ""),
                        () -> {
                            String name = shape.name() + " x" + n + (nullable ? " with nulls" : "");
                            Expect.quireReadsLikeReference(write(shape, nullable, n), name);
                        }))));
    }

    /**
     * At 100 rows the reference stores these shapes with the encodings of this slice over canonical children only, so
     * Quire must read them value for value (not merely refuse them): FSST with primitive or constant lengths and
     * offsets, decimal byte parts, date-time parts with constant parts, each nullable or not.
     */
    @TestFactory
    Stream<DynamicTest> smallFilesReadValueForValue() {
        return Stream.of("high16", "words", "url", "cjk", "short", "decimal", "ts_sec", "ts_day").flatMap(name ->
                Stream.of(false, true).filter(nullable -> !(name.equals("high16") && nullable))
                        .map(nullable -> DynamicTest.dynamicTest(name + (nullable ? " with nulls" : ""), () -> {
                            Shape shape = shapes().stream().filter(s -> s.name().equals(name)).findFirst()
                                    .orElseThrow();
                            Path file = write(shape, nullable, 100);
                            List<String> trees = Expect.flatTrees(file);
                            String expected = switch (shape.dtype()) {
                                case DType.Utf8 u -> "vortex.fsst";
                                case DType.Decimal d -> "vortex.decimal_byte_parts";
                                default -> "vortex.datetimeparts";
                            };
                            assertTrue(trees.stream().allMatch(t -> t.startsWith(expected + "(")),
                                    name + ": the reference wrote " + trees);
                            assertEquals(Set.of(), Expect.quireReadsLikeReference(file, name),
                                    name + ": every encoding in " + trees + " is provided");
                        })));
    }

    private Path write(Shape shape, boolean nullable, int rows) {
        StructArray b = batch(shape, nullable, rows, rows * 31L + shape.name().hashCode());
        Path file = dir.resolve(QuireWritesReferenceReadsTest.fileName(shape.name() + "_" + rows + "_" + nullable));
        Reference.write(file, (DType.Struct) b.dtype(), List.of(b));
        return file;
    }
}
