package dev.quire.encodings.internal.fastlanes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.TestArrays;
import dev.quire.encodings.internal.TestParts;
import dev.quire.encodings.internal.logical.DecimalBytePartsEncoding;
import dev.quire.encodings.internal.proto.DecimalBytePartsMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.BoolArray;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.KeyRange;
import dev.quire.layout.expr.ValuePredicate;
import dev.quire.layout.expr.FilterKernel;
import dev.quire.layout.spi.ScalarValues;
import dev.quire.layout.spi.TakeKernel;
import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Decimal byte parts over frame-of-reference bit-packed parts (the shape of lineitem's quantity, discount and price
 * columns) stay lazy: their kernel agrees with the predicate over the canonical decimals on every valid row, slices
 * stay lazy and agree too, sparse rows taken from the part equal those of the canonical decimals, the block cursor
 * ({@link LongBlocks}) hands out the canonical unscaled values, and the canonical decimals are the part's integers at
 * the dtype's scale.
 */
class PackedDecimalsTest {

    /** {@code lo <= v <= hi} over canonical decimals; nulls never match. */
    private record Between(BigDecimal lo, BigDecimal hi) implements ValuePredicate {
        @Override
        public long[] matches(Array values) {
            DecimalArray d = assertInstanceOf(DecimalArray.class, values);
            long[] out = new long[(int) ((d.length() + 63) >>> 6)];
            for (long i = 0; i < d.length(); i++) {
                BigDecimal v = d.getDecimal(i);
                if (d.isValid(i) && lo.compareTo(v) <= 0 && v.compareTo(hi) <= 0) {
                    out[(int) (i >>> 6)] |= 1L << i;
                }
            }
            return out;
        }
    }

    /**
     * The same test offered as a key range of unscaled integers (at the dtype's scale of 2), as a bound range
     * predicate offers it; evaluating it on values fails the test, so the part must compare its codes.
     */
    private record KeyedBetween(BigDecimal lo, BigDecimal hi) implements ValuePredicate {
        @Override
        public long[] matches(Array values) {
            throw new AssertionError("evaluated " + this + " on decimals instead of comparing the part's codes");
        }

        @Override
        public java.util.Optional<KeyRange> keyRange() {
            return java.util.Optional.of(new KeyRange(lo.setScale(2).unscaledValue().longValueExact(),
                    hi.setScale(2).unscaledValue().longValueExact(), false));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5})
    void kernelAgreesWithTheCanonicalDecimals(int seed) {
        Random random = new Random(seed);
        PType part = seed % 2 == 0 ? PType.I64 : PType.I16;
        int width = 4 + random.nextInt(6);
        int length = 5000 + random.nextInt(20_000);
        boolean nullable = seed != 3;
        long[] padded = new long[(int) FastLanes.blocks(0, length) * 1024];
        for (int i = 0; i < padded.length; i++) {
            padded[i] = random.nextLong() & ((1L << width) - 1);
        }
        DType.Primitive partType = new DType.Primitive(part, nullable);
        TestParts bitpacked = BitPackedEncodingTest.node(part, nullable, width, 0, length, padded);
        if (nullable) {
            boolean[] valid = new boolean[length];
            for (int i = 0; i < length; i++) {
                valid[i] = random.nextInt(7) != 0;
            }
            bitpacked.child(new BoolArray(TestArrays.mask(valid).bits(), Validity.NON_NULLABLE));
        }
        long ref = part == PType.I16 ? 100 : -1_000_000_007L;
        TestParts framed = new TestParts(partType, length, ScalarValues.encode(new Scalar(partType, ref)))
                .child(new BitPackedEncoding(), bitpacked);
        DType.Decimal dtype = new DType.Decimal(15, 2, nullable);
        byte[] meta = DecimalBytePartsMetadata.newBuilder().setZerothChildPtype(part.code()).build().toByteArray();
        Array decimals = new TestParts(dtype, length, meta).child(new FrameOfReferenceEncoding(), framed)
                .decode(new DecimalBytePartsEncoding());

        int from = random.nextInt(length / 4);
        int to = from + 2048 + random.nextInt(length - from - 2048);
        for (Array a : new Array[] {decimals, decimals.slice(from, to)}) {
            FilterKernel kernel = assertInstanceOf(FilterKernel.class, a);
            // Undecoded copies: once decoded, an array declines in favour of the canonical kernels.
            Array undecoded = new TestParts(dtype, length, meta).child(new FrameOfReferenceEncoding(), framed)
                    .decode(new DecimalBytePartsEncoding());
            Array fresh = a == decimals ? undecoded : undecoded.slice(from, to);
            // A reader of the unscaled values as longs reads the part's blocks, without decoding the decimals.
            Array again = new TestParts(dtype, length, meta).child(new FrameOfReferenceEncoding(), framed)
                    .decode(new DecimalBytePartsEncoding());
            Array forCursor = a == decimals ? again : again.slice(from, to);
            long[] unscaled = PackedLongCursorTest.drain(LongBlocks.cursor(forCursor), a.length(), "decimal cursor");
            assertTrue(((LongBlocks) forCursor).longBlocks().isPresent(), "reading the cursor decoded nothing");
            DecimalArray canonical = assertInstanceOf(DecimalArray.class, a.toCanonical());
            assertTrue(((LongBlocks) a).longBlocks().isEmpty(), "decoded: the canonical values are read instead");
            int n = (int) a.length();
            for (int i = 0; i < n; i++) {
                if (canonical.isValid(i)) {
                    assertEquals(canonical.getUnscaled(i).longValueExact(), unscaled[i], "unscaled value " + i);
                }
            }
            for (int k = 0; k < 4; k++) {
                BigDecimal x = canonical.getDecimal(random.nextInt(n));
                BigDecimal y = canonical.getDecimal(random.nextInt(n));
                Between between = x.compareTo(y) <= 0 ? new Between(x, y) : new Between(y, x);
                long[] want = between.matches(canonical);
                long[] got = new long[want.length];
                assertTrue(((FilterKernel) fresh).match(between, got), "a " + width + "-bit part answers");
                // As a key range, within a scattered third of the rows: right on every valid row asked for.
                long[] within = new long[want.length];
                for (int i = 0; i < n; i++) {
                    if (random.nextInt(3) == 0) {
                        within[i >>> 6] |= 1L << i;
                    }
                }
                long[] keyed = new long[want.length];
                assertTrue(((FilterKernel) fresh).match(new KeyedBetween(between.lo(), between.hi()), within, keyed),
                        "a " + width + "-bit part compares keys");
                for (int i = 0; i < n; i++) {
                    if (canonical.isValid(i) && (within[i >>> 6] & (1L << i)) != 0) {
                        assertEquals((want[i >>> 6] & (1L << i)) != 0, (keyed[i >>> 6] & (1L << i)) != 0,
                                "row " + i + " of " + between + " as keys");
                    }
                }
                for (int i = 0; i < n; i++) {
                    if (canonical.isValid(i)) {
                        assertEquals((want[i >>> 6] & (1L << i)) != 0, (got[i >>> 6] & (1L << i)) != 0,
                                "row " + i + " of " + between);
                    }
                }
            }
            // Sparse rows taken from the packed part equal the same rows of the canonical decimals.
            long[] rows = random.longs(n / 20 + 1, 0, n).distinct().sorted().toArray();
            Array taken = ((TakeKernel) fresh).take(rows).orElseThrow();
            DecimalArray picked = assertInstanceOf(DecimalArray.class, taken);
            assertEquals(a.dtype(), picked.dtype());
            assertEquals(rows.length, picked.length());
            for (int i = 0; i < rows.length; i++) {
                assertEquals(canonical.isValid(rows[i]), picked.isValid(i), "validity of taken row " + rows[i]);
                if (canonical.isValid(rows[i])) {
                    assertEquals(canonical.getDecimal(rows[i]), picked.getDecimal(i), "taken row " + rows[i]);
                }
            }
            long[] validity = new long[(n + 63) >>> 6];
            kernel.validity(validity);
            for (int i = 0; i < n; i++) {
                assertEquals(canonical.isValid(i), (validity[i >>> 6] & (1L << i)) != 0, "validity of " + i);
                if (canonical.isValid(i)) {
                    long at = (a == decimals ? 0 : from) + i;
                    assertEquals(BigDecimal.valueOf(padded[(int) at] + ref, 2), canonical.getDecimal(i), "value " + i);
                }
            }
        }
    }
}
