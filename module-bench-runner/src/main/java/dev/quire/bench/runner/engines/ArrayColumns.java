package dev.quire.bench.runner.engines;

import dev.quire.bench.runner.spi.LongColumn;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@link LongColumn}s over Quire's canonical arrays, reading the values in place. One lambda per value width, so each
 * call site the JIT sees stays specialised.
 */
final class ArrayColumns {
    private ArrayColumns() {}

    /** An integer primitive array's values, sign- or zero-extended as its type says. */
    static LongColumn longs(PrimitiveArray array) {
        MemorySegment v = array.values();
        LongColumn onHeap = onHeap(v, array.ptype().byteWidth(), !array.ptype().isUnsigned());
        if (onHeap != null) {
            return onHeap;
        }
        return switch (array.ptype()) {
            case I64, U64 -> row -> v.getAtIndex(LittleEndian.LONG, row);
            case I32 -> row -> v.getAtIndex(LittleEndian.INT, row);
            case U32 -> row -> Integer.toUnsignedLong(v.getAtIndex(LittleEndian.INT, row));
            case I16 -> row -> v.getAtIndex(LittleEndian.SHORT, row);
            case U16 -> row -> Short.toUnsignedLong(v.getAtIndex(LittleEndian.SHORT, row));
            case I8 -> row -> v.get(ValueLayout.JAVA_BYTE, row);
            case U8 -> row -> Byte.toUnsignedLong(v.get(ValueLayout.JAVA_BYTE, row));
            case F16, F32, F64 -> throw new InvalidArgumentException("a " + array.ptype() + " column is not integer");
        };
    }

    /** A decimal array's unscaled values; values of 16 bytes and more must fit a long. */
    static LongColumn unscaled(String column, DecimalArray array) {
        MemorySegment v = array.values();
        if (array.valueWidth() <= 8) {
            LongColumn onHeap = onHeap(v, array.valueWidth(), true);
            if (onHeap != null) {
                return onHeap;
            }
        }
        return switch (array.valueWidth()) {
            case 8 -> row -> v.getAtIndex(LittleEndian.LONG, row);
            case 4 -> row -> v.getAtIndex(LittleEndian.INT, row);
            case 2 -> row -> v.getAtIndex(LittleEndian.SHORT, row);
            case 1 -> row -> v.get(ValueLayout.JAVA_BYTE, row);
            default -> row -> {
                try {
                    return array.getUnscaled(row).longValueExact();
                } catch (ArithmeticException e) {
                    throw new InvalidArgumentException("decimal column `" + column + "` has a value beyond a long "
                            + "at row " + row + " of a batch: " + array.getDecimal(row), e);
                }
            };
        };
    }

    /**
     * The values of {@code v}, {@code width} bytes each, read from the Java array the segment lives in when it is one
     * of that width (decoded arrays usually are): plain array reads, which stay cheap where segment reads through a
     * call site that also sees native segments would not. Null when {@code v} is not such an array.
     */
    private static LongColumn onHeap(MemorySegment v, int width, boolean signed) {
        Object base = v.heapBase().orElse(null);
        if (base == null || v.address() % width != 0) {
            return null;
        }
        int at = (int) (v.address() / width);
        return switch (base) {
            case long[] a when width == 8 -> row -> a[at + row];
            case int[] a when width == 4 -> signed ? row -> a[at + row] : row -> Integer.toUnsignedLong(a[at + row]);
            case short[] a when width == 2 -> signed ? row -> a[at + row] : row -> Short.toUnsignedLong(a[at + row]);
            case byte[] a when width == 1 -> signed ? row -> a[at + row] : row -> Byte.toUnsignedLong(a[at + row]);
            default -> null;
        };
    }
}
