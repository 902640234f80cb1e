package dev.quire.layout.spi;

import dev.quire.layout.array.Array;
import java.util.List;
import java.util.Optional;

/**
 * The plugins of the context a file is read or written in, as the plugins themselves may ask for them: a column
 * strategy for the compressor it must beat, a compressor for the encoded size of what it builds. Implemented by
 * {@code dev.quire.layout.QuireContext}, and handed to plugins as an explicit parameter wherever they need it, so a
 * third party's plugin can ask everything a built-in can. Immutable and thread-safe.
 */
public interface Plugins {

    /** The array encoding with this wire id, if the context has one. */
    Optional<ArrayEncoding> findArrayEncoding(String id);

    /**
     * The array encoding with this wire id.
     *
     * @throws dev.quire.errors.UnknownEncodingException naming the id, the ids available and, for Quire's own
     *     encodings, the module that provides it
     */
    ArrayEncoding arrayEncoding(String id);

    /** The layout with this wire id, if the context has one. */
    Optional<LayoutVTable> findLayout(String id);

    /**
     * The layout with this wire id.
     *
     * @throws dev.quire.errors.UnknownEncodingException naming the id, the ids available and, for Quire's own
     *     layouts, the module that provides it
     */
    LayoutVTable layout(String id);

    /** Every array encoding id, sorted. */
    List<String> arrayEncodingIds();

    /** Every layout id, sorted. */
    List<String> layoutIds();

    /** The compressors, highest priority first (then by id). */
    List<ArrayCompressor> compressors();

    /** The compressor a writer uses when compression is on: the one with the highest priority, if any. */
    default Optional<ArrayCompressor> compressor() {
        List<ArrayCompressor> all = compressors();
        return all.isEmpty() ? Optional.empty() : Optional.of(all.getFirst());
    }

    /** The column strategies, highest priority first (then by id). */
    List<ColumnStrategy> columnStrategies();

    /**
     * {@code array} serialized node by node through these encodings, as the writer would serialize it (buffers,
     * metadata, children; no padding): what a compressor measures candidates with.
     *
     * @throws dev.quire.errors.UnknownEncodingException when a node's encoding is not in the context
     * @throws dev.quire.errors.InvalidArgumentException when a node's encoding cannot be written
     */
    EncodedArray encode(Array array);
}
