package dev.quire.encodings.internal;

import dev.quire.layout.array.LittleEndian;
import java.lang.foreign.MemorySegment;

/**
 * Little-endian copies of Java arrays as byte-array-backed segments: what encoders hand the writer, which writes heap
 * segments through {@link MemorySegment#asByteBuffer()} and so needs them backed by a {@code byte[]}.
 */
public final class HeapBytes {
    private HeapBytes() {}

    public static MemorySegment of(long[] values) {
        MemorySegment out = MemorySegment.ofArray(new byte[values.length * 8]);
        MemorySegment.copy(values, 0, out, LittleEndian.LONG, 0, values.length);
        return out;
    }

    public static MemorySegment of(int[] values) {
        MemorySegment out = MemorySegment.ofArray(new byte[values.length * 4]);
        MemorySegment.copy(values, 0, out, LittleEndian.INT, 0, values.length);
        return out;
    }

    public static MemorySegment of(short[] values) {
        MemorySegment out = MemorySegment.ofArray(new byte[values.length * 2]);
        MemorySegment.copy(values, 0, out, LittleEndian.SHORT, 0, values.length);
        return out;
    }

    public static MemorySegment of(double[] values) {
        MemorySegment out = MemorySegment.ofArray(new byte[values.length * 8]);
        MemorySegment.copy(values, 0, out, LittleEndian.DOUBLE, 0, values.length);
        return out;
    }

    public static MemorySegment of(float[] values) {
        MemorySegment out = MemorySegment.ofArray(new byte[values.length * 4]);
        MemorySegment.copy(values, 0, out, LittleEndian.FLOAT, 0, values.length);
        return out;
    }

    /** A zeroed segment of {@code count} values of {@code width} bytes. */
    public static MemorySegment zeroed(int count, int width) {
        return MemorySegment.ofArray(new byte[Math.multiplyExact(count, width)]);
    }
}
