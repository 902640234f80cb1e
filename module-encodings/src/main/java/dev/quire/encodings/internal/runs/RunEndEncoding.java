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
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * {@code vortex.runend}: runs of equal values. Children: the run ends (unsigned, non-decreasing, exclusive, counted
 * from the start of the unsliced array) and one value per run (the array's dtype, whose validity gives each run's);
 * the array starts {@code offset} values in.
 */
public final class RunEndEncoding implements WritesEncodedArrays {
    public static final String ID = "vortex.runend";

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
        return expand(dtype, values, trimmed, n);
    }

    /**
     * The run ends relative to the array, capped at its length: each at least the offset, non-decreasing, the last
     * reaching the array's end.
     */
    private static int[] trimmedEnds(ArrayParts parts, PrimitiveArray ends, int runs, long offset, int length) {
        int[] out = new int[runs];
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
            out[i] = (int) relative;
            previous = relative;
        }
        if (previous != length) {
            throw parts.malformed("run ends stop at " + (previous + offset) + ", before the array's end at "
                    + (offset + length));
        }
        return out;
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

    private static MemorySegment expandPrimitive(PrimitiveArray p, int[] ends, int length) {
        PType ptype = p.ptype();
        MemorySegment src = p.values();
        int from = 0;
        switch (ptype.byteWidth()) {
            case 1 -> {
                byte[] out = new byte[length];
                for (int run = 0; run < ends.length; run++) {
                    Arrays.fill(out, from, ends[run], src.get(ValueLayout.JAVA_BYTE, run));
                    from = ends[run];
                }
                return MemorySegment.ofArray(out);
            }
            case 2 -> {
                short[] out = new short[length];
                for (int run = 0; run < ends.length; run++) {
                    Arrays.fill(out, from, ends[run], src.get(LittleEndian.SHORT, (long) run << 1));
                    from = ends[run];
                }
                return MemorySegment.ofArray(out);
            }
            case 4 -> {
                int[] out = new int[length];
                for (int run = 0; run < ends.length; run++) {
                    Arrays.fill(out, from, ends[run], src.get(LittleEndian.INT, (long) run << 2));
                    from = ends[run];
                }
                return MemorySegment.ofArray(out);
            }
            default -> {
                long[] out = new long[length];
                for (int run = 0; run < ends.length; run++) {
                    Arrays.fill(out, from, ends[run], src.get(LittleEndian.LONG, (long) run << 3));
                    from = ends[run];
                }
                return MemorySegment.ofArray(out);
            }
        }
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
