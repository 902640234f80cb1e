package dev.quire.encodings.internal.alp;

import dev.quire.encodings.internal.HeapBytes;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.util.Optional;

/**
 * Encodes f32 and f64 values as {@code vortex.alp} (adaptive lossless floating point, Afroozeh et al. 2023): each value
 * {@code v} becomes the integer {@code round(v * 10^e / 10^f)}, which decodes as {@code int * 10^f / 10^e}; values for
 * which that is not bit-exact are patches, and their integer slot takes the first kept integer so it does not widen the
 * range the integers are bit-packed in. The exponents are chosen on an evenly spaced sample of
 * {@value #SAMPLE_SIZE}-odd values, by the estimated size of bit-packed integers plus patches, as the reference does.
 *
 * <p>Rounding uses the "sweet" constant ({@code 2^52 + 2^51} for f64, {@code 2^23 + 2^22} for f32): adding and
 * subtracting it rounds half to even in the float's own arithmetic, the same result the reference computes.
 */
public final class AlpEncoder {
    /** Values in the exponent-choosing sample (every {@code length / SAMPLE_SIZE}-th value). */
    static final int SAMPLE_SIZE = 32;

    private static final double SWEET_F64 = 0x1p52 + 0x1p51;
    private static final float SWEET_F32 = 0x1p23f + 0x1p22f;
    private static final double[] F10 = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13,
        1e14, 1e15, 1e16, 1e17, 1e18};
    private static final double[] IF10 = {1e0, 1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11,
        1e-12, 1e-13, 1e-14, 1e-15, 1e-16, 1e-17, 1e-18};
    private static final float[] F10_F32 = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};
    private static final float[] IF10_F32 = {1e0f, 1e-1f, 1e-2f, 1e-3f, 1e-4f, 1e-5f, 1e-6f, 1e-7f, 1e-8f, 1e-9f,
        1e-10f};

    /** The two exponents: values are scaled up by {@code 10^e} and down by {@code 10^f}, {@code f < e}. */
    public record Exponents(int e, int f) {}

    private AlpEncoder() {}

    /** Encodes {@code values} (f32 or f64) with the exponents {@link #findExponents} picks. */
    public static AlpArray encode(PrimitiveArray values) {
        return encode(values, findExponents(values));
    }

    /** Encodes {@code values} (f32 or f64) with the given exponents. */
    public static AlpArray encode(PrimitiveArray values, Exponents exponents) {
        PType ptype = floatPType(values);
        if (values.length() > Integer.MAX_VALUE - 8) {
            throw new InvalidArgumentException("ALP encodes at most " + (Integer.MAX_VALUE - 8) + " values at once");
        }
        return ptype == PType.F64 ? encodeF64(values, exponents) : encodeF32(values, exponents);
    }

    /**
     * The exponents that minimise the estimated encoded size of an evenly spaced sample of {@code values}: for each
     * pair, the bits needed for the range of the integers that round-trip, plus 10 (f64) or 6 (f32) bytes per patch;
     * ties go to the pair with the smaller {@code e - f}.
     */
    public static Exponents findExponents(PrimitiveArray values) {
        PType ptype = floatPType(values);
        int n = (int) values.length();
        int step = n > SAMPLE_SIZE ? n / SAMPLE_SIZE : 1;
        int count = (n + step - 1) / step;
        boolean f64 = ptype == PType.F64;
        int max = f64 ? AlpEncoding.MAX_EXPONENT_F64 : AlpEncoding.MAX_EXPONENT_F32;
        double[] sample64 = f64 ? new double[count] : null;
        float[] sample32 = f64 ? null : new float[count];
        for (int i = 0, at = 0; i < count; i++, at += step) {
            if (f64) {
                sample64[i] = values.getDouble(at);
            } else {
                sample32[i] = values.getFloat(at);
            }
        }
        Exponents best = new Exponents(0, 0);
        long bestSize = Long.MAX_VALUE;
        for (int e = max - 1; e >= 0; e--) {
            for (int f = 0; f < e; f++) {
                long size = f64 ? estimateF64(sample64, e, f) : estimateF32(sample32, e, f);
                if (size < bestSize || (size == bestSize && e - f < best.e() - best.f())) {
                    bestSize = size;
                    best = new Exponents(e, f);
                }
            }
        }
        return best;
    }

    private static PType floatPType(PrimitiveArray values) {
        PType ptype = values.ptype();
        if (ptype != PType.F64 && ptype != PType.F32) {
            throw new InvalidArgumentException("ALP encodes f32 or f64 values, not " + ptype.displayName());
        }
        return ptype;
    }

    static long encodeOne(double v, int e, int f) {
        return (long) ((v * F10[e] * IF10[f] + SWEET_F64) - SWEET_F64);
    }

    static double decodeOne(long encoded, int e, int f) {
        return (double) encoded * F10[f] * IF10[e];
    }

    static int encodeOne(float v, int e, int f) {
        return (int) ((v * F10_F32[e] * IF10_F32[f] + SWEET_F32) - SWEET_F32);
    }

    static float decodeOne(int encoded, int e, int f) {
        return (float) encoded * F10_F32[f] * IF10_F32[e];
    }

    private static long estimateF64(double[] sample, int e, int f) {
        long keptMin = Long.MAX_VALUE;
        long keptMax = Long.MIN_VALUE;
        long allMin = Long.MAX_VALUE;
        long allMax = Long.MIN_VALUE;
        int patches = 0;
        for (double v : sample) {
            long q = encodeOne(v, e, f);
            allMin = Math.min(allMin, q);
            allMax = Math.max(allMax, q);
            if (Double.doubleToRawLongBits(decodeOne(q, e, f)) == Double.doubleToRawLongBits(v)) {
                keptMin = Math.min(keptMin, q);
                keptMax = Math.max(keptMax, q);
            } else {
                patches++;
            }
        }
        boolean allPatched = patches == sample.length;
        int bits = rangeBits(allPatched ? allMin : keptMin, allPatched ? allMax : keptMax, 64);
        return ((long) sample.length * bits + 7) / 8 + (long) patches * (8 + 2);
    }

    private static long estimateF32(float[] sample, int e, int f) {
        long keptMin = Long.MAX_VALUE;
        long keptMax = Long.MIN_VALUE;
        long allMin = Long.MAX_VALUE;
        long allMax = Long.MIN_VALUE;
        int patches = 0;
        for (float v : sample) {
            int q = encodeOne(v, e, f);
            allMin = Math.min(allMin, q);
            allMax = Math.max(allMax, q);
            if (Float.floatToRawIntBits(decodeOne(q, e, f)) == Float.floatToRawIntBits(v)) {
                keptMin = Math.min(keptMin, q);
                keptMax = Math.max(keptMax, q);
            } else {
                patches++;
            }
        }
        boolean allPatched = patches == sample.length;
        int bits = rangeBits(allPatched ? allMin : keptMin, allPatched ? allMax : keptMax, 32);
        return ((long) sample.length * bits + 7) / 8 + (long) patches * (4 + 2);
    }

    /** The bits for {@code max - min} (0 for one value), or {@code width} when empty or the difference overflows. */
    private static int rangeBits(long min, long max, int width) {
        if (min > max) {
            return width;
        }
        long range = max - min;
        if (range < 0 || (width == 32 && range > 0xFFFF_FFFFL)) {
            return width;
        }
        return 64 - Long.numberOfLeadingZeros(range);
    }

    private static AlpArray encodeF64(PrimitiveArray values, Exponents exp) {
        int n = (int) values.length();
        int e = exp.e();
        int f = exp.f();
        Validity validity = values.validity();
        boolean allValid = values.nullCount() == 0;
        long[] encoded = new long[n];
        boolean[] filled = new boolean[n];
        int[] positions = new int[16];
        double[] patchValues = new double[16];
        int patches = 0;
        long fill = 0;
        boolean haveFill = false;
        for (int i = 0; i < n; i++) {
            if (!allValid && !validity.isValid(i)) {
                filled[i] = true;
                continue;
            }
            double v = values.getDouble(i);
            long q = encodeOne(v, e, f);
            if (Double.doubleToRawLongBits(decodeOne(q, e, f)) == Double.doubleToRawLongBits(v)) {
                encoded[i] = q;
                if (!haveFill) {
                    fill = q;
                    haveFill = true;
                }
            } else {
                if (patches == positions.length) {
                    positions = java.util.Arrays.copyOf(positions, patches * 2);
                    patchValues = java.util.Arrays.copyOf(patchValues, patches * 2);
                }
                positions[patches] = i;
                patchValues[patches++] = v;
                filled[i] = true;
            }
        }
        for (int i = 0; i < n; i++) {
            if (filled[i]) {
                encoded[i] = fill;
            }
        }
        PrimitiveArray ints = new PrimitiveArray(new DType.Primitive(PType.I64, values.dtype().nullable()),
                HeapBytes.of(encoded), validity);
        Optional<PatchList> patchList = Optional.empty();
        if (patches > 0) {
            double[] pv = java.util.Arrays.copyOf(patchValues, patches);
            PrimitiveArray patchArray = new PrimitiveArray(values.dtype(), HeapBytes.of(pv),
                    Validity.allValid(values.dtype().nullable()));
            patchList = Optional.of(PatchList.of(positions, patches, patchArray));
        }
        return new AlpArray(values, ints, e, f, patchList);
    }

    private static AlpArray encodeF32(PrimitiveArray values, Exponents exp) {
        int n = (int) values.length();
        int e = exp.e();
        int f = exp.f();
        Validity validity = values.validity();
        boolean allValid = values.nullCount() == 0;
        int[] encoded = new int[n];
        boolean[] filled = new boolean[n];
        int[] positions = new int[16];
        float[] patchValues = new float[16];
        int patches = 0;
        int fill = 0;
        boolean haveFill = false;
        for (int i = 0; i < n; i++) {
            if (!allValid && !validity.isValid(i)) {
                filled[i] = true;
                continue;
            }
            float v = values.getFloat(i);
            int q = encodeOne(v, e, f);
            if (Float.floatToRawIntBits(decodeOne(q, e, f)) == Float.floatToRawIntBits(v)) {
                encoded[i] = q;
                if (!haveFill) {
                    fill = q;
                    haveFill = true;
                }
            } else {
                if (patches == positions.length) {
                    positions = java.util.Arrays.copyOf(positions, patches * 2);
                    patchValues = java.util.Arrays.copyOf(patchValues, patches * 2);
                }
                positions[patches] = i;
                patchValues[patches++] = v;
                filled[i] = true;
            }
        }
        for (int i = 0; i < n; i++) {
            if (filled[i]) {
                encoded[i] = fill;
            }
        }
        PrimitiveArray ints = new PrimitiveArray(new DType.Primitive(PType.I32, values.dtype().nullable()),
                HeapBytes.of(encoded), validity);
        Optional<PatchList> patchList = Optional.empty();
        if (patches > 0) {
            float[] pv = java.util.Arrays.copyOf(patchValues, patches);
            PrimitiveArray patchArray = new PrimitiveArray(values.dtype(), HeapBytes.of(pv),
                    Validity.allValid(values.dtype().nullable()));
            patchList = Optional.of(PatchList.of(positions, patches, patchArray));
        }
        return new AlpArray(values, ints, e, f, patchList);
    }
}
