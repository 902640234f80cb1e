package dev.quire.dictionary.internal;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.array.ViewTable;
import dev.quire.layout.dtype.DType;
import java.lang.foreign.MemorySegment;

/**
 * Decodes a dictionary array: the value of every row, gathered by code into a canonical array. Primitive, decimal and
 * string values are copied as fixed-width slots (a string's 16-byte view, which keeps pointing into the values' data
 * buffers); other dtypes go through an {@link ArrayBuilder}. Null rows get zeroed slots.
 *
 * <p>The codes are read {@link #BLOCK} rows at a time ({@link CodeBlocks}) into a scratch {@code int[]} that stays in
 * cache (unpacked there when they are still bit-packed), once: while a block is in the scratch, its codes are checked
 * against the number of values (unless that is known already), null rows are pointed at a zero slot past the values
 * and their validity bits written (only when codes or values have nulls), and the block is gathered from a heap copy
 * of the values' slots ({@link SlotTable}, made once per dictionary) straight into the output. Nothing of the array's
 * size is built besides the output and, when rows can be null, its validity; with no nulls the gather loops neither
 * branch nor check per row. String views are gathered through the values' {@link ViewTable}: copies of checked views, so
 * they are not checked again.
 */
final class Gather {
    private Gather() {}

    /** Rows whose codes are widened and gathered together. */
    static final int BLOCK = CodeBlocks.BLOCK;

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
                return views(dtype, dict, v);
            }
            default -> {
                return generic(dtype, dict, values);
            }
        }
    }

    /**
     * String rows: views gathered from the values' {@link ViewTable} (made once per dictionary), which checks each code
     * against the table instead of each gathered view against the data buffers the views share.
     */
    private static VarBinViewArray views(DType dtype, DictArray dict, VarBinViewArray values) {
        CodeBlocks codes = new CodeBlocks(dict);
        ViewTable table = dict.valuesHandle().viewTable(values);
        int n = codes.length;
        if (codes.allNull()) {
            return table.repeat(dtype, table.count(), n, codes.validity());
        }
        if (table.count() != codes.count) {
            throw new IllegalStateException(table.count() + " views for " + codes.count + " dictionary values");
        }
        if (table.count() == 1 && codes.plain()) {
            return table.repeat(dtype, 0, n, codes.validity());
        }
        ViewTable.Gatherer gatherer = table.gatherer(n);
        int[] block = new int[BLOCK];
        for (int base = 0, len; base < n; base += len) {
            len = codes.next(block);
            gatherer.add(block, 0, len);
        }
        dict.markCodesChecked();
        return gatherer.finish(dtype, codes.validity());
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
