package dev.quire.layout.array;

import dev.quire.errors.InvalidArgumentException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;

/**
 * A read-only view of {@code length} bits, LSB-first, starting {@code bitOffset} bits into {@code bytes}: the bit
 * layout of Vortex bool arrays and validity masks.
 */
public final class BitBuffer {
    private final MemorySegment bytes;
    private final long bitOffset;
    private final long length;

    public BitBuffer(MemorySegment bytes, long bitOffset, long length) {
        Objects.requireNonNull(bytes, "bytes is null");
        long bits = bytes.byteSize() > Long.MAX_VALUE / 8 ? Long.MAX_VALUE : bytes.byteSize() * 8;
        if (bitOffset < 0 || length < 0 || bitOffset > bits || length > bits - bitOffset) {
            throw new InvalidArgumentException("bit buffer of " + length + " bits at bit offset " + bitOffset
                    + " does not fit in " + bytes.byteSize() + " bytes");
        }
        this.bytes = bytes;
        this.bitOffset = bitOffset;
        this.length = length;
    }

    public static BitBuffer ofBytes(byte[] bits, long length) {
        return new BitBuffer(MemorySegment.ofArray(bits), 0, length);
    }

    /** A buffer of {@code length} bits, all set to {@code value}. */
    public static BitBuffer filled(long length, boolean value) {
        byte[] bits = new byte[(int) ((length + 7) / 8)];
        if (value) {
            java.util.Arrays.fill(bits, (byte) 0xFF);
        }
        return ofBytes(bits, length);
    }

    public long length() {
        return length;
    }

    public long bitOffset() {
        return bitOffset;
    }

    /** The underlying bytes (bit {@code i} of this buffer is bit {@code bitOffset + i} of them). */
    public MemorySegment bytes() {
        return bytes;
    }

    public boolean get(long i) {
        long bit = bitOffset + i;
        return (bytes.get(ValueLayout.JAVA_BYTE, bit >>> 3) >>> (bit & 7) & 1) != 0;
    }

    public BitBuffer slice(long from, long to) {
        if (from < 0 || to < from || to > length) {
            throw new InvalidArgumentException("slice [" + from + ", " + to + ") of " + length + " bits");
        }
        long start = bitOffset + from;
        long firstByte = start >>> 3;
        long lastByte = (bitOffset + to + 7) >>> 3;
        return new BitBuffer(bytes.asSlice(firstByte, Math.max(lastByte - firstByte, 0)), start & 7, to - from);
    }

    /** The number of set bits. */
    public long countOnes() {
        long count = 0;
        long i = 0;
        // leading bits up to a byte boundary
        while (i < length && ((bitOffset + i) & 7) != 0) {
            if (get(i)) {
                count++;
            }
            i++;
        }
        long byteIndex = (bitOffset + i) >>> 3;
        while (length - i >= 64) {
            count += Long.bitCount(bytes.get(ValueLayout.JAVA_LONG_UNALIGNED, byteIndex));
            byteIndex += 8;
            i += 64;
        }
        while (length - i >= 8) {
            count += Integer.bitCount(bytes.get(ValueLayout.JAVA_BYTE, byteIndex) & 0xFF);
            byteIndex++;
            i += 8;
        }
        while (i < length) {
            if (get(i)) {
                count++;
            }
            i++;
        }
        return count;
    }

    /** The bits re-packed to start at bit 0 of a fresh byte array of {@code ceil(length / 8)} bytes. */
    public byte[] toPackedBytes() {
        byte[] out = new byte[(int) ((length + 7) / 8)];
        if ((bitOffset & 7) == 0) {
            MemorySegment.copy(bytes, bitOffset >>> 3, MemorySegment.ofArray(out), 0, out.length);
            int tail = (int) (length & 7);
            if (tail != 0) {
                out[out.length - 1] &= (byte) ((1 << tail) - 1);
            }
            return out;
        }
        for (long i = 0; i < length; i++) {
            if (get(i)) {
                out[(int) (i >>> 3)] |= (byte) (1 << (i & 7));
            }
        }
        return out;
    }
}
