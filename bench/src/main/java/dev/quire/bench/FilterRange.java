package dev.quire.bench;

import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.file.VortexFile;
import dev.quire.layout.scan.BatchStream;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A range predicate on the canonical file's random {@code i64} column that keeps a given share of the rows: the
 * bounds are quantiles of the data (the middle {@code selectivity} of the sorted values), so the share is exact, not
 * an estimate from the distribution.
 *
 * @param lo the lower bound, included
 * @param hi the upper bound, included
 * @param matching how many rows have {@code lo <= i64 <= hi}
 */
record FilterRange(long lo, long hi, long matching) {

    static FilterRange of(Path file, long rows, double selectivity) {
        if (!(selectivity > 0 && selectivity <= 1) || rows > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("selectivity " + selectivity + " of " + rows + " rows");
        }
        long[] values = new long[(int) rows];
        int at = 0;
        try (VortexFile f = VortexFile.open(file); BatchStream batches = f.scan().project("i64").batches()) {
            for (StructArray batch : batches) {
                MemorySegment v = ((PrimitiveArray) batch.field(0)).values();
                for (long i = 0; i < batch.length(); i++) {
                    values[at++] = v.getAtIndex(LittleEndian.LONG, i);
                }
            }
        }
        Arrays.sort(values);
        int k = (int) Math.max(1, Math.round(selectivity * rows));
        int start = (values.length - k) / 2;
        long lo = values[start];
        long hi = values[start + k - 1];
        int first = start;
        while (first > 0 && values[first - 1] == lo) {
            first--;
        }
        int end = start + k;
        while (end < values.length && values[end] == hi) {
            end++;
        }
        return new FilterRange(lo, hi, end - first);
    }

    /** The predicate in Quire's text syntax. */
    String quireFilter() {
        return "i64 between " + lo + " and " + hi;
    }
}
