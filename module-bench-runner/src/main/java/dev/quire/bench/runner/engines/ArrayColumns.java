package dev.quire.bench.runner.engines;

import dev.quire.bench.runner.spi.LongColumn;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * {@link LongColumn}s over Quire's canonical arrays, reading the values in place: one class per Java array type (or
 * one lambda per value width for values off the heap), so each column's loop is compiled for its own type.
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

    /**
     * A decoded integer array's values (a decimal's up to 8 bytes, an extension's storage), read in place from the
     * Java array that holds them, or null when no such array does (off the heap, a read-only view, a wider or
     * differently typed array): a query reads those a block at a time through {@code LongBlocks} instead, which
     * copies in bulk, where a per-row segment read costs several times more.
     */
    static LongColumn inPlace(Array array) {
        return switch (array) {
            case PrimitiveArray p when p.ptype().isInteger() ->
                    onHeap(p.values(), p.ptype().byteWidth(), !p.ptype().isUnsigned());
            case DecimalArray d when d.valueWidth() <= 8 -> onHeap(d.values(), d.valueWidth(), true);
            case ExtensionArray e -> inPlace(e.storage());
            default -> null;
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
            case long[] a when width == 8 -> new Longs(a, at);
            case int[] a when width == 4 -> signed ? new Ints(a, at) : new UnsignedInts(a, at);
            case short[] a when width == 2 -> signed ? new Shorts(a, at) : new UnsignedShorts(a, at);
            case byte[] a when width == 1 -> signed ? new Bytes(a, at) : new UnsignedBytes(a, at);
            default -> null;
        };
    }

    // One class per array type, each with its own bulk loop: LongColumn#read's call site in a query sees them all,
    // but each loop below is compiled for one type.

    private record Longs(long[] a, int at) implements LongColumn {
        @Override
        public long get(int row) {
            return a[at + row];
        }

        @Override
        public void read(int from, long[] out, int n) {
            System.arraycopy(a, at + from, out, 0, n);
        }
    }

    private record Ints(int[] a, int at) implements LongColumn {
        @Override
        public long get(int row) {
            return a[at + row];
        }

        @Override
        public void read(int from, long[] out, int n) {
            for (int i = 0, j = at + from; i < n; i++, j++) {
                out[i] = a[j];
            }
        }
    }

    private record UnsignedInts(int[] a, int at) implements LongColumn {
        @Override
        public long get(int row) {
            return Integer.toUnsignedLong(a[at + row]);
        }

        @Override
        public void read(int from, long[] out, int n) {
            for (int i = 0, j = at + from; i < n; i++, j++) {
                out[i] = Integer.toUnsignedLong(a[j]);
            }
        }
    }

    private record Shorts(short[] a, int at) implements LongColumn {
        @Override
        public long get(int row) {
            return a[at + row];
        }

        @Override
        public void read(int from, long[] out, int n) {
            for (int i = 0, j = at + from; i < n; i++, j++) {
                out[i] = a[j];
            }
        }
    }

    private record UnsignedShorts(short[] a, int at) implements LongColumn {
        @Override
        public long get(int row) {
            return Short.toUnsignedLong(a[at + row]);
        }

        @Override
        public void read(int from, long[] out, int n) {
            for (int i = 0, j = at + from; i < n; i++, j++) {
                out[i] = Short.toUnsignedLong(a[j]);
            }
        }
    }

    private record Bytes(byte[] a, int at) implements LongColumn {
        @Override
        public long get(int row) {
            return a[at + row];
        }

        @Override
        public void read(int from, long[] out, int n) {
            for (int i = 0, j = at + from; i < n; i++, j++) {
                out[i] = a[j];
            }
        }
    }

    private record UnsignedBytes(byte[] a, int at) implements LongColumn {
        @Override
        public long get(int row) {
            return Byte.toUnsignedLong(a[at + row]);
        }

        @Override
        public void read(int from, long[] out, int n) {
            for (int i = 0, j = at + from; i < n; i++, j++) {
                out[i] = Byte.toUnsignedLong(a[j]);
            }
        }
    }
}
