package dev.quire.layout.spi;

import dev.quire.layout.dtype.DType;
import java.util.Map;

/**
 * The behaviour of one layout id ({@code vortex.flat}, {@code vortex.chunked}, ...), found through
 * {@link java.util.ServiceLoader}. A layout node in a file names its vtable by id; the vtable checks the node,
 * says what dtype each child has, and creates readers.
 *
 * <p>To add a layout, implement this interface and declare {@code provides dev.quire.layout.spi.LayoutVTable with
 * ...} in your {@code module-info.java} (and a service file for class-path users).
 */
public interface LayoutVTable {

    /** The wire id written in the footer's layout specs. */
    String id();

    /**
     * Whether readers of this layout report split boundaries inside their rows. When false, a parent can take this
     * child's row range as one split without building it. True by default; flat layouts say false.
     */
    default boolean registersInteriorSplits() {
        return true;
    }

    /**
     * Checks what the footer says about a node of this layout (child and segment counts, metadata, row counts)
     * before anything is read; fails with {@link Layout#malformed(String)}.
     */
    void validate(Layout layout);

    /** The dtype of child {@code index} of a node of this layout. */
    DType childDType(Layout layout, int index);

    /** A short name for child {@code index}, used in paths in messages ({@code chunk[3]}, a field name). */
    default String childName(Layout layout, int index) {
        return "child[" + index + "]";
    }

    /**
     * What a node's metadata says, for tools such as {@code quire inspect}: short snake_case keys and readable
     * values in a stable order (zone length and statistics of a zoned layout, say). Empty by default.
     */
    default Map<String, String> describe(Layout layout) {
        return Map.of();
    }

    /** A reader for a node of this layout. Readers are thread-safe and may be kept for the life of the file. */
    LayoutReader reader(Layout layout);
}
