package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.scan.BatchStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * A property-based run with plain JUnit and seeded generators: for each seed, a random schema (nested structs,
 * every leaf dtype, random nullability), random rows (0 to a few thousand, split into random batches, with a random
 * share of nulls) and random writer options. Properties, per seed:
 * <ol>
 *   <li>Quire writes, the reference reads every value and exports the predicted Arrow schema;</li>
 *   <li>the reference writes the same batches, and Quire reads them like the reference or fails naming a missing
 *       encoding;</li>
 *   <li>a Quire scan of a random row range and column subset returns exactly those rows and columns.</li>
 * </ol>
 * A failure names its seed; rerun one seed by changing {@link #FIRST_SEED} and {@link #SEEDS}.
 */
class PropertyTest {
    static final long FIRST_SEED = 20_260_000;
    static final int SEEDS = 40;

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> randomSchemasAndData() {
        return LongStream.range(FIRST_SEED, FIRST_SEED + SEEDS).mapToObj(seed -> DynamicTest.dynamicTest(
                "seed " + seed, () -> {
                    try {
                        check(seed);
                    } catch (AssertionError | RuntimeException e) {
                        throw new AssertionError("property failed for seed " + seed + ": " + e.getMessage(), e);
                    }
                }));
    }

    private void check(long seed) {
        RandomData random = new RandomData(seed).lengths(0, 1 + new Random(seed).nextInt(60));
        Random r = random.random;
        DType.Struct schema = random.schema(12, 2);
        int rows = switch (r.nextInt(5)) {
            case 0 -> r.nextInt(3);
            case 1 -> 1 + r.nextInt(50);
            default -> r.nextInt(4000);
        };
        double nullFraction = new double[] {0.0, 0.05, 0.3, 0.9, 1.0}[r.nextInt(5)];
        List<StructArray> batches = new ArrayList<>();
        List<List<Object>> all = new ArrayList<>();
        int left = rows;
        while (left > 0 || batches.isEmpty()) {
            int n = Math.min(left, 1 + r.nextInt(Math.max(1, rows / 2 + 1)));
            StructArray b = random.batch(schema, n, nullFraction);
            batches.add(b);
            all.addAll(Values.rows(b));
            left -= n;
        }
        WriteOptions options = WriteOptions.defaults()
                .withBlockRows(new int[] {64, 1000, 8192}[r.nextInt(3)])
                .withChunkBytes(new long[] {512, 65_536, 1 << 20}[r.nextInt(3)]);
        String context = "seed " + seed + ", " + rows + " rows, nulls " + nullFraction + ", " + schema;

        // 1. Quire writes, the reference reads.
        Path quireFile = dir.resolve("quire_" + seed + ".vortex");
        QuireWritesReferenceReadsTest.roundTrip(quireFile, schema, batches, options, context);

        // 2. The reference writes, Quire reads (or refuses cleanly).
        Path refFile = dir.resolve("ref_" + seed + ".vortex");
        Reference.write(refFile, schema, batches);
        Expect.quireReadsLikeReference(refFile, context + " (reference-written)");

        // 3. A row range and a column subset.
        long from = rows == 0 ? 0 : r.nextInt(rows + 1);
        long to = from + (rows == from ? 0 : r.nextInt((int) (rows - from) + 1));
        List<Integer> picked = new ArrayList<>();
        for (int f = 0; f < schema.fieldCount(); f++) {
            if (r.nextBoolean() || (f == schema.fieldCount() - 1 && picked.isEmpty())) {
                picked.add(f);
            }
        }
        List<Field> fields = picked.stream().map(schema::field).toList();
        DType.Struct projected = new DType.Struct(fields, false);
        List<List<Object>> expected = new ArrayList<>();
        for (long i = from; i < to; i++) {
            List<Object> row = new ArrayList<>();
            for (int f : picked) {
                row.add(all.get((int) i).get(f));
            }
            expected.add(row);
        }
        List<List<Object>> actual = new ArrayList<>();
        try (VortexFile file = VortexFile.open(quireFile);
                BatchStream stream = file.scan().project(fields.stream().map(Field::name).toArray(String[]::new))
                        .rowRange(from, to).batches()) {
            assertEquals(projected, stream.dtype(), context + ": projected dtype");
            for (StructArray b : stream) {
                actual.addAll(Values.rows(b));
            }
        }
        Compare.assertSameRows(projected, expected, actual, context + ": rows [" + from + ", " + to + ") of "
                + fields.stream().map(Field::name).toList());
    }
}
