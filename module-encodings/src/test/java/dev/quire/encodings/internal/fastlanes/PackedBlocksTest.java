package dev.quire.encodings.internal.fastlanes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.TestArrays;
import dev.quire.encodings.internal.TestParts;
import dev.quire.encodings.internal.proto.BitPackedMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.IntegerBlocks;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reading bit-packed arrays a block at a time ({@link IntegerBlocks}): the values a cursor hands out equal the
 * canonical values, zero-extended, for every width of every type up to 32 bits, with offsets into the first block,
 * odd lengths, nulls and slices; and arrays whose values a cursor could not hand out unchanged decline.
 */
class PackedBlocksTest {
    private static final PType[] TYPES = {PType.U8, PType.I8, PType.U16, PType.I16, PType.U32, PType.I32};

    static Stream<Arguments> shapes() {
        List<Arguments> out = new ArrayList<>();
        for (PType t : TYPES) {
            for (int w = 0; w <= t.byteWidth() * 8; w++) {
                out.add(Arguments.of(t, w));
            }
        }
        return out.stream();
    }

    static PackedArray packed(PType type, int width, int offset, int length, boolean nullable, long seed) {
        Random random = new Random(seed);
        long[] padded = new long[(int) FastLanes.blocks(offset, length) * 1024];
        for (int i = 0; i < padded.length; i++) {
            padded[i] = width == 0 ? 0 : random.nextLong() & ((1L << width) - 1);
        }
        boolean[] valid = new boolean[length];
        for (int i = 0; i < length; i++) {
            valid[i] = !nullable || random.nextInt(5) != 0;
        }
        DType.Primitive dtype = new DType.Primitive(type, nullable);
        BitPackedMetadata meta = BitPackedMetadata.newBuilder().setBitWidth(width).setOffset(offset).build();
        TestParts parts = new TestParts(dtype, length, meta.toByteArray())
                .buffer(TestFastLanes.pack(type.byteWidth() * 8, width, padded));
        if (nullable) {
            parts.child(new BoolArray(TestArrays.mask(valid).bits(), Validity.NON_NULLABLE));
        }
        return (PackedArray) parts.decode(new BitPackedEncoding());
    }

    /** Every value a cursor over {@code array} hands out, checking each block's size. */
    static long[] drain(IntegerBlocks.Cursor cursor, long length, String what) {
        long[] out = new long[(int) length];
        int[] block = new int[IntegerBlocks.MAX_BLOCK_ROWS];
        int row = 0;
        for (int k = cursor.next(block); k > 0; k = cursor.next(block)) {
            assertTrue(k <= IntegerBlocks.MAX_BLOCK_ROWS, what);
            assertTrue(row + k <= length, what + ": rows past the end");
            for (int j = 0; j < k; j++) {
                out[row + j] = block[j];
            }
            row += k;
        }
        assertEquals(length, row, what + ": rows read");
        assertEquals(0, cursor.next(block), what + ": a drained cursor stays drained");
        return out;
    }

    static void check(PackedArray array, String what) {
        Optional<IntegerBlocks.Cursor> cursor = array.undecoded().intBlocks();
        assertTrue(cursor.isPresent(), what);
        assertEquals(1L << array.width(), cursor.get().bound(), what);
        long[] got = drain(cursor.get(), array.length(), what);
        PrimitiveArray canonical = array.toCanonical();
        for (int i = 0; i < got.length; i++) {
            long raw = TestArrays.raw(canonical, i);
            long want = raw & ((1L << (array.dtype().ptype().byteWidth() * 8)) - 1);
            assertEquals(want, got[i], what + " row " + i);
        }
    }

    /**
     * 4-byte codes: whole blocks go straight into the caller's array, partial ones through a scratch block; either way
     * nothing is written past the rows a call returns, whatever room the caller's array has.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("fourByteTypes")
    void writesNothingPastTheRowsReturned(PType type) {
        Random random = new Random(type.ordinal() + 77L);
        for (int width : new int[] {0, 1, 3, 12, 17, 24, 31}) {
            if (type.isSigned() && width >= 32) {
                continue;
            }
            for (int k = 0; k < 4; k++) {
                int offset = k < 2 ? 0 : random.nextInt(1024);
                int length = 1 + random.nextInt(5000);
                PackedArray array = packed(type, width, offset, length, false, random.nextLong());
                PrimitiveArray canonical = array.undecoded().toCanonical();
                IntegerBlocks.Cursor cursor = array.undecoded().intBlocks().orElseThrow();
                int room = k % 2 == 0 ? IntegerBlocks.MAX_BLOCK_ROWS : IntegerBlocks.MAX_BLOCK_ROWS + 300;
                int[] block = new int[room];
                String what = type + " w" + width + " offset " + offset + " length " + length + " room " + room;
                int row = 0;
                while (true) {
                    java.util.Arrays.fill(block, -7);
                    int n = cursor.next(block);
                    if (n == 0) {
                        break;
                    }
                    for (int j = 0; j < n; j++) {
                        assertEquals(TestArrays.raw(canonical, row + j), block[j], what + " row " + (row + j));
                    }
                    for (int j = n; j < room; j++) {
                        assertEquals(-7, block[j], what + ": written past the " + n + " rows returned, at " + j);
                    }
                    row += n;
                }
                assertEquals(length, row, what);
            }
        }
    }

    static Stream<PType> fourByteTypes() {
        return Stream.of(PType.I32, PType.U32);
    }

    @ParameterizedTest(name = "{0} w{1}")
    @MethodSource("shapes")
    void cursorsHandOutTheCanonicalValues(PType type, int width) {
        Random random = new Random(type.ordinal() * 100L + width);
        int bits = type.byteWidth() * 8;
        boolean declines = width > 31 || (type.isSigned() && width >= bits);
        for (int k = 0; k < 3; k++) {
            int offset = k == 0 ? 0 : random.nextInt(1024);
            int length = 1 + random.nextInt(4500);
            PackedArray array = packed(type, width, offset, length, k == 2, random.nextLong());
            String what = type + " w" + width + " offset " + offset + " length " + length;
            if (declines) {
                assertFalse(array.intBlocks().isPresent(), what + ": values could come out negative");
                continue;
            }
            check(array, what);
            int from = random.nextInt(length);
            int to = from + random.nextInt(length - from + 1);
            PackedArray slice = (PackedArray) array.undecoded().slice(from, to);
            check(slice, what + " slice [" + from + ", " + to + ")");
        }
    }

    @Test
    void decodedPatchedAndFramedArraysDecline() {
        PackedArray plain = packed(PType.U16, 5, 3, 2000, false, 1);
        assertTrue(plain.intBlocks().isPresent());
        plain.toCanonical();
        assertFalse(plain.intBlocks().isPresent(), "decoded: the canonical values are read instead");
        assertFalse(packed(PType.U16, 5, 3, 2000, false, 1).withReference(7).intBlocks().isPresent(),
                "under a frame of reference");
        assertFalse(packed(PType.U64, 5, 0, 2000, false, 1).intBlocks().isPresent(), "64-bit words");
        // With patches: the layout of PackedSliceTest, one patch.
        DType.Primitive dtype = new DType.Primitive(PType.U8, false);
        BitPackedMetadata meta = BitPackedMetadata.newBuilder().setBitWidth(3).setOffset(0)
                .setPatches(dev.quire.encodings.internal.proto.PatchesMetadata.newBuilder().setLen(1)
                        .setIndicesPtype(PType.U32.code()).setOffset(0))
                .build();
        Array patched = new TestParts(dtype, 100, meta.toByteArray())
                .buffer(TestFastLanes.pack(8, 3, new long[1024]))
                .child(TestArrays.primitive(PType.U32, new long[] {5}))
                .child(TestArrays.primitive(PType.U8, new long[] {200}))
                .decode(new BitPackedEncoding());
        assertFalse(((PackedArray) patched).intBlocks().isPresent(), "patched");
        assertEquals(new Scalar(dtype, 200L), patched.scalarAt(5));
    }
}
