package dev.quire.encodings.internal.alp;

import static dev.quire.encodings.internal.EncodedRoundTrip.assertRoundTrip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.PrimitiveArray;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AlpRdEncoderTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 100, 1024, 50_000})
    void randomDoublesRoundTrip(int n) {
        Random r = new Random(n);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = r.nextDouble();
        }
        PrimitiveArray values = AlpEncoderTest.f64(v, null);
        AlpRdArray rd = AlpRdEncoder.encode(values);
        assertTrue(rd.dictionary().length <= AlpRdEncoder.MAX_DICTIONARY);
        assertTrue(rd.rightBitWidth() >= 48 && rd.rightBitWidth() < 64, "cut " + rd.rightBitWidth());
        assertRoundTrip(values, rd, "random doubles " + n);
        boolean[] valid = AlpEncoderTest.validity(n, r, 0.1);
        PrimitiveArray nullable = AlpEncoderTest.f64(v, valid);
        assertRoundTrip(nullable, AlpRdEncoder.encode(nullable), "nullable random doubles " + n);
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 1000, 20_000})
    void randomFloatsRoundTrip(int n) {
        Random r = new Random(n);
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = r.nextFloat();
        }
        PrimitiveArray values = AlpEncoderTest.f32(v, null);
        AlpRdArray rd = AlpRdEncoder.encode(values);
        assertTrue(rd.rightBitWidth() >= 16 && rd.rightBitWidth() < 32, "cut " + rd.rightBitWidth());
        assertRoundTrip(values, rd, "random floats " + n);
        PrimitiveArray nullable = AlpEncoderTest.f32(v, AlpEncoderTest.validity(n, r, 0.3));
        assertRoundTrip(nullable, AlpRdEncoder.encode(nullable), "nullable random floats " + n);
    }

    /** Values spread over many magnitudes have more distinct top bits than the dictionary holds: patches. */
    @Test
    void manyMagnitudesArePatched() {
        Random r = new Random(5);
        double[] v = new double[10_000];
        for (int i = 0; i < v.length; i++) {
            v[i] = r.nextDouble() * Math.pow(10, r.nextInt(40) - 20) * (r.nextBoolean() ? 1 : -1);
        }
        v[17] = Double.NaN;
        v[18] = Double.NEGATIVE_INFINITY;
        v[19] = -0.0;
        PrimitiveArray values = AlpEncoderTest.f64(v, null);
        AlpRdArray rd = AlpRdEncoder.encode(values);
        assertTrue(rd.patchCount() > 0);
        assertRoundTrip(values, rd, "many magnitudes");
    }

    @Test
    void allNullsRoundTrip() {
        double[] v = new double[50];
        PrimitiveArray values = AlpEncoderTest.f64(v, new boolean[50]);
        AlpRdArray rd = AlpRdEncoder.encode(values);
        assertEquals(0, rd.patchCount());
        assertRoundTrip(values, rd, "all null");
    }
}
