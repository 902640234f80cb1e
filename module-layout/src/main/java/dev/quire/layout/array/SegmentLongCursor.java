package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.Objects;

/** The values of a canonical array's segment, {@code width} bytes each, a block per call. */
final class SegmentLongCursor implements LongBlocks.Cursor {
    private final MemorySegment values;
    private final int width;
    private final boolean signed;
    private final long length;
    /** The decimal array whose values are wider than a long (each is checked to fit one), else null. */
    private final DecimalArray wide;
    private long row;
    private int[] ints;
    private short[] shorts;
    private byte[] bytes;

    SegmentLongCursor(MemorySegment values, int width, boolean signed, long length, DecimalArray decimal) {
        this.values = values;
        this.width = width;
        this.signed = signed;
        this.length = length;
        this.wide = width > Long.BYTES ? decimal : null;
    }

    @Override
    public int next(long[] out) {
        int n = (int) Math.min(LongBlocks.BLOCK_ROWS, length - row);
        if (n <= 0) {
            return 0;
        }
        Objects.checkFromIndexSize(0, n, out.length);
        long at = row * width;
        switch (width) {
            case 8 -> MemorySegment.copy(values, LittleEndian.LONG, at, out, 0, n);
            // a bulk copy of the block into a scratch array of its own type, then a plain widening loop
            case 4 -> {
                int[] v = ints == null ? ints = new int[LongBlocks.BLOCK_ROWS] : ints;
                MemorySegment.copy(values, LittleEndian.INT, at, v, 0, n);
                if (signed) {
                    for (int i = 0; i < n; i++) {
                        out[i] = v[i];
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        out[i] = Integer.toUnsignedLong(v[i]);
                    }
                }
            }
            case 2 -> {
                short[] v = shorts == null ? shorts = new short[LongBlocks.BLOCK_ROWS] : shorts;
                MemorySegment.copy(values, LittleEndian.SHORT, at, v, 0, n);
                if (signed) {
                    for (int i = 0; i < n; i++) {
                        out[i] = v[i];
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        out[i] = Short.toUnsignedLong(v[i]);
                    }
                }
            }
            case 1 -> {
                byte[] v = bytes == null ? bytes = new byte[LongBlocks.BLOCK_ROWS] : bytes;
                MemorySegment.copy(values, ValueLayout.JAVA_BYTE, at, v, 0, n);
                if (signed) {
                    for (int i = 0; i < n; i++) {
                        out[i] = v[i];
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        out[i] = Byte.toUnsignedLong(v[i]);
                    }
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    out[i] = wideValue(row + i);
                }
            }
        }
        row += n;
        return n;
    }

    /** A wide decimal's unscaled value at {@code index}, which must fit a long unless the row is null. */
    private long wideValue(long index) {
        if (!wide.isValid(index)) {
            return 0;
        }
        BigInteger v = wide.getUnscaled(index);
        if (v.bitLength() >= Long.SIZE) {
            throw new InvalidArgumentException("decimal value " + wide.getDecimal(index) + " at row " + index
                    + " does not fit a long");
        }
        return v.longValue();
    }
}

