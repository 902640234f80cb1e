package dev.quire.encodings.internal.strings;

import dev.quire.encodings.internal.EncodingParts;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayParts;
import dev.quire.layout.spi.TakeKernel;
import java.util.Optional;

/**
 * A {@code vortex.fsst} chunk's codes offsets: where each value's codes start in the codes buffer. Reading values in
 * order needs only the first and the last offset: the codes between them decode as one stream, cut by the
 * uncompressed lengths, as the reference decodes them, so a scan never unpacks the child whole. Takes and filters that
 * visit values one by one need every value's offset; those are read from the child the first time they are asked for
 * ({@link FsstChildren#codeOffsets}: checked not to decrease) and kept.
 *
 * <p>Shared by an array and its slices, and thread-safe: the offsets are read at most once once they are good; a
 * child that is malformed throws on every ask.
 */
final class FsstCodeOffsets {
    private final ArrayParts parts;
    private final Array child;
    private final PType ptype;
    private final int n;
    private final long codeBytes;
    /** The first offset: where the chunk's codes start in the buffer. */
    private final long first;
    /** The bytes of codes between the first and the last offset. */
    private final int span;
    private volatile int[] relative;

    private FsstCodeOffsets(ArrayParts parts, Array child, PType ptype, int n, long codeBytes, long first, int span) {
        this.parts = parts;
        this.child = child;
        this.ptype = ptype;
        this.n = n;
        this.codeBytes = codeBytes;
        this.first = first;
        this.span = span;
    }

    /**
     * The {@code n + 1} offsets of child {@code index}, of type {@code ptype}, into a {@code codeBytes}-byte codes
     * buffer. Reads the first and the last and checks that they span bytes of the buffer, at most one Java array of
     * them, in order.
     */
    static FsstCodeOffsets read(ArrayParts parts, int index, PType ptype, int n, long codeBytes) {
        Array child = FsstChildren.child(parts, index, ptype, n + 1L, "codes offsets");
        long[] ends = firstAndLast(child, n);
        long start = ends[0];
        long last = ends[1];
        if (start < 0 || last < start || last > codeBytes) {
            throw parts.malformed("codes offsets span [" + start + ", " + last + ") of a " + codeBytes
                    + "-byte codes buffer");
        }
        if (last - start > EncodingParts.MAX_ARRAY_LENGTH) {
            throw parts.malformed("codes of " + (last - start) + " bytes are too many for one buffer");
        }
        return new FsstCodeOffsets(parts, child, ptype, n, codeBytes, start, (int) (last - start));
    }

    /**
     * Values {@code 0} and {@code n} of the child: two values picked out of a child that offers a take (bit-packed,
     * as the reference writes them), else read from its canonical form. A value of an unsigned 64-bit type above
     * {@link Long#MAX_VALUE} comes out negative, and is refused as an offset below 0 or below the first.
     */
    private static long[] firstAndLast(Array child, int n) {
        if (child instanceof TakeKernel k) {
            Optional<Array> taken = k.take(new long[] {0, n});
            if (taken.isPresent() && taken.get().toCanonical() instanceof PrimitiveArray p) {
                return new long[] {p.getLongValue(0), p.getLongValue(1)};
            }
        }
        PrimitiveArray values = (PrimitiveArray) child.toCanonical();
        return new long[] {values.getLongValue(0), values.getLongValue(n)};
    }

    /** The first offset: where the chunk's codes start in the codes buffer. */
    long first() {
        return first;
    }

    /** The bytes of codes from the first offset to the last. */
    int span() {
        return span;
    }

    /**
     * Where value {@code row}'s codes start, relative to the first offset ({@code 0 <= row <= n}): the first and the
     * last without reading the others.
     */
    int at(int row) {
        if (row == 0) {
            return 0;
        }
        if (row == n) {
            return span;
        }
        return all()[row];
    }

    /**
     * Every offset ({@code n + 1}) relative to the first, read and checked on the first call: none below the one
     * before it.
     */
    int[] all() {
        int[] r = relative;
        if (r == null) {
            synchronized (this) {
                r = relative;
                if (r == null) {
                    long[] start = new long[1];
                    r = FsstChildren.codeOffsets(parts, child, ptype, n, codeBytes, start);
                    if (start[0] != first || r[n] != span) {
                        throw new IllegalStateException("the codes offsets child read " + start[0] + " and "
                                + (start[0] + r[n]) + " as its ends, then " + first + " and " + (first + span));
                    }
                    relative = r;
                }
            }
        }
        return r;
    }
}
