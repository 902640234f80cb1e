package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import java.util.Objects;
import java.util.Optional;

/**
 * Reading a utf8 or binary column's values as bytes, a block at a time, into the reader's own small buffers: each
 * block is decoded while it is in cache and used there, instead of the whole array decoded into new memory first (its
 * data buffer and 16-byte views) and read back. The string counterpart of {@link LongBlocks}. {@link #cursor(Array)}
 * reads any array of utf8 or binary values, or extensions over them; an encoded array that can decode block by block
 * (FSST, say) offers its own cursor by implementing this interface, and any other array is read from its canonical
 * form, a {@link VarBinViewArray}, by copying its values.
 *
 * <p>The bytes are the values' bytes as the canonical array holds them. A null row's bytes are unspecified, but it
 * still has a length (whatever the encoding holds for it, often 0), and its bytes lie within the block like any
 * value's: read {@link Array#isValid} or the array's validity for nulls.
 *
 * <p>A scan hands out encoded batches with {@code Scan.canonical(false)}; their columns are what this reads best.
 */
public interface BytesBlocks {
    /** The most rows {@link Cursor#next} puts in a block at once. */
    int BLOCK_ROWS = 1024;

    /**
     * A cursor over this array's values from row 0, or empty when the array would rather be decoded whole (it already
     * was, say); {@link #cursor(Array)} then reads the canonical form.
     */
    Optional<Cursor> bytesBlocks();

    /** Reads an array's values in order, a block (or the part of one the array holds) per call. Not thread-safe. */
    interface Cursor {
        /**
         * Puts the values of the next rows, at most {@link #BLOCK_ROWS} of them, in {@code block} (replacing what it
         * held) and returns how many; 0 once every row has been read (the block is then left as it was). A cursor may
         * return fewer rows than are left, never none until the end.
         *
         * @throws dev.quire.errors.MalformedFileException when the encoded data is corrupt (an encoded array read from
         *     a file may find that only when it decodes)
         * @throws InvalidArgumentException when one value is too large for a block's array
         */
        int next(Block block);
    }

    /**
     * A block of values as a {@link Cursor} leaves them: the values' bytes end to end in {@link #bytes()}, cut by
     * {@link #offsets()}. Value {@code i} of a block of {@code n} ({@code 0 <= i < n}) is bytes
     * {@code [offsets()[i], offsets()[i + 1])} of {@code bytes()}, with {@code offsets()[0] == 0}; so its length is
     * the difference of two neighbours, and the values need one array of offsets, not a start and a length each, and
     * are laid out as Arrow lays out utf8. Past the last value's end, {@code offsets()[n]}, the array has at least
     * {@link #SLACK} more bytes, of unspecified contents, so that a reader may read whole 8-byte (or 16-byte) words
     * from any value's start, and a cursor may write whole words when it decodes.
     *
     * <p>The caller owns a block and reuses it from cursor to cursor (it is not tied to one); a cursor fills it.
     * {@code bytes()} may be a new array after a call to {@link Cursor#next} (when the block grew); the arrays are
     * not copied when they are handed out. Not thread-safe.
     */
    final class Block {
        /** Bytes of room, of unspecified contents, that {@link #bytes()} has past the last value's end. */
        public static final int SLACK = 16;
        /** The most bytes a block's values may take, so that they and the {@link #SLACK} fit one Java array. */
        public static final int MAX_BYTES = Integer.MAX_VALUE - 8 - SLACK;

        private byte[] bytes = new byte[SLACK];
        private final int[] offsets = new int[BLOCK_ROWS + 1];

        /** An empty block; its array grows to what the values need. */
        public Block() {}

        /** The values' bytes, end to end from index 0, followed by at least {@link #SLACK} bytes of room. */
        public byte[] bytes() {
            return bytes;
        }

        /**
         * Where each value starts, and after the last one where it ends: {@link #BLOCK_ROWS}{@code + 1} entries, of
         * which the first {@code n + 1} belong to a block of {@code n} values.
         */
        public int[] offsets() {
            return offsets;
        }

        /**
         * For cursors: the block's array, with room for at least {@code size + }{@link #SLACK} bytes; its contents
         * are not kept when it grows. The cursor then writes the values' bytes and the offsets.
         *
         * @throws InvalidArgumentException when {@code size} is negative or above {@link #MAX_BYTES}
         */
        public byte[] reserve(long size) {
            if (size < 0 || size > MAX_BYTES) {
                throw new InvalidArgumentException("a block of " + size + " bytes of values does not fit one array");
            }
            int need = (int) size + SLACK;
            if (bytes.length < need) {
                bytes = new byte[(int) Math.max(need, Math.min(MAX_BYTES + SLACK, 2L * bytes.length))];
            }
            return bytes;
        }
    }

    /**
     * A cursor over {@code array}'s values from row 0: the array's own when it offers one, else one over its canonical
     * form.
     *
     * @throws InvalidArgumentException when the array's values are not utf8 or binary, or extensions over those
     */
    static Cursor cursor(Array array) {
        Objects.requireNonNull(array, "array");
        DType dtype = array.dtype();
        DType storage = dtype;
        while (storage instanceof DType.Extension e) {
            storage = e.storage();
        }
        if (!(storage instanceof DType.Utf8) && !(storage instanceof DType.Binary)) {
            throw new InvalidArgumentException("a " + dtype + " array has no utf8 or binary values to read as bytes");
        }
        if (array instanceof BytesBlocks blocks) {
            Optional<Cursor> own = blocks.bytesBlocks();
            if (own.isPresent()) {
                return own.get();
            }
        }
        Array canonical = array.toCanonical();
        return switch (canonical) {
            case ExtensionArray e -> cursor(e.storage());
            case VarBinViewArray v -> new ViewBytesCursor(v);
            default -> throw new InvalidArgumentException("a " + dtype + " array decoded to "
                    + canonical.encodingId() + ", which has no utf8 or binary values to read as bytes");
        };
    }
}
