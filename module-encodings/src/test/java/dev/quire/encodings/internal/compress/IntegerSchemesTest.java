package dev.quire.encodings.internal.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.IntegerStats;
import dev.quire.encodings.internal.Plugins;
import dev.quire.encodings.internal.RoundTrip;
import dev.quire.encodings.internal.TestArrays;
import dev.quire.encodings.internal.fastlanes.BitPackedEncoder;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.PType;
import java.util.List;
import java.util.Random;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class IntegerSchemesTest {
    private static final Compressor COMPRESSOR = new Compressor();
    private static final int[] SIZES = {1, 5, 1000, 1023, 1025, 20_000};

    /** Compresses, writes and reads back; checks every value and null; returns the compressed array. */
    static Array roundTrip(PrimitiveArray in) {
        Array out = COMPRESSOR.compress(in, Plugins.ALL);
        assertEquals(in.dtype(), out.dtype());
        assertEquals(in.length(), out.length());
        PrimitiveArray back = (PrimitiveArray) RoundTrip.of(out);
        for (long i = 0; i < in.length(); i++) {
            assertEquals(in.isValid(i), back.isValid(i), "validity at " + i + " of " + out);
            if (in.isValid(i)) {
                assertEquals(in.getLongValue(i), back.getLongValue(i), "value at " + i + " of " + out);
            }
        }
        return out;
    }

    static PrimitiveArray make(PType ptype, int n, IntToLongFunction value, double nullRate, long seed) {
        long[] v = new long[n];
        boolean[] valid = new boolean[n];
        Random r = new Random(seed);
        for (int i = 0; i < n; i++) {
            v[i] = value.applyAsLong(i);
            valid[i] = nullRate == 0 || r.nextDouble() >= nullRate;
        }
        return nullRate == 0 ? TestArrays.primitive(ptype, v) : TestArrays.nullable(ptype, v, valid);
    }

    static String root(Array a) {
        return RoundTrip.encodings(a).getFirst();
    }

    @ParameterizedTest
    @EnumSource(value = PType.class, names = {"I8", "U8", "I16", "U16", "I32", "U32", "I64", "U64"})
    void everyShapeRoundTripsForEveryIntegerType(PType ptype) {
        long bits = ptype.byteWidth() * 8L;
        long top = bits == 64 ? Long.MAX_VALUE : (1L << (ptype.isSigned() ? bits - 1 : bits)) - 1;
        for (int n : SIZES) {
            for (double nulls : new double[] {0, 0.1}) {
                Random r = new Random(n);
                List<IntToLongFunction> shapes = List.of(
                        i -> i % (top + 1),                                 // sequential
                        i -> 42,                                           // constant
                        i -> r.nextInt((int) Math.min(top, 1000)),          // small
                        i -> top - r.nextInt(100),                         // near the top: FoR
                        i -> (i / 100) % Math.min(top, 50),                // runs
                        i -> r.nextInt(100) < 3 ? r.nextInt(100) : 7,      // mostly one value
                        i -> r.nextInt(1000) < 5 ? top : r.nextInt(16),    // outliers: patches
                        i -> ptype.isSigned() ? r.nextInt(200) - 100 : r.nextInt(200), // around zero
                        i -> r.nextLong());                                // random
                for (IntToLongFunction shape : shapes) {
                    roundTrip(make(ptype, n, shape, nulls, n * 31L));
                }
            }
        }
    }

    @Test
    void picksTheEncodingsTheReferencePicks() {
        int n = 100_000;
        Random r = new Random(42);
        assertEquals("vortex.sequence", root(roundTrip(make(PType.I64, n, i -> i, 0, 1))));
        assertEquals("vortex.sequence", root(roundTrip(make(PType.I64, n, i -> 3L * i, 0, 1))));
        assertInstanceOf(ConstantArray.class, roundTrip(make(PType.I64, n, i -> 42, 0, 1)));
        Array small = roundTrip(make(PType.I32, n, i -> r.nextInt(1000), 0, 1));
        assertEquals(List.of("fastlanes.bitpacked"), RoundTrip.encodings(small));
        assertEquals(10, ((BitPackedEncoder.PackedArray) small).width());
        Array smallNulls = roundTrip(make(PType.I32, n, i -> r.nextInt(1000), 0.1, 1));
        assertEquals(List.of("fastlanes.bitpacked", "vortex.bool"), RoundTrip.encodings(smallNulls));
        assertEquals(List.of("vortex.primitive"),
                RoundTrip.encodings(roundTrip(make(PType.I64, n, i -> r.nextLong(), 0, 1))));
        assertEquals(List.of("vortex.primitive"),
                RoundTrip.encodings(roundTrip(make(PType.U8, n, i -> r.nextInt(256), 0, 1))));
        assertEquals(List.of("fastlanes.for", "fastlanes.bitpacked"),
                RoundTrip.encodings(roundTrip(make(PType.I64, n, i -> 1_000_000 + r.nextInt(1000), 0, 1))));
        assertEquals("vortex.runend", root(roundTrip(make(PType.I64, n, i -> i / 1000, 0, 1))));
        assertEquals("vortex.sparse", root(roundTrip(make(PType.I64, n, i -> r.nextInt(100) < 2 ? r.nextLong() : 5,
                0, 1))));
        Array outliers = roundTrip(make(PType.I32, n, i -> r.nextInt(1000) < 3 ? 1 << 30 : r.nextInt(8), 0, 1));
        BitPackedEncoder.PackedArray packed = assertInstanceOf(BitPackedEncoder.PackedArray.class, outliers);
        assertEquals(3, packed.width());
        assertTrue(packed.patches().orElseThrow().count() > 200);
        assertEquals(List.of("vortex.masked", "vortex.constant", "vortex.bool"),
                RoundTrip.encodings(roundTrip(make(PType.I64, n, i -> 42, 0.1, 1))));
        List<String> runsWithNulls = RoundTrip.encodings(roundTrip(make(PType.I32, n, i -> (i / 7) * 31 % 1000, 0.1,
                1)));
        assertEquals(List.of("vortex.masked", "vortex.runend"), runsWithNulls.subList(0, 2));
        Array negative = roundTrip(make(PType.I32, n, i -> r.nextInt(2001) - 1000, 0, 1));
        assertTrue(RoundTrip.encodings(negative).contains("fastlanes.bitpacked"), RoundTrip.encodings(negative)
                .toString());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64})
    void packsAtEveryWidthAndReadsBackThroughTheUnpacker(int width) {
        for (PType ptype : new PType[] {PType.U8, PType.U16, PType.U32, PType.U64}) {
            int bits = ptype.byteWidth() * 8;
            if (width > bits) {
                continue;
            }
            Random r = new Random(width);
            long mask = width == 64 ? -1L : (1L << width) - 1;
            PrimitiveArray in = make(ptype, 2500, i -> r.nextLong() & mask, 0, 1);
            Array out = BitPackedEncoder.encode(IntegerStats.of(in), width);
            PrimitiveArray back = (PrimitiveArray) RoundTrip.of(out);
            for (int i = 0; i < 2500; i++) {
                assertEquals(in.getLongValue(i), back.getLongValue(i), "width " + width + " " + ptype + " at " + i);
            }
        }
    }

    @Test
    void boolsAreConstantOrLeftAsTheyAre() {
        BoolArray same = BoolArray.of(new boolean[5000]);
        assertInstanceOf(ConstantArray.class, COMPRESSOR.compress(same, Plugins.ALL));
        boolean[] mixed = new boolean[5000];
        Random r = new Random(3);
        for (int i = 0; i < mixed.length; i++) {
            mixed[i] = r.nextBoolean();
        }
        BoolArray random = BoolArray.of(mixed);
        assertEquals(random, COMPRESSOR.compress(random, Plugins.ALL));
    }
}
