package dev.quire.encodings.internal.fastlanes;

import static dev.quire.encodings.internal.TestArrays.primitive;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.quire.encodings.internal.TestArrays;
import dev.quire.encodings.internal.TestParts;
import dev.quire.encodings.internal.proto.BitPackedMetadata;
import dev.quire.encodings.internal.proto.PatchesMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ScalarValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bit-packed and frame-of-reference arrays decoded whole and in slices (slices of slices too) against values computed
 * here from what was packed: every bit width of every integer type, offsets into the first block, odd lengths, patches
 * (which a slice keeps without decoding, and to which the reference is added in the same pass), nulls.
 */
class PackedSliceTest {
    private static final PType[] INTEGERS = {PType.U8, PType.I8, PType.U16, PType.I16, PType.U32, PType.I32,
        PType.U64, PType.I64};

    static Stream<Arguments> shapes() {
        List<Arguments> out = new ArrayList<>();
        for (PType t : INTEGERS) {
            for (int w = 0; w <= t.byteWidth() * 8; w++) {
                for (int seed = 0; seed < 2; seed++) {
                    out.add(Arguments.of(t, w, seed));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} w{1} seed {2}")
    @MethodSource("shapes")
    void slicesDecodeToTheValuesThatWerePacked(PType type, int width, int seed) {
        Random random = new Random(seed * 104_729L + type.ordinal() * 100 + width);
        int bits = type.byteWidth() * 8;
        int offset = random.nextBoolean() ? 0 : random.nextInt(1024);
        int length = 1 + random.nextInt(4500);
        long[] padded = new long[(int) FastLanes.blocks(offset, length) * 1024];
        for (int i = 0; i < padded.length; i++) {
            padded[i] = width == 0 ? 0 : width == 64 ? random.nextLong() : random.nextLong() & ((1L << width) - 1);
        }
        boolean nullable = seed == 1;
        long[] positions = random.longs(40, 0, length).distinct().limit(1 + random.nextInt(12)).sorted().toArray();
        long[] patchValues = random.longs(positions.length).toArray();
        boolean[] valid = new boolean[length];
        for (int i = 0; i < length; i++) {
            valid[i] = !nullable || random.nextInt(5) != 0;
        }
        DType.Primitive dtype = new DType.Primitive(type, nullable);
        BitPackedMetadata meta = BitPackedMetadata.newBuilder().setBitWidth(width).setOffset(offset)
                .setPatches(PatchesMetadata.newBuilder().setLen(positions.length)
                        .setIndicesPtype(PType.U32.code()).setOffset(0))
                .build();
        TestParts parts = new TestParts(dtype, length, meta.toByteArray())
                .buffer(TestFastLanes.pack(bits, width, padded))
                .child(primitive(PType.U32, positions));
        boolean[] allValid = new boolean[patchValues.length];
        java.util.Arrays.fill(allValid, true);
        parts.child(nullable ? TestArrays.nullable(type, patchValues, allValid) : primitive(type, patchValues));
        if (nullable) {
            parts.child(new BoolArray(TestArrays.mask(valid).bits(), Validity.NON_NULLABLE));
        }
        long ref = random.nextLong();
        Array framed = new TestParts(dtype, length, ScalarValues.encode(new Scalar(dtype, truncate(ref, type))))
                .child(new BitPackedEncoding(), parts).decode(new FrameOfReferenceEncoding());

        long[] want = new long[length];
        for (int i = 0; i < length; i++) {
            want[i] = padded[offset + i];
        }
        for (int i = 0; i < positions.length; i++) {
            want[(int) positions[i]] = patchValues[i];
        }
        long[] wantFramed = new long[length];
        for (int i = 0; i < length; i++) {
            want[i] = truncate(want[i], type);
            wantFramed[i] = truncate(want[i] + ref, type);
        }

        Array plain = parts.decode(new BitPackedEncoding());
        check(plain, want, valid, 0, length, "whole");
        check(framed, wantFramed, valid, 0, length, "whole under a reference");
        for (int k = 0; k < 6; k++) {
            int from = random.nextInt(length);
            int to = from + random.nextInt(length - from + 1);
            Array base = k % 2 == 0 ? plain : framed;
            long[] expected = k % 2 == 0 ? want : wantFramed;
            Array slice = ((PackedArray) base).undecoded().slice(from, to);
            assertInstanceOf(PackedArray.class, slice, "a slice of an undecoded array stays packed");
            check(slice, expected, valid, from, to, "slice [" + from + ", " + to + ")");
            if (to - from > 1) {
                int a = from + random.nextInt(to - from);
                int b = a + random.nextInt(to - a + 1);
                check(slice.slice(a - from, b - from), expected, valid, a, b,
                        "slice [" + a + ", " + b + ") of [" + from + ", " + to + ")");
            }
        }
    }

    /** {@code array}'s decoded values and validity against {@code want[from, to)}. */
    private static void check(Array array, long[] want, boolean[] valid, int from, int to, String what) {
        PrimitiveArray got = (PrimitiveArray) array.toCanonical();
        assertEquals(to - from, got.length(), what);
        for (int i = from; i < to; i++) {
            assertEquals(valid[i], got.isValid(i - from), what + ": validity of row " + i);
            if (valid[i]) {
                assertEquals(want[i], TestArrays.raw(got, i - from), what + ": row " + i);
            }
        }
    }

    /** {@code v} in {@code type}'s width, zero-extended if it is unsigned, sign-extended otherwise. */
    private static long truncate(long v, PType type) {
        int bits = type.byteWidth() * 8;
        if (bits == 64) {
            return v;
        }
        return type.isUnsigned() ? v & ((1L << bits) - 1) : (v << (64 - bits)) >> (64 - bits);
    }
}
