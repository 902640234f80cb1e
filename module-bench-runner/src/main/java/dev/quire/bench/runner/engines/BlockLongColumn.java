package dev.quire.bench.runner.engines;

import dev.quire.bench.runner.spi.LongColumn;
import dev.quire.layout.array.LongBlocks;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A {@link LongColumn} over an encoded Quire array that decodes where it is read: {@link #read} calls in row order
 * (as the queries that fold whole columns make them) take the values from the array's {@link LongBlocks} cursor, a
 * block at a time into a small buffer that stays in cache, so the column is never decoded whole into new memory. Any
 * other access ({@link #get}, a {@link #read} out of order) decodes the whole array once, through {@code decoded},
 * and reads that from then on. Not thread-safe, like the batch it belongs to.
 */
final class BlockLongColumn implements LongColumn {
    private final LongBlocks.Cursor cursor;
    private final int length;
    private final Supplier<LongColumn> decoded;
    private final long[] buffer = new long[LongBlocks.BLOCK_ROWS];
    /** Rows the cursor has written to {@link #buffer}, and how many of them were read. */
    private int buffered;
    private int used;
    /** The row the next in-order {@link #read} starts at: every row before it came through the cursor. */
    private int position;
    private LongColumn whole;

    /**
     * @param cursor the array's values from row 0
     * @param length the array's rows
     * @param decoded the same values decoded whole, for reads the cursor cannot serve
     */
    BlockLongColumn(LongBlocks.Cursor cursor, int length, Supplier<LongColumn> decoded) {
        this.cursor = cursor;
        this.length = length;
        this.decoded = decoded;
    }

    @Override
    public long get(int row) {
        return whole().get(row);
    }

    @Override
    public void read(int from, long[] out, int n) {
        Objects.checkFromIndexSize(from, n, length);
        Objects.checkFromIndexSize(0, n, out.length);
        if (whole != null || from != position) {
            whole().read(from, out, n);
            return;
        }
        int done = 0;
        while (done < n) {
            if (used == buffered) {
                buffered = cursor.next(buffer);
                used = 0;
                if (buffered <= 0) {
                    throw new IllegalStateException("the cursor ended at row " + (from + done) + " of " + length);
                }
            }
            int k = Math.min(n - done, buffered - used);
            System.arraycopy(buffer, used, out, done, k);
            used += k;
            done += k;
        }
        position += n;
    }

    private LongColumn whole() {
        if (whole == null) {
            whole = decoded.get();
        }
        return whole;
    }
}
