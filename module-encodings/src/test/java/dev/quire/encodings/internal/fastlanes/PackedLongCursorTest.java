package dev.quire.encodings.internal.fastlanes;

import static dev.quire.encodings.internal.TestArrays.primitive;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.TestArrays;
import dev.quire.encodings.internal.TestParts;
import dev.quire.encodings.internal.proto.BitPackedMetadata;
import dev.quire.encodings.internal.proto.PatchesMetadata;
import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.ScalarValues;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The public block cursor ({@link LongBlocks}) of bit-packed arrays of every integer type: for every width the type
 * allows, under a frame of reference or not, with patches, nulls, offsets into the first block and lengths around a
 * block's (0, 1, 1023, 1024, 1025, several blocks), and for slices of those, the values a cursor hands out equal both
 * the values worked out here from the codes and the canonical values (sign- or zero-extended as the type says; null
 * rows excluded), and the blocks it hands out add up to the length.
 */
class PackedLongCursorTest {
    private static final PType[] TYPES = {PType.I8, PType.U8, PType.I16, PType.U16, PType.I32, PType.U32, PType.I64,
        PType.U64};
    private static final int[] LENGTHS = {0, 1, 1023, 1024, 1025, 4100};

    static Stream<Arguments> shapes() {
        List<Arguments> out = new ArrayList<>();
        for (PType t : TYPES) {
            for (int w = 0; w <= t.byteWidth() * 8; w++) {
                out.add(Arguments.of(t, w));
            }
        }
        return out.stream();
    }

    /** A packed array and the values it stands for, worked out from its codes, reference and patches. */
    record Case(Array array, long[] want, boolean[] valid, String what) {}

    /** {@code raw} wrapped to {@code type}'s width and extended as its signedness says. */
    static long extend(PType type, long raw) {
        return PackedArray.key(raw, type.byteWidth() * 8, type.isUnsigned());
    }

    /**
     * A bit-packed (and, for a reference other than 0, frame-of-reference) array of random {@code width}-bit codes of
     * {@code type}, starting {@code offset} into its first block, with a few patches when asked (length permitting)
     * and random nulls when nullable.
     */
    static Case build(PType type, int width, int offset, int length, boolean nullable, boolean patched, long ref,
            Random random) {
        int bits = type.byteWidth() * 8;
        long[] padded = new long[(int) FastLanes.blocks(offset, length) * 1024];
        for (int i = 0; i < padded.length; i++) {
            padded[i] = width == 0 ? 0 : width == 64 ? random.nextLong() : random.nextLong() & ((1L << width) - 1);
        }
        long[] want = new long[length];
        for (int i = 0; i < length; i++) {
            want[i] = extend(type, padded[offset + i] + ref);
        }
        DType.Primitive dtype = new DType.Primitive(type, nullable);
        BitPackedMetadata.Builder meta = BitPackedMetadata.newBuilder().setBitWidth(width).setOffset(offset);
        long[] positions = patched && length > 0
                ? random.longs(12, 0, length).distinct().limit(1 + random.nextInt(6)).sorted().toArray()
                : new long[0];
        if (positions.length > 0) {
            meta.setPatches(PatchesMetadata.newBuilder().setLen(positions.length).setIndicesPtype(PType.U32.code())
                    .setOffset(0));
        }
        TestParts parts = new TestParts(dtype, length, meta.build().toByteArray())
                .buffer(TestFastLanes.pack(bits, width, padded));
        if (positions.length > 0) {
            long[] values = new long[positions.length];
            for (int i = 0; i < values.length; i++) {
                values[i] = extend(type, random.nextLong());
                want[(int) positions[i]] = extend(type, values[i] + ref);
            }
            boolean[] allValid = new boolean[values.length];
            Arrays.fill(allValid, true);
            parts.child(primitive(PType.U32, positions))
                    .child(nullable ? TestArrays.nullable(type, values, allValid) : primitive(type, values));
        }
        boolean[] valid = new boolean[length];
        for (int i = 0; i < length; i++) {
            valid[i] = !nullable || random.nextInt(5) != 0;
        }
        if (nullable) {
            parts.child(new BoolArray(TestArrays.mask(valid).bits(), Validity.NON_NULLABLE));
        }
        Array array = ref == 0 ? parts.decode(new BitPackedEncoding())
                : new TestParts(dtype, length, ScalarValues.encode(new Scalar(dtype, ref)))
                        .child(new BitPackedEncoding(), parts).decode(new FrameOfReferenceEncoding());
        String what = type + " w" + width + " offset " + offset + " length " + length
                + (positions.length > 0 ? " patched " + Arrays.toString(positions) : "") + (nullable ? " nullable" : "")
                + " ref " + ref;
        return new Case(array, want, valid, what);
    }

    /** Every value the cursor hands out, checking block sizes, the total and that a drained cursor stays drained. */
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

    /**
     * {@code array} (not decoded) holds rows {@code [from, from + array.length())} of the case: its cursor and its
     * canonical values agree with the worked-out values on every valid row, and once decoded it offers no cursor.
     */
    static void check(Array array, Case c, int from, String what) {
        assertInstanceOf(PackedArray.class, array, what);
        PackedArray packed = (PackedArray) array;
        long[] got = drain(packed.longBlocks().orElseThrow(), array.length(), what);
        PrimitiveArray canonical = packed.undecoded().toCanonical();
        for (int i = 0; i < got.length; i++) {
            if (!c.valid()[from + i]) {
                continue;
            }
            long want = c.want()[from + i];
            if (got[i] != want || TestArrays.raw(canonical, i) != want) {
                assertEquals(want, TestArrays.raw(canonical, i), what + ": canonical row " + i);
                assertEquals(want, got[i], what + ": cursor row " + i);
            }
        }
        packed.toCanonical();
        assertFalse(packed.longBlocks().isPresent(), what + ": decoded, the canonical values are read instead");
    }

    @ParameterizedTest(name = "{0} w{1}")
    @MethodSource("shapes")
    void cursorsHandOutTheValuesOfEveryTypeAndWidth(PType type, int width) {
        Random random = new Random(type.ordinal() * 1009L + width);
        int variant = 0;
        for (int length : LENGTHS) {
            for (int k = 0; k < 2; k++, variant++) {
                int offset = switch (variant % 3) {
                    case 0 -> 0;
                    case 1 -> random.nextInt(1024);
                    default -> 1023;
                };
                boolean nullable = variant % 4 == 1;
                boolean patched = variant % 2 == 0;
                long ref = k == 0 ? 0 : extend(type, random.nextLong());
                Case c = build(type, width, offset, length, nullable, patched, ref, random);
                check(c.array(), c, 0, c.what());
                if (length > 0) {
                    for (int s = 0; s < 3; s++) {
                        int from = s == 0 ? 1 % length : random.nextInt(length);
                        int to = from + random.nextInt(length - from + 1);
                        Case fresh = build(type, width, offset, length, nullable, patched, ref,
                                new Random(type.ordinal() * 1009L + width + 31L * variant));
                        check(fresh.array().slice(from, to), fresh, from, fresh.what() + " slice [" + from + ", "
                                + to + ")");
                        if (to - from > 2) {
                            int f2 = 1 + random.nextInt(to - from - 1);
                            check(fresh.array().slice(from, to).slice(f2, to - from), fresh, from + f2,
                                    fresh.what() + " slice [" + from + ", " + to + ") then from " + f2);
                        }
                    }
                }
            }
        }
    }

    /** The lead's entry point takes the array's own cursor: no canonical form is built to read it. */
    @Test
    void theCursorEntryPointReadsPackedArraysWithoutDecodingThem() {
        Case c = build(PType.I32, 11, 5, 3000, true, true, 7, new Random(3));
        long[] got = drain(LongBlocks.cursor(c.array()), 3000, c.what());
        for (int i = 0; i < got.length; i++) {
            if (c.valid()[i]) {
                assertEquals(c.want()[i], got[i], c.what() + " row " + i);
            }
        }
        assertTrue(((PackedArray) c.array()).longBlocks().isPresent(), "still not decoded");
    }

    /** A patch index outside the array is a typed error when the array is read, before any cursor exists. */
    @Test
    void aPatchOutsideTheArrayIsATypedError() {
        DType.Primitive dtype = new DType.Primitive(PType.I64, false);
        BitPackedMetadata meta = BitPackedMetadata.newBuilder().setBitWidth(3).setOffset(0)
                .setPatches(PatchesMetadata.newBuilder().setLen(1).setIndicesPtype(PType.U32.code()).setOffset(0))
                .build();
        TestParts parts = new TestParts(dtype, 100, meta.toByteArray())
                .buffer(TestFastLanes.pack(64, 3, new long[1024]))
                .child(primitive(PType.U32, 100))
                .child(primitive(PType.I64, 200));
        MalformedFileException e = assertThrows(MalformedFileException.class,
                () -> parts.decode(new BitPackedEncoding()));
        assertTrue(e.getMessage().contains("patch index 100"), e.getMessage());
    }
}
