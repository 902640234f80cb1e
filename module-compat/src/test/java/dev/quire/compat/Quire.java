package dev.quire.compat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.BytesBlocks;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.file.VortexWriter;
import dev.quire.layout.format.WriteOptions;
import dev.quire.layout.scan.BatchStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Quire's side: write batches with {@link VortexWriter}, read a file back with a full scan. */
final class Quire {
    private Quire() {}

    /** What a Quire scan returned: the file's dtype and row count, and every row in the {@link Values} model. */
    record Scanned(DType.Struct dtype, long rowCount, List<List<Object>> rows, int batches) {}

    static void write(Path path, DType.Struct schema, List<StructArray> batches, WriteOptions options) {
        try (VortexWriter writer = VortexWriter.create(path, schema, options)) {
            for (StructArray b : batches) {
                writer.write(b);
            }
        }
    }

    static Scanned read(Path path) {
        try (VortexFile file = VortexFile.open(path)) {
            List<List<Object>> rows = new ArrayList<>();
            int batches = 0;
            try (BatchStream stream = file.scan().batches()) {
                for (StructArray batch : stream) {
                    rows.addAll(Values.rows(batch));
                    batches++;
                }
            }
            return new Scanned((DType.Struct) file.dtype(), file.rowCount(), rows, batches);
        }
    }

    static DType dtype(Path path) {
        try (VortexFile file = VortexFile.open(path)) {
            return file.dtype();
        }
    }

    /**
     * Reads the file again with its batches left encoded ({@code Scan.canonical(false)}): they must hold the rows the
     * canonical scan read, and every integer column (decimals held in a long and extensions over integers too) read
     * through {@link LongBlocks#cursor}, and every utf8 or binary column through {@link BytesBlocks#cursor}, must give
     * its canonical values, null rows aside. Returns the number of
     * batches whose fields were not all canonical.
     */
    static int assertEncodedBatchesReadAlike(Path path, List<List<Object>> canonicalRows, String context) {
        List<List<Object>> rows = new ArrayList<>();
        int encoded = 0;
        try (VortexFile file = VortexFile.open(path);
                BatchStream stream = file.scan().canonical(false).batches()) {
            for (StructArray batch : stream) {
                rows.addAll(Values.rows(batch));
                boolean allCanonical = true;
                for (int f = 0; f < batch.fields().size(); f++) {
                    Array field = batch.field(f);
                    allCanonical &= field.isCanonical();
                    assertCursorGivesCanonicalValues(field, context + ", encoded batch, field " + f);
                    assertBytesCursorGivesCanonicalValues(field, context + ", encoded batch, field " + f);
                }
                encoded += allCanonical ? 0 : 1;
            }
        }
        assertEquals(canonicalRows, rows, context + ": the rows of encoded batches");
        return encoded;
    }

    private static void assertCursorGivesCanonicalValues(Array field, String context) {
        Array canonical = field.toCanonical();
        if (canonical instanceof ExtensionArray e) {
            canonical = e.storage().toCanonical();
        }
        boolean integers = canonical instanceof PrimitiveArray p && p.ptype().isInteger()
                || canonical instanceof DecimalArray d && d.valueWidth() <= Long.BYTES;
        if (!integers) {
            return;
        }
        LongBlocks.Cursor cursor = LongBlocks.cursor(field);
        long[] block = new long[LongBlocks.BLOCK_ROWS];
        long row = 0;
        for (int n; (n = cursor.next(block)) > 0; row += n) {
            for (int i = 0; i < n; i++) {
                if (canonical.isValid(row + i)) {
                    assertEquals(expected(canonical, row + i), block[i], context + ", row " + (row + i)
                            + " read through " + field.encodingId() + "'s cursor");
                }
            }
        }
        assertEquals(field.length(), row, context + ": rows read through the cursor");
    }

    private static void assertBytesCursorGivesCanonicalValues(Array field, String context) {
        if (!(field.dtype() instanceof DType.Utf8) && !(field.dtype() instanceof DType.Binary)) {
            return;
        }
        VarBinViewArray canonical = (VarBinViewArray) field.toCanonical();
        BytesBlocks.Cursor cursor = BytesBlocks.cursor(field);
        BytesBlocks.Block block = new BytesBlocks.Block();
        long row = 0;
        for (int n; (n = cursor.next(block)) > 0; row += n) {
            int[] offsets = block.offsets();
            for (int i = 0; i < n; i++) {
                if (canonical.isValid(row + i)) {
                    byte[] read = Arrays.copyOfRange(block.bytes(), offsets[i], offsets[i + 1]);
                    assertArrayEquals(canonical.getBytes(row + i), read, context + ", row " + (row + i)
                            + " read through " + field.encodingId() + "'s bytes cursor");
                }
            }
        }
        assertEquals(field.length(), row, context + ": rows read through the bytes cursor");
    }

    /** A canonical integer or decimal value as {@link LongBlocks} gives it: sign- or zero-extended. */
    private static long expected(Array canonical, long i) {
        if (canonical instanceof DecimalArray d) {
            return d.getUnscaled(i).longValueExact();
        }
        return ((PrimitiveArray) canonical).getLongValue(i);
    }
}
