package dev.quire.encodings.internal.runs;

import dev.quire.encodings.internal.Buffers;
import dev.quire.encodings.internal.EncodingParts;
import dev.quire.encodings.internal.WritesEncodedArrays;
import dev.quire.encodings.internal.proto.RunEndMetadata;
import dev.quire.errors.UnsupportedFeatureException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ArrayParts;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * {@code vortex.runend}: runs of equal values. Children: the run ends (unsigned, non-decreasing, exclusive, counted
 * from the start of the unsliced array) and one value per run (the array's dtype, whose validity gives each run's);
 * the array starts {@code offset} values in. Integer runs are kept as runs ({@link RunEndArray}) until something asks
 * for their values; other runs are expanded at once.
 */
public final class RunEndEncoding implements WritesEncodedArrays {
    public static final String ID = "vortex.runend";
    /** Runs of at most this many values are written with a fixed group of stores (see {@link #expandPrimitive}). */
    static final int SHORT_RUN = 8;

    @Override
    public String id() {
        return ID;
    }


    @Override
    public Array decode(ArrayParts parts) {
        DType dtype = parts.dtype();
        RunEndMetadata meta = EncodingParts.parse(parts, RunEndMetadata.parser(), "run-end");
        EncodingParts.requireBuffers(parts, 0);
        EncodingParts.requireChildren(parts, 2, 2);
        PType endsType = EncodingParts.unsignedPType(parts, meta.getEndsPtype(), "run ends type");
        long length = parts.length();
        long runs = meta.getNumRuns();
        if (runs < 0 || runs > EncodingParts.MAX_ARRAY_LENGTH) {
            throw parts.malformed("run count " + Long.toUnsignedString(runs) + " is out of range");
        }
        long offset = meta.getOffset();
        if (offset < 0 || offset > Long.MAX_VALUE - length) {
            throw parts.malformed("offset " + Long.toUnsignedString(offset) + " is out of range");
        }
        if (runs == 0 && (offset != 0 || length != 0)) {
            throw parts.malformed("no runs for " + length + " values at offset " + offset);
        }
        int n = Buffers.checkedLength(parts, length, "a run-end array");
        PrimitiveArray ends = EncodingParts.primitiveChild(parts, 0, endsType, runs);
        Array values = parts.child(1, dtype, runs).toCanonical();
        int[] trimmed = trimmedEnds(parts, ends, (int) runs, offset, n);
        if (values instanceof PrimitiveArray p && p.ptype().isInteger()) {
            // kept as runs: a scan's consumer or a dictionary with run-end codes reads them block by block without
            // expanding them
            return new RunEndArray(dtype, p, trimmed, n);
        }
        return expand(dtype, values, trimmed, n);
    }

    /**
     * The run ends relative to the array, capped at its length: each at least the offset, non-decreasing, the last
     * reaching the array's end. The ends are read in their own width, from the decoded child's array when it is one
     * (no copy, no widened intermediate), in one branch-free pass per run that only notes whether something was wrong;
     * malformed ends are then re-checked by {@link #checkEnds}, which names the first bad one.
     */
    static int[] trimmedEnds(ArrayParts parts, PrimitiveArray ends, int runs, long offset, int length) {
        MemorySegment s = ends.values();
        int[] out = new int[runs];
        boolean ok = switch (ends.ptype().byteWidth()) {
            case 1 -> {
                byte[] e = Buffers.bytes(s, runs);
                long previous = 0;
                boolean good = true;
                for (int i = 0; i < runs; i++) {
                    long relative = Math.min((e[i] & 0xFFL) - offset, length);
                    good &= relative >= previous;
                    out[i] = (int) relative;
                    previous = relative;
                }
                yield good && previous == length;
            }
            case 2 -> {
                short[] e = Buffers.shorts(s, runs);
                long previous = 0;
                boolean good = true;
                for (int i = 0; i < runs; i++) {
                    long relative = Math.min((e[i] & 0xFFFFL) - offset, length);
                    good &= relative >= previous;
                    out[i] = (int) relative;
                    previous = relative;
                }
                yield good && previous == length;
            }
            case 4 -> {
                int[] e = Buffers.ints(s, runs);
                long previous = 0;
                boolean good = true;
                for (int i = 0; i < runs; i++) {
                    long relative = Math.min((e[i] & 0xFFFF_FFFFL) - offset, length);
                    good &= relative >= previous;
                    out[i] = (int) relative;
                    previous = relative;
                }
                yield good && previous == length;
            }
            default -> {
                long[] e = Buffers.longs(s, runs);
                long previous = 0;
                boolean good = true;
                for (int i = 0; i < runs; i++) {
                    // An end above Long.MAX_VALUE reads negative: below any offset, so it fails here, not by
                    // wrapping in the subtraction.
                    long end = e[i];
                    long relative = Math.min(end - offset, length);
                    good &= end >= offset & relative >= previous;
                    out[i] = (int) relative;
                    previous = relative;
                }
                yield good && previous == length;
            }
        };
        if (!ok) {
            checkEnds(parts, ends, runs, offset, length);
        }
        return out;
    }

    /**
     * Finds and reports the first malformed run end (one below the offset or below the one before it) or the last end
     * stopping short of the array's end. Runs only for ends the fast pass rejected.
     */
    private static void checkEnds(ArrayParts parts, PrimitiveArray ends, int runs, long offset, int length) {
        long previous = 0;
        for (int i = 0; i < runs; i++) {
            long end = ends.getLongValue(i);
            if (end < offset) {
                throw parts.malformed("run end " + Long.toUnsignedString(end) + " at " + i + " is below the offset "
                        + offset);
            }
            long relative = Math.min(end - offset, length);
            if (relative < previous) {
                throw parts.malformed("run ends decrease at " + i + ": " + (previous + offset) + " then " + end);
            }
            previous = relative;
        }
        if (previous != length) {
            throw parts.malformed("run ends stop at " + (previous + offset) + ", before the array's end at "
                    + (offset + length));
        }
        throw new IllegalStateException("run ends rejected by the fast check but not by the exact one");
    }

    /** Repeats {@code values[i]} from {@code ends[i - 1]} to {@code ends[i]}, one path per canonical array kind. */
    static Array expand(DType dtype, Array values, int[] ends, int length) {
        return switch (values) {
            case PrimitiveArray p -> new PrimitiveArray(p.dtype(), expandPrimitive(p, ends, length),
                    expandValidity(p.validity(), ends, length));
            case BoolArray b -> new BoolArray(expandBits(b.bits(), ends, length),
                    expandValidity(b.validity(), ends, length));
            case VarBinViewArray v -> new VarBinViewArray(dtype, expandViews(v.views(), ends, length),
                    v.buffers(), expandValidity(v.validity(), ends, length));
            default -> {
                ArrayBuilder builder = ArrayBuilder.forType(dtype);
                int from = 0;
                for (int run = 0; run < ends.length; run++) {
                    for (int i = from; i < ends[run]; i++) {
                        builder.append(values, run, run + 1);
                    }
                    from = ends[run];
                }
                yield builder.finish();
            }
        };
    }

    /**
     * The values of {@code p} repeated over their runs. The run values are read from the decoded child's array when it
     * is one, else copied out in bulk first; runs of up to
     * {@link #SHORT_RUN} values (most runs, in the columns where run-end pays) are written as a fixed group of stores
     * (the stores past the run are overwritten by the runs after it), so the loop takes one predictable branch per
     * run instead of a fill of unknown length; runs that start in the last {@link #SHORT_RUN} values are filled
     * exactly, so the output needs no slack.
     */
    static MemorySegment expandPrimitive(PrimitiveArray p, int[] ends, int length) {
        MemorySegment src = p.values();
        int runs = ends.length;
        switch (p.ptype().byteWidth()) {
            case 1 -> {
                byte[] v = Buffers.bytes(src, runs);
                byte[] out = new byte[length];
                int from = 0;
                for (int run = 0; run < runs; run++) {
                    Arrays.fill(out, from, ends[run], v[run]);
                    from = ends[run];
                }
                return MemorySegment.ofArray(out);
            }
            case 2 -> {
                short[] v = Buffers.shorts(src, runs);
                short[] out = new short[length];
                int from = 0;
                for (int run = 0; run < runs; run++) {
                    Arrays.fill(out, from, ends[run], v[run]);
                    from = ends[run];
                }
                return MemorySegment.ofArray(out);
            }
            case 4 -> {
                int[] v = Buffers.ints(src, runs);
                return MemorySegment.ofArray(expandInts(v, ends, length));
            }
            default -> {
                long[] v = Buffers.longs(src, runs);
                return MemorySegment.ofArray(expandLongs(v, ends, length));
            }
        }
    }

    /** {@code v[run]} over each run's rows: an array of {@code length}. */
    static long[] expandLongs(long[] v, int[] ends, int length) {
        long[] out = new long[length];
        // the fixed group of stores is used while it stays inside the array; the last runs are filled exactly
        int groupEnd = length - SHORT_RUN;
        int from = 0;
        for (int run = 0; run < ends.length; run++) {
            long x = v[run];
            int end = ends[run];
            if (end - from <= SHORT_RUN & from <= groupEnd) {
                out[from] = x;
                out[from + 1] = x;
                out[from + 2] = x;
                out[from + 3] = x;
                out[from + 4] = x;
                out[from + 5] = x;
                out[from + 6] = x;
                out[from + 7] = x;
            } else {
                Arrays.fill(out, from, end, x);
            }
            from = end;
        }
        return out;
    }

    /** As {@link #expandLongs} for 4-byte values. */
    static int[] expandInts(int[] v, int[] ends, int length) {
        int[] out = new int[length];
        // the fixed group of stores is used while it stays inside the array; the last runs are filled exactly
        int groupEnd = length - SHORT_RUN;
        int from = 0;
        for (int run = 0; run < ends.length; run++) {
            int x = v[run];
            int end = ends[run];
            if (end - from <= SHORT_RUN & from <= groupEnd) {
                out[from] = x;
                out[from + 1] = x;
                out[from + 2] = x;
                out[from + 3] = x;
                out[from + 4] = x;
                out[from + 5] = x;
                out[from + 6] = x;
                out[from + 7] = x;
            } else {
                Arrays.fill(out, from, end, x);
            }
            from = end;
        }
        return out;
    }

    private static BitBuffer expandBits(BitBuffer bits, int[] ends, int length) {
        byte[] out = new byte[(length + 7) >>> 3];
        int from = 0;
        for (int run = 0; run < ends.length; run++) {
            if (bits.get(run)) {
                setRange(out, from, ends[run]);
            }
            from = ends[run];
        }
        return BitBuffer.ofBytes(out, length);
    }

    private static MemorySegment expandViews(MemorySegment views, int[] ends, int length) {
        if (length > EncodingParts.MAX_ARRAY_LENGTH / 2) {
            throw new UnsupportedFeatureException("a string array of " + length + " values is too long to expand");
        }
        MemorySegment out = MemorySegment.ofArray(new long[length * 2]);
        int from = 0;
        for (int run = 0; run < ends.length; run++) {
            long lo = views.get(LittleEndian.LONG, (long) run * 16);
            long hi = views.get(LittleEndian.LONG, (long) run * 16 + 8);
            for (int i = from; i < ends[run]; i++) {
                out.set(LittleEndian.LONG, (long) i * 16, lo);
                out.set(LittleEndian.LONG, (long) i * 16 + 8, hi);
            }
            from = ends[run];
        }
        return out;
    }

    private static Validity expandValidity(Validity runs, int[] ends, int length) {
        if (!(runs instanceof Validity.Mask mask)) {
            return runs;
        }
        return new Validity.Mask(expandBits(mask.bits(), ends, length));
    }

    /** Sets bits {@code [from, to)} of {@code bits}. */
    static void setRange(byte[] bits, int from, int to) {
        int i = from;
        while (i < to && (i & 7) != 0) {
            bits[i >>> 3] |= (byte) (1 << (i & 7));
            i++;
        }
        while (i + 8 <= to) {
            bits[i >>> 3] = (byte) 0xFF;
            i += 8;
        }
        while (i < to) {
            bits[i >>> 3] |= (byte) (1 << (i & 7));
            i++;
        }
    }
}
