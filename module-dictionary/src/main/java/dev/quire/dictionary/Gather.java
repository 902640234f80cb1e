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

    /** Fixed-width slots of {@code width} bytes, copied from {@code source} by code; null rows stay zero. */
    private static MemorySegment slots(DictArray dict, MemorySegment source, int width, Validity validity) {
        int n = Math.toIntExact(dict.length());
        long valueCount = source.byteSize() / width;
        MemorySegment out = MemorySegment.ofArray(new byte[Math.multiplyExact(n, width)]);
        boolean allValid = !(validity instanceof Validity.Mask);
        switch (width) {
            case 1 -> {
                for (int i = 0; i < n; i++) {
                    if (allValid || validity.isValid(i)) {
                        out.set(ValueLayout.JAVA_BYTE, i, source.get(ValueLayout.JAVA_BYTE, dict.code(i)));
                    }
                }
            }
            case 2 -> {
                for (int i = 0; i < n; i++) {
                    if (allValid || validity.isValid(i)) {
                        out.set(LittleEndian.SHORT, (long) i << 1, source.get(LittleEndian.SHORT, dict.code(i) << 1));
                    }
                }
            }
            case 4 -> {
                for (int i = 0; i < n; i++) {
                    if (allValid || validity.isValid(i)) {
                        out.set(LittleEndian.INT, (long) i << 2, source.get(LittleEndian.INT, dict.code(i) << 2));
                    }
                }
            }
            case 8 -> {
                for (int i = 0; i < n; i++) {
                    if (allValid || validity.isValid(i)) {
                        out.set(LittleEndian.LONG, (long) i << 3, source.get(LittleEndian.LONG, dict.code(i) << 3));
                    }
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    if (allValid || validity.isValid(i)) {
                        long c = dict.code(i);
                        if (c < 0 || c >= valueCount) {
                            continue;
                        }
                        MemorySegment.copy(source, c * width, out, (long) i * width, width);
                    }
                }
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
