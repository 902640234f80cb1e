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
}
