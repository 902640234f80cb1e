package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/** A growable little-endian byte buffer on the heap, for builders. */
final class ByteSink {
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** Arrays near Integer.MAX_VALUE cannot be allocated on every VM. */
    static final int MAX_SIZE = Integer.MAX_VALUE - 16;

    private static final byte[] NONE = new byte[0];

    private byte[] bytes;
    private int size;
    /**
     * The capacity to start with once the sink has handed its bytes over: a bit more than it held then, since a
     * builder is usually filled to about the same size again (a column writer's chunks), so it does not grow from
     * nothing, copying its bytes at each doubling, every time.
     */
    private int nextCapacity;

    ByteSink(int initialCapacity) {
        bytes = new byte[Math.max(initialCapacity, 16)];
    }

    int size() {
        return size;
    }

    private void reserve(long extra) {
        long needed = size + extra;
        if (needed > MAX_SIZE) {
            throw new InvalidArgumentException("a builder buffer cannot exceed " + MAX_SIZE
                    + " bytes; write smaller batches");
        }
        if (needed > bytes.length) {
            long grown = Math.max(Math.max(needed, nextCapacity), Math.min((long) bytes.length * 2, MAX_SIZE));
            bytes = Arrays.copyOf(bytes, (int) grown);
        }
    }

    void writeByte(int v) {
        reserve(1);
        bytes[size++] = (byte) v;
    }

    void writeShort(short v) {
        reserve(2);
        SHORT.set(bytes, size, v);
        size += 2;
    }

    void writeInt(int v) {
        reserve(4);
        INT.set(bytes, size, v);
        size += 4;
    }

    void writeLong(long v) {
        reserve(8);
        LONG.set(bytes, size, v);
        size += 8;
    }

    void write(byte[] src, int off, int len) {
        reserve(len);
        System.arraycopy(src, off, bytes, size, len);
        size += len;
    }

    void write(MemorySegment src) {
        long len = src.byteSize();
        reserve(len);
        MemorySegment.copy(src, ValueLayout.JAVA_BYTE, 0, bytes, size, (int) len);
        size += (int) len;
    }

    /** Writes bytes {@code [offset, offset + len)} of {@code src}. */
    void write(MemorySegment src, long offset, long len) {
        reserve(len);
        MemorySegment.copy(src, ValueLayout.JAVA_BYTE, offset, bytes, size, (int) len);
        size += (int) len;
    }

    void writeZeros(long len) {
        reserve(len);
        Arrays.fill(bytes, size, size + (int) len, (byte) 0);
        size += (int) len;
    }

    /** Overwrites an int already written at {@code pos}. */
    void setInt(int pos, int v) {
        INT.set(bytes, pos, v);
    }

    /** Overwrites a long already written at {@code pos}. */
    void setLong(int pos, long v) {
        LONG.set(bytes, pos, v);
    }

    /** The int written at {@code pos}. */
    int getInt(int pos) {
        return (int) INT.get(bytes, pos);
    }

    /** The long written at {@code pos}. */
    long getLong(int pos) {
        return (long) LONG.get(bytes, pos);
    }

    /** A segment of the bytes written so far; the sink must not be written to while it is in use. */
    MemorySegment view() {
        return MemorySegment.ofArray(bytes).asSlice(0, size);
    }

    /**
     * Hands the bytes over as a segment and starts afresh. The segment is a slice of the sink's own array when that
     * has at most a quarter more room than the bytes need (no copy), else of an exact copy, so a segment never keeps
     * much more memory alive than it shows. The next array is allocated at the first write, of about this size.
     */
    MemorySegment take() {
        int spare = bytes.length - size;
        MemorySegment out = spare <= size / 4 ? MemorySegment.ofArray(bytes).asSlice(0, size)
                : MemorySegment.ofArray(Arrays.copyOf(bytes, size));
        nextCapacity = (int) Math.min(MAX_SIZE, size + (long) size / 8 + 16);
        bytes = NONE;
        size = 0;
        return out;
    }
}
