package dev.quire.io.uring.internal;

import dev.quire.io.spi.Buffers;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Native buffers for reads the kernel fills. Small ones are carved from 1 MiB slabs, one per platform thread: a slab is
 * an automatic arena's memory, freed by the garbage collector once no buffer carved from it is reachable, so a read
 * costs a pointer bump instead of a {@code malloc} and a cleaner of its own (at 100,000 reads a second, the cleaners
 * alone made collections pause for tens of milliseconds). Large buffers, and those of virtual threads (which are many
 * and short-lived), get an arena each. A carved buffer is zeroed once, with its slab.
 */
final class ReadBuffers {
    /** The size of a slab. */
    static final long SLAB = 1 << 20;
    /** The largest buffer carved from a slab; larger ones get an arena of their own. */
    static final long MAX_CARVED = 64 << 10;

    private static final ThreadLocal<Slab> SLABS = new ThreadLocal<>();

    private ReadBuffers() {}

    private static final class Slab {
        final MemorySegment memory = Arena.ofAuto().allocate(SLAB, Buffers.MAX_ALIGNMENT);
        long used;
    }

    /** A buffer of {@code length > 0} bytes starting at a multiple of {@code alignment} (a power of two, ≤ 4096). */
    static MemorySegment allocate(long length, long alignment) {
        if (length > MAX_CARVED || Thread.currentThread().isVirtual()) {
            return Buffers.allocate(length, alignment);
        }
        Slab slab = SLABS.get();
        long start = slab == null ? 0 : (slab.used + alignment - 1) & -alignment;
        if (slab == null || start + length > SLAB) {
            slab = new Slab();
            SLABS.set(slab);
            start = 0;
        }
        slab.used = start + length;
        return slab.memory.asSlice(start, length);
    }
}
