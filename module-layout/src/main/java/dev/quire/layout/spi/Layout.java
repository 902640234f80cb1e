package dev.quire.layout.spi;

import dev.quire.errors.MalformedFileException;
import dev.quire.layout.dtype.DType;
import dev.quire.splits.RowOffsets;
import dev.quire.splits.RowSplits;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
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

    /**
     * Where each child starts, in this node's rows, from the footer without building a child: what a reader of many
     * children extends split boundaries with ({@link RowSplits#addAll(long, RowOffsets, int, int)}) and finds the
     * child of a row in. Read once per node, and one instance is shared by the nodes of a file whose children line
     * up. The sums are not checked here: a layout whose children must add up to its rows checks
     * {@link RowOffsets#isAscending()} and {@link RowOffsets#total()} in {@link LayoutVTable#validate}.
     */
    RowOffsets childOffsets();

    /** The layout id of child {@code index}, from the footer, without building the child. */
    String childEncodingId(int index);

    /**
     * Whether child {@code index} registers no interior splits, decided from its layout id in the footer without
     * building it.
     */
    boolean childHasNoInteriorSplits(int index);

    /**
     * Whether some child registers interior splits: false when {@link #childHasNoInteriorSplits(int)} holds for every
     * child, so that a reader of many children can take all their ends from {@link #childOffsets()} and ask no child.
     * Decided from the footer without building a child, and answered once per node.
     */
    default boolean anyChildHasInteriorSplits() {
        for (int i = 0; i < childCount(); i++) {
            if (!childHasNoInteriorSplits(i)) {
                return true;
            }
        }
        return false;
    }

    /**
     * What {@code parser} makes of this node's {@link #metadata()}, parsed once for all the nodes of the file whose
     * metadata has the same bytes (the columns of a file mostly carry identical metadata). A parse that fails is not
     * kept, so each node reports its own error.
     */
    <T> T metadata(MetadataParser<T> parser);

    int segmentCount();

    /** The segment id of this node's segment {@code index}; checked against the footer. */
    int segmentId(int index);

    /** The file's segments, read directly: the source for reads outside a scan's batches. */
    SegmentSource segments();

    /**
     * Opens a batch of segment reads of this node's file: reads made through it until it closes are issued together
     * when it does (so the I/O provider can merge neighbours), and their futures complete on {@code completeOn}, so the
     * decoding chained to them runs there. Scans open one while they set up a group of tasks.
     */
    SegmentBatch batchSegments(Executor completeOn);

    /** Decodes a serialized array (a flat layout's segment) into an array of {@code dtype} and {@code length}. */
    dev.quire.layout.array.Array decodeArray(MemorySegment segment, int segmentId, ByteBuffer inlineArrayTree,
            DType dtype, long length);

    /** The path of this node from the root, for messages ({@code root.price.chunk[2]}). */
    String path();

    /** An exception reporting that this node is malformed, with its path. */
    MalformedFileException malformed(String message);
}
