package dev.quire.encodings.internal.fastlanes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.LongBlocks;
import dev.quire.encodings.internal.TestArrays;
import dev.quire.encodings.internal.TestParts;
import dev.quire.encodings.internal.alp.AlpEncoding;
import dev.quire.encodings.internal.proto.AlpMetadata;
import dev.quire.encodings.internal.proto.BitPackedMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ScalarValues;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reading 8-byte bit-packed arrays a block at a time ({@link LongBlocks}): the values a cursor hands out equal the
 * canonical values for every width, under a frame of reference or not, with offsets into the first block, odd lengths
 * and slices; decoded and patched arrays decline; and ALP over packed integers (which reads them so) decodes the same
 * floats as over the same integers decoded.
 */
class PackedLongBlocksTest {

    static IntStream widths() {
        return IntStream.rangeClosed(0, 64);
    }

    /** {@code length} random {@code width}-bit codes from {@code offset} into the first block, maybe nullable. */
    static TestParts packedParts(PType type, int width, int offset, int length, boolean nullable, Random random) {
        long[] padded = new long[(int) FastLanes.blocks(offset, length) * 1024];
        for (int i = 0; i < padded.length; i++) {
            padded[i] = width == 0 ? 0 : width == 64 ? random.nextLong() : random.nextLong() & ((1L << width) - 1);
        }
        DType.Primitive dtype = new DType.Primitive(type, nullable);
        BitPackedMetadata meta = BitPackedMetadata.newBuilder().setBitWidth(width).setOffset(offset).build();
        TestParts parts = new TestParts(dtype, length, meta.toByteArray()).buffer(TestFastLanes.pack(64, width, padded));
        if (nullable) {
            boolean[] valid = new boolean[length];
            for (int i = 0; i < length; i++) {
                valid[i] = random.nextInt(5) != 0;
            }
            parts.child(new BoolArray(TestArrays.mask(valid).bits(), Validity.NON_NULLABLE));
        }
        return parts;
    }

    /** Every value the cursor hands out, checking block sizes and that a drained cursor stays drained. */
    static long[] drain(LongBlocks.Cursor cursor, long length, String what) {
        long[] out = new long[(int) length];
        long[] block = new long[LongBlocks.BLOCK_ROWS];
        int row = 0;
        for (int k = cursor.next(block); k > 0; k = cursor.next(block)) {
            assertTrue(k <= LongBlocks.BLOCK_ROWS, what);
            assertTrue(row + k <= length, what + ": rows past the end");
            System.arraycopy(block, 0, out, row, k);
            row += k;
        }
        assertEquals(length, row, what + ": rows read");
        assertEquals(0, cursor.next(block), what + ": a drained cursor stays drained");
        return out;
    }

    static void check(PackedArray array, String what) {
        Optional<LongBlocks.Cursor> cursor = array.undecoded().longBlocks();
        assertTrue(cursor.isPresent(), what);
        long[] got = drain(cursor.get(), array.length(), what);
        PrimitiveArray canonical = array.undecoded().toCanonical();
        for (int i = 0; i < got.length; i++) {
            if (got[i] != canonical.getLong(i)) {
                assertEquals(canonical.getLong(i), got[i], what + " row " + i);
            }
        }
    }

    @ParameterizedTest(name = "w{0}")
    @MethodSource("widths")
    void cursorsHandOutTheCanonicalValues(int width) {
        Random random = new Random(width * 7919L);
        for (int k = 0; k < 4; k++) {
            PType type = k % 2 == 0 ? PType.I64 : PType.U64;
            int offset = k == 0 ? 0 : random.nextInt(1024);
            int length = 1 + random.nextInt(k == 3 ? 300 : 4500);
            TestParts parts = packedParts(type, width, offset, length, k == 2, random);
            PackedArray array = (PackedArray) parts.decode(new BitPackedEncoding());
            String what = type + " w" + width + " offset " + offset + " length " + length;
            check(array, what);
            int from = random.nextInt(length);
            int to = from + random.nextInt(length - from + 1);
            check((PackedArray) array.undecoded().slice(from, to), what + " slice [" + from + ", " + to + ")");
            long ref = random.nextLong();
            DType.Primitive dtype = (DType.Primitive) parts.dtype();
            Array framed = new TestParts(dtype, length, ScalarValues.encode(new Scalar(dtype, ref)))
                    .child(new BitPackedEncoding(), packedParts(type, width, offset, length, k == 2,
                            new Random(width * 31L + k)))
                    .decode(new FrameOfReferenceEncoding());
            assertInstanceOf(PackedArray.class, framed, what);
            check((PackedArray) framed, what + " under reference " + ref);
        }
    }

    @Test
    void decodedPatchedAndNarrowArraysDecline() {
        PackedArray plain = (PackedArray) packedParts(PType.I64, 9, 3, 2000, false, new Random(1))
                .decode(new BitPackedEncoding());
        assertTrue(plain.longBlocks().isPresent());
        plain.toCanonical();
        assertFalse(plain.longBlocks().isPresent(), "decoded: the canonical values are read instead");
        assertFalse(PackedBlocksTest.packed(PType.U32, 5, 0, 2000, false, 1).longBlocks().isPresent(), "4-byte words");
        DType.Primitive dtype = new DType.Primitive(PType.U64, false);
        BitPackedMetadata meta = BitPackedMetadata.newBuilder().setBitWidth(3).setOffset(0)
                .setPatches(dev.quire.encodings.internal.proto.PatchesMetadata.newBuilder().setLen(1)
                        .setIndicesPtype(PType.U32.code()).setOffset(0))
                .build();
        Array patched = new TestParts(dtype, 100, meta.toByteArray())
                .buffer(TestFastLanes.pack(64, 3, new long[1024]))
                .child(TestArrays.primitive(PType.U32, new long[] {5}))
                .child(TestArrays.primitive(PType.U64, new long[] {200}))
                .decode(new BitPackedEncoding());
        assertFalse(((PackedArray) patched).longBlocks().isPresent(), "patched");
    }

    /** ALP's floats from packed integers (read a block at a time) and from the same integers decoded agree bit for bit. */
    @Test
    void alpOverPackedIntegersDecodesAsOverDecodedOnes() {
        Random random = new Random(42);
        for (int k = 0; k < 12; k++) {
            int width = 1 + random.nextInt(40);
            int offset = k % 3 == 0 ? 0 : random.nextInt(1024);
            int length = 1 + random.nextInt(5000);
            boolean nullable = k % 4 == 3;
            int e = random.nextInt(19);
            int f = random.nextInt(e + 1);
            long seed = random.nextLong();
            DType.Primitive f64 = new DType.Primitive(PType.F64, nullable);
            byte[] meta = AlpMetadata.newBuilder().setExpE(e).setExpF(f).build().toByteArray();
            PackedArray ints = (PackedArray) packedParts(PType.I64, width, offset, length, nullable, new Random(seed))
                    .decode(new BitPackedEncoding());
            PrimitiveArray decodedInts = ints.undecoded().toCanonical();
            Array fromBlocks = new TestParts(f64, length, meta)
                    .child(new BitPackedEncoding(), packedParts(PType.I64, width, offset, length, nullable,
                            new Random(seed)))
                    .decode(new AlpEncoding());
            Array fromArray = new TestParts(f64, length, meta).child(decodedInts).decode(new AlpEncoding());
            PrimitiveArray a = (PrimitiveArray) fromBlocks.toCanonical();
            PrimitiveArray b = (PrimitiveArray) fromArray.toCanonical();
            String what = "w" + width + " offset " + offset + " length " + length + " e" + e + " f" + f
                    + (nullable ? " nullable" : "");
            assertEquals(b.nullCount(), a.nullCount(), what);
            for (int i = 0; i < length; i++) {
                assertEquals(b.isValid(i), a.isValid(i), what + " validity of row " + i);
                if (a.getLong(i) != b.getLong(i)) {
                    assertEquals(b.getLong(i), a.getLong(i), what + " bits of row " + i);
                }
            }
        }
    }
}
