package dev.quire.layout.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.io.spi.InMemoryReadAt;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.FieldPath;
import dev.quire.layout.dtype.Projection;
import dev.quire.layout.expr.BoundExpr;
import dev.quire.layout.expr.Expr;
import dev.quire.layout.expr.Fixture;
import dev.quire.layout.expr.RowMask;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import java.io.ByteArrayOutputStream;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Filtered scans agree with a brute-force evaluation of the same filter over all rows: random files of every dtype
 * (nulls, nested structs, small chunks so there are many splits), random filters, projections, selections, row
 * ranges, limits, orderings and concurrencies.
 */
class FilteredScanPropertyTest {
    private static final int SEEDS = 60;

    @Test
    void filteredScansMatchBruteForce() {
        for (int seed = 0; seed < SEEDS; seed++) {
            Random r = new Random(seed * 7919L + 17);
            int rows = 1 + r.nextInt(r.nextBoolean() ? 300 : 6000);
            Fixture.Batch data = Fixture.batch(r, rows);
            byte[] file = write(data.array(), r);
            Expr filter = Fixture.predicate(r, 3, data);
            String what = "seed " + seed + ", " + rows + " rows, filter `" + filter + "`";
            try (VortexFile f = VortexFile.open(InMemoryReadAt.of(file))) {
                check(f, data.array(), filter, r, what);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError(what + ": " + e.getMessage(), e);
            }
        }
    }

    private static byte[] write(StructArray batch, Random r) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        WriteOptions options = WriteOptions.defaults().withChunkBytes(256 + r.nextInt(16 << 10))
                .withBlockRows(1 + r.nextInt(700));
        try (VortexWriter w = VortexWriter.create(Channels.newChannel(out), batch.dtype(), options)) {
            long at = 0;
            while (at < batch.length()) {
                long n = Math.min(batch.length() - at, 1 + r.nextInt(2500));
                w.write(batch.slice(at, at + n));
                at += n;
            }
        }
        return out.toByteArray();
    }

    private static void check(VortexFile f, StructArray all, Expr filter, Random r, String what) {
        DType.Struct schema = (DType.Struct) f.dtype();
        long n = all.length();
        long from = r.nextInt(4) == 0 ? r.nextLong(n + 1) : 0;
        long to = r.nextInt(4) == 0 ? from + r.nextLong(n - from + 1) : n;
        BoundExpr bound = filter.bind(schema);
        RowMask matches = bound.evaluate(all);

        Selection selection = Selection.all();
        RowMask selected = RowMask.all(n);
        switch (r.nextInt(5)) {
            case 0 -> {
                long[] rows = randomRows(r, n);
                selection = Selection.include(rows);
                selected = RowMask.of(n, inside(rows, n));
            }
            case 1 -> {
                long[] rows = randomRows(r, n);
                selection = Selection.exclude(rows);
                selected = RowMask.of(n, inside(rows, n)).not();
            }
            case 2 -> {
                RowMask bits = randomMask(r, n);
                selection = Selection.include(bits);
                selected = RowMask.concat(List.of(bits, RowMask.none(n - bits.length())));
            }
            case 3 -> {
                RowMask bits = randomMask(r, n);
                selection = Selection.exclude(bits);
                selected = RowMask.concat(List.of(bits.not(), RowMask.all(n - bits.length())));
            }
            default -> {
            }
        }
        List<Long> expected = new ArrayList<>();
        for (long i = from; i < to; i++) {
            if (matches.get(i) && selected.get(i)) {
                expected.add(i);
            }
        }
        long limit = r.nextInt(4) == 0 ? r.nextInt(50) : Long.MAX_VALUE;
        boolean ordered = r.nextInt(3) > 0;
        List<String> columns = new ArrayList<>();
        for (Field field : schema.fields()) {
            if (r.nextInt(4) == 0) {
                columns.add(field.name());
            }
        }
        Scan scan = f.scan().filter(filter).rowRange(from, to).select(selection).ordered(ordered)
                .concurrency(1 + r.nextInt(8)).splitRows(1 + r.nextInt(3000));
        if (!columns.isEmpty()) {
            scan.project(columns.toArray(String[]::new));
        }
        if (limit != Long.MAX_VALUE) {
            scan.limit(limit);
        }
        Projection projection = columns.isEmpty() ? Projection.all()
                : Projection.of(schema, columns.stream().map(FieldPath::of).toList());
        List<List<Scalar>> got = new ArrayList<>();
        try (BatchStream batches = scan.batches()) {
            for (StructArray b : batches) {
                assertEquals(projection.apply(schema), b.dtype());
                for (long i = 0; i < b.length(); i++) {
                    got.add(fields(b, i));
                }
            }
            assertTrue(batches.quiescent(), "tasks still running after the stream ended");
        }
        long expectedCount = Math.min(limit, expected.size());
        assertEquals(expectedCount, got.size(), "rows returned");
        assertEquals(expectedCount, f.scan().filter(filter).rowRange(from, to).select(selection).limit(limit)
                .count(), "count()");
        List<List<Scalar>> want = new ArrayList<>();
        for (long row : expected) {
            want.add(fields(project(all, projection), row));
        }
        if (ordered) {
            assertEquals(want.subList(0, (int) expectedCount), got, "ordered rows");
        } else {
            // Any `limit` of the matching rows, in any order: every row returned must be one of them.
            List<String> all2 = sorted(want);
            for (String row : sorted(got)) {
                assertTrue(Collections.binarySearch(all2, row) >= 0, "unexpected row " + row);
            }
            if (limit == Long.MAX_VALUE) {
                assertEquals(all2, sorted(got), "unordered rows");
            }
        }
    }

    private static StructArray project(StructArray all, Projection projection) {
        if (projection.isAll()) {
            return all;
        }
        List<dev.quire.layout.array.Array> fields = new ArrayList<>();
        for (int i = 0; i < all.dtype().fieldCount(); i++) {
            if (projection.selects(all.dtype().field(i).name())) {
                fields.add(all.field(i));
            }
        }
        return new StructArray((DType.Struct) projection.apply(all.dtype()), fields, all.length(), all.validity());
    }

    private static List<Scalar> fields(StructArray b, long row) {
        List<Scalar> values = new ArrayList<>();
        for (int c = 0; c < b.fields().size(); c++) {
            values.add(b.field(c).scalarAt(row));
        }
        return values;
    }

    private static List<String> sorted(List<List<Scalar>> rows) {
        List<String> out = new ArrayList<>();
        for (List<Scalar> row : rows) {
            out.add(row.toString());
        }
        out.sort(Comparator.naturalOrder());
        return out;
    }

    private static long[] randomRows(Random r, long n) {
        long[] rows = new long[r.nextInt(40)];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = r.nextLong(n + 5);
        }
        return rows;
    }

    private static long[] inside(long[] rows, long n) {
        return java.util.Arrays.stream(rows).filter(row -> row < n).distinct().toArray();
    }

    private static RowMask randomMask(Random r, long n) {
        long len = r.nextBoolean() ? n : r.nextLong(n + 1);
        List<Long> set = new ArrayList<>();
        for (long i = 0; i < len; i++) {
            if (r.nextInt(3) == 0) {
                set.add(i);
            }
        }
        return RowMask.of(len, set.stream().mapToLong(Long::longValue).toArray());
    }
}
