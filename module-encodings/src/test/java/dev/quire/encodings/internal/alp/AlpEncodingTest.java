package dev.quire.encodings.internal.alp;

import static dev.quire.encodings.internal.Expected.assertMalformed;
import static dev.quire.encodings.internal.Expected.assertValues;

import dev.quire.encodings.internal.InMemoryParts;
import dev.quire.encodings.internal.Node;
import dev.quire.encodings.internal.proto.AlpMetadata;
import dev.quire.encodings.internal.proto.PatchesMetadata;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AlpEncodingTest {

    /**
     * An ALP encoding built the way the format describes it: {@code encoded = round(v * 10^e / 10^f)} (computed exactly
     * with BigDecimal), and every value that does not decode back to itself (or whose encoding overflows) becomes a
     * patch. Patched positions and nulls hold 0.
     */
    record Encoded(long[] ints, List<Integer> patchPositions, List<Object> patchValues) {}

    static Encoded encode(List<? extends Number> values, int e, int f, boolean f32) {
        long[] ints = new long[values.size()];
        List<Integer> positions = new ArrayList<>();
        List<Object> patchValues = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            Number v = values.get(i);
            if (v == null) {
                continue;
            }
            double d = v.doubleValue();
            long enc = Double.isFinite(d) ? Math.round(new BigDecimal(d).scaleByPowerOfTen(e - f).doubleValue()) : 0;
            boolean fits = !f32 || (enc >= Integer.MIN_VALUE && enc <= Integer.MAX_VALUE);
            if (!Double.isFinite(d) || !fits || !decodesTo(enc, e, f, v, f32)) {
                positions.add(i);
                patchValues.add(v);
                enc = 0;
            }
            ints[i] = enc;
        }
        return new Encoded(ints, positions, patchValues);
    }

    /** Whether {@code enc} decodes back to {@code v}: the product rounded in two steps, as the float type does. */
    private static boolean decodesTo(long enc, int e, int f, Number v, boolean f32) {
        if (f32) {
            float up = Float.parseFloat("1e" + f);
            float down = Float.parseFloat("1e-" + e);
            return Float.floatToRawIntBits((float) enc * up * down) == Float.floatToRawIntBits(v.floatValue());
        }
        double up = Double.parseDouble("1e" + f);
        double down = Double.parseDouble("1e-" + e);
        return Double.doubleToRawLongBits((double) enc * up * down) == Double.doubleToRawLongBits(v.doubleValue());
    }

    static boolean[] valid(List<?> values) {
        boolean[] valid = new boolean[values.size()];
        for (int i = 0; i < valid.length; i++) {
            valid[i] = values.get(i) != null;
        }
        return valid;
    }

    /** The ALP node; {@code chunked} adds patch chunk offsets. */
    static Node alp(List<? extends Number> values, int e, int f, boolean f32, boolean chunked) {
        Encoded enc = encode(values, e, f, f32);
        Node encoded = Node.primitive(f32 ? PType.I32 : PType.I64, enc.ints()).withValidity(valid(values));
        AlpMetadata.Builder meta = AlpMetadata.newBuilder().setExpE(e).setExpF(f);
        List<Node> children = new ArrayList<>(List.of(encoded));
        if (!enc.patchPositions().isEmpty()) {
            int k = enc.patchPositions().size();
            PatchesMetadata.Builder p = PatchesMetadata.newBuilder().setLen(k).setIndicesPtype(PType.U32.code());
            long[] idx = enc.patchPositions().stream().mapToLong(Integer::longValue).toArray();
            children.add(Node.primitive(PType.U32, idx));
            if (f32) {
                float[] pv = new float[k];
                for (int i = 0; i < k; i++) {
                    pv[i] = ((Number) enc.patchValues().get(i)).floatValue();
                }
                children.add(Node.f32(pv));
            } else {
                children.add(Node.f64(enc.patchValues().stream().mapToDouble(x -> ((Number) x).doubleValue())
                        .toArray()));
            }
            if (chunked) {
                int chunks = (values.size() + 1023) / 1024;
                long[] offsets = new long[chunks];
                for (int c = 0; c < chunks; c++) {
                    int first = c * 1024;
                    offsets[c] = enc.patchPositions().stream().filter(x -> x < first).count();
                }
                p.setChunkOffsetsLen(chunks).setChunkOffsetsPtype(PType.U64.code());
                children.add(Node.primitive(PType.U64, offsets));
            }
            meta.setPatches(p);
        }
        return Node.of(AlpEncoding.ID, meta.build(), List.of(), children);
    }

    /** Prices with two decimals, some null, a few that ALP cannot hold (NaN, infinities, 1/3, huge). */
    static List<Double> prices(Random random, int n, boolean nulls) {
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (nulls && random.nextInt(10) == 0) {
                out.add(null);
            } else if (random.nextInt(97) == 0) {
                double[] odd = {Double.NaN, Double.POSITIVE_INFINITY, -0.0, 1.0 / 3, 1e300, Double.MIN_VALUE};
                out.add(odd[random.nextInt(odd.length)]);
            } else {
                out.add(Math.round(random.nextDouble() * 1e6) / 100.0);
            }
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 1000, 1024, 5000})
    void decodesDoublesWithPatchesAndNulls(int n) {
        for (boolean nulls : new boolean[] {false, true}) {
            for (boolean chunked : new boolean[] {false, true}) {
                List<Double> values = prices(new Random(n + (nulls ? 1 : 0)), n, nulls);
                Node node = alp(values, 2, 0, false, chunked);
                assertValues(values, InMemoryParts.decode(node, new DType.Primitive(PType.F64, nulls), n),
                        "alp f64 n=" + n + (nulls ? " with nulls" : "") + (chunked ? " chunked" : ""));
            }
        }
    }

    @Test
    void everyExponentPairOfDoubles() {
        Random random = new Random(3);
        for (int e = 0; e <= AlpEncoding.MAX_EXPONENT_F64; e++) {
            for (int f = 0; f <= e; f++) {
                List<Double> values = new ArrayList<>();
                for (int i = 0; i < 200; i++) {
                    values.add(random.nextInt(2_000_000) * Math.pow(10, f - e) - 1000);
                }
                Node node = alp(values, e, f, false, false);
                assertValues(values, InMemoryParts.decode(node, new DType.Primitive(PType.F64, false), 200),
                        "e=" + e + " f=" + f);
            }
        }
    }

    @Test
    void decodesFloats() {
        Random random = new Random(4);
        for (int e = 0; e <= AlpEncoding.MAX_EXPONENT_F32; e++) {
            for (int f = 0; f <= e; f++) {
                List<Float> values = new ArrayList<>();
                for (int i = 0; i < 300; i++) {
                    values.add(i % 31 == 0 ? null : (float) (random.nextInt(20_000) / 100.0 - 50));
                }
                Node node = alp(values, e, f, true, (e + f) % 2 == 0);
                assertValues(values, InMemoryParts.decode(node, new DType.Primitive(PType.F32, true), 300),
                        "f32 e=" + e + " f=" + f);
            }
        }
    }

    @Test
    void rejectsMalformedParts() {
        List<Double> values = List.of(1.25, 2.5, 1.0 / 3);
        DType f64 = new DType.Primitive(PType.F64, false);
        Node good = alp(values, 2, 0, false, false);
        assertValues(values, InMemoryParts.decode(good, f64, 3), "well-formed");
        assertMalformed(withMeta(good, AlpMetadata.newBuilder().setExpE(19).build()), f64, 3,
                "exponents e=19, f=0 must be in [0, 18] for f64");
        assertMalformed(withMeta(good, AlpMetadata.newBuilder().setExpE(11).build()),
                new DType.Primitive(PType.F32, false), 3, "must be in [0, 10] for f32");
        assertMalformed(good, new DType.Primitive(PType.I64, false), 3, "ALP decodes to f32 or f64, not i64");
        assertMalformed(new Node(AlpEncoding.ID, good.metadata(), good.buffers(), good.children().subList(0, 2)), f64,
                3, "expected 3 children, got 2");
        // a patch index past the end, and one that repeats
        Node badIndex = new Node(AlpEncoding.ID, good.metadata(), good.buffers(), List.of(good.children().get(0),
                Node.primitive(PType.U32, 3), good.children().get(2)));
        assertMalformed(badIndex, f64, 3, "outside the array");
        // the encoded child must be of the integer type matching the float
        Node wrongWidth = new Node(AlpEncoding.ID, good.metadata(), good.buffers(), List.of(Node.primitive(PType.I32,
                1, 2, 3), good.children().get(1), good.children().get(2)));
        assertMalformed(wrongWidth, f64, 3, "i64 values need 24 bytes");
        assertMalformed(new Node(AlpEncoding.ID, new byte[] {0x08}, List.of(), good.children()), f64, 3,
                "invalid alp metadata");
    }

    private static Node withMeta(Node node, AlpMetadata meta) {
        AlpMetadata old;
        try {
            old = AlpMetadata.parseFrom(node.metadata());
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            throw new AssertionError(e);
        }
        AlpMetadata merged = meta.toBuilder().setPatches(old.getPatches()).build();
        return new Node(node.encoding(), merged.toByteArray(), node.buffers(), node.children());
    }
}
