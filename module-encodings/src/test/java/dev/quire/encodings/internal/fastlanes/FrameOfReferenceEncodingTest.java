package dev.quire.encodings.internal.fastlanes;

import static dev.quire.encodings.internal.TestArrays.primitive;

import dev.quire.encodings.internal.Expect;
import dev.quire.encodings.internal.TestArrays;
import dev.quire.encodings.internal.TestParts;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ScalarValues;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class FrameOfReferenceEncodingTest {
    private static final FrameOfReferenceEncoding ENCODING = new FrameOfReferenceEncoding();

    private static byte[] reference(DType dtype, long value) {
        return ScalarValues.encode(new Scalar(dtype, value));
    }

    @ParameterizedTest
    @EnumSource(value = PType.class, names = {"U8", "U16", "U32", "U64", "I8", "I16", "I32", "I64"})
    void addsTheReferenceWrappingInEveryWidth(PType type) {
        Random random = new Random(type.ordinal());
        int bits = type.byteWidth() * 8;
        long ref = type.isSigned() ? -(1L << (bits - 2)) : (bits == 64 ? 1L << 62 : (1L << (bits - 1)) + 3);
        long[] encoded = new long[500];
        long[] expected = new long[500];
        for (int i = 0; i < encoded.length; i++) {
            encoded[i] = random.nextLong();
            expected[i] = encoded[i] + ref;
        }
        DType dtype = new DType.Primitive(type, false);
        Expect.primitive(expected, null, new TestParts(dtype, 500, reference(dtype, ref))
                .child(primitive(type, encoded)).decode(ENCODING));
    }

    @Test
    void carriesTheValidityOfABitPackedChild() {
        // fastlanes.for(fastlanes.bitpacked(vortex.bool)), as the zone tables of default files hold.
        Random random = new Random(3);
        int length = 1100;
        long[] packed = new long[2048];
        boolean[] valid = new boolean[length];
        long[] expected = new long[length];
        for (int i = 0; i < packed.length; i++) {
            packed[i] = random.nextInt(1 << 12);
        }
        for (int i = 0; i < length; i++) {
            valid[i] = random.nextInt(4) != 0;
            expected[i] = packed[i] - 100_000;
        }
        DType dtype = new DType.Primitive(PType.I64, true);
        TestParts bitpacked = BitPackedEncodingTest.node(PType.I64, true, 12, 0, length, packed)
                .child(new BoolArray(TestArrays.mask(valid).bits(), Validity.NON_NULLABLE));
        Expect.primitive(expected, valid, new TestParts(dtype, length, reference(dtype, -100_000))
                .child(new BitPackedEncoding(), bitpacked).decode(ENCODING));
    }

    @Test
    void rejectsMalformedNodes() {
        DType dtype = new DType.Primitive(PType.I32, true);
        Expect.malformed("reference is null", () -> new TestParts(dtype, 1,
                ScalarValues.encode(Scalar.nullOf(dtype))).child(primitive(PType.I32, 1)).decode(ENCODING));
        Expect.malformed("invalid frame-of-reference reference", () -> new TestParts(dtype, 1, new byte[] {1, 2})
                .child(primitive(PType.I32, 1)).decode(ENCODING));
        Expect.malformed("expected 1 children, got 0", () -> new TestParts(dtype, 1, reference(dtype, 1))
                .decode(ENCODING));
        Expect.malformed("child 0 is 1 values of i32", () -> new TestParts(dtype, 1, reference(dtype, 1))
                .child(primitive(PType.I32, 1)).decode(ENCODING));
    }
}
