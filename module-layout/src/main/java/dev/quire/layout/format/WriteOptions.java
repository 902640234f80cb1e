package dev.quire.layout.format;

import dev.quire.errors.InvalidArgumentException;
import java.util.Objects;

/**
 * How {@link VortexWriter} lays a file out.
 *
 * @param chunkBytes a column's chunk is cut at the first block boundary where it holds at least this many bytes of
 *     canonical (uncompressed) data
 * @param blockRows chunk lengths are multiples of this many rows (except a column's last chunk)
 * @param lz4Buffers compress every buffer with LZ4 and flag it in the array flatbuffer. Files written so are read by
 *     Quire but <b>not by Vortex 0.76</b>, which ignores the flag; off by default
 * @param zoneRows the rows per zone of the zone maps: each column (each leaf field of a nested struct) becomes a
 *     {@code vortex.zoned} layout whose statistics table has one row per zone, with the statistics Vortex 0.76 keeps
 *     (min, max, sum, NaN and null counts; bounded min and max for strings and bytes). Readers, Quire's and Vortex's,
 *     skip zones whose statistics rule a filter out
 * @param zoneMaps whether to write zone maps at all; on by default
 * @param dictionary what a dictionary write strategy may do, when one is on the module or class path
 *     ({@link dev.quire.layout.spi.ColumnStrategy}); on by default with a 2 MiB and 65,535-value cap
 * @param compression whether every array written in a flat layout goes through the
 *     {@link dev.quire.layout.spi.ArrayCompressor} on the module or class path (if any) first; on by default
 * @param threads how many threads write the top-level columns in parallel (each column's chunks are encoded and
 *     compressed on one of them); 1 writes everything on the caller's thread. The file's bytes do not depend on it.
 *     By default the number of processors, at most {@value #MAX_DEFAULT_THREADS}
 */
public record WriteOptions(long chunkBytes, int blockRows, boolean lz4Buffers, int zoneRows, boolean zoneMaps,
        DictionaryOptions dictionary, boolean compression, int threads) {
    public static final long DEFAULT_CHUNK_BYTES = 1L << 20;
    public static final int DEFAULT_BLOCK_ROWS = 8192;
    public static final int DEFAULT_ZONE_ROWS = 8192;
    /** The most threads {@link #defaults()} asks for, however many processors there are. */
    public static final int MAX_DEFAULT_THREADS = 8;

    public WriteOptions {
        if (chunkBytes < 1) {
            throw new InvalidArgumentException("chunkBytes must be positive, got " + chunkBytes);
        }
        if (blockRows < 1) {
            throw new InvalidArgumentException("blockRows must be positive, got " + blockRows);
        }
        if (zoneRows < 1) {
            throw new InvalidArgumentException("zoneRows must be positive, got " + zoneRows);
        }
        Objects.requireNonNull(dictionary, "dictionary is null");
        if (threads < 1) {
            throw new InvalidArgumentException("threads must be at least 1, got " + threads);
        }
    }

    /** Options with the default number of threads ({@link #defaultThreads()}). */
    public WriteOptions(long chunkBytes, int blockRows, boolean lz4Buffers, int zoneRows, boolean zoneMaps,
            DictionaryOptions dictionary, boolean compression) {
        this(chunkBytes, blockRows, lz4Buffers, zoneRows, zoneMaps, dictionary, compression, defaultThreads());
    }

    /** The number of processors available to the JVM, at most {@value #MAX_DEFAULT_THREADS}. */
    public static int defaultThreads() {
        return Math.min(MAX_DEFAULT_THREADS, Runtime.getRuntime().availableProcessors());
    }

    /** Options with compression on. */
    public WriteOptions(long chunkBytes, int blockRows, boolean lz4Buffers, int zoneRows, boolean zoneMaps,
            DictionaryOptions dictionary) {
        this(chunkBytes, blockRows, lz4Buffers, zoneRows, zoneMaps, dictionary, true);
    }

    /** Options with the default dictionary options. */
    public WriteOptions(long chunkBytes, int blockRows, boolean lz4Buffers, int zoneRows, boolean zoneMaps) {
        this(chunkBytes, blockRows, lz4Buffers, zoneRows, zoneMaps, DictionaryOptions.defaults());
    }

    /** Options with zone maps of the default size. */
    public WriteOptions(long chunkBytes, int blockRows, boolean lz4Buffers) {
        this(chunkBytes, blockRows, lz4Buffers, DEFAULT_ZONE_ROWS, true);
    }

    public static WriteOptions defaults() {
        return new WriteOptions(DEFAULT_CHUNK_BYTES, DEFAULT_BLOCK_ROWS, false, DEFAULT_ZONE_ROWS, true,
                DictionaryOptions.defaults(), true, defaultThreads());
    }

    public WriteOptions withChunkBytes(long v) {
        return new WriteOptions(v, blockRows, lz4Buffers, zoneRows, zoneMaps, dictionary, compression, threads);
    }

    public WriteOptions withBlockRows(int v) {
        return new WriteOptions(chunkBytes, v, lz4Buffers, zoneRows, zoneMaps, dictionary, compression, threads);
    }

    public WriteOptions withLz4Buffers(boolean v) {
        return new WriteOptions(chunkBytes, blockRows, v, zoneRows, zoneMaps, dictionary, compression, threads);
    }

    public WriteOptions withZoneRows(int v) {
        return new WriteOptions(chunkBytes, blockRows, lz4Buffers, v, zoneMaps, dictionary, compression, threads);
    }

    public WriteOptions withZoneMaps(boolean v) {
        return new WriteOptions(chunkBytes, blockRows, lz4Buffers, zoneRows, v, dictionary, compression, threads);
    }

    public WriteOptions withDictionary(DictionaryOptions v) {
        return new WriteOptions(chunkBytes, blockRows, lz4Buffers, zoneRows, zoneMaps, v, compression, threads);
    }

    /** Whether arrays go through the {@link dev.quire.layout.spi.ArrayCompressor} (when one is present). */
    public WriteOptions withCompression(boolean v) {
        return new WriteOptions(chunkBytes, blockRows, lz4Buffers, zoneRows, zoneMaps, dictionary, v, threads);
    }

    /** How many threads write the top-level columns in parallel; 1 for the caller's thread only. */
    public WriteOptions withThreads(int v) {
        return new WriteOptions(chunkBytes, blockRows, lz4Buffers, zoneRows, zoneMaps, dictionary, compression, v);
    }

    /** Whether a dictionary strategy may encode columns (when one is present). */
    public WriteOptions withDictionary(boolean enabled) {
        return withDictionary(dictionary.withEnabled(enabled));
    }

    /** The most bytes of distinct values one dictionary may hold. */
    public WriteOptions withDictionaryMaxBytes(long v) {
        return withDictionary(dictionary.withMaxBytes(v));
    }

    /** The most distinct values one dictionary may hold. */
    public WriteOptions withDictionaryMaxEntries(int v) {
        return withDictionary(dictionary.withMaxEntries(v));
    }
}
