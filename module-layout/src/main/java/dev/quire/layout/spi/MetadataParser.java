package dev.quire.layout.spi;

import java.nio.ByteBuffer;

/**
 * Turns a layout node's metadata bytes into what its vtable reads from them (a zone length and statistics, say), for
 * {@link Layout#metadata(MetadataParser)}, which parses the metadata of every node of a file with the same bytes once.
 * The parser instance is the key under which results are shared, so keep one per kind of metadata (a constant), and
 * return immutable results. Because one result serves every node with the same bytes, a parser checks only the bytes;
 * checks of the bytes against the node (its child count, its rows) belong in {@link LayoutVTable#validate}, which runs
 * for every node.
 *
 * @param <T> what the metadata says
 */
@FunctionalInterface
public interface MetadataParser<T> {

    /**
     * Parses {@code metadata} (a read-only buffer positioned at the first byte) of {@code layout}; fails with
     * {@link Layout#malformed(String)} when the bytes are not what the layout expects. Must not return null.
     */
    T parse(Layout layout, ByteBuffer metadata);
}
