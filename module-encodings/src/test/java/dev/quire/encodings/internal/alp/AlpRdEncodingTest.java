package dev.quire.encodings.internal.alp;

import static dev.quire.encodings.internal.Expected.assertMalformed;
import static dev.quire.encodings.internal.Expected.assertValues;

import dev.quire.encodings.internal.InMemoryParts;
import dev.quire.encodings.internal.Node;
import dev.quire.encodings.internal.proto.AlpRdMetadata;
import dev.quire.encodings.internal.proto.PatchesMetadata;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AlpRdEncodingTest {

    /**
     * Splits each value's bits at {@code rightBits}: the low bits become the right parts, the high bits are looked up
     * in a dictionary of the (at most 8) most frequent ones; the others get code 0 and a patch of their high bits.
     */
    static Node alpRd(List<? extends Number> values, boolean f32, int rightBits, int dictMax) {
        int n = values.size();
        long[] lefts = new long[n];
        long[] rights = new long[n];
        Map<Long, Integer> frequency = new HashMap<>();
        for (int i = 0; i < n; i++) {
            Number v = values.get(i);
            long bits = v == null ? 0 : f32 ? Integer.toUnsignedLong(Float.floatToRawIntBits(v.floatValue()))
                    : Double.doubleToRawLongBits(v.doubleValue());
            lefts[i] = bits >>> rightBits;
            rights[i] = rightBits == 0 ? 0 : bits & (-1L >>> (64 - rightBits));
            if (v != null) {
                frequency.merge(lefts[i], 1, Integer::sum);
            }
        }
        List<Long> dict = frequency.entrySet().stream()
                .sorted(Map.Entry.<Long, Integer>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()))
                .limit(dictMax).map(Map.Entry::getKey).toList();
        long[] codes = new long[n];
        List<Long> patchIndices = new ArrayList<>();
        List<Long> patchValues = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int code = dict.indexOf(lefts[i]);
            if (values.get(i) == null) {
                code = 7; // anything: a null's code is never looked at
            } else if (code < 0) {
                patchIndices.add((long) i);
                patchValues.add(lefts[i]);
                code = 0;
            }
            codes[i] = code;
        }
        AlpRdMetadata.Builder meta = AlpRdMetadata.newBuilder().setRightBitWidth(rightBits).setDictLen(dict.size())
                .setLeftPartsPtype(PType.U16.code());
        dict.forEach(d -> meta.addDict(d.intValue()));
        List<Node> children = new ArrayList<>();
        children.add(Node.primitive(PType.U16, codes).withValidity(AlpEncodingTest.valid(values)));
        children.add(Node.primitive(f32 ? PType.U32 : PType.U64, rights));
        if (!patchIndices.isEmpty()) {
            meta.setPatches(PatchesMetadata.newBuilder().setLen(patchIndices.size())
                    .setIndicesPtype(PType.U16.code()));
            children.add(Node.primitive(PType.U16, patchIndices.stream().mapToLong(Long::longValue).toArray()));
            children.add(Node.primitive(PType.U16, patchValues.stream().mapToLong(Long::longValue).toArray()));
        }
        return Node.of(AlpRdEncoding.ID, meta.build(), List.of(), children);
    }

    static List<Double> randomDoubles(Random random, int n, boolean nulls) {
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(nulls && random.nextInt(8) == 0 ? null : random.nextDouble() * (random.nextInt(20) == 0 ? 1e9 : 1));
        }
        return out;
    }

    @ParameterizedTest
    @CsvSource({"0, 48, 8", "1, 50, 8", "1000, 48, 3", "3000, 52, 8", "3000, 63, 1", "500, 1, 8"})
    void decodesDoubles(int n, int rightBits, int dictMax) {
        for (boolean nulls : new boolean[] {false, true}) {
            List<Double> values = randomDoubles(new Random(n * 7L + rightBits), n, nulls);
            // at 1 right bit the left parts do not fit 16 bits: keep only values whose high bits do
            if (rightBits < 48) {
                values.replaceAll(v -> v == null ? null : Double.longBitsToDouble(Double.doubleToRawLongBits(v)
                        & ((1L << (rightBits + 16)) - 1)));
            }
            Node node = alpRd(values, false, rightBits, dictMax);
            assertValues(values, InMemoryParts.decode(node, new DType.Primitive(PType.F64, nulls), n),
                    "alprd f64 n=" + n + " right bits " + rightBits + (nulls ? " with nulls" : ""));
        }
    }

    @ParameterizedTest
    @CsvSource({"700, 16, 8", "700, 20, 2", "64, 31, 8"})
    void decodesFloats(int n, int rightBits, int dictMax) {
        Random random = new Random(n + rightBits);
        List<Float> values = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            values.add(i % 9 == 4 ? null : (float) random.nextGaussian() * 1000);
        }
        Node node = alpRd(values, true, rightBits, dictMax);
        assertValues(values, InMemoryParts.decode(node, new DType.Primitive(PType.F32, true), n),
                "alprd f32 right bits " + rightBits);
    }

    @Test
    void rejectsMalformedParts() {
        List<Double> values = randomDoubles(new Random(1), 50, false);
        DType f64 = new DType.Primitive(PType.F64, false);
        Node good = alpRd(values, false, 48, 2);
        assertValues(values, InMemoryParts.decode(good, f64, 50), "well-formed");
        AlpRdMetadata meta = parse(good);
        assertMalformed(withMeta(good, meta.toBuilder().setRightBitWidth(64).build()), f64, 50,
                "right bit width 64 must be below 64");
        assertMalformed(withMeta(good, meta.toBuilder().setRightBitWidth(32).build()),
                new DType.Primitive(PType.F32, false), 50, "must be below 32");
        assertMalformed(withMeta(good, meta.toBuilder().setDictLen(9).build()), f64, 50,
                "dictionary length 9 exceeds the 2 entries stored");
        assertMalformed(withMeta(good, meta.toBuilder().setDict(0, 0x10000).build()), f64, 50,
                "dictionary entry 0 is 65536");
        assertMalformed(withMeta(good, meta.toBuilder().setLeftPartsPtype(PType.U8.code()).build()), f64, 50,
                "left parts must be u16 codes, got u8");
        assertMalformed(withMeta(good, meta.toBuilder().setDictLen(1).build()), f64, 50,
                "is outside the 1-entry dictionary");
        assertMalformed(good, new DType.Primitive(PType.I64, false), 50, "ALP-RD decodes to f32 or f64, not i64");
        assertMalformed(new Node(good.encoding(), good.metadata(), good.buffers(), good.children().subList(0, 2)), f64,
                50, "expected 4 children, got 2");
        // right parts of the wrong width
        List<Node> children = new ArrayList<>(good.children());
        children.set(1, Node.primitive(PType.U32, new long[50]));
        assertMalformed(new Node(good.encoding(), good.metadata(), good.buffers(), children), f64, 50,
                "u64 values need 400 bytes");
    }

    private static AlpRdMetadata parse(Node node) {
        try {
            return AlpRdMetadata.parseFrom(node.metadata());
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            throw new AssertionError(e);
        }
    }

    private static Node withMeta(Node node, AlpRdMetadata meta) {
        return new Node(node.encoding(), meta.toByteArray(), node.buffers(), node.children());
    }
}
