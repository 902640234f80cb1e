package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.BatchStream;
import dev.quire.layout.scan.Scan;
import dev.quire.layout.scan.Selection;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Selective scans of a file the reference compressed (bit-packed and frame-of-reference integers, decimal byte parts,
 * dictionaries, FSST strings, with nulls): filters that keep few rows, and row selections, return exactly the rows of
 * a full scan that satisfy them. Such scans keep their rows before decoding, so encoded columns give the kept rows'
 * values from their encoded form; this checks those paths against plain decoding.
 */
class SelectiveScanCompatTest {
    @TempDir
    Path dir;

    static final int ROWS = 120_000;

    static final DType.Struct SCHEMA = DType.Struct.of(
            new Field("k", new DType.Primitive(PType.I64, false)),
            new Field("small", new DType.Primitive(PType.I32, true)),
            new Field("wide", new DType.Primitive(PType.I64, false)),
            new Field("dec", new DType.Decimal(15, 2, false)),
            new Field("price", new DType.Decimal(15, 2, true)),
            new Field("mode", new DType.Utf8(true)),
            new Field("comment", new DType.Utf8(false)));

    private static final String[] MODES = {"AIR", "MAIL", "SHIP", "TRUCK", "RAIL", "FOB", "REG AIR"};
    private static final String[] WORDS = {"the", "quick", "final", "deposits", "carefully", "regular", "ironic",
        "packages", "sleep", "furiously", "across", "pending", "requests", "accounts", "boost"};

    private Path write(long seed) {
        Random r = new Random(seed);
        List<StructArray> batches = new ArrayList<>();
        int batch = 40_000;
        for (int start = 0; start < ROWS; start += batch) {
            List<List<Object>> rows = new ArrayList<>();
            for (long i = start; i < Math.min(ROWS, start + batch); i++) {
                List<Object> row = new ArrayList<>();
                row.add(i * 4 + r.nextInt(4));
                row.add(r.nextInt(10) == 0 ? null : (long) r.nextInt(1000));
                row.add(5_000_000_000L + r.nextInt(1 << 22));
                row.add(BigInteger.valueOf(r.nextInt(11)));
                row.add(r.nextInt(20) == 0 ? null : BigInteger.valueOf(r.nextInt(10_000_000)));
                row.add(r.nextInt(15) == 0 ? null : Values.Bin.of(MODES[r.nextInt(MODES.length)]));
                StringBuilder comment = new StringBuilder();
                for (int w = 1 + r.nextInt(6); w > 0; w--) {
                    comment.append(WORDS[r.nextInt(WORDS.length)]).append(w > 1 ? " " : "");
                }
                row.add(Values.Bin.of(comment.toString()));
                rows.add(row);
            }
            batches.add(Values.batch(SCHEMA, rows));
        }
        Path file = dir.resolve("selective_" + seed + ".vortex");
        Reference.write(file, SCHEMA, batches);
        return file;
    }

    private record Case(String filter, Predicate<List<Object>> keep) {}

    private static long longAt(List<Object> row, int i) {
        return (Long) row.get(i);
    }

    private static List<Case> cases() {
        return List.of(
                new Case("small < 3", row -> row.get(1) != null && longAt(row, 1) < 3),
                new Case("small >= 500 and small < 505", row -> row.get(1) != null && longAt(row, 1) >= 500
                        && longAt(row, 1) < 505),
                new Case("wide < 5000010000", row -> longAt(row, 2) < 5_000_010_000L),
                new Case("dec = 0.07 and small < 40", row -> ((BigInteger) row.get(3)).intValue() == 7
                        && row.get(1) != null && longAt(row, 1) < 40),
                new Case("price < 100.00", row -> row.get(4) != null
                        && ((BigInteger) row.get(4)).compareTo(BigInteger.valueOf(10_000)) < 0),
                new Case("mode = 'FOB' and small < 30", row -> Values.Bin.of("FOB").equals(row.get(5))
                        && row.get(1) != null && longAt(row, 1) < 30),
                new Case("comment like 'the final%'", row -> new String(((Values.Bin) row.get(6)).bytes(),
                        java.nio.charset.StandardCharsets.UTF_8).startsWith("the final")),
                new Case("k >= 200000 and k < 200400 and small < 500", row -> longAt(row, 0) >= 200_000
                        && longAt(row, 0) < 200_400 && row.get(1) != null && longAt(row, 1) < 500));
    }

    @Test
    void sparseFiltersAndSelectionsReturnTheRowsAFullScanHas() {
        Path file = write(7);
        List<String> trees = Expect.flatTrees(file);
        String all = String.join(" ", trees);
        for (String id : List.of("fastlanes.bitpacked", "vortex.decimal_byte_parts")) {
            assertTrue(all.contains(id), "the reference used " + id + ": " + trees);
        }
        List<List<Object>> full = Quire.read(file).rows();
        assertEquals(ROWS, full.size());
        for (Case c : cases()) {
            List<List<Object>> want = full.stream().filter(c.keep).toList();
            assertTrue(want.size() * 4 < ROWS, c.filter + " is selective: " + want.size());
            assertEquals(want, scan(file, s -> s.filter(c.filter)), c.filter);
        }
        Random r = new Random(3);
        for (int count : new int[] {1, 10, 500, 20_000}) {
            long[] rows = r.longs(count * 2L, 0, ROWS).distinct().limit(count).sorted().toArray();
            List<List<Object>> want = LongStream.of(rows).mapToObj(i -> full.get((int) i)).toList();
            assertEquals(want, scan(file, s -> s.select(Selection.include(rows))), count + " selected rows");
        }
    }

    private static List<List<Object>> scan(Path path, java.util.function.UnaryOperator<Scan> setup) {
        try (VortexFile f = VortexFile.open(path);
                BatchStream batches = setup.apply(f.scan()).batches()) {
            List<List<Object>> out = new ArrayList<>();
            for (StructArray b : batches) {
                out.addAll(Values.rows(b));
            }
            return out;
        }
    }
}
