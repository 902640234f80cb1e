package dev.quire.encodings.internal.strings;

import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.spi.IntegerBlocks;
import java.util.Optional;

/**
 * A {@code vortex.fsst} chunk's uncompressed lengths as running ends ({@link FsstChildren#valueEnds}), read from the
 * lengths child the first time they are needed and kept. A prefix filter decides values on their codes alone
 * ({@link FsstLiteralMatcher#matchPrefix}), so a chunk that is only filtered that way never decodes the child:
 * unpacking and summing it cost about a tenth of such a filter. Reading the values (decoding, takes, block cursors)
 * and every other filter ask for the ends, and get them checked exactly as when they were read with the chunk.
 *
 * <p>Shared by an array and its slices, and thread-safe: the ends are computed at most once once they are good; a
 * lengths child that is malformed throws on every ask.
 */
final class FsstValueEnds {
    private final ArrayParts parts;
    private final int child;
    private final PType ptype;
    private final int n;
    private final long codeBytes;
    private volatile int[] ends;

    /**
     * The ends of the {@code n} values whose lengths are child {@code child} of {@code parts}, of type {@code ptype},
     * to be checked against the {@code codeBytes} bytes of codes they are decoded from.
     */
    FsstValueEnds(ArrayParts parts, int child, PType ptype, int n, long codeBytes) {
        this.parts = parts;
        this.child = child;
        this.ptype = ptype;
        this.n = n;
        this.codeBytes = codeBytes;
    }

    /** The number of values. */
    int count() {
        return n;
    }

    /**
     * The lengths child's own cursor (bit-packed, not yet decoded), for a reader that goes through the values in order
     * and sums the lengths itself, block by block, into the ends it needs; empty once the ends have been read (then
     * they are what to read) or when the child offers none. Its values are never negative; the reader checks what
     * they add up to.
     */
    Optional<IntegerBlocks.Cursor> cursor() {
        if (ends != null) {
            return Optional.empty();
        }
        return FsstChildren.lengthBlocks(parts, child, ptype, n);
    }

    /** The running ends ({@code n + 1}, from 0, non-decreasing), read and checked on the first call. */
    int[] get() {
        int[] e = ends;
        if (e == null) {
            synchronized (this) {
                e = ends;
                if (e == null) {
                    e = FsstChildren.valueEnds(parts, child, ptype, n, codeBytes);
                    ends = e;
                }
            }
        }
        return e;
    }
}
