package dev.quire.encodings.internal;

import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.PType;

/**
 * What the integer schemes ask of an array before they try it, and what the integer encoders build from: the values
 * widened ({@link Ints#widen}), which are valid, the range of the valid values and the number of runs. The compressor
 * computes them once per array and compression, since it asks every scheme about the same array in turn. Here, below
 * both the encoders and the compressor, so the encoders need nothing from the compressor.
 */
public final class IntegerStats {
    private final PrimitiveArray array;
    private final long[] values;
    private final boolean[] valid;
    private final int validCount;
    private final long min;
    private final long max;
    private final int runs;

    private IntegerStats(PrimitiveArray array) {
        this.array = array;
        this.values = Ints.widen(array);
        int n = values.length;
        boolean[] v = null;
        int count = n;
        if (array.nullCount() > 0) {
            v = new boolean[n];
            count = 0;
            for (int i = 0; i < n; i++) {
                v[i] = array.isValid(i);
                if (v[i]) {
                    count++;
                }
            }
        }
        this.valid = v;
        this.validCount = count;
        boolean unsigned64 = array.ptype() == PType.U64;
        if (v == null && !unsigned64 && n > 0) {
            // Every value valid and signed order: one tight pass.
            long lo = values[0];
            long hi = lo;
            int r = 1;
            for (int i = 1; i < n; i++) {
                long x = values[i];
                r += x != values[i - 1] ? 1 : 0;
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
            this.min = lo;
            this.max = hi;
            this.runs = r;
            return;
        }
        long lo = 0;
        long hi = 0;
        boolean first = true;
        int r = 0;
        for (int i = 0; i < n; i++) {
            boolean ok = v == null || v[i];
            if (i == 0 || ok != (v == null || v[i - 1]) || (ok && values[i] != values[i - 1])) {
                r++;
            }
            if (!ok) {
                continue;
            }
            long x = values[i];
            if (first) {
                lo = x;
                hi = x;
                first = false;
            } else if (unsigned64) {
                lo = Long.compareUnsigned(x, lo) < 0 ? x : lo;
                hi = Long.compareUnsigned(x, hi) > 0 ? x : hi;
            } else {
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
        }
        this.min = lo;
        this.max = hi;
        this.runs = r;
    }

    /** The statistics of {@code array}, an integer array, computed now. */
    public static IntegerStats of(PrimitiveArray array) {
        return new IntegerStats(array);
    }

    public PrimitiveArray array() {
        return array;
    }

    public PType ptype() {
        return array.ptype();
    }

    public int length() {
        return values.length;
    }

    /** The values, widened (shared: do not modify). Null slots hold arbitrary bits. */
    public long[] values() {
        return values;
    }

    public boolean isValid(int i) {
        return valid == null || valid[i];
    }

    /** Whether any value is null. */
    public boolean hasNulls() {
        return validCount < values.length;
    }

    public int validCount() {
        return validCount;
    }

    /** The smallest valid value (0 when none is valid); unsigned order for {@code u64}. */
    public long min() {
        return min;
    }

    /** The largest valid value (0 when none is valid); unsigned order for {@code u64}. */
    public long max() {
        return max;
    }

    /** Whether some valid value is negative (only signed types have any). */
    public boolean hasNegatives() {
        return ptype().isSigned() && min < 0;
    }

    /** The number of runs of equal values (a run of nulls counts as one). */
    public int runs() {
        return runs;
    }

    /** The mean run length. */
    public double averageRunLength() {
        return runs == 0 ? 0 : (double) values.length / runs;
    }
}
