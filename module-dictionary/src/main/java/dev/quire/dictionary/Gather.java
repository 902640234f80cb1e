package dev.quire.dictionary;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.internal.array.TrustedArrays;
import dev.quire.layout.spi.IntegerBlocks;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Decodes a dictionary array: the value of every row, gathered by code into a canonical array. Primitive, decimal and
 * string values are copied as fixed-width slots (a string's 16-byte view, which keeps pointing into the values' data
 * buffers); other dtypes go through an {@link ArrayBuilder}. Null rows get zeroed slots.
 *
 * <p>The codes are read {@link #BLOCK} rows at a time into a scratch {@code int[]} that stays in cache (unpacked there
 * when they are still bit-packed), once: while a block is in the scratch, its codes are checked against the number of
 * values (unless that is known already), null rows are pointed at a zero slot past the values and their validity
 * bits written (only when codes or values have nulls), and the block is gathered from a heap copy of the values' slots
 * ({@link SlotTable}, made once per dictionary) straight into the output. Nothing of the array's size is built
 * besides the output and, when rows can be null, its validity; with no nulls the gather loops neither branch nor
 * check per row. Gathered string views are copies of checked views, so they are not checked again
 * ({@link TrustedArrays#gathered}, which layout exports to this module alone).
 */
final class Gather {
    private Gather() {}

    /** Rows whose codes are widened and gathered together. */
    static final int BLOCK = IntegerBlocks.MAX_BLOCK_ROWS;

    static Array gather(DType dtype, DictArray dict, Array values) {
        switch (values) {
            case PrimitiveArray p -> {
                CodeBlocks codes = new CodeBlocks(dict);
                MemorySegment slots = slots(dict, codes, p.values(), p.ptype().byteWidth());
                return new PrimitiveArray((DType.Primitive) dtype, slots, codes.validity());
            }
            case DecimalArray d -> {
                CodeBlocks codes = new CodeBlocks(dict);
                MemorySegment slots = slots(dict, codes, d.values(), d.valueWidth());
                return new DecimalArray((DType.Decimal) dtype, slots, d.valueWidth(), codes.validity());
            }
            case VarBinViewArray v -> {
                CodeBlocks codes = new CodeBlocks(dict);
                MemorySegment views = slots(dict, codes, v.views(), VarBinViewArray.VIEW_SIZE);
                // Every view is a copy of a valid value's view (null rows and rows of null values get the zero slot).
                return TrustedArrays.gathered(dtype, v, views, codes.validity());
            }
            default -> {
                return generic(dtype, dict, values);
            }
        }
    }

    /**
     * Fixed-width slots of {@code width} bytes, copied from {@code source} by code through {@code codes}; null rows
     * stay zero. Marks the dictionary's codes checked once every row was read.
     */
    private static MemorySegment slots(DictArray dict, CodeBlocks codes, MemorySegment source, int width) {
        int n = codes.length;
        if (codes.allNull()) {
            return MemorySegment.ofArray(new byte[Math.multiplyExact(n, width)]);
        }
        SlotTable table = dict.valuesHandle().slotTable(source, width);
        if (table == null) {
            return fromSegment(codes, source, width, n);
        }
        if (table.count() != codes.count) {
            throw new IllegalStateException(table.count() + " slots for " + codes.count + " dictionary values");
        }
        if (table.count() == 1 && codes.plain()) {
            return table.repeat(n);
        }
        MemorySegment out = gatherTable(table, codes, n);
        dict.markCodesChecked();
        return out;
    }

    private static MemorySegment gatherTable(SlotTable table, CodeBlocks codes, int n) {
        int[] block = new int[BLOCK];
        switch (table) {
            case SlotTable.Bytes(byte[] t, int w) when w == 1 -> {
                byte[] out = new byte[n];
                for (int base = 0, len; base < n; base += len) {
                    len = codes.next(block);
                    for (int j = 0; j < len; j++) {
                        out[base + j] = t[block[j]];
                    }
                }
                return MemorySegment.ofArray(out);
            }
            case SlotTable.Shorts(short[] t) -> {
                short[] out = new short[n];
                for (int base = 0, len; base < n; base += len) {
                    len = codes.next(block);
                    for (int j = 0; j < len; j++) {
                        out[base + j] = t[block[j]];
                    }
                }
                return MemorySegment.ofArray(out);
            }
            case SlotTable.Ints(int[] t) -> {
                int[] out = new int[n];
                for (int base = 0, len; base < n; base += len) {
                    len = codes.next(block);
                    for (int j = 0; j < len; j++) {
                        out[base + j] = t[block[j]];
                    }
                }
                return MemorySegment.ofArray(out);
            }
            case SlotTable.Longs(long[] t, int words) when words == 1 -> {
                long[] out = new long[n];
                for (int base = 0, len; base < n; base += len) {
                    len = codes.next(block);
                    for (int j = 0; j < len; j++) {
                        out[base + j] = t[block[j]];
                    }
                }
                return MemorySegment.ofArray(out);
            }
            case SlotTable.Longs(long[] t, int words) when words == 2 -> {
                // String views and decimal128: two longs per slot.
                long[] out = new long[Math.multiplyExact(n, 2)];
                for (int base = 0, len; base < n; base += len) {
                    len = codes.next(block);
                    for (int j = 0, o = base << 1; j < len; j++, o += 2) {
                        int c = block[j] << 1;
                        out[o] = t[c];
                        out[o + 1] = t[c + 1];
                    }
                }
                return MemorySegment.ofArray(out);
            }
            case SlotTable.Longs(long[] t, int words) -> {
                long[] out = new long[Math.multiplyExact(n, words)];
                for (int base = 0, len; base < n; base += len) {
                    len = codes.next(block);
                    for (int j = 0; j < len; j++) {
                        System.arraycopy(t, block[j] * words, out, (base + j) * words, words);
                    }
                }
                return MemorySegment.ofArray(out);
            }
            case SlotTable.Bytes(byte[] t, int w) -> {
                byte[] out = new byte[Math.multiplyExact(n, w)];
                for (int base = 0, len; base < n; base += len) {
                    len = codes.next(block);
                    for (int j = 0; j < len; j++) {
                        System.arraycopy(t, block[j] * w, out, (base + j) * w, w);
                    }
                }
                return MemorySegment.ofArray(out);
            }
        }
    }

    /**
     * A dictionary too large to copy to the heap: each valid row's slot is copied from {@code source} on its own.
     * Codes are read through the same blocks, with the number of values as the mark of a null row.
     */
    private static MemorySegment fromSegment(CodeBlocks codes, MemorySegment source, int width, int n) {
        int sentinel = codes.count;
        MemorySegment out = MemorySegment.ofArray(new long[Math.toIntExact(((long) n * width + 7) >>> 3)]);
        int[] block = new int[BLOCK];
        for (int base = 0, len; base < n; base += len) {
            len = codes.next(block);
            for (int j = 0; j < len; j++) {
                int c = block[j];
                if (c != sentinel) {
                    MemorySegment.copy(source, (long) c * width, out, (long) (base + j) * width, width);
                }
            }
        }
        codes.dict.markCodesChecked();
        return out.asSlice(0, (long) n * width);
    }

    /**
     * The codes of a dictionary array in blocks of at most {@link #BLOCK} rows, widened to {@code int}: unpacked a
     * block at a time while they are still packed ({@link DictArray#codeBlocks}), else read from the canonical codes
     * through a scratch array of their own type (one bulk copy, then a plain loop over a heap array). In each block,
     * while it is in the scratch:
     * <ul>
     * <li>the codes are checked to lie in {@code [0, count)} unless the dictionary knows they do: a maximum taken as
     *     unsigned (a negative code of a signed type reads as huge), and only when that fails a row-by-row look for a
     *     valid row holding the bad code, which fails the read through {@link DictArray#codeOutOfRange};</li>
     * <li>when codes or values have nulls, each null row's code (whatever it held) is replaced by {@code count}, the
     *     zero slot, and each row's validity bit is set.</li>
     * </ul>
     */
    private static final class CodeBlocks {
        final DictArray dict;
        /** The number of values: codes lie below it, and it is the zero slot null rows are pointed at. */
        final int count;
        final int length;
        private final IntegerBlocks.Cursor cursor;
        private final MemorySegment seg;
        private final PType ptype;
        private final boolean check;
        /** The codes' validity (one bit per row), or null when no code is null. */
        private final long[] codeBits;
        /** The values' validity with a clear bit at {@code count}, or null when no value is null. */
        private final long[] valueBits;
        /** The rows' validity being built, or null when no row can be null. */
        private final long[] rowBits;
        private final boolean allNull;
        private int row;
        private byte[] bytes;
        private short[] shorts;
        private long[] longs;

        CodeBlocks(DictArray dict) {
            this.dict = dict;
            this.count = Math.toIntExact(dict.valuesHandle().length());
            this.length = Math.toIntExact(dict.length());
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
            boolean nullable = dict.dtype().nullable();
            long codeNulls = nullable ? dict.codeNullCount() : 0;
            this.allNull = length > 0 && codeNulls == length;
            this.codeBits = codeNulls > 0 && !allNull ? dict.codeValidBits() : null;
            this.valueBits = nullable && dict.valuesHandle().hasNulls() ? dict.valuesHandle().validBits() : null;
            this.rowBits = nullable && (codeNulls > 0 || valueBits != null) ? new long[(length + 63) >>> 6] : null;
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
         * Writes the next rows' codes to {@code out}, {@code count} for each null row, and returns how many rows.
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
            for (int j = 0; j < len; j++) {
                int i = from + j;
                boolean valid = codeBits == null || (codeBits[i >>> 6] >>> i & 1L) != 0;
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

    private static Array generic(DType dtype, DictArray dict, Array values) {
        ArrayBuilder builder = ArrayBuilder.forType(dtype);
        long n = dict.length();
        for (long i = 0; i < n; i++) {
            if (dict.isValid(i)) {
                long c = dict.code(i);
                builder.append(values, c, c + 1);
            } else {
                builder.appendNull();
            }
        }
        return builder.finish();
    }
}
