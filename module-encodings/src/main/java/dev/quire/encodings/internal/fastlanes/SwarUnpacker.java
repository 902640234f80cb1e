package dev.quire.encodings.internal.fastlanes;

import dev.quire.layout.array.LittleEndian;
import java.lang.foreign.MemorySegment;

/**
 * Unpacks FastLanes blocks of 1- or 4-byte words with the SWAR kernels ({@link BitUnpack8Swar},
 * {@link BitUnpack32Swar}), holding their scratch arrays: a block's packed words are copied in as longs, unpacked to
 * rows of longs, and the rows copied out as bytes, which on the little-endian platforms {@link FastLanes#swar} allows
 * are the block's values in order. No reference is added. Used by one thread.
 */
final class SwarUnpacker {
    private final int bits;
    private final int width;
    private final long[] in;
    private final long[] rows;
    private final MemorySegment rowBytes;

    /** For blocks of {@code width}-bit values in {@code bits}-bit words (8 or 32). */
    SwarUnpacker(int bits, int width) {
        this.bits = bits;
        this.width = width;
        this.in = new long[Math.max(1, 16 * width)];
        this.rows = new long[16 * bits];
        this.rowBytes = MemorySegment.ofArray(rows);
    }

    /**
     * Unpacks the block whose packed words start at byte {@code at} of {@code packed} into {@code dst} from byte
     * {@code dstOffset}: 1024 values of {@code bits / 8} bytes.
     */
    void unpack(MemorySegment packed, long at, MemorySegment dst, long dstOffset) {
        MemorySegment.copy(packed, LittleEndian.LONG, at, in, 0, 16 * width);
        if (bits == 8) {
            BitUnpack8Swar.unpack(width, in, 0, rows, 0);
        } else {
            BitUnpack32Swar.unpack(width, in, 0, rows, 0);
        }
        MemorySegment.copy(rowBytes, 0, dst, dstOffset, 128L * bits);
    }
}
