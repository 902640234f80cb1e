package dev.quire.bench.runner.engines;

import dev.quire.layout.array.BytesBlocks;
import dev.quire.layout.array.LongBlocks;

/**
 * What the columns of one scan thread's batches reuse from batch to batch, per position in the batch: the block a
 * string column's cursor decodes into and the buffer a long column's cursor fills. The runner's queries read a
 * batch's columns while the sink has the batch, so the next batch on the same thread may take them over; a new block
 * for every batch (its array grows to a block's worth of values, some tens of KiB) cost about 14 MiB of allocation a
 * scan of TPC-H's l_comment. Not thread-safe: one per sink thread.
 */
final class ColumnBuffers {
    private final BytesBlocks.Block[] blocks;
    private final long[][] longs;

    /** Buffers for batches of {@code columns} fields. */
    ColumnBuffers(int columns) {
        this.blocks = new BytesBlocks.Block[columns];
        this.longs = new long[columns][];
    }

    /** The block of the field at {@code index}, the one the same field of the thread's last batch used. */
    BytesBlocks.Block block(int index) {
        BytesBlocks.Block b = blocks[index];
        if (b == null) {
            b = new BytesBlocks.Block();
            blocks[index] = b;
        }
        return b;
    }

    /** A buffer of {@link LongBlocks#BLOCK_ROWS} values for the field at {@code index}, reused like {@link #block}. */
    long[] longs(int index) {
        long[] b = longs[index];
        if (b == null) {
            b = new long[LongBlocks.BLOCK_ROWS];
            longs[index] = b;
        }
        return b;
    }
}
