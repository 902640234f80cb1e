package dev.quire.layout.spi;

import dev.quire.errors.MalformedFileException;
import dev.quire.layout.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * One node of a file's layout tree, read lazily from the footer: children are built only when asked for, and
 * what a parent needs to know about a child (its row count, its layout id) is answered from the footer alone.
 */
public interface Layout {

    LayoutVTable vtable();

    /** The layout id, such as {@code vortex.chunked}. */
    default String encodingId() {
        return vtable().id();
    }

    DType dtype();

    long rowCount();

    /** The layout's metadata bytes (empty when absent), read-only. */
    ByteBuffer metadata();

    int childCount();

    /** Child {@code index}, built on first use and cached. */
    Layout child(int index);

    /** The row count of child {@code index}, from the footer, without building the child. */
    long childRowCount(int index);

    /** The layout id of child {@code index}, from the footer, without building the child. */
    String childEncodingId(int index);

    /**
     * Whether child {@code index} registers no interior splits, decided from its layout id in the footer without
     * building it.
     */
    boolean childHasNoInteriorSplits(int index);

    /**
     * Whether some child registers interior splits: false when {@link #childHasNoInteriorSplits(int)} holds for every
     * child, so that a reader of many children can take all their ends from what it knows and ask no child. Decided
     * from the footer without building a child, and answered once per node.
     */
    default boolean anyChildHasInteriorSplits() {
        for (int i = 0; i < childCount(); i++) {
            if (!childHasNoInteriorSplits(i)) {
                return true;
            }
        }
        return false;
    }

    int segmentCount();

    /** The segment id of this node's segment {@code index}. */
    int segmentId(int index);

    /** Reads a segment of the file. */
    CompletableFuture<MemorySegment> readSegment(int segmentId);

    /**
     * Opens a batch of segment reads on the current thread: reads of this file requested until the batch is closed
     * are issued together when it closes (so the I/O provider can merge neighbours), and their futures complete on
     * {@code completeOn}. Scans open one while they set up tasks. Batches do not nest; never wait for a read inside
     * one.
     */
    ReadBatch batchReads(Executor completeOn);

    /** A batch of reads opened by {@link #batchReads}; closing it issues them. */
    interface ReadBatch extends AutoCloseable {
        @Override
        void close();
    }

    /** Decodes a serialized array (a flat layout's segment) into an array of {@code dtype} and {@code length}. */
    dev.quire.layout.array.Array decodeArray(MemorySegment segment, int segmentId, ByteBuffer inlineArrayTree,
            DType dtype, long length);

    /** The path of this node from the root, for messages ({@code root.price.chunk[2]}). */
    String path();

    /** An exception reporting that this node is malformed, with its path. */
    MalformedFileException malformed(String message);
}
