package dev.quire.encodings.internal.fastlanes;

import dev.quire.encodings.internal.Expect;
import dev.quire.encodings.internal.TestArrays;
import dev.quire.encodings.internal.TestParts;
import dev.quire.encodings.internal.proto.DeltaMetadata;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DeltaEncodingTest {
    private static final DeltaEncoding ENCODING = new DeltaEncoding();

    /** Bases and deltas of {@code values} (whole blocks), and the validity in transposed bit order. */
    private record Encoded(long[] bases, long[] deltas, boolean[] transposedValid) {}

    private static Encoded encode(int bits, long[] values, boolean[] valid) {
        int lanes = 1024 / bits;
        int blocks = values.length / 1024;
        long[] bases = new long[blocks * lanes];
        long[] deltas = new long[values.length];
        boolean[] tv = valid == null ? null : new boolean[values.length];
        for (int b = 0; b < blocks; b++) {
            long[] t = new long[1024];
            for (int i = 0; i < 1024; i++) {
                t[i] = values[b * 1024 + TestFastLanes.transpose(i)];
                if (tv != null) {
                    tv[b * 1024 + TestFastLanes.transpose(i)] = valid[b * 1024 + i];
                }
            }
            for (int lane = 0; lane < lanes; lane++) {
                bases[b * lanes + lane] = t[lane];
                long prev = t[lane];
                for (int o = 0; o < bits / 8; o++) {
                    for (int row = 0; row < 8; row++) {
                        int pos = TestFastLanes.ORDER[o] * 16 + 128 * row + lane;
                        deltas[b * 1024 + pos] = t[pos] - prev;
                        prev = t[pos];
                    }
                }
            }
        }
        return new Encoded(bases, deltas, tv);
    }

    private static long[] slice(long[] v, int from, int length) {
        long[] out = new long[length];
        System.arraycopy(v, from, out, 0, length);
        return out;
    }

    @ParameterizedTest
    @EnumSource(value = PType.class, names = {"U8", "U16", "U32", "U64", "I8", "I16", "I32", "I64"})
    void undoesTheTransposedDeltas(PType type) {
        Random random = new Random(type.ordinal());
        long[] values = new long[2048];
        long acc = 0;
        for (int i = 0; i < values.length; i++) {
            acc += random.nextInt(50) - 10;
            values[i] = acc;
        }
        Encoded e = encode(type.byteWidth() * 8, values, null);
        DType dtype = new DType.Primitive(type, false);
        byte[] meta = DeltaMetadata.newBuilder().setDeltasLen(2048).setOffset(100).build().toByteArray();
        Expect.primitive(slice(values, 100, 1900), null, new TestParts(dtype, 1900, meta)
                .child(TestArrays.primitive(type, e.bases())).child(TestArrays.primitive(type, e.deltas()))
                .decode(ENCODING));
    }

    @Test
    void untransposesTheValidityOfTheDeltas() {
        Random random = new Random(11);
        long[] values = new long[1024];
        boolean[] valid = new boolean[1024];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextInt(1000);
            valid[i] = random.nextInt(3) != 0;
        }
        Encoded e = encode(32, values, valid);
        DType dtype = new DType.Primitive(PType.I32, true);
        byte[] meta = DeltaMetadata.newBuilder().setDeltasLen(1024).build().toByteArray();
        PrimitiveArray deltas = TestArrays.nullable(PType.I32, e.deltas(), e.transposedValid());
        Expect.primitive(values, valid, new TestParts(dtype, 1024, meta)
                .child(new PrimitiveArray((DType.Primitive) dtype, TestArrays.bytes(PType.I32, e.bases()),
                        Validity.ALL_VALID))
                .child(deltas).decode(ENCODING));
    }

    @Test
    void rejectsMalformedNodes() {
        DType dtype = new DType.Primitive(PType.I32, false);
        Expect.malformed("not a whole number of 1024-value blocks", () -> new TestParts(dtype, 10,
                DeltaMetadata.newBuilder().setDeltasLen(10).build().toByteArray())
                .child(TestArrays.primitive(PType.I32)).child(TestArrays.primitive(PType.I32)).decode(ENCODING));
        Expect.malformed("exceed the 1024 deltas", () -> new TestParts(dtype, 1000,
                DeltaMetadata.newBuilder().setDeltasLen(1024).setOffset(100).build().toByteArray())
                .child(TestArrays.primitive(PType.I32)).child(TestArrays.primitive(PType.I32)).decode(ENCODING));
        Expect.malformed("offset 2000 is not below 1024", () -> new TestParts(dtype, 10,
                DeltaMetadata.newBuilder().setDeltasLen(1024).setOffset(2000).build().toByteArray())
                .child(TestArrays.primitive(PType.I32)).child(TestArrays.primitive(PType.I32)).decode(ENCODING));
        Expect.malformed("child 0 is 0 values", () -> new TestParts(dtype, 10,
                DeltaMetadata.newBuilder().setDeltasLen(1024).build().toByteArray())
                .child(TestArrays.primitive(PType.I32)).child(TestArrays.primitive(PType.I32)).decode(ENCODING));
    }
}
