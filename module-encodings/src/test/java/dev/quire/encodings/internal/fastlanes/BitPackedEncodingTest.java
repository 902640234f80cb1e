package dev.quire.encodings.internal.fastlanes;

import static dev.quire.encodings.internal.TestArrays.primitive;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quire.encodings.internal.Expect;
import dev.quire.encodings.internal.TestArrays;
import dev.quire.encodings.internal.TestParts;
import dev.quire.encodings.internal.proto.BitPackedMetadata;
import dev.quire.encodings.internal.proto.PatchesMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class BitPackedEncodingTest {
    private static final BitPackedEncoding ENCODING = new BitPackedEncoding();
    private static final PType[] INTEGERS = {PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I16,
        PType.I32, PType.I64};

    static Stream<Arguments> everyTypeAndWidth() {
        List<Arguments> out = new ArrayList<>();
        for (PType t : INTEGERS) {
            for (int w = 0; w <= t.byteWidth() * 8; w++) {
                out.add(Arguments.of(t, w));
            }
        }
        return out.stream();
    }

    /** Random {@code width}-bit values for a whole number of blocks. */
    private static long[] randomValues(Random random, int blocks, int width) {
        long[] v = new long[blocks * 1024];
        for (int i = 0; i < v.length; i++) {
            v[i] = width == 64 ? random.nextLong() : width == 0 ? 0 : random.nextLong() & ((1L << width) - 1);
        }
        return v;
    }

    static TestParts node(PType type, boolean nullable, int width, int offset, int length, long[] padded) {
        byte[] meta = BitPackedMetadata.newBuilder().setBitWidth(width).setOffset(offset).build().toByteArray();
        return new TestParts(new DType.Primitive(type, nullable), length, meta)
                .buffer(TestFastLanes.pack(type.byteWidth() * 8, width, padded));
    }

    private static long[] range(long[] v, int from, int length) {
        long[] out = new long[length];
        System.arraycopy(v, from, out, 0, length);
        return out;
    }

    @ParameterizedTest(name = "{0} w{1}")
    @MethodSource("everyTypeAndWidth")
    void unpacksEveryWidthOfEveryIntegerType(PType type, int width) {
        Random random = new Random(type.ordinal() * 100 + width);
        long[] values = randomValues(random, 3, width);
        // Whole blocks, a partial last block, and a slice starting inside the first block.
        Expect.primitive(values, null, node(type, false, width, 0, values.length, values).decode(ENCODING));
        Expect.primitive(range(values, 0, 2100), null, node(type, false, width, 0, 2100, values).decode(ENCODING));
        Expect.primitive(range(values, 1000, 1500), null,
                node(type, false, width, 1000, 1500, values).decode(ENCODING));
    }

    @Test
    void appliesPatchesAtTheirPositions() {
        Random random = new Random(7);
        int length = 3000;
        long[] values = randomValues(random, 3, 5);
        long[] expected = range(values, 0, length);
        long[] positions = {3, 1023, 1024, 2999};
        long[] patched = new long[positions.length];
        for (int i = 0; i < positions.length; i++) {
            patched[i] = 1000 + random.nextInt(1_000_000);
            expected[(int) positions[i]] = patched[i];
        }
        PatchesMetadata patches = PatchesMetadata.newBuilder().setLen(positions.length)
                .setIndicesPtype(PType.U16.code()).setChunkOffsetsLen(3).setChunkOffsetsPtype(PType.U64.code())
                .build();
        byte[] meta = BitPackedMetadata.newBuilder().setBitWidth(5).setPatches(patches).build().toByteArray();
        TestParts parts = new TestParts(new DType.Primitive(PType.I32, false), length, meta)
                .buffer(TestFastLanes.pack(32, 5, values))
                .child(primitive(PType.U16, positions)).child(primitive(PType.I32, patched))
                .child(primitive(PType.U64, 0, 2, 3));
        Expect.primitive(expected, null, parts.decode(ENCODING));
    }

    @Test
    void keepsTheValidityChildAfterThePatches() {
        Random random = new Random(8);
        int length = 1500;
        long[] values = randomValues(random, 2, 10);
        boolean[] valid = new boolean[length];
        for (int i = 0; i < length; i++) {
            valid[i] = random.nextInt(10) != 0;
        }
        long[] expected = range(values, 0, length);
        expected[5] = 5000;
        valid[5] = true;
        byte[] meta = BitPackedMetadata.newBuilder().setBitWidth(10).setPatches(PatchesMetadata.newBuilder()
                .setLen(1).setIndicesPtype(PType.U32.code())).build().toByteArray();
        BoolArray validity = new BoolArray(TestArrays.mask(valid).bits(), dev.quire.layout.array.Validity.NON_NULLABLE);
        Array decoded = new TestParts(new DType.Primitive(PType.U16, true), length, meta)
                .buffer(TestFastLanes.pack(16, 10, values))
                .child(primitive(PType.U32, 5))
                .child(TestArrays.nullable(PType.U16, new long[] {5000}, new boolean[] {true}))
                .child(validity).decode(ENCODING);
        Expect.primitive(expected, valid, decoded);
        assertEquals(new DType.Primitive(PType.U16, true), decoded.dtype());
    }

    @Test
    void decodesTheFixtureLayoutOfTenBitValues() {
        // 10-bit i32 values 0..999, the shape of the bitpacked_i32_100k fixture.
        long[] values = new long[2048];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i * 37L) % 1000;
        }
        Expect.primitive(range(values, 0, 2000), null,
                node(PType.I32, false, 10, 0, 2000, values).decode(ENCODING));
    }

    @Test
    void rejectsMalformedNodes() {
        long[] values = new long[1024];
        Expect.malformed("bit width 9 does not fit u8", () -> node(PType.U8, false, 9, 0, 10,
                new long[1024]).decode(ENCODING));
        Expect.malformed("offset 1024 is not below 1024", () -> new TestParts(new DType.Primitive(PType.U8, false),
                10, BitPackedMetadata.newBuilder().setBitWidth(1).setOffset(1024).build().toByteArray())
                .buffer(new byte[128]).decode(ENCODING));
        Expect.malformed("packed buffer has 128 bytes", () -> new TestParts(new DType.Primitive(PType.U8, false),
                1025, BitPackedMetadata.newBuilder().setBitWidth(1).build().toByteArray())
                .buffer(new byte[128]).decode(ENCODING));
        Expect.malformed("cannot hold values of dtype", () -> new TestParts(new DType.Utf8(false), 10,
                new byte[0]).decode(ENCODING));
        Expect.malformed("needs an integer dtype", () -> node(PType.F32, false, 3, 0, 10, values)
                .decode(ENCODING));
        Expect.malformed("expected 0 to 1 children, got 2", () -> node(PType.U8, true, 3, 0, 10, values)
                .child(BoolArray.of(new boolean[10])).child(BoolArray.of(new boolean[10])).decode(ENCODING));
        Expect.malformed("expected 1 buffers, got 0", () -> new TestParts(new DType.Primitive(PType.U8, false),
                10, new byte[0]).decode(ENCODING));
        Expect.malformed("invalid bit-packed metadata", () -> new TestParts(new DType.Primitive(PType.U8, false),
                10, new byte[] {(byte) 0xFF}).buffer(new byte[0]).decode(ENCODING));
        byte[] withPatches = BitPackedMetadata.newBuilder().setBitWidth(3).setPatches(PatchesMetadata.newBuilder()
                .setLen(1).setIndicesPtype(PType.U8.code())).build().toByteArray();
        Expect.malformed("patch values must all be valid", () -> new TestParts(
                new DType.Primitive(PType.U8, true), 10, withPatches).buffer(TestFastLanes.pack(8, 3, values))
                .child(primitive(PType.U8, 2))
                .child(TestArrays.nullable(PType.U8, new long[] {9}, new boolean[] {false})).decode(ENCODING));
    }
}
