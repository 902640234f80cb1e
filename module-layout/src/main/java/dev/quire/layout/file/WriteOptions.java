package dev.quire.layout.file;

import dev.quire.errors.InvalidArgumentException;

/**
 * How {@link VortexWriter} lays a file out.
 *
 * @param chunkBytes a column's chunk is cut at the first block boundary where it holds at least this many bytes of
 *     canonical (uncompressed) data
 * @param blockRows chunk lengths are multiples of this many rows (except a column's last chunk)
 * @param lz4Buffers compress every buffer with LZ4 and flag it in the array flatbuffer. Files written so are read by
 *     Quire but <b>not by Vortex 0.76</b>, which ignores the flag; off by default
 */
public record WriteOptions(long chunkBytes, int blockRows, boolean lz4Buffers) {
    public static final long DEFAULT_CHUNK_BYTES = 1L << 20;
    public static final int DEFAULT_BLOCK_ROWS = 8192;

    public WriteOptions {
        if (chunkBytes < 1) {
            throw new InvalidArgumentException("chunkBytes must be positive, got " + chunkBytes);
        }
        if (blockRows < 1) {
            throw new InvalidArgumentException("blockRows must be positive, got " + blockRows);
        }
    }

    public static WriteOptions defaults() {
        return new WriteOptions(DEFAULT_CHUNK_BYTES, DEFAULT_BLOCK_ROWS, false);
    }

    public WriteOptions withChunkBytes(long v) {
        return new WriteOptions(v, blockRows, lz4Buffers);
    }

    public WriteOptions withBlockRows(int v) {
        return new WriteOptions(chunkBytes, v, lz4Buffers);
    }

    public WriteOptions withLz4Buffers(boolean v) {
        return new WriteOptions(chunkBytes, blockRows, v);
    }
}
