package dev.quire.layout.array;

import java.util.Arrays;

/** A growable LSB-first bit buffer for builders. */
final class BitSink {
    private byte[] bits = new byte[16];
    private long length;

    long length() {
        return length;
    }

    void append(boolean value) {
        int byteIndex = (int) (length >>> 3);
        if (byteIndex >= bits.length) {
            bits = Arrays.copyOf(bits, bits.length * 2);
        }
        if (value) {
            bits[byteIndex] |= (byte) (1 << (length & 7));
        }
        length++;
    }

    void appendMany(boolean value, long count) {
        long end = length + count;
        int neededBytes = (int) ((end + 7) >>> 3);
        if (neededBytes > bits.length) {
            bits = Arrays.copyOf(bits, Math.max(neededBytes, bits.length * 2));
        }
        if (!value) {
            length = end;
            return;
        }
        while (length < end && (length & 7) != 0) {
            append(true);
        }
        while (end - length >= 8) {
            bits[(int) (length >>> 3)] = (byte) 0xFF;
            length += 8;
        }
        while (length < end) {
            append(true);
        }
    }

    void appendBits(BitBuffer src, long from, long to) {
        for (long i = from; i < to; i++) {
            append(src.get(i));
        }
    }

    BitBuffer take() {
        BitBuffer out = BitBuffer.ofBytes(Arrays.copyOf(bits, (int) ((length + 7) >>> 3)), length);
        bits = new byte[16];
        length = 0;
        return out;
    }
}
