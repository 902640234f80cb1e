package dev.quire.encodings.internal.fastlanes;

import static dev.quire.encodings.internal.TestArrays.primitive;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import dev.quire.layout.expr.ValuePredicate;
import dev.quire.layout.expr.FilterKernel;
import dev.quire.layout.spi.ScalarValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bit-packed and frame-of-reference arrays kept packed: their filter kernel agrees exactly with the predicate evaluated
 * over {@code toCanonical()} on every valid row, and their validity bits with the canonical validity; random shapes of
 * every integer type, widths up to the kernel's table limit, offsets inside the first block, patches, nulls and
 * references that wrap.
 */
class PackedArrayTest {
    private static final PType[] INTEGERS = {PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I16,
        PType.I32, PType.I64};

    static Stream<Arguments> shapes() {
        List<Arguments> out = new ArrayList<>();
        for (PType t : INTEGERS) {
            for (int w : new int[] {0, 1, 3, 7, 8, 12, 13, 16}) {
                if (w <= t.byteWidth() * 8) {
                    for (int seed = 0; seed < 4; seed++) {
                        out.add(Arguments.of(t, w, seed));
                    }
                }
            }
        }
        return out.stream();
    }

    /** {@code lo <= v <= hi} over the canonical values, signed or unsigned as the type says; nulls never match. */
    private record Range(long lo, long hi, boolean unsigned) implements ValuePredicate {
        @Override
        public long[] matches(Array values) {
            PrimitiveArray p = (PrimitiveArray) values;
            assertTrue(p.isCanonical());
            long[] out = new long[(int) ((p.length() + 63) >>> 6)];
            for (long i = 0; i < p.length(); i++) {
                long v = p.getLongValue(i);
                boolean in = unsigned ? Long.compareUnsigned(lo, v) <= 0 && Long.compareUnsigned(v, hi) <= 0
                        : lo <= v && v <= hi;
                if (in && p.isValid(i)) {
                    out[(int) (i >>> 6)] |= 1L << i;
                }
            }
            return out;
        }
    }

    @ParameterizedTest(name = "{0} w{1} seed {2}")
    @MethodSource("shapes")
    void kernelAgreesWithTheCanonicalValues(PType type, int width, int seed) {
        Random random = new Random(seed * 1000L + type.ordinal() * 20 + width);
        for (Array a : plainAndFramed(type, width, seed, random)) {
            check(a, random);
        }
    }

    static Stream<Arguments> takeShapes() {
        List<Arguments> out = new ArrayList<>();
        for (PType t : INTEGERS) {
            for (int w : new int[] {0, 1, 3, 7, 8, 9, 13, 16, 17, 23, 31, 32, 33, 47, 63, 64}) {
                if (w <= t.byteWidth() * 8) {
                    for (int seed = 0; seed < 3; seed++) {
                        out.add(Arguments.of(t, w, seed));
                    }
                }
            }
        }
        return out.stream();
    }

    /**
     * Rows taken from the packed bits (whole arrays and slices cut at block boundaries, sparse and single rows) equal
     * the same rows of {@code toCanonical()}, values and validity, for every width a type can have.
     */
    @ParameterizedTest(name = "{0} w{1} seed {2}")
    @MethodSource("takeShapes")
    void takeAgreesWithTheCanonicalValues(PType type, int width, int seed) {
        Random random = new Random(seed * 7919L + type.ordinal() * 70 + width);
        for (Array a : plainAndFramed(type, width, seed, random)) {
            int n = (int) a.length();
            List<Array> arrays = new ArrayList<>(List.of(a));
            if (n > 2) {
                int from = random.nextInt(n / 2);
                Array slice = a.slice(from, from + 1 + random.nextInt(n - from - 1));
                if (slice instanceof PackedArray) { // always, unless the array was decoded before slicing
                    arrays.add(slice);
                }
            }
            for (Array array : arrays) {
                int len = (int) array.length();
                PrimitiveArray canonical = (PrimitiveArray) ((PackedArray) array).undecoded().toCanonical();
                for (int k = 0; k < 4; k++) {
                    int count = k == 0 ? 1 : Math.max(1, len / (k == 1 ? PackedArray.TAKE_ONE_IN : 37));
                    long[] rows = random.longs(count * 3L, 0, len).distinct().limit(count).sorted().toArray();
                    Array fresh = array instanceof PackedArray p ? p.undecoded() : array;
                    java.util.Optional<Array> taken = ((PackedArray) fresh).take(rows);
                    if ((long) rows.length * PackedArray.TAKE_ONE_IN > len) {
                        assertFalse(taken.isPresent(), "took " + rows.length + " of " + len + " rows");
                        continue;
                    }
                    assertTrue(taken.isPresent(), "declined " + rows.length + " of " + len + " rows");
                    PrimitiveArray got = assertInstanceOf(PrimitiveArray.class, taken.get());
                    assertEquals(array.dtype(), got.dtype());
                    assertEquals(rows.length, got.length());
                    for (int i = 0; i < rows.length; i++) {
                        long row = rows[i];
                        assertEquals(canonical.isValid(row), got.isValid(i), "validity of row " + row);
                        if (canonical.isValid(row)) {
                            assertEquals(canonical.getLongValue(row), got.getLongValue(i),
                                    "row " + row + " of " + len + " in " + array.encodingId());
                        }
                    }
                }
                long[] tooMany = java.util.stream.LongStream.range(0, len).toArray();
                if (len >= PackedArray.TAKE_ONE_IN) {
                    assertFalse(((PackedArray) array).undecoded().take(tooMany).isPresent(), "took every row");
                }
            }
        }
    }

    /** A random bit-packed array of {@code type} and {@code width} (offset, patches, nulls), and it under a reference (shared with {@link PackedKeyRangeTest}). */
    static List<Array> plainAndFramed(PType type, int width, int seed, Random random) {
        int offset = random.nextBoolean() ? 0 : random.nextInt(1024);
        int length = 1 + random.nextInt(seed == 3 ? 40_000 : 5000); // long enough for 12-bit tables
        long[] padded = new long[(int) FastLanes.blocks(offset, length) * 1024];
        for (int i = 0; i < padded.length; i++) {
            padded[i] = width == 0 ? 0 : width == 64 ? random.nextLong() : random.nextLong() & ((1L << width) - 1);
        }
        boolean nullable = random.nextBoolean();
        boolean patched = random.nextBoolean();
        DType.Primitive dtype = new DType.Primitive(type, nullable);
        BitPackedMetadata.Builder meta = BitPackedMetadata.newBuilder().setBitWidth(width).setOffset(offset);
        long[] positions = patched ? distinctSorted(random, length, 1 + random.nextInt(6)) : new long[0];
        if (patched) {
            meta.setPatches(PatchesMetadata.newBuilder().setLen(positions.length).setIndicesPtype(PType.U32.code())
                    .setOffset(0));
        }
        TestParts bitpacked = new TestParts(dtype, length, meta.build().toByteArray())
                .buffer(TestFastLanes.pack(type.byteWidth() * 8, width, padded));
        if (patched) {
            long[] values = new long[positions.length];
            for (int i = 0; i < values.length; i++) {
                values[i] = random.nextLong();
            }
            boolean[] allValid = new boolean[values.length];
            java.util.Arrays.fill(allValid, true);
            bitpacked.child(primitive(PType.U32, positions))
                    .child(nullable ? TestArrays.nullable(type, values, allValid) : primitive(type, values));
        }
        if (nullable) {
            boolean[] valid = new boolean[length];
            for (int i = 0; i < length; i++) {
                valid[i] = random.nextInt(5) != 0;
            }
            bitpacked.child(new BoolArray(TestArrays.mask(valid).bits(), Validity.NON_NULLABLE));
        }
        Array plain = bitpacked.decode(new BitPackedEncoding());
        int bits = type.byteWidth() * 8;
        long ref = random.nextLong();
        ref = bits == 64 ? ref : type.isUnsigned() ? ref & ((1L << bits) - 1) : (ref << (64 - bits)) >> (64 - bits);
        Array framed = new TestParts(dtype, length, ScalarValues.encode(new Scalar(dtype, ref)))
                .child(new BitPackedEncoding(), bitpacked).decode(new FrameOfReferenceEncoding());
        assertEquals(ref == 0 ? BitPackedEncoding.ID : FrameOfReferenceEncoding.ID, framed.encodingId());
        return List.of(plain, framed);
    }

    private static long[] distinctSorted(Random random, int length, int count) {
        return random.longs(count * 4L, 0, length).distinct().limit(count).sorted().toArray();
    }

    /** The kernel's validity and matches against the canonical array, for predicates around its actual values. */
    private static void check(Array encoded, Random random) {
        FilterKernel kernel = assertInstanceOf(FilterKernel.class, encoded);
        PrimitiveArray canonical = (PrimitiveArray) encoded.toCanonical();
        int n = (int) encoded.length();
        long[] validity = new long[(n + 63) >>> 6];
        kernel.validity(validity);
        for (int i = 0; i < n; i++) {
            assertEquals(canonical.isValid(i), (validity[i >>> 6] & (1L << i)) != 0, "validity of " + i);
        }
        for (int i = n; i < validity.length * 64; i++) {
            assertEquals(0, validity[i >>> 6] & (1L << i), "validity bit past the end " + i);
        }
        boolean unsigned = canonical.ptype().isUnsigned();
        for (int k = 0; k < 6; k++) {
            long a = canonical.getLongValue(random.nextInt(n));
            long b = canonical.getLongValue(random.nextInt(n));
            boolean ordered = unsigned ? Long.compareUnsigned(a, b) <= 0 : a <= b;
            Range range = ordered ? new Range(a, b, unsigned) : new Range(b, a, unsigned);
            long[] want = range.matches(canonical);
            // A fresh array each time: once decoded, the kernel declines in favour of the canonical kernels.
            long[] got = new long[validity.length];
            java.util.Arrays.fill(got, -1L);
            Array fresh = reread(encoded);
            if (((FilterKernel) fresh).match(range, got)) {
                for (int i = 0; i < n; i++) {
                    if (canonical.isValid(i)) {
                        assertEquals((want[i >>> 6] & (1L << i)) != 0, (got[i >>> 6] & (1L << i)) != 0,
                                () -> "row of " + range + " in " + encoded.dtype());
                    }
                }
            } else {
                assertTrue(((PackedArray) fresh).width() > PackedArray.MAX_TABLE_WIDTH
                        || ((long) PackedArray.ROWS_PER_ENTRY << ((PackedArray) fresh).width()) > n, "declined a cheap table");
            }
        }
    }

    /** A copy of {@code a} that has not been decoded yet. */
    private static Array reread(Array a) {
        return ((PackedArray) a).undecoded();
    }

    @Test
    void declinesOnceDecodedAndKeepsItsValuesAfterwards() {
        long[] values = new long[2048];
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 16;
        }
        Array a = BitPackedEncodingTest.node(PType.I32, false, 4, 0, 2048, values).decode(new BitPackedEncoding());
        long[] out = new long[32];
        assertTrue(((FilterKernel) a).match(new Range(3, 4, false), out));
        assertEquals(Long.bitCount(out[0]), 8);
        PrimitiveArray canonical = (PrimitiveArray) a.toCanonical();
        assertFalse(((FilterKernel) a).match(new Range(3, 4, false), out));
        assertEquals(5, canonical.getInt(2005));
    }
}
