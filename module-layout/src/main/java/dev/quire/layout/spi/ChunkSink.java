package dev.quire.layout.spi;

import dev.quire.layout.array.Array;

/** Where a {@link ChunkEncoder} writes: each call adds one segment to the file. */
public interface ChunkSink {

    /**
     * Serializes {@code array} (each node with the {@link ArrayEncoding} its {@link Array#encodingId()} names) into a
     * new segment and returns the segment's id, for a {@link WrittenLayout#flat flat} layout. The writer may
     * serialize the array after this returns (arrays are immutable): an encoder must not change the memory of an
     * array it handed over.
     */
    int writeArray(Array array);
}
