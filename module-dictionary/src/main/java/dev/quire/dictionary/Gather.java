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
import dev.quire.layout.spi.IntegerBlocks;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * Decodes a dictionary array: the value of every row, gathered by code into a canonical array. Primitive, decimal and
 * string values are copied as fixed-width slots (a string's 16-byte view, which keeps pointing into the values' data
 * buffers); other dtypes go through an {@link ArrayBuilder}. Null rows get zeroed slots.
 *
 * <p>The codes are read {@link #BLOCK} rows at a time into a scratch {@code int[]} that stays in cache (unpacked there
 * when they are still bit-packed), and each block
 * is gathered from a heap copy of the values' slots ({@link SlotTable}, made once per dictionary) straight into the
 * output, so nothing of the array's size is built besides the output. The table has one zero slot past the values:
 * null rows are pointed at it, so the gather loops neither branch nor check per row. Valid codes need no check here:
 * {@link DictArray} checked them against the number of values when it was built.
 */
final class Gather {
    private Gather() {}

    /** Rows whose codes are widened and gathered together. */
    static final int BLOCK = IntegerBlocks.MAX_BLOCK_ROWS;

    static Array gather(DType dtype, DictArray dict, Array values) {
        long[] validBits = dict.rowValidityBits();
        Validity validity = dict.rowValidity(validBits);
        switch (values) {
            case PrimitiveArray p -> {
                int width = p.ptype().byteWidth();
                return new PrimitiveArray((DType.Primitive) dtype, slots(dict, p.values(), width, validBits),
                        validity);
            }
            case DecimalArray d -> {
                return new DecimalArray((DType.Decimal) dtype, slots(dict, d.values(), d.valueWidth(), validBits),
                        d.valueWidth(), validity);
            }
            case VarBinViewArray v -> {
                MemorySegment views = slots(dict, v.views(), VarBinViewArray.VIEW_SIZE, validBits);
                return new VarBinViewArray(dtype, views, v.buffers(), validity);
            }
            default -> {
                return generic(dtype, dict, values);
            }
        }
    }

    /**
     * Fixed-width slots of {@code width} bytes, copied from {@code source} by code; rows whose bit is clear in
     * {@code validBits} (when not null) stay zero.
     */
    private static MemorySegment slots(DictArray dict, MemorySegment source, int width, long[] validBits) {
        int n = Math.toIntExact(dict.length());
        if (validBits != null && allClear(validBits)) {
            return MemorySegment.ofArray(new byte[Math.multiplyExact(n, width)]);
        }
        SlotTable table = dict.valuesHandle().slotTable(source, width);
        if (table == null) {
            return fromSegment(dict, source, width, validBits, n);
        }
        int sentinel = table.count();
        if (sentinel == 1 && validBits == null) {
            return table.repeat(n);
        }
        int[] block = new int[BLOCK];
        CodeBlocks codes = new CodeBlocks(dict);
        switch (table) {
            case SlotTable.Bytes(byte[] t, int w) when w == 1 -> {
                byte[] out = new byte[n];
                for (int base = 0, len; base < n; base += len) {
                    len = codes.next(block, validBits, sentinel);
                    for (int j = 0; j < len; j++) {
                        out[base + j] = t[block[j]];
                    }
                }
                return MemorySegment.ofArray(out);
            }
            case SlotTable.Shorts(short[] t) -> {
                short[] out = new short[n];
                for (int base = 0, len; base < n; base += len) {
                    len = codes.next(block, validBits, sentinel);
                    for (int j = 0; j < len; j++) {
                        out[base + j] = t[block[j]];
                    }
                }
                return MemorySegment.ofArray(out);
            }
            case SlotTable.Ints(int[] t) -> {
                int[] out = new int[n];
                for (int base = 0, len; base < n; base += len) {
                    len = codes.next(block, validBits, sentinel);
                    for (int j = 0; j < len; j++) {
                        out[base + j] = t[block[j]];
                    }
                }
                return MemorySegment.ofArray(out);
            }
            case SlotTable.Longs(long[] t, int words) when words == 1 -> {
                long[] out = new long[n];
                for (int base = 0, len; base < n; base += len) {
                    len = codes.next(block, validBits, sentinel);
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
                    len = codes.next(block, validBits, sentinel);
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
                    len = codes.next(block, validBits, sentinel);
                    for (int j = 0; j < len; j++) {
                        System.arraycopy(t, block[j] * words, out, (base + j) * words, words);
                    }
                }
                return MemorySegment.ofArray(out);
            }
            case SlotTable.Bytes(byte[] t, int w) -> {
                byte[] out = new byte[Math.multiplyExact(n, w)];
                for (int base = 0, len; base < n; base += len) {
                    len = codes.next(block, validBits, sentinel);
                    for (int j = 0; j < len; j++) {
                        System.arraycopy(t, block[j] * w, out, (base + j) * w, w);
                    }
                }
                return MemorySegment.ofArray(out);
            }
        }
    }

    /** Whether no row is valid (bits past the rows are clear, as {@link DictArray#validity} leaves them). */
    private static boolean allClear(long[] bits) {
        for (long w : bits) {
            if (w != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * A dictionary too large to copy to the heap: each valid row's slot is copied from {@code source} on its own.
     * Codes are read through the same blocks, with the number of values as the mark of a null row.
     */
    private static MemorySegment fromSegment(DictArray dict, MemorySegment source, int width, long[] validBits,
            int n) {
        int sentinel = Math.toIntExact(source.byteSize() / width);
        MemorySegment out = MemorySegment.ofArray(new long[Math.toIntExact(((long) n * width + 7) >>> 3)]);
        int[] block = new int[BLOCK];
        CodeBlocks codes = new CodeBlocks(dict);
        for (int base = 0, len; base < n; base += len) {
            len = codes.next(block, validBits, sentinel);
            for (int j = 0; j < len; j++) {
                int c = block[j];
                if (c != sentinel) {
                    MemorySegment.copy(source, (long) c * width, out, (long) (base + j) * width, width);
                }
            }
        }
        return out.asSlice(0, (long) n * width);
    }

    /**
     * The codes of a dictionary array in blocks of at most {@link #BLOCK} rows, widened to {@code int}: unpacked a
     * block at a time while they are still packed ({@link DictArray#codeBlocks}), else read from the canonical codes
     * through a scratch array of their own type (one bulk copy, then a plain loop over a heap array). Codes are taken
     * as unsigned: a valid code was checked to lie in {@code [0, values)}, and the code of a null row is replaced by a
     * sentinel.
     */
    private static final class CodeBlocks {
        private final IntegerBlocks.Cursor cursor;
        private final MemorySegment seg;
        private final PType ptype;
        private final int length;
        private int row;
        private byte[] bytes;
        private short[] shorts;
        private long[] longs;

        CodeBlocks(DictArray dict) {
            this.cursor = dict.codeBlocks().orElse(null);
            this.length = Math.toIntExact(dict.length());
            if (cursor == null) {
                PrimitiveArray codes = dict.codes();
                this.seg = codes.values();
                this.ptype = codes.ptype();
            } else {
                this.seg = null;
                this.ptype = null;
            }
        }

        /**
         * Writes the next rows' codes to {@code out}, {@code sentinel} for each row whose bit is clear in
         * {@code validBits} (when not null), and returns how many rows.
         */
        int next(int[] out, long[] validBits, int sentinel) {
            int from = row;
            int len = cursor != null ? cursor.next(out) : read(out, from, Math.min(BLOCK, length - from));
            if (len <= 0) {
                throw new IllegalStateException("dictionary codes end at row " + from + " of " + length);
            }
            if (validBits != null) {
                for (int j = 0; j < len; j++) {
                    int i = from + j;
                    if ((validBits[i >>> 6] >>> i & 1L) == 0) {
                        out[j] = sentinel;
                    }
                }
            }
            row = from + len;
            return len;
        }

        private int read(int[] out, int from, int len) {
            switch (ptype.byteWidth()) {
                case 1 -> {
                    byte[] s = bytes == null ? bytes = new byte[BLOCK] : bytes;
                    MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, from, s, 0, len);
                    for (int j = 0; j < len; j++) {
                        out[j] = s[j] & 0xFF;
                    }
                }
                case 2 -> {
                    short[] s = shorts == null ? shorts = new short[BLOCK] : shorts;
                    MemorySegment.copy(seg, LittleEndian.SHORT, (long) from << 1, s, 0, len);
                    for (int j = 0; j < len; j++) {
                        out[j] = s[j] & 0xFFFF;
                    }
                }
                case 4 -> MemorySegment.copy(seg, LittleEndian.INT, (long) from << 2, out, 0, len);
                default -> {
                    long[] s = longs == null ? longs = new long[BLOCK] : longs;
                    MemorySegment.copy(seg, LittleEndian.LONG, (long) from << 3, s, 0, len);
                    for (int j = 0; j < len; j++) {
                        out[j] = (int) s[j];
                    }
                }
            }
            return len;
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
