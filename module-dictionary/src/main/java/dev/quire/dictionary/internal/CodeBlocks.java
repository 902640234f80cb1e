package dev.quire.dictionary.internal;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.IntegerBlocks;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The codes of a dictionary array in blocks of at most {@link #BLOCK} rows, widened to {@code int}: unpacked a block
 * at a time while they are still packed ({@link DictArray#codeBlocks}), else read from the canonical codes through a
 * scratch array of their own type (one bulk copy, then a plain loop over a heap array). In each block, while it is in
 * the scratch:
 * <ul>
 * <li>the codes are checked to lie in {@code [0, count)} unless the dictionary knows they do: a maximum taken as
 *     unsigned (a negative code of a signed type reads as huge), and only when that fails a row-by-row look for a
 *     valid row holding the bad code, which fails the read through {@link DictArray#codeOutOfRange};</li>
 * <li>for a gather, when codes or values have nulls, each null row's code (whatever it held) is replaced by
 *     {@code count}, the zero slot, and each row's validity bit is set.</li>
 * </ul>
 * This is the dictionary's one check of its codes: the gather reads the codes through it, and {@link #check} drains it
 * for everything else that needs the codes known good (the public constructor, {@link DictArray#codes()}).
 */
final class CodeBlocks {
    /** Rows whose codes are widened (and gathered) together. */
    static final int BLOCK = IntegerBlocks.MAX_BLOCK_ROWS;

    final DictArray dict;
    /** The number of values: codes lie below it, and it is the zero slot null rows are pointed at. */
    final int count;
    final int length;
    private final IntegerBlocks.Cursor cursor;
    private final MemorySegment seg;
    private final PType ptype;
    private final boolean check;
    /** The number of null codes. */
    private final long codeNulls;
    /**
     * The codes' validity (one bit per row): for a gather with null codes, read up front; for a check, read only when
     * a block holds a code out of range; null when not read (or no code is null).
     */
    private long[] codeBits;
    /** The values' validity with a clear bit at {@code count}, or null when no value is null (or not gathering). */
    private final long[] valueBits;
    /** The rows' validity being built, or null when no row can be null (or not gathering). */
    private final long[] rowBits;
    private final boolean allNull;
    private int row;
    private byte[] bytes;
    private short[] shorts;
    private long[] longs;

    /** The codes of {@code dict}, read for a gather: checked unless known good, with null rows marked. */
    CodeBlocks(DictArray dict) {
        this(dict, true);
    }

    private CodeBlocks(DictArray dict, boolean gather) {
        this.dict = dict;
        // Codes are read as ints: values past the int range cannot be named by one, so the check's bound stops there.
        this.count = (int) Math.min(dict.valuesHandle().length(), Integer.MAX_VALUE);
        if (dict.length() > Integer.MAX_VALUE) {
            throw new InvalidArgumentException("a dictionary array of " + dict.length() + " rows is longer than the "
                    + Integer.MAX_VALUE + " rows its codes can be read in");
        }
        this.length = (int) dict.length();
        this.cursor = dict.codeBlocks().orElse(null);
        if (cursor == null) {
            PrimitiveArray codes = dict.codesUnchecked();
            this.seg = codes.values();
            this.ptype = codes.ptype();
        } else {
            this.seg = null;
            this.ptype = null;
        }
        this.check = !dict.codesChecked();
        boolean nullable = gather && dict.dtype().nullable();
        // A gather's dtype says whether codes can be null; a check (from the constructor, before the dtypes are
        // matched) asks the codes.
        this.codeNulls = nullable || !gather ? dict.codeNullCount() : 0;
        this.allNull = nullable && length > 0 && codeNulls == length;
        this.codeBits = nullable && codeNulls > 0 && !allNull ? dict.codeValidBits() : null;
        this.valueBits = nullable && dict.valuesHandle().hasNulls() ? dict.valuesHandle().validBits() : null;
        this.rowBits = nullable && (codeNulls > 0 || valueBits != null) ? new long[(length + 63) >>> 6] : null;
    }

    /**
     * Reads every code of {@code dict} once, a block at a time, and checks it as a gather would, without marking null
     * rows or building anything of the array's size (the codes' validity is read only when a block holds a code out of
     * range, to tell a null row's from a valid one's).
     *
     * @throws dev.quire.errors.MalformedFileException when a valid row's code does not point at a value
     */
    static void check(DictArray dict) {
        CodeBlocks codes = new CodeBlocks(dict, false);
        int[] block = new int[BLOCK];
        for (int read = 0; read < codes.length; ) {
            read += codes.next(block);
        }
    }

    /** Whether every row is null (the codes' validity says so; no code is read or checked). */
    boolean allNull() {
        return allNull;
    }

    /** Whether the codes need neither a check nor a null mark: every row is valid and every code in range. */
    boolean plain() {
        return !check && rowBits == null;
    }

    /** The rows' validity, once every block was read (or, when every row is null, at once). */
    Validity validity() {
        if (allNull) {
            return dict.rowValidity(new long[(length + 63) >>> 6]);
        }
        return dict.rowValidity(rowBits);
    }

    /**
     * Writes the next rows' codes to {@code out}, {@code count} for each null row when gathering, and returns how many
     * rows.
     *
     * @throws dev.quire.errors.MalformedFileException when a valid row's code is not below {@code count}
     */
    int next(int[] out) {
        int from = row;
        int len = cursor != null ? cursor.next(out) : read(out, from, Math.min(BLOCK, length - from));
        if (len <= 0) {
            throw new IllegalStateException("dictionary codes end at row " + from + " of " + length);
        }
        if (check) {
            check(out, from, len);
        }
        if (rowBits != null) {
            if (valueBits == null) {
                markNullCodes(out, from, len);
            } else if (codeBits == null) {
                markNullValues(out, from, len);
            } else {
                markNulls(out, from, len);
            }
        }
        row = from + len;
        return len;
    }

    private void check(int[] out, int from, int len) {
        // The maximum in unsigned order: x ^ MIN_VALUE orders as x does unsigned.
        int max = Integer.MIN_VALUE;
        for (int j = 0; j < len; j++) {
            max = Math.max(max, out[j] ^ Integer.MIN_VALUE);
        }
        if (Integer.compareUnsigned(max ^ Integer.MIN_VALUE, count) < 0) {
            return;
        }
        if (codeNulls > 0 && codeBits == null) {
            codeBits = dict.codeValidBits();
        }
        for (int j = 0; j < len; j++) {
            int i = from + j;
            boolean valid = codeNulls == 0 || (codeBits[i >>> 6] >>> i & 1L) != 0;
            if (Integer.compareUnsigned(out[j], count) >= 0 && valid) {
                long code = cursor != null ? Integer.toUnsignedLong(out[j]) : DictArray.read(seg, ptype, i);
                throw dict.codeOutOfRange(i, code);
            }
        }
    }

    /** Null codes only: their rows are pointed at the zero slot (their codes may be anything). */
    private void markNullCodes(int[] out, int from, int len) {
        long[] bits = codeBits;
        long[] rows = rowBits;
        int zero = count;
        for (int j = 0; j < len; j++) {
            int i = from + j;
            long ok = bits[i >>> 6] >>> i & 1L;
            out[j] = ok != 0 ? out[j] : zero;
            rows[i >>> 6] |= ok << i;
        }
    }

    /** Null values only: every code is in range, and rows of a null value are pointed at the zero slot. */
    private void markNullValues(int[] out, int from, int len) {
        long[] bits = valueBits;
        long[] rows = rowBits;
        int zero = count;
        for (int j = 0; j < len; j++) {
            int i = from + j;
            int c = out[j];
            long ok = bits[c >>> 6] >>> c & 1L;
            out[j] = ok != 0 ? c : zero;
            rows[i >>> 6] |= ok << i;
        }
    }

    /** Null codes and null values: a null code goes to the zero slot, whose value bit is clear, and so on. */
    private void markNulls(int[] out, int from, int len) {
        long[] codeValid = codeBits;
        long[] valueValid = valueBits;
        long[] rows = rowBits;
        int zero = count;
        for (int j = 0; j < len; j++) {
            int i = from + j;
            int c = (codeValid[i >>> 6] >>> i & 1L) != 0 ? out[j] : zero;
            long ok = valueValid[c >>> 6] >>> c & 1L;
            out[j] = ok != 0 ? c : zero;
            rows[i >>> 6] |= ok << i;
        }
    }

    private int read(int[] out, int from, int len) {
        switch (ptype) {
            case U8 -> {
                byte[] s = bytes();
                MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, from, s, 0, len);
                for (int j = 0; j < len; j++) {
                    out[j] = s[j] & 0xFF;
                }
            }
            case I8 -> {
                // Sign-extended: a negative code reads as a huge unsigned one, which the check rejects.
                byte[] s = bytes();
                MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, from, s, 0, len);
                for (int j = 0; j < len; j++) {
                    out[j] = s[j];
                }
            }
            case U16 -> {
                short[] s = shorts();
                MemorySegment.copy(seg, LittleEndian.SHORT, (long) from << 1, s, 0, len);
                for (int j = 0; j < len; j++) {
                    out[j] = s[j] & 0xFFFF;
                }
            }
            case I16 -> {
                short[] s = shorts();
                MemorySegment.copy(seg, LittleEndian.SHORT, (long) from << 1, s, 0, len);
                for (int j = 0; j < len; j++) {
                    out[j] = s[j];
                }
            }
            case U32, I32 -> MemorySegment.copy(seg, LittleEndian.INT, (long) from << 2, out, 0, len);
            default -> {
                // Codes of 2^31 and more (or negative) read as -1, past any count of values.
                long[] s = longs == null ? longs = new long[BLOCK] : longs;
                MemorySegment.copy(seg, LittleEndian.LONG, (long) from << 3, s, 0, len);
                for (int j = 0; j < len; j++) {
                    long c = s[j];
                    out[j] = c >= 0 && c <= Integer.MAX_VALUE ? (int) c : -1;
                }
            }
        }
        return len;
    }

    private byte[] bytes() {
        return bytes == null ? bytes = new byte[BLOCK] : bytes;
    }

    private short[] shorts() {
        return shorts == null ? shorts = new short[BLOCK] : shorts;
    }
}
