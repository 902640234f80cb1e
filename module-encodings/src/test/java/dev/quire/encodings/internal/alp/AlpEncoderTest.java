package dev.quire.encodings.internal.alp;

import static dev.quire.encodings.internal.EncodedRoundTrip.assertRoundTrip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.TestArrays;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AlpEncoderTest {

    static PrimitiveArray f64(double[] v, boolean[] valid) {
        return valid == null
                ? new PrimitiveArray(new DType.Primitive(PType.F64, false), MemorySegment.ofArray(v),
                        Validity.NON_NULLABLE)
                : new PrimitiveArray(new DType.Primitive(PType.F64, true), MemorySegment.ofArray(v),
                        TestArrays.mask(valid));
    }

    static PrimitiveArray f32(float[] v, boolean[] valid) {
        return valid == null
                ? new PrimitiveArray(new DType.Primitive(PType.F32, false), MemorySegment.ofArray(v),
                        Validity.NON_NULLABLE)
                : new PrimitiveArray(new DType.Primitive(PType.F32, true), MemorySegment.ofArray(v),
                        TestArrays.mask(valid));
    }

    static boolean[] validity(int n, Random r, double nullFraction) {
        boolean[] valid = new boolean[n];
        for (int i = 0; i < n; i++) {
            valid[i] = r.nextDouble() >= nullFraction;
        }
        return valid;
    }

    /** Two-decimal prices, as in the reference's sample file: exponents e=14, f=12, as Vortex 0.76 picks, no patches. */
    @ParameterizedTest
    @ValueSource(ints = {1, 5, 31, 32, 33, 1000, 1024, 1025, 100_000})
    void twoDecimalDoublesRoundTripWithoutPatches(int n) {
        Random r = new Random(42);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = Math.round(r.nextDouble() * 1e6) / 100.0;
        }
        PrimitiveArray values = f64(v, null);
        AlpArray alp = AlpEncoder.encode(values);
        if (n >= 32) {
            assertEquals(new AlpEncoder.Exponents(14, 12), new AlpEncoder.Exponents(alp.exponentE(),
                    alp.exponentF()));
        }
        assertEquals(0, alp.patchCount());
        assertRoundTrip(values, alp, "dec2 " + n);
    }

    @ParameterizedTest
    @ValueSource(ints = {7, 1000, 5000})
    void nullsKeepTheirPlaceAndAreNotPatched(int n) {
        Random r = new Random(n);
        double[] v = new double[n];
        boolean[] valid = validity(n, r, 0.1);
        for (int i = 0; i < n; i++) {
            // garbage under nulls must not become patches
            v[i] = valid[i] ? r.nextInt(100_000) / 100.0 : Math.PI * r.nextDouble();
        }
        PrimitiveArray values = f64(v, valid);
        AlpArray alp = AlpEncoder.encode(values);
        assertEquals(0, alp.patchCount());
        assertRoundTrip(values, alp, "nullable " + n);
    }

    @Test
    void valuesThatDoNotSurviveArePatchedBitExactly() {
        int n = 3000;
        Random r = new Random(7);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = r.nextInt(10_000) / 10.0;
        }
        double[] specials = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, Math.PI,
            Double.MAX_VALUE, Double.MIN_VALUE, 1e300, -1e-300, Double.longBitsToDouble(0x7ff8_0000_0000_1234L)};
        for (int i = 0; i < specials.length; i++) {
            v[i * 250 + 3] = specials[i];
        }
        PrimitiveArray values = f64(v, null);
        AlpArray alp = AlpEncoder.encode(values);
        assertEquals(specials.length, alp.patchCount());
        assertRoundTrip(values, alp, "specials");
    }

    @Test
    void allPatchedStillRoundTrips() {
        Random r = new Random(3);
        double[] v = new double[2000];
        for (int i = 0; i < v.length; i++) {
            v[i] = r.nextDouble();
        }
        PrimitiveArray values = f64(v, null);
        AlpArray alp = AlpEncoder.encode(values);
        assertTrue(alp.patchCount() > 0);
        assertRoundTrip(values, alp, "random doubles");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 100, 4096})
    void floatsRoundTrip(int n) {
        Random r = new Random(n);
        float[] v = new float[n];
        boolean[] valid = validity(n, r, 0.2);
        for (int i = 0; i < n; i++) {
            v[i] = r.nextInt(5000) / 10f;
        }
        v[n / 2] = Float.NaN;
        v[n - 1] = 1e30f;
        PrimitiveArray values = f32(v, null);
        AlpArray alp = AlpEncoder.encode(values);
        assertRoundTrip(values, alp, "f32 " + n);
        PrimitiveArray nullable = f32(v, valid);
        assertRoundTrip(nullable, AlpEncoder.encode(nullable), "nullable f32 " + n);
    }

    @Test
    void everyExponentPairRoundTrips() {
        Random r = new Random(11);
        double[] v = new double[300];
        for (int i = 0; i < v.length; i++) {
            v[i] = r.nextInt(1_000_000) / Math.pow(10, r.nextInt(6));
        }
        PrimitiveArray values = f64(v, null);
        for (int e = 0; e < AlpEncoding.MAX_EXPONENT_F64; e++) {
            for (int f = 0; f <= e; f++) {
                assertRoundTrip(values, AlpEncoder.encode(values, new AlpEncoder.Exponents(e, f)),
                        "e=" + e + " f=" + f);
            }
        }
    }
}
