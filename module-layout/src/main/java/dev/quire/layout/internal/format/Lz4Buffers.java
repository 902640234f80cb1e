package dev.quire.layout.internal.format;

import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.LittleEndian;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/**
 * Quire's LZ4 buffer framing, for buffers flagged {@code compression = LZ4} in the array flatbuffer: a u32
 * little-endian uncompressed length, then one LZ4 block. Vortex 0.76 never writes the flag and ignores it when
 * reading, so files with such buffers are readable by Quire only; writing them is opt-in.
 */
public final class Lz4Buffers {
    /** LZ4 cannot expand data by more than this factor, which bounds what a hostile length can make us allocate. */
    private static final long MAX_RATIO = 255;

    private static final class Holder {
        // The pure-Java implementation: no JNI library and no Unsafe.
        static final LZ4Factory FACTORY = LZ4Factory.safeInstance();
        static final LZ4Compressor COMPRESSOR = FACTORY.fastCompressor();
        static final LZ4SafeDecompressor DECOMPRESSOR = FACTORY.safeDecompressor();
    }

    private Lz4Buffers() {}

    static MemorySegment decompress(MemorySegment framed, String location) {
        if (framed.byteSize() < 4) {
            throw new MalformedFileException(location + ": LZ4 buffer of " + framed.byteSize() + " bytes is too short");
        }
        long uncompressed = Integer.toUnsignedLong(framed.get(LittleEndian.INT, 0));
        long compressed = framed.byteSize() - 4;
        if (uncompressed > compressed * MAX_RATIO + 64 || uncompressed > Integer.MAX_VALUE - 16) {
            throw new MalformedFileException(location + ": LZ4 buffer claims " + uncompressed
                    + " bytes from " + compressed + " compressed bytes");
        }
        long decoded = decodedLength(framed.asSlice(4), location);
        if (decoded != uncompressed) {
            throw new MalformedFileException(location + ": LZ4 buffer claims " + uncompressed
                    + " bytes but its data decodes to " + decoded);
        }
        byte[] src = framed.asSlice(4).toArray(ValueLayout.JAVA_BYTE);
        byte[] dst = new byte[(int) uncompressed];
        int n;
        try {
            n = Holder.DECOMPRESSOR.decompress(src, 0, src.length, dst, 0, dst.length);
        } catch (LZ4Exception e) {
            throw new MalformedFileException(location + ": corrupt LZ4 data: " + e.getMessage(), e);
        }
        if (n != uncompressed) {
            throw new MalformedFileException(location + ": LZ4 buffer decompressed to " + n + " bytes, its header says "
                    + uncompressed);
        }
        return MemorySegment.ofArray(dst).asReadOnly();
    }

    /**
     * The number of bytes an LZ4 block decodes to, found by walking its sequences (token, literal run, match offset
     * and length) without producing any output, so a claimed size is confirmed before anything is allocated for it.
     */
    static long decodedLength(MemorySegment block, String location) {
        long n = block.byteSize();
        long in = 0;
        long out = 0;
        while (in < n) {
            int token = Byte.toUnsignedInt(block.get(ValueLayout.JAVA_BYTE, in++));
            long literals = token >>> 4;
            if (literals == 15) {
                int b;
                do {
                    if (in >= n) {
                        throw corrupt(location, "a literal length runs past the end of the block", in);
                    }
                    b = Byte.toUnsignedInt(block.get(ValueLayout.JAVA_BYTE, in++));
                    literals += b;
                } while (b == 255);
            }
            if (literals > n - in) {
                throw corrupt(location, literals + " literals run past the end of the block", in);
            }
            in += literals;
            out += literals;
            if (in == n) {
                break; // the last sequence is literals only
            }
            if (n - in < 2) {
                throw corrupt(location, "a match offset is cut off by the end of the block", in);
            }
            int offset = Short.toUnsignedInt(block.get(LittleEndian.SHORT, in));
            in += 2;
            if (offset == 0 || offset > out) {
                throw corrupt(location, "match offset " + offset + " points before the start of the output", in - 2);
            }
            long match = token & 15;
            if (match == 15) {
                int b;
                do {
                    if (in >= n) {
                        throw corrupt(location, "a match length runs past the end of the block", in);
                    }
                    b = Byte.toUnsignedInt(block.get(ValueLayout.JAVA_BYTE, in++));
                    match += b;
                } while (b == 255);
            }
            out += match + 4;
        }
        return out;
    }

    private static MalformedFileException corrupt(String location, String what, long at) {
        return new MalformedFileException(location + ": corrupt LZ4 data: " + what + " (block byte " + at + ")");
    }

    /** Frames and compresses {@code raw}. */
    public static MemorySegment compress(MemorySegment raw) {
        byte[] src = raw.toArray(ValueLayout.JAVA_BYTE);
        byte[] dst = new byte[4 + Holder.COMPRESSOR.maxCompressedLength(src.length)];
        int n = Holder.COMPRESSOR.compress(src, 0, src.length, dst, 4, dst.length - 4);
        MemorySegment out = MemorySegment.ofArray(dst);
        out.set(LittleEndian.INT, 0, src.length);
        return out.asSlice(0, 4 + n);
    }
}
