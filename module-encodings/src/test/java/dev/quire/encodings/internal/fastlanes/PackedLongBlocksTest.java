package dev.quire.encodings.internal.fastlanes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.TestArrays;
import dev.quire.encodings.internal.TestParts;
import dev.quire.encodings.internal.alp.AlpEncoding;
import dev.quire.encodings.internal.proto.AlpMetadata;
import dev.quire.encodings.internal.proto.BitPackedMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.LongBlocks;
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
 * and slices; decoded arrays decline; and ALP over packed integers (which reads them so) decodes the same floats as
 * over the same integers decoded, for f64 and f32. {@link PackedLongCursorTest} covers every integer type and patches.
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
        TestParts parts = new TestParts(dtype, length, meta.toByteArray()).buffer(TestFastLanes.pack(type.byteWidth() * 8, width, padded));
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
    void decodedArraysDecline() {
        PackedArray plain = (PackedArray) packedParts(PType.I64, 9, 3, 2000, false, new Random(1))
                .decode(new BitPackedEncoding());
        assertTrue(plain.longBlocks().isPresent());
        plain.toCanonical();
        assertFalse(plain.longBlocks().isPresent(), "decoded: the canonical values are read instead");
    }

    /** ALP's floats from packed integers (read a block at a time) and from the same integers decoded agree bit for bit. */
    @Test
    void alpOverPackedIntegersDecodesAsOverDecodedOnes() {
        Random random = new Random(42);
        for (int k = 0; k < 12; k++) {
            boolean f32 = k % 2 == 1;
            PType intType = f32 ? PType.I32 : PType.I64;
            int width = 1 + random.nextInt(f32 ? 32 : 40);
            int offset = k % 3 == 0 ? 0 : random.nextInt(1024);
            int length = 1 + random.nextInt(5000);
            boolean nullable = k % 4 == 3;
            int e = random.nextInt(f32 ? 11 : 19);
            int f = random.nextInt(e + 1);
            long seed = random.nextLong();
            DType.Primitive floats = new DType.Primitive(f32 ? PType.F32 : PType.F64, nullable);
            byte[] meta = AlpMetadata.newBuilder().setExpE(e).setExpF(f).build().toByteArray();
            PackedArray ints = (PackedArray) packedParts(intType, width, offset, length, nullable, new Random(seed))
                    .decode(new BitPackedEncoding());
            PrimitiveArray decodedInts = ints.undecoded().toCanonical();
            Array fromBlocks = new TestParts(floats, length, meta)
                    .child(new BitPackedEncoding(), packedParts(intType, width, offset, length, nullable,
                            new Random(seed)))
                    .decode(new AlpEncoding());
            Array fromArray = new TestParts(floats, length, meta).child(decodedInts).decode(new AlpEncoding());
            PrimitiveArray a = (PrimitiveArray) fromBlocks.toCanonical();
            PrimitiveArray b = (PrimitiveArray) fromArray.toCanonical();
            String what = intType + " w" + width + " offset " + offset + " length " + length + " e" + e + " f" + f
                    + (nullable ? " nullable" : "");
            assertEquals(b.nullCount(), a.nullCount(), what);
            for (int i = 0; i < length; i++) {
                assertEquals(b.isValid(i), a.isValid(i), what + " validity of row " + i);
                long bitsA = f32 ? a.getInt(i) : a.getLong(i);
                long bitsB = f32 ? b.getInt(i) : b.getLong(i);
                if (bitsA != bitsB) {
                    assertEquals(bitsB, bitsA, what + " bits of row " + i);
                }
            }
        }
    }
}
