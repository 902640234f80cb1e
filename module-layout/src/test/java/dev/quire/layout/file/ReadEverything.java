package dev.quire.layout.file;

import dev.quire.io.spi.InMemoryReadAt;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.NullArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.format.ReadLimits;
import dev.quire.layout.scan.BatchStream;
import dev.quire.layout.scan.Scan;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * Opens a file from bytes and reads all of it: every batch of a scan of the given columns, every value through the
 * typed getters, validity and null counts, and a sample of values through {@code scalarAt}.
 */
final class ReadEverything {
    private ReadEverything() {}

    /** What a read saw: rows read, and a checksum over every value touched (so the reads cannot be elided). */
    record Summary(long rows, long checksum, boolean capped) {}

    /**
     * @param columns the top-level columns to scan, or empty for all of them
     * @param rowCap stop (and report {@code capped}) after this many rows: a file may claim a huge number of rows of
     *     an all-null column without contradicting itself, and touching each of them is not a test of the reader
     */
    static Summary read(byte[] file, ReadLimits limits, List<String> columns, long rowCap) {
        try (VortexFile f = VortexFile.open(new InMemoryReadAt("mutated", MemorySegment.ofArray(file)), limits)) {
            f.dtype();
            f.segments();
            Scan scan = f.scan();
            if (!columns.isEmpty()) {
                // A mutation may rename a column: project the ones still there (a rename is not the reader's error).
                List<String> names = scan.outputType().names();
                String[] present = columns.stream().filter(names::contains).toArray(String[]::new);
                scan.project(present.length == 0 ? names.subList(0, Math.min(1, names.size())).toArray(String[]::new)
                        : present);
            }
            long rows = 0;
            long sum = f.rowCount();
            try (BatchStream batches = scan.batches()) {
                for (StructArray batch : batches) {
                    sum = sum * 31 + touch(batch);
                    rows += batch.length();
                    if (rows > rowCap) {
                        return new Summary(rows, sum, true);
                    }
                }
            }
            return new Summary(rows, sum, false);
        }
    }

    /** Reads every value of {@code a}; returns a checksum. */
    static long touch(Array a) {
        long n = a.length();
        long sum = n + a.nullCount();
        for (long i = 0; i < n; i += Math.max(1, n / 7)) {
            sum += a.scalarAt(i).hashCode();
        }
        if (n > 0) {
            sum += a.scalarAt(n - 1).hashCode();
        }
        switch (a) {
            case PrimitiveArray p -> {
                boolean floating = p.ptype().isFloat();
                for (long i = 0; i < n; i++) {
                    sum = sum * 31 + (floating ? Double.hashCode(p.getDoubleValue(i)) : p.getLongValue(i))
                            + (p.isValid(i) ? 1 : 0);
                }
            }
            case BoolArray b -> {
                for (long i = 0; i < n; i++) {
                    sum = sum * 31 + (b.getBoolean(i) ? 1 : 0) + (b.isValid(i) ? 2 : 0);
                }
            }
            case VarBinViewArray v -> {
                // Null slots too: their views are not checked when the array is built, yet must be safe to read.
                for (long i = 0; i < n; i++) {
                    MemorySegment bytes = v.bytesAt(i);
                    long len = bytes.byteSize();
                    sum = sum * 31 + len;
                    if (len > 0) {
                        sum += bytes.get(ValueLayout.JAVA_BYTE, 0) + bytes.get(ValueLayout.JAVA_BYTE, len - 1);
                    }
                }
            }
            case DecimalArray d -> {
                for (long i = 0; i < n; i++) {
                    if (d.isValid(i)) {
                        sum = sum * 31 + d.getDecimal(i).hashCode();
                    }
                }
            }
            case StructArray s -> {
                for (long i = 0; i < n; i++) {
                    sum = sum * 31 + (s.isValid(i) ? 1 : 0);
                }
                for (Array field : s.fields()) {
                    sum = sum * 31 + touch(field);
                }
            }
            case ExtensionArray e -> sum = sum * 31 + touch(e.storage());
            case NullArray x -> {
                for (long i = 0; i < Math.min(n, 1024); i++) {
                    sum += x.isValid(i) ? 1 : 0;
                }
            }
            default -> throw new AssertionError("a scan returned a non-canonical " + a);
        }
        return sum;
    }
}
