package dev.quire.layout.spi;

import dev.quire.errors.InvalidArgumentException;
import java.util.List;
import java.util.Objects;

/**
 * A layout node that a {@link ChunkEncoder} has written: its layout id, row count, metadata, children and segment ids,
 * as they will go into the file's layout flatbuffer. A node whose id no {@link LayoutVTable} on the reader's path
 * provides cannot be read back, so strategies write ids their own module provides, or the core's.
 */
public record WrittenLayout(String id, long rowCount, byte[] metadata, List<WrittenLayout> children,
        List<Integer> segments) {
    public static final String FLAT = "vortex.flat";
    public static final String CHUNKED = "vortex.chunked";

    public WrittenLayout {
        Objects.requireNonNull(id, "id is null");
        if (rowCount < 0) {
            throw new InvalidArgumentException("negative row count " + rowCount + " for layout " + id);
        }
        metadata = metadata == null ? new byte[0] : metadata.clone();
        children = List.copyOf(children);
        segments = List.copyOf(segments);
    }

    @Override
    public byte[] metadata() {
        return metadata.clone();
    }

    /** {@code vortex.flat}: {@code rows} rows in one segment. */
    public static WrittenLayout flat(long rows, int segment) {
        return new WrittenLayout(FLAT, rows, null, List.of(), List.of(segment));
    }

    /** {@code vortex.chunked} of {@code chunks}, end to end. */
    public static WrittenLayout chunked(List<WrittenLayout> chunks) {
        long rows = 0;
        for (WrittenLayout c : chunks) {
            rows += c.rowCount();
        }
        return new WrittenLayout(CHUNKED, rows, null, chunks, List.of());
    }

    /** The single chunk itself, or a chunked layout of several (of none, for a column of no rows). */
    public static WrittenLayout chunkedOrSingle(List<WrittenLayout> chunks) {
        return chunks.size() == 1 ? chunks.getFirst() : chunked(chunks);
    }
}
