package dev.quire.layout.spi;

import dev.quire.errors.InvalidArgumentException;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/** A buffer to write and the alignment it must start at within its segment ({@code 2^alignmentExponent}). */
public record EncodedBuffer(MemorySegment bytes, int alignmentExponent) {
    /** The largest alignment exponent a buffer may ask for (4 KiB). */
    public static final int MAX_ALIGNMENT_EXPONENT = 12;

    public EncodedBuffer {
        Objects.requireNonNull(bytes, "bytes is null");
        if (alignmentExponent < 0 || alignmentExponent > MAX_ALIGNMENT_EXPONENT) {
            throw new InvalidArgumentException("alignment exponent " + alignmentExponent + " out of range");
        }
        if (bytes.byteSize() > 0xFFFF_FFFFL) {
            throw new InvalidArgumentException("a buffer of " + bytes.byteSize()
                    + " bytes does not fit the format's 4 GiB buffer limit");
        }
    }
}
