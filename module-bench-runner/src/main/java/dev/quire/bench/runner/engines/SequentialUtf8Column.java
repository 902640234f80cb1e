package dev.quire.bench.runner.engines;

import dev.quire.bench.runner.spi.StringBlock;
import dev.quire.bench.runner.spi.StringColumn;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BytesBlocks;
import dev.quire.layout.array.VarBinViewArray;
import java.util.Arrays;
import java.util.Objects;

/**
 * A utf8 {@link StringColumn} over an encoded array that decodes a block at a time ({@link BytesBlocks}, FSST say):
 * reads in row order ({@link #read(int, int, StringBlock)} from row 0, each from where the last one ended, as queries
 * that fold a whole column make them) take their values from the cursor's block, which the block names as its source,
 * so each block of values is decoded into one small array in cache and read there, and the column is never decoded
 * whole. Anything else (a read out of order, {@link #get}, {@link #length}, {@link #byteAt}) is answered by a
 * {@link Utf8Column} over the array's canonical form, decoded when first needed; after a read out of order, every read
 * is. Not thread-safe, like the batch it belongs to.
 */
final class SequentialUtf8Column implements StringColumn {
    private final Array array;
    private final int rows;
    /** The cursor, until a read comes out of order. */
    private BytesBlocks.Cursor cursor;
    /** The cursor's current block: its values are rows {@code [next - at, next - at + count)}. */
    private final BytesBlocks.Block current;
    private int count;
    /** The block's value for row {@link #next}. */
    private int at;
    /** The row the next sequential read starts at. */
    private int next;
    /**
     * Values of a read that spans two or more of the cursor's blocks, copied end to end (the cursor reuses its block
     * for the next one): rare when queries read in blocks of the cursor's size, as the runner's do.
     */
    private byte[] spill = new byte[0];
    private Utf8Column canonical;

    /** Reads {@code array} through {@code cursor}, which must be over its values from row 0, into a block of its own. */
    SequentialUtf8Column(Array array, BytesBlocks.Cursor cursor) {
        this(array, cursor, new BytesBlocks.Block());
    }

    /**
     * Reads {@code array} through {@code cursor} into {@code block}, which becomes this column's: whoever used it
     * before must no longer read what it holds.
     */
    SequentialUtf8Column(Array array, BytesBlocks.Cursor cursor, BytesBlocks.Block block) {
        this.array = array;
        this.rows = Math.toIntExact(array.length());
        this.cursor = Objects.requireNonNull(cursor, "cursor");
        this.current = Objects.requireNonNull(block, "block");
    }

    @Override
    public void read(int from, int n, StringBlock block) {
        block.checkCount(n);
        Objects.checkFromIndexSize(from, n, rows);
        if (cursor == null || from != next) {
            cursor = null;
            canonical().read(from, n, block);
            return;
        }
        if (n == 0) {
            return;
        }
        if (at == count) {
            advance();
        }
        int[] source = block.source();
        int[] start = block.start();
        int[] length = block.length();
        if (count - at >= n) {
            // the whole read in the current block: point into it
            int[] offsets = current.offsets();
            block.source(1, current.bytes());
            for (int i = 0, k = at; i < n; i++, k++) {
                source[i] = 1;
                start[i] = offsets[k];
                length[i] = offsets[k + 1] - offsets[k];
            }
            at += n;
            next += n;
            return;
        }
        int pos = 0;
        int i = 0;
        while (i < n) {
            if (at == count) {
                advance();
            }
            int k = Math.min(n - i, count - at);
            int[] offsets = current.offsets();
            int first = offsets[at];
            int bytes = offsets[at + k] - first;
            if (spill.length < (long) pos + bytes + StringBlock.SLACK) {
                spill = Arrays.copyOf(spill, Math.toIntExact(Math.max((long) pos + bytes + StringBlock.SLACK,
                        Math.min(Integer.MAX_VALUE - 8, 2L * spill.length))));
            }
            System.arraycopy(current.bytes(), first, spill, pos, bytes);
            for (int j = 0; j < k; j++) {
                source[i + j] = 1;
                start[i + j] = pos + offsets[at + j] - first;
                length[i + j] = offsets[at + j + 1] - offsets[at + j];
            }
            pos += bytes;
            at += k;
            i += k;
        }
        block.source(1, spill);
        next += n;
    }

    /** The cursor's next block; the caller knows rows are left. */
    private void advance() {
        count = cursor.next(current);
        at = 0;
        if (count == 0) {
            throw new IllegalStateException("the cursor of a " + rows + "-row " + array.encodingId()
                    + " array ended at row " + next);
        }
    }

    private Utf8Column canonical() {
        if (canonical == null) {
            canonical = new Utf8Column((VarBinViewArray) array.toCanonical());
        }
        return canonical;
    }

    @Override
    public int length(int row) {
        return canonical().length(row);
    }

    @Override
    public byte byteAt(int row, int index) {
        return canonical().byteAt(row, index);
    }

    @Override
    public String get(int row) {
        return canonical().get(row);
    }

    @Override
    public boolean equalsBytes(int row, byte[] utf8) {
        return canonical().equalsBytes(row, utf8);
    }
}
