package dev.quire.dictionary;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Decodes a dictionary array: the value of every row, gathered by code into a canonical array. Primitive, decimal and
 * string values are copied as fixed-width slots (a string's 16-byte view, which keeps pointing into the values' data
 * buffers); other dtypes go through an {@link ArrayBuilder}. Null rows get zeroed slots.
 */
final class Gather {
    private Gather() {}

    static Array gather(DType dtype, DictArray dict, Array values) {
        Validity validity = dict.rowValidity();
        switch (values) {
            case PrimitiveArray p -> {
                int width = p.ptype().byteWidth();
                return new PrimitiveArray((DType.Primitive) dtype, slots(dict, p.values(), width, validity), validity);
            }
            case DecimalArray d -> {
                return new DecimalArray((DType.Decimal) dtype, slots(dict, d.values(), d.valueWidth(), validity),
                        d.valueWidth(), validity);
            }
            case VarBinViewArray v -> {
                MemorySegment views = slots(dict, v.views(), VarBinViewArray.VIEW_SIZE, validity);
                return new VarBinViewArray(dtype, views, v.buffers(), validity);
            }
            default -> {
                return generic(dtype, dict, values);
            }
        }
    }

    /**
     * Fixed-width slots of {@code width} bytes, copied from {@code source} by code; null rows stay zero. The codes are
     * read once into an {@code int[]} (one loop per code type), then one loop per slot width copies whole words, so
     * neither loop switches per row and no row pays a bulk copy's set-up.
     */
    private static MemorySegment slots(DictArray dict, MemorySegment source, int width, Validity validity) {
        int n = Math.toIntExact(dict.length());
        int valueCount = Math.toIntExact(source.byteSize() / width);
        int[] codes = codes(dict, n, valueCount, validity);
        switch (width) {
            case 1 -> {
                byte[] out = new byte[n];
                for (int i = 0; i < n; i++) {
                    int c = codes[i];
                    if (c >= 0) {
                        out[i] = source.get(ValueLayout.JAVA_BYTE, c);
                    }
                }
                return MemorySegment.ofArray(out);
            }
            case 2 -> {
                short[] out = new short[n];
                for (int i = 0; i < n; i++) {
                    int c = codes[i];
                    if (c >= 0) {
                        out[i] = source.getAtIndex(LittleEndian.SHORT, c);
                    }
                }
                return MemorySegment.ofArray(out);
            }
            case 4 -> {
                int[] out = new int[n];
                for (int i = 0; i < n; i++) {
                    int c = codes[i];
                    if (c >= 0) {
                        out[i] = source.getAtIndex(LittleEndian.INT, c);
                    }
                }
                return MemorySegment.ofArray(out);
            }
            default -> {
                if (width % 8 != 0) {
                    return bytewise(codes, source, width);
                }
                // 8, 16 (string views, decimal128) or 32 bytes: whole longs.
                int words = width / 8;
                long[] out = new long[Math.multiplyExact(n, words)];
                long[] lut = null;
                if ((long) valueCount * words <= MAX_COPIED_VALUE_WORDS) {
                    // Few values (the usual dictionary): read them from a heap copy, which the loop indexes cheaply.
                    lut = new long[valueCount * words];
                    MemorySegment.copy(source, LittleEndian.LONG, 0, lut, 0, lut.length);
                }
                if (lut != null && words == 2) {
                    for (int i = 0; i < n; i++) {
                        int c = codes[i];
                        if (c >= 0) {
                            out[2 * i] = lut[2 * c];
                            out[2 * i + 1] = lut[2 * c + 1];
                        }
                    }
                } else if (lut != null) {
                    for (int i = 0; i < n; i++) {
                        int c = codes[i];
                        if (c >= 0) {
                            System.arraycopy(lut, c * words, out, i * words, words);
                        }
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        int c = codes[i];
                        if (c >= 0) {
                            for (int k = 0; k < words; k++) {
                                out[i * words + k] = source.getAtIndex(LittleEndian.LONG, (long) c * words + k);
                            }
                        }
                    }
                }
                return MemorySegment.ofArray(out);
            }
        }
    }

    /** Values of at most this many longs are copied to the heap before gathering. */
    private static final int MAX_COPIED_VALUE_WORDS = 1 << 20;

    /** Slots of an odd width, a bulk copy each. */
    private static MemorySegment bytewise(int[] codes, MemorySegment source, int width) {
        MemorySegment out = MemorySegment.ofArray(new byte[Math.multiplyExact(codes.length, width)]);
        for (int i = 0; i < codes.length; i++) {
            int c = codes[i];
            if (c >= 0) {
                MemorySegment.copy(source, (long) c * width, out, (long) i * width, width);
            }
        }
        return out;
    }

    /**
     * The code of every row as an int, or -1 for a row whose slot stays zero: a null row, or a code outside the
     * {@code valueCount} values (which only null rows may hold; the array checked its valid codes).
     */
    private static int[] codes(DictArray dict, int n, int valueCount, Validity validity) {
        PrimitiveArray codes = dict.codes();
        MemorySegment seg = codes.values();
        int[] out = new int[n];
        switch (codes.ptype()) {
            case U8 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = Byte.toUnsignedInt(seg.get(ValueLayout.JAVA_BYTE, i));
                }
            }
            case U16 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = Short.toUnsignedInt(seg.getAtIndex(LittleEndian.SHORT, i));
                }
            }
            case I8 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = seg.get(ValueLayout.JAVA_BYTE, i);
                }
            }
            case I16 -> {
                for (int i = 0; i < n; i++) {
                    out[i] = seg.getAtIndex(LittleEndian.SHORT, i);
                }
            }
            case I32, U32 -> MemorySegment.copy(seg, LittleEndian.INT, 0, out, 0, n);
            default -> {
                for (int i = 0; i < n; i++) {
                    long c = seg.getAtIndex(LittleEndian.LONG, i);
                    out[i] = c >= 0 && c < valueCount ? (int) c : -1;
                }
            }
        }
        if (validity instanceof Validity.AllInvalid) {
            java.util.Arrays.fill(out, -1);
            return out;
        }
        boolean checkAll = validity instanceof Validity.Mask;
        for (int i = 0; i < n; i++) {
            int c = out[i];
            if (c < 0 || c >= valueCount || (checkAll && !validity.isValid(i))) {
                out[i] = -1;
            }
        }
        return out;
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
