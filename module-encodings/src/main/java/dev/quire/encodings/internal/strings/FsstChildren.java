package dev.quire.encodings.internal.strings;

import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.IntegerChildren;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.spi.IntegerBlocks;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Optional;

/**
 * The two integer children of a {@code vortex.fsst} array read into {@code int[]}s, checked, in one pass each: the
 * uncompressed lengths as running ends (where each value's bytes end in the decoded stream) and the codes offsets
 * relative to the first. A child that offers a block cursor ({@link IntegerBlocks}: bit-packed, as the reference
 * writes both) is read through it, each block unpacked into a small array in cache, never decoded whole into a buffer
 * read once and dropped. Otherwise the widths the reference writes (u8, u16, u32, i32) are read straight from the
 * decoded child, one loop per type; other widths go through {@link IntegerChildren#widened}.
 */
final class FsstChildren {
    private FsstChildren() {}

    /**
     * Child {@code index}, the {@code n} uncompressed lengths, as running ends: {@code ends[0] = 0} and value
     * {@code i} is bytes {@code [ends[i], ends[i + 1])} of the decoded stream. Checked: no length negative, and the
     * total within what {@code codeBytes} bytes of codes can produce (eight bytes a code) and within one buffer
     * with {@link FsstSymbols#FAST_ROOM} bytes to spare.
     */
    static int[] valueEnds(ArrayParts parts, int index, PType ptype, int n, long codeBytes) {
        Array child = child(parts, index, ptype, n, "uncompressed lengths");
        int[] ends = new int[n + 1];
        long total = 0;
        // the sign bit ends up set when a length is negative or above Integer.MAX_VALUE
        long bad = 0;
        Optional<IntegerBlocks.Cursor> blocks = intBlocks(child);
        MemorySegment values = blocks.isPresent() ? null : fastValues(child, ptype);
        if (blocks.isPresent()) {
            // values are never negative through a cursor: only the total is checked, below
            IntegerBlocks.Cursor cursor = blocks.get();
            int[] block = new int[IntegerBlocks.MAX_BLOCK_ROWS];
            int i = 0;
            while (i < n) {
                int got = rows(cursor, block, i, n);
                for (int j = 0; j < got; j++) {
                    total += block[j];
                    ends[++i] = (int) total;
                }
            }
        } else if (values == null) {
            long[] lengths = IntegerChildren.widened(child, ptype);
            for (int i = 0; i < n; i++) {
                long len = lengths[i];
                bad |= len | (Integer.MAX_VALUE - len);
                total += len;
                ends[i + 1] = (int) total;
            }
        } else {
            switch (ptype) {
                case U8 -> {
                    for (int i = 0; i < n; i++) {
                        total += values.get(ValueLayout.JAVA_BYTE, i) & 0xFF;
                        ends[i + 1] = (int) total;
                    }
                }
                case U16 -> {
                    for (int i = 0; i < n; i++) {
                        total += values.get(LittleEndian.SHORT, (long) i << 1) & 0xFFFF;
                        ends[i + 1] = (int) total;
                    }
                }
                case U32 -> {
                    for (int i = 0; i < n; i++) {
                        long len = values.get(LittleEndian.INT, (long) i << 2) & 0xFFFF_FFFFL;
                        bad |= Integer.MAX_VALUE - len;
                        total += len;
                        ends[i + 1] = (int) total;
                    }
                }
                case I32 -> {
                    for (int i = 0; i < n; i++) {
                        int len = values.get(LittleEndian.INT, (long) i << 2);
                        bad |= len;
                        total += len;
                        ends[i + 1] = (int) total;
                    }
                }
                default -> throw new IllegalStateException("no fast loop for " + ptype);
            }
        }
        if (bad < 0) {
            long[] lengths = IntegerChildren.widened(child, ptype);
            for (int i = 0; i < n; i++) {
                if (lengths[i] < 0 || lengths[i] > Integer.MAX_VALUE) {
                    throw parts.malformed("uncompressed length of value " + i + " is " + lengths[i]);
                }
            }
        }
        if (total > codeBytes * FsstSymbols.MAX_SYMBOL_LENGTH) {
            throw parts.malformed("uncompressed lengths add up to " + total + " bytes, more than " + codeBytes
                    + " code bytes can decode to");
        }
        if (total > EncodingParts.MAX_ARRAY_LENGTH - FsstSymbols.FAST_ROOM) {
            throw parts.malformed("uncompressed lengths add up to " + total + " bytes, too many for one buffer");
        }
        return ends;
    }

    /**
     * Child {@code index}, the {@code n} uncompressed lengths, through its own block cursor when it offers one (see
     * {@link #intBlocks}); empty otherwise.
     */
    static Optional<IntegerBlocks.Cursor> lengthBlocks(ArrayParts parts, int index, PType ptype, int n) {
        return intBlocks(child(parts, index, ptype, n, "uncompressed lengths"));
    }

    /**
     * The {@code n + 1} codes offsets of {@code child}, relative to the first: {@code offsets[i] - offsets[0]}
     * for every {@code i}, and the first itself in {@code first[0]}. Checked: the offsets span bytes within the
     * {@code codeBytes}-byte codes buffer, at most one Java array of them, and none is below the one before it.
     */
    static int[] codeOffsets(ArrayParts parts, Array child, PType ptype, int n, long codeBytes, long[] first) {
        int[] out = new int[n + 1];
        // the sign bit ends up set when an offset is below the one before it
        long bad = 0;
        long start;
        long last;
        Optional<IntegerBlocks.Cursor> blocks = intBlocks(child);
        MemorySegment values = blocks.isPresent() ? null : fastValues(child, ptype);
        if (blocks.isPresent()) {
            IntegerBlocks.Cursor cursor = blocks.get();
            int[] block = new int[IntegerBlocks.MAX_BLOCK_ROWS];
            int got = rows(cursor, block, 0, n + 1);
            start = block[0];
            long prev = start;
            int i = 0;
            while (true) {
                for (int j = 0; j < got; j++, i++) {
                    long o = block[j];
                    bad |= o - prev;
                    out[i] = (int) (o - start);
                    prev = o;
                }
                if (i > n) {
                    break;
                }
                got = rows(cursor, block, i, n + 1);
            }
            last = prev;
        } else if (values == null) {
            long[] offsets = IntegerChildren.widened(child, ptype);
            start = offsets[0];
            long prev = start;
            for (int i = 0; i <= n; i++) {
                long o = offsets[i];
                // compared, not subtracted: 64-bit offsets could overflow a difference
                if (o < prev) {
                    bad = -1;
                }
                out[i] = (int) (o - start);
                prev = o;
            }
            last = prev;
        } else {
            switch (ptype) {
                case U8 -> {
                    start = values.get(ValueLayout.JAVA_BYTE, 0) & 0xFF;
                    long prev = start;
                    for (int i = 0; i <= n; i++) {
                        long o = values.get(ValueLayout.JAVA_BYTE, i) & 0xFF;
                        bad |= o - prev;
                        out[i] = (int) (o - start);
                        prev = o;
                    }
                    last = prev;
                }
                case U16 -> {
                    start = values.get(LittleEndian.SHORT, 0) & 0xFFFF;
                    long prev = start;
                    for (int i = 0; i <= n; i++) {
                        long o = values.get(LittleEndian.SHORT, (long) i << 1) & 0xFFFF;
                        bad |= o - prev;
                        out[i] = (int) (o - start);
                        prev = o;
                    }
                    last = prev;
                }
                case U32 -> {
                    start = values.get(LittleEndian.INT, 0) & 0xFFFF_FFFFL;
                    long prev = start;
                    for (int i = 0; i <= n; i++) {
                        long o = values.get(LittleEndian.INT, (long) i << 2) & 0xFFFF_FFFFL;
                        bad |= o - prev;
                        out[i] = (int) (o - start);
                        prev = o;
                    }
                    last = prev;
                }
                case I32 -> {
                    start = values.get(LittleEndian.INT, 0);
                    long prev = start;
                    for (int i = 0; i <= n; i++) {
                        long o = values.get(LittleEndian.INT, (long) i << 2);
                        bad |= o - prev;
                        out[i] = (int) (o - start);
                        prev = o;
                    }
                    last = prev;
                }
                default -> throw new IllegalStateException("no fast loop for " + ptype);
            }
        }
        if (start < 0 || last < start || last > codeBytes) {
            throw parts.malformed("codes offsets span [" + start + ", " + last + ") of a " + codeBytes
                    + "-byte codes buffer");
        }
        if (last - start > EncodingParts.MAX_ARRAY_LENGTH) {
            throw parts.malformed("codes of " + (last - start) + " bytes are too many for one buffer");
        }
        if (bad < 0) {
            long[] offsets = IntegerChildren.widened(child, ptype);
            for (int i = 0; i < n; i++) {
                if (offsets[i + 1] < offsets[i]) {
                    throw parts.malformed("codes offset " + (i + 1) + " is " + offsets[i + 1]
                            + ", below the one before it, " + offsets[i]);
                }
            }
        }
        first[0] = start;
        return out;
    }

    /** Child {@code index}, {@code length} non-nullable integers of type {@code ptype} (checked to be an integer). */
    static Array child(ArrayParts parts, int index, PType ptype, long length, String what) {
        if (!ptype.isInteger()) {
            throw parts.malformed(what + " must have an integer type, got " + ptype.displayName());
        }
        IntegerChildren.checkLength(parts, length, what);
        return parts.child(index, new DType.Primitive(ptype, false), length);
    }

    /**
     * A cursor over the child's values a block at a time, when it offers one (bit-packed, not yet decoded): each block
     * is unpacked into a small array in cache and read there, and the child is never decoded whole into a buffer that
     * is read once and dropped. Its values are the canonical ones and never negative.
     */
    private static Optional<IntegerBlocks.Cursor> intBlocks(Array child) {
        return child instanceof IntegerBlocks b ? b.intBlocks() : Optional.empty();
    }

    /**
     * The next block of {@code cursor} into {@code block}, the rows from {@code row} of the {@code rows} the child
     * has; the cursor must not end before them.
     */
    private static int rows(IntegerBlocks.Cursor cursor, int[] block, int row, int rows) {
        int got = cursor.next(block);
        if (got <= 0 || got > rows - row) {
            throw new IllegalStateException("the cursor of a " + rows + "-row child gave " + got + " rows at row "
                    + row);
        }
        return got;
    }

    /** The decoded values of a child of one of the widths read directly, else {@code null}. */
    private static MemorySegment fastValues(Array child, PType ptype) {
        if (child instanceof ConstantArray) {
            return null;
        }
        return switch (ptype) {
            case U8, U16, U32, I32 -> ((PrimitiveArray) child.toCanonical()).values();
            default -> null;
        };
    }
}
