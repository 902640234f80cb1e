package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import java.util.Objects;
import java.util.Optional;

/**
 * Reading an integer column's values as longs, a block at a time, into the reader's own small array: each block is
 * decoded while it is in cache and used there, instead of the whole array decoded into new memory first and read back.
 * {@link #cursor(Array)} reads any array of integers, decimals of up to 18 digits held in a long, or extensions over
 * them (dates, timestamps); an encoded array that can decode block by block offers its own cursor by implementing this
 * interface, and any other array is read from its canonical form.
 *
 * <p>Values are sign- or zero-extended as the dtype's primitive type says; a decimal gives its unscaled values. A null
 * row's value is unspecified: read {@link Array#isValid} or the array's validity for nulls.
 *
 * <p>A scan hands out encoded batches with {@code Scan.canonical(false)}; their columns are what this reads best.
 */
public interface LongBlocks {
    /** The most rows {@link Cursor#next} returns at once, and the room its {@code out} must have. */
    int BLOCK_ROWS = 1024;

    /**
     * A cursor over this array's values from row 0, or empty when the array would rather be decoded whole (it already
     * was, say, or its form has no block-wise decoder); {@link #cursor(Array)} then reads the canonical form.
     */
    Optional<Cursor> longBlocks();

    /** Reads an array's values in order, a block (or the part of one the array holds) per call. Not thread-safe. */
    interface Cursor {
        /**
         * Writes the values of the next rows, at most {@link #BLOCK_ROWS} of them, to {@code out} from index 0 and
         * returns how many; 0 once every row has been read. {@code out} needs {@link #BLOCK_ROWS} values of room; the
         * cursor may write past the rows it returns, up to that.
         *
         * @throws dev.quire.errors.MalformedFileException when the encoded data is corrupt (an encoded array read from
         *     a file may find that only when it decodes)
         */
        int next(long[] out);
    }

    /**
     * A cursor over {@code array}'s values from row 0: the array's own when it offers one, else one over its canonical
     * form.
     *
     * @throws InvalidArgumentException when the array's values are not integers, decimals held in at most 8 bytes
     *     (wider decimals are read too, and each value must then fit a long), or extensions over those
     */
    static Cursor cursor(Array array) {
        Objects.requireNonNull(array, "array");
        DType dtype = array.dtype();
        boolean integer = switch (dtype) {
            case DType.Primitive p -> p.ptype().isInteger();
            case DType.Decimal d -> true;
            case DType.Extension e -> true;
            default -> false;
        };
        if (!integer) {
            throw new InvalidArgumentException("a " + dtype + " array has no integer values to read as longs");
        }
        if (array instanceof ExtensionArray e) {
            // its storage is what is encoded: canonicalising the extension would decode all of it first
            return cursor(e.storage());
        }
        if (array instanceof LongBlocks blocks) {
            Optional<Cursor> own = blocks.longBlocks();
            if (own.isPresent()) {
                return own.get();
            }
        }
        Array canonical = array.toCanonical();
        return switch (canonical) {
            case PrimitiveArray p -> new SegmentLongCursor(p.values(), p.ptype().byteWidth(), !p.ptype().isUnsigned(),
                    p.length(), null);
            case DecimalArray d -> new SegmentLongCursor(d.values(), d.valueWidth(), true, d.length(), d);
            default -> throw new InvalidArgumentException("a " + dtype + " array decoded to " + canonical.encodingId()
                    + ", which has no integer values to read as longs");
        };
    }
}
