package dev.quire.layout.scan;

import java.util.Arrays;

/**
 * The row ranges of a scan's batches, produced one at a time: the natural boundaries of the projected columns inside
 * {@code [from, end)}, with spans longer than the batch size cut into batch-size pieces. Lazy because a file may
 * claim far more rows than there could ever be batches in memory (an all-null column of 2^63 - 1 rows is valid).
 */
final class BatchPlan {
    private final long[] natural;
    private final long end;
    private final long batchRows;
    private int index;
    private long pos;

    BatchPlan(long[] natural, long from, long end, long batchRows) {
        this.natural = natural;
        this.end = end;
        this.batchRows = batchRows;
        int i = Arrays.binarySearch(natural, from);
        this.index = i < 0 ? -i - 1 : i + 1;
        this.pos = from;
    }

    /** Moves the start of the next batch forward to {@code row} (rows before it are skipped). */
    void skipTo(long row) {
        if (row > pos) {
            pos = Math.min(row, end);
        }
    }

    /** The end of the planned rows. */
    long end() {
        return end;
    }

    /** Whether another batch follows. */
    boolean hasNext() {
        return pos < end;
    }

    /** Where the next batch starts (the previous one's end). */
    long start() {
        return pos;
    }

    /** The end of the next batch; it starts at {@link #start()}. */
    long next() {
        while (index < natural.length && natural[index] <= pos) {
            index++;
        }
        long stop = index < natural.length && natural[index] < end ? natural[index] : end;
        pos = stop - pos > batchRows ? pos + batchRows : stop;
        return pos;
    }

    /** How many batches remain, or {@link Long#MAX_VALUE} if more than that. */
    long remaining() {
        long count = 0;
        long at = pos;
        int i = index;
        while (at < end) {
            while (i < natural.length && natural[i] <= at) {
                i++;
            }
            long stop = i < natural.length && natural[i] < end ? natural[i] : end;
            long span = stop - at;
            long batches = span / batchRows + (span % batchRows == 0 ? 0 : 1);
            if (count > Long.MAX_VALUE - batches) {
                return Long.MAX_VALUE;
            }
            count += batches;
            at = stop;
        }
        return count;
    }
}
