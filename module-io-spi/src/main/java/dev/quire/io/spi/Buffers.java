package dev.quire.io.spi;

import dev.quire.errors.InvalidArgumentException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/** Allocation of read buffers whose memory the garbage collector frees once no segment refers to it. */
public final class Buffers {
    /** The largest alignment a caller may ask a read buffer for. */
    public static final long MAX_ALIGNMENT = 4096;

    private Buffers() {}

    /**
     * A zeroed native segment of {@code length} bytes starting at a multiple of {@code alignment}. Each call gets its
     * own automatic arena, so the memory is released as soon as this segment (and its slices) become unreachable.
     */
    public static MemorySegment allocate(long length, long alignment) {
        checkAlignment(alignment);
        if (length < 0) {
            throw new InvalidArgumentException("negative buffer length " + length);
        }
        if (length == 0) {
            // NULL is already zero-length and aligned to everything; reinterpret() would be a restricted call.
            return MemorySegment.NULL;
        }
        return Arena.ofAuto().allocate(length, alignment);
    }

    /**
     * {@code slice} itself when it starts at a multiple of {@code alignment}, else a read-only copy of it that does:
     * how a reader that hands out slices of a mapping keeps the alignment callers ask for.
     */
    public static MemorySegment aligned(MemorySegment slice, long alignment) {
        if ((slice.address() & (alignment - 1)) == 0) {
            return slice;
        }
        MemorySegment copy = allocate(slice.byteSize(), alignment);
        MemorySegment.copy(slice, 0, copy, 0, slice.byteSize());
        return copy.asReadOnly();
    }

    public static void checkAlignment(long alignment) {
        if (alignment <= 0 || Long.bitCount(alignment) != 1 || alignment > MAX_ALIGNMENT) {
            throw new InvalidArgumentException("alignment must be a power of two from 1 to " + MAX_ALIGNMENT
                    + ", got " + alignment);
        }
    }
}
