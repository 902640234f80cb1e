package dev.quire.encodings.internal.compress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.IntegerStats;
import dev.quire.encodings.internal.Plugins;
import dev.quire.encodings.internal.RoundTrip;
import dev.quire.encodings.internal.TestArrays;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.ConstantArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.dtype.PType;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CompressorTest {

    /** Replaces an all-equal integer array with a constant; records the levels and sample lengths it saw. */
    static final class AllEqual implements Scheme {
        final List<Integer> levels = new ArrayList<>();
        final List<Long> estimatedLengths = new ArrayList<>();
        final int cost;

        AllEqual(int cost) {
            this.cost = cost;
        }

        @Override
        public String id() {
            return "test.all_equal";
        }

        @Override
        public Set<ValueClass> valueClasses() {
            return Set.of(ValueClass.INTEGER);
        }

        @Override
        public int decodeCost() {
            return cost;
        }

        @Override
        public Optional<Array> compress(Array canonical, CompressionContext ctx) {
            levels.add(ctx.level());
            if (ctx.sampling()) {
                estimatedLengths.add(canonical.length());
            }
            var first = canonical.scalarAt(0);
            for (long i = 1; i < canonical.length(); i++) {
                if (!canonical.scalarAt(i).equals(first)) {
                    return Optional.empty();
                }
            }
            return Optional.of(new ConstantArray(first, canonical.length()));
        }
    }

    private static PrimitiveArray filled(int n, long value) {
        long[] v = new long[n];
        java.util.Arrays.fill(v, value);
        return TestArrays.primitive(PType.I64, v);
    }

    @Test
    void picksASchemeThatShrinksTheSampleAndCompressesTheWholeArray() {
        AllEqual scheme = new AllEqual(0);
        Compressor c = new Compressor(List.of(scheme), 3, 8);
        Array out = c.compress(filled(100_000, 7), Plugins.ALL);
        assertInstanceOf(ConstantArray.class, out);
        assertEquals(100_000, out.length());
        assertEquals(7L, out.scalarAt(99_999).value());
        // The estimate saw about 1% of the rows (at least 16 runs of 64), not all of them.
        assertEquals(List.of(1024L), scheme.estimatedLengths);
        assertEquals(List.of(1, 1), scheme.levels);
    }

    @Test
    void leavesArraysNoSchemeShrinks() {
        long[] v = new long[5000];
        for (int i = 0; i < v.length; i++) {
            v[i] = i * 31L;
        }
        PrimitiveArray in = TestArrays.primitive(PType.I64, v);
        assertSame(in, new Compressor(List.of(new AllEqual(0)), 3, 8).compress(in, Plugins.ALL));
    }

    @Test
    void respectsTheDecodeBudgetAndTheLevelLimit() {
        PrimitiveArray in = filled(3000, 1);
        assertSame(in, new Compressor(List.of(new AllEqual(9)), 3, 8).compress(in, Plugins.ALL));
        AllEqual scheme = new AllEqual(0);
        Compressor c = new Compressor(List.of(scheme), 1, 8);
        // A scheme's children are compressed a level deeper; at the limit they stay as they are.
        CompressionContext top = new CompressionContext(c, Plugins.ALL, 0, 8, false, Set.of());
        assertSame(in, top.below(scheme).compress(in));
        assertTrue(scheme.levels.isEmpty());
    }

    @Test
    void integerStatisticsAreComputedOncePerArrayAndCompression() {
        Compressor c = new Compressor(List.of(new AllEqual(0)), 3, 8);
        PrimitiveArray in = filled(3000, 7);
        PrimitiveArray other = filled(3000, 7);
        CompressionContext top = new CompressionContext(c, Plugins.ALL, 0, 8, false, Set.of());
        IntegerStats stats = top.integerStats(in);
        assertEquals(7, stats.min());
        assertEquals(7, stats.max());
        assertEquals(1, stats.runs());
        // The contexts below a scheme and for samples share what the top-level one computed...
        assertSame(stats, top.below(new AllEqual(0)).integerStats(in));
        assertSame(stats, top.asSampling().integerStats(in));
        // ...by identity: equal values in another array are another array.
        assertNotSame(stats, top.integerStats(other));
        // A new compression starts with nothing remembered.
        assertNotSame(stats, new CompressionContext(c, Plugins.ALL, 0, 8, false, Set.of()).integerStats(in));
    }

    @Test
    void aSchemeIsNotUsedBelowItself() {
        AllEqual scheme = new AllEqual(0);
        Compressor c = new Compressor(List.of(scheme), 3, 8);
        PrimitiveArray in = filled(3000, 1);
        CompressionContext top = new CompressionContext(c, Plugins.ALL, 0, 8, false, Set.of());
        assertSame(in, top.below(scheme).compress(in));
        assertInstanceOf(ConstantArray.class, top.compress(in));
    }

    @Test
    void compressesStructFieldsOneByOneAndRoundTrips() {
        PrimitiveArray same = filled(2000, -5);
        long[] v = new long[2000];
        for (int i = 0; i < v.length; i++) {
            v[i] = i;
        }
        PrimitiveArray distinct = TestArrays.primitive(PType.I64, v);
        StructArray in = StructArray.of(List.of("a", "b"), List.of(same, distinct));
        Array out = new Compressor(List.of(new AllEqual(0)), 3, 8).compress(in, Plugins.ALL);
        StructArray struct = assertInstanceOf(StructArray.class, out);
        assertInstanceOf(ConstantArray.class, struct.field(0));
        assertSame(distinct, struct.field(1));
        StructArray back = (StructArray) RoundTrip.of(out);
        for (int i = 0; i < 2000; i += 97) {
            assertEquals(-5L, back.field(0).scalarAt(i).value());
            assertEquals((long) i, back.field(1).scalarAt(i).value());
        }
    }

    @Test
    void samplesAreDeterministicAndSpreadOverTheArray() {
        long[] v = new long[1_000_000];
        for (int i = 0; i < v.length; i++) {
            v[i] = i;
        }
        PrimitiveArray in = TestArrays.primitive(PType.I64, v);
        PrimitiveArray a = (PrimitiveArray) Sampler.sample(in);
        PrimitiveArray b = (PrimitiveArray) Sampler.sample(in);
        assertEquals(Sampler.runs(1_000_000) * 64L, a.length());
        assertEquals(160, Sampler.runs(1_000_000));
        for (long i = 0; i < a.length(); i++) {
            assertEquals(a.getLong(i), b.getLong(i));
        }
        // Each run of 64 is consecutive and comes from its own stretch of the array.
        for (int r = 0; r < 160; r++) {
            long start = a.getLong(r * 64L);
            assertEquals(start + 63, a.getLong(r * 64L + 63));
            assertTrue(start >= 1_000_000L * r / 160 && start + 64 <= 1_000_000L * (r + 1) / 160);
        }
        PrimitiveArray small = filled(1024, 3);
        assertSame(small, Sampler.sample(small));
    }

    @Test
    void anEstimateCompressesAsCompressWouldAndReportsEstimateSize() {
        Compressor c = new Compressor();
        long[] runs = new long[20_000];
        long[] noise = new long[20_000];
        java.util.Random r = new java.util.Random(7);
        for (int i = 0; i < runs.length; i++) {
            runs[i] = i / 300;
            noise[i] = r.nextLong();
        }
        var strings = (dev.quire.layout.array.VarBinViewBuilder) dev.quire.layout.array.ArrayBuilder.forType(
                new dev.quire.layout.dtype.DType.Utf8(false));
        for (int i = 0; i < 5000; i++) {
            strings.appendString("value number " + (i % 700) + (i % 3 == 0 ? " with a longer tail" : ""));
        }
        List<Array> arrays = List.of(TestArrays.primitive(PType.I64, runs), TestArrays.primitive(PType.I64, noise),
                strings.finish(), filled(3000, 9),
                StructArray.of(List.of("a", "b"), List.of(filled(2000, 1), TestArrays.primitive(PType.I64,
                        java.util.Arrays.copyOf(noise, 2000)))),
                TestArrays.primitive(PType.I64));
        for (Array a : arrays) {
            var estimate = c.estimate(a, Plugins.ALL);
            assertEquals(c.estimateSize(a, Plugins.ALL), estimate.bytes(), a.toString());
            Array chosen = estimate.compress();
            assertSame(chosen, estimate.compress(), "compressed once");
            assertEquals(HexFormat.of().formatHex(bytes(c.compress(a, Plugins.ALL))), HexFormat.of().formatHex(bytes(chosen)),
                    a + " compressed from its estimate");
        }
    }

    /** Every buffer of {@code array} as serialized, back to back. */
    private static byte[] bytes(Array array) {
        var out = new java.io.ByteArrayOutputStream();
        collect(Plugins.ALL.encode(array), out);
        return out.toByteArray();
    }

    private static void collect(dev.quire.layout.spi.EncodedArray e, java.io.ByteArrayOutputStream out) {
        out.writeBytes(e.encodingId().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        out.writeBytes(e.metadata());
        for (var b : e.buffers()) {
            out.writeBytes(b.bytes().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
        }
        for (var child : e.children()) {
            collect(child, out);
        }
    }

    @Test
    void theWriterFindsThisCompressor() {
        assertInstanceOf(Compressor.class, Plugins.ALL.compressor().orElseThrow());
    }

    @Test
    void theDefaultCompressorTriesEverySchemeOfAValueClassInIdOrder() {
        assertEquals(List.of("constant", "int.sequence", "int.bitpacked", "int.for", "int.runend", "int.sparse",
                "int.zigzag", "float.alp", "float.alprd", "string.fsst", "decimal.byte_parts",
                "temporal.datetime_parts"), ids(Compressor.SCHEMES));
        Compressor c = new Compressor();
        assertEquals(List.of("constant", "int.bitpacked", "int.for", "int.runend", "int.sequence", "int.sparse",
                "int.zigzag"), ids(c.schemes(ValueClass.INTEGER)));
        assertEquals(List.of("constant", "float.alp", "float.alprd"), ids(c.schemes(ValueClass.FLOAT)));
        assertEquals(List.of("constant"), ids(c.schemes(ValueClass.BOOL)));
        assertEquals(List.of("constant", "string.fsst"), ids(c.schemes(ValueClass.STRING)));
        assertEquals(List.of("constant", "decimal.byte_parts"), ids(c.schemes(ValueClass.DECIMAL)));
        assertEquals(List.of("temporal.datetime_parts"), ids(c.schemes(ValueClass.TEMPORAL)));
    }

    private static List<String> ids(List<Scheme> schemes) {
        return schemes.stream().map(Scheme::id).toList();
    }
}
