package dev.quire.bench.runner.engines;

import dev.quire.bench.runner.spi.LongColumn;
import dev.quire.layout.array.LongBlocks;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A {@link LongColumn} over an encoded Quire array that decodes where it is read: {@link #read} calls in row order
 * (as the queries that fold whole columns make them) take the values from the array's {@link LongBlocks} cursor, a
 * block at a time into a small buffer that stays in cache, so the column is never decoded whole into new memory. A
 * read of at least a block that starts where the cursor's block does (every read of an array whose blocks start at
 * its row 0, as run-end arrays' and those of packed arrays not sliced mid-block do) has the cursor write into the
 * reader's array directly, without the copy out of the buffer. Any
 * other access ({@link #get}, a {@link #read} out of order) decodes the whole array once, through {@code decoded},
 * and reads that from then on. Not thread-safe, like the batch it belongs to.
 */
final class BlockLongColumn implements LongColumn {
    private final LongBlocks.Cursor cursor;
    private final int length;
    private final Supplier<LongColumn> decoded;
    private final long[] buffer;
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
        this(cursor, length, decoded, new long[LongBlocks.BLOCK_ROWS]);
    }

    /**
     * As above, buffering blocks in {@code buffer} ({@link LongBlocks#BLOCK_ROWS} values), which becomes this
     * column's: whoever used it before must no longer read it.
     *
     * @throws IllegalArgumentException when {@code buffer} is shorter than a block
     */
    BlockLongColumn(LongBlocks.Cursor cursor, int length, Supplier<LongColumn> decoded, long[] buffer) {
        if (buffer.length < LongBlocks.BLOCK_ROWS) {
            throw new IllegalArgumentException("a buffer of " + buffer.length + " values is shorter than a block");
        }
        this.cursor = cursor;
        this.length = length;
        this.decoded = decoded;
        this.buffer = buffer;
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
        if (used == buffered && n >= LongBlocks.BLOCK_ROWS) {
            // The cursor's block goes straight to the reader's array, not through the buffer: out[0, BLOCK_ROWS) is
            // all the reader's to overwrite, which is the room the cursor may write. A full block is the whole of a
            // block-sized read; a shorter one (the rows to the next block of an array sliced mid-block) is topped up
            // from the buffer below, and reads stay buffered from then on.
            done = cursor.next(out);
            if (done <= 0) {
                throw new IllegalStateException("the cursor ended at row " + from + " of " + length);
            }
        }
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
