package dev.quire.layout.format;

import dev.quire.errors.InvalidArgumentException;

/**
 * Bounds a reader enforces on what a file claims, before allocating for it. The defaults admit every file the
 * reference writer produces and keep a hostile file from exhausting memory or time.
 *
 * @param maxDepth deepest nesting of layouts, dtypes and array nodes
 * @param maxLayoutTables flatbuffer tables a layout tree may have
 * @param maxArrayNodes array nodes one serialized array may have
 * @param maxFooterBytes largest dtype, layout or footer flatbuffer
 * @param maxMetadataBytes largest metadata of one layout or array node
 * @param maxSegments entries in the footer's segment list
 */
public record ReadLimits(int maxDepth, int maxLayoutTables, int maxArrayNodes, long maxFooterBytes,
        long maxMetadataBytes, long maxSegments) {
    public static final int DEFAULT_MAX_DEPTH = 64;
    public static final int DEFAULT_MAX_LAYOUT_TABLES = 1_000_000;
    public static final int DEFAULT_MAX_ARRAY_NODES = 100_000;
    public static final long DEFAULT_MAX_FOOTER_BYTES = 256L << 20;
    public static final long DEFAULT_MAX_METADATA_BYTES = 16L << 20;
    public static final long DEFAULT_MAX_SEGMENTS = 50_000_000L;

    public ReadLimits {
        if (maxDepth < 1 || maxLayoutTables < 1 || maxArrayNodes < 1 || maxFooterBytes < 1 || maxMetadataBytes < 0
                || maxSegments < 0) {
            throw new InvalidArgumentException("read limits must be positive");
        }
    }

    public static ReadLimits defaults() {
        return new ReadLimits(DEFAULT_MAX_DEPTH, DEFAULT_MAX_LAYOUT_TABLES, DEFAULT_MAX_ARRAY_NODES,
                DEFAULT_MAX_FOOTER_BYTES, DEFAULT_MAX_METADATA_BYTES, DEFAULT_MAX_SEGMENTS);
    }

    public ReadLimits withMaxDepth(int v) {
        return new ReadLimits(v, maxLayoutTables, maxArrayNodes, maxFooterBytes, maxMetadataBytes, maxSegments);
    }

    public ReadLimits withMaxFooterBytes(long v) {
        return new ReadLimits(maxDepth, maxLayoutTables, maxArrayNodes, v, maxMetadataBytes, maxSegments);
    }
}
