package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.BatchStream;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Integer columns of a file the reference compressed (runs of keys, small and wide integers with outliers, signed and
 * unsigned narrow types, decimals, nulls), scanned with {@code canonical(false)} and read through
 * {@link LongBlocks#cursor}: every valid row equals the default scan's value (sign-extended for signed types), and the
 * encoded arrays (run-end, bit-packed, frame of reference, decimal byte parts) read through their own cursors, not
 * their canonical forms. (The nullable small column comes out dictionary-encoded, whose cursor is not this module's.)
 */
class LongCursorCompatTest {
    @TempDir
    Path dir;

    static final int ROWS = 300_000;

    static final DType.Struct SCHEMA = DType.Struct.of(
            new Field("key", new DType.Primitive(PType.I64, false)),
            new Field("small", new DType.Primitive(PType.I32, true)),
            new Field("wide", new DType.Primitive(PType.I64, false)),
            new Field("tiny", new DType.Primitive(PType.U8, false)),
            new Field("negative", new DType.Primitive(PType.I16, false)),
            new Field("price", new DType.Decimal(15, 2, true)));

    private Path write(long seed) {
        Random r = new Random(seed);
        List<StructArray> batches = new ArrayList<>();
        long key = 1;
        int left = 0;
        int batch = 50_000;
        for (int start = 0; start < ROWS; start += batch) {
            List<List<Object>> rows = new ArrayList<>();
            for (int i = start; i < Math.min(ROWS, start + batch); i++) {
                if (left == 0) {
                    key += 1 + r.nextInt(7);
                    left = 1 + r.nextInt(7);
                }
                left--;
                List<Object> row = new ArrayList<>();
                row.add(key);
                row.add(r.nextInt(12) == 0 ? null : (long) r.nextInt(50));
                row.add(r.nextInt(400) == 0 ? 1L << 40 + r.nextInt(20) : 3_000_000L + r.nextInt(1 << 17));
                row.add((long) 200 + r.nextInt(56));
                row.add((long) -r.nextInt(3000));
                row.add(r.nextInt(20) == 0 ? null : BigInteger.valueOf(90_000 + r.nextInt(10_000_000)));
                rows.add(row);
            }
            batches.add(Values.batch(SCHEMA, rows));
        }
        Path file = dir.resolve("cursors_" + seed + ".vortex");
        Reference.write(file, SCHEMA, batches);
        return file;
    }

    /**
     * The long a cursor gives for a value of {@link Values}' row form: a decimal's unscaled value, or an integer's raw
     * bits (which that form zero-extends) sign-extended when the type is signed.
     */
    private static long asLong(Object v, DType dtype) {
        if (v instanceof BigInteger b) {
            return b.longValueExact();
        }
        long raw = (Long) v;
        PType p = ((DType.Primitive) dtype).ptype();
        int shift = 64 - 8 * p.byteWidth();
        return p.isSigned() ? raw << shift >> shift : raw;
    }

    @Test
    void encodedBatchesReadThroughCursorsAsTheirCanonicalValues() {
        Path file = write(11);
        List<List<Object>> full = Quire.read(file).rows();
        assertEquals(ROWS, full.size());
        Set<String> ownCursors = new TreeSet<>();
        long[] block = new long[LongBlocks.BLOCK_ROWS];
        int row = 0;
        try (VortexFile f = VortexFile.open(file);
                BatchStream batches = f.scan().canonical(false).batches()) {
            for (StructArray b : batches) {
                int n = (int) b.length();
                for (int c = 0; c < SCHEMA.fields().size(); c++) {
                    Array column = b.fields().get(c);
                    String name = SCHEMA.fields().get(c).name();
                    if (column instanceof LongBlocks own && own.longBlocks().isPresent()) {
                        ownCursors.add(name + " " + column.encodingId());
                    }
                    LongBlocks.Cursor cursor = LongBlocks.cursor(column);
                    int at = 0;
                    for (int k = cursor.next(block); k > 0; k = cursor.next(block)) {
                        assertTrue(at + k <= n, name + ": rows past the batch");
                        for (int j = 0; j < k; j++) {
                            Object want = full.get(row + at + j).get(c);
                            assertEquals(want != null, column.isValid(at + j), name + " validity of " + (row + at + j));
                            if (want != null && asLong(want, column.dtype()) != block[j]) {
                                assertEquals(asLong(want, column.dtype()), block[j], name + " row " + (row + at + j));
                            }
                        }
                        at += k;
                    }
                    assertEquals(n, at, name + ": rows read in a batch of " + n);
                }
                row += n;
            }
        }
        assertEquals(ROWS, row);
        String used = String.join(" ", Expect.flatTrees(file));
        for (String id : List.of("vortex.runend", "fastlanes.bitpacked", "vortex.decimal_byte_parts")) {
            assertTrue(used.contains(id), "the reference used " + id + ": " + used);
        }
        assertTrue(ownCursors.stream().anyMatch(s -> s.startsWith("key vortex.runend")), "own cursors: " + ownCursors);
        assertTrue(ownCursors.stream().anyMatch(s -> s.startsWith("price vortex.decimal_byte_parts")),
                "own cursors: " + ownCursors);
        assertTrue(ownCursors.stream().anyMatch(s -> s.startsWith("wide fastlanes.")), "own cursors: " + ownCursors);
        assertTrue(ownCursors.stream().anyMatch(s -> s.startsWith("negative fastlanes.")), "own cursors: " + ownCursors);
    }
}
