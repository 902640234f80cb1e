package dev.quire.encodings.internal.fastlanes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.KeyRange;
import dev.quire.layout.expr.ValuePredicate;
import dev.quire.layout.expr.FilterKernel;
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
 * Bit-packed and frame-of-reference arrays answer key-range predicates by comparing codes: on every valid row of the
 * rows asked for (all, none, a few scattered, dense or clustered), the answer equals the range applied to the key of
 * the canonical value; ranges at and around actual values, empty, negated, and at the type's ends; every width a type
 * can have, offsets, patches, nulls and references that wrap (where the kernel may decline, but only then).
 */
class PackedKeyRangeTest {
    private static final PType[] INTEGERS = {PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I16,
        PType.I32, PType.I64};

    static Stream<Arguments> shapes() {
        List<Arguments> out = new ArrayList<>();
        for (PType t : INTEGERS) {
            for (int w : new int[] {0, 1, 3, 7, 8, 12, 13, 16, 17, 24, 31, 32, 33, 63, 64}) {
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
     * A key range as a predicate: evaluated on values (the table path, when the kernel cannot compare codes) it
     * applies the range to their keys, and counts that it was.
     */
    private static final class Keys implements ValuePredicate {
        private final KeyRange range;
        private final int bits;
        private final boolean unsigned;
        int evaluated;

        Keys(KeyRange range, PType type) {
            this.range = range;
            this.bits = type.byteWidth() * 8;
            this.unsigned = type.isUnsigned();
        }

        @Override
        public long[] matches(Array values) {
            evaluated++;
            PrimitiveArray p = (PrimitiveArray) values;
            long[] out = new long[(int) ((p.length() + 63) >>> 6)];
            for (int i = 0; i < p.length(); i++) {
                if (p.isValid(i) && range.accepts(PackedArray.key(p.getLongValue(i), bits, unsigned))) {
                    out[i >>> 6] |= 1L << i;
                }
            }
            return out;
        }

        @Override
        public Optional<KeyRange> keyRange() {
            return Optional.of(range);
        }

        @Override
        public String toString() {
            return range.toString();
        }
    }

    @ParameterizedTest(name = "{0} w{1} seed {2}")
    @MethodSource("shapes")
    void codesCompareLikeTheCanonicalKeys(PType type, int width, int seed) {
        Random random = new Random(seed * 4241L + type.ordinal() * 97 + width);
        for (Array a : PackedArrayTest.plainAndFramed(type, width, seed, random)) {
            PackedArray packed = (PackedArray) a;
            PrimitiveArray canonical = (PrimitiveArray) packed.undecoded().toCanonical();
            int n = (int) a.length();
            int bits = type.byteWidth() * 8;
            for (KeyRange range : ranges(canonical, bits, random)) {
                for (long[] within : withins(n, random)) {
                    long[] got = new long[(n + 63) >>> 6];
                    java.util.Arrays.fill(got, 0x5A5A_5A5A_5A5A_5A5AL);
                    Keys keys = new Keys(range, type);
                    boolean answered = packed.undecoded().match(keys, within, got);
                    if (keys.evaluated > 0 || !answered
                            || !packed.undecoded().matchKeys(range, within, got.clone())) {
                        assertTrue(mayDecline(packed, type), "declined " + range + " on " + a.encodingId() + " "
                                + type + " w" + width + " ref " + packed.reference());
                    }
                    if (!answered) {
                        continue; // no key comparison and a table too large for the array: decoded instead
                    }
                    for (int i = 0; i < n; i++) {
                        boolean asked = within == null || (within[i >>> 6] & (1L << i)) != 0;
                        if (asked && canonical.isValid(i)) {
                            long key = PackedArray.key(canonical.getLongValue(i), bits, type.isUnsigned());
                            assertEquals(range.accepts(key), (got[i >>> 6] & (1L << i)) != 0,
                                    "row " + i + " of " + n + ", value " + canonical.getLongValue(i) + ", " + range
                                            + ", " + a.encodingId() + " ref " + packed.reference());
                        }
                    }
                }
            }
        }
    }

    /**
     * Whether the kernel may decline: u64 values with patches or a reference at or above 2^63, or a reference that
     * makes some code's value wrap around the type's range.
     */
    private static boolean mayDecline(PackedArray a, PType type) {
        int bits = type.byteWidth() * 8;
        long first = PackedArray.key(a.reference(), bits, type.isUnsigned());
        if (type == PType.U64) {
            return true; // patches are not visible here; the key checks cover the answering cases
        }
        java.math.BigInteger last = java.math.BigInteger.valueOf(first)
                .add(java.math.BigInteger.ONE.shiftLeft(a.width())).subtract(java.math.BigInteger.ONE);
        java.math.BigInteger max = type.isUnsigned() ? java.math.BigInteger.ONE.shiftLeft(bits).subtract(
                java.math.BigInteger.ONE) : java.math.BigInteger.ONE.shiftLeft(bits - 1).subtract(
                java.math.BigInteger.ONE);
        return last.compareTo(max) > 0;
    }

    /** Ranges around actual keys, single keys, empty, negated, and at the ends of the long range. */
    private static List<KeyRange> ranges(PrimitiveArray canonical, int bits, Random random) {
        int n = (int) canonical.length();
        boolean unsigned = canonical.ptype().isUnsigned();
        List<KeyRange> out = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            long a = PackedArray.key(canonical.getLongValue(random.nextInt(n)), bits, unsigned);
            long b = PackedArray.key(canonical.getLongValue(random.nextInt(n)), bits, unsigned);
            boolean negated = k % 2 == 1;
            out.add(new KeyRange(Math.min(a, b), Math.max(a, b), negated));
            out.add(new KeyRange(a, a, negated));
            out.add(new KeyRange(a + 1, a, negated));
        }
        out.add(new KeyRange(Long.MIN_VALUE, Long.MAX_VALUE, false));
        out.add(new KeyRange(Long.MIN_VALUE, -1, false));
        out.add(new KeyRange(0, Long.MAX_VALUE, true));
        out.add(new KeyRange(Long.MAX_VALUE, Long.MAX_VALUE, false));
        return out;
    }

    /** All rows (null), none, a few scattered, about half, and one clustered run. */
    private static List<long[]> withins(int n, Random random) {
        List<long[]> out = new ArrayList<>();
        out.add(null);
        int words = (n + 63) >>> 6;
        out.add(new long[words]);
        for (int oneIn : new int[] {50, 9, 2}) {
            long[] w = new long[words];
            for (int i = 0; i < n; i++) {
                if (random.nextInt(oneIn) == 0) {
                    w[i >>> 6] |= 1L << i;
                }
            }
            out.add(w);
        }
        long[] run = new long[words];
        int from = random.nextInt(n);
        int to = Math.min(n, from + 1 + random.nextInt(3000));
        for (int i = from; i < to; i++) {
            run[i >>> 6] |= 1L << i;
        }
        out.add(run);
        return out;
    }

    @Test
    void blockCountsCountOnlyTheirRows() {
        long[] words = {-1L, 0b1011L, 0, 1L << 63};
        assertEquals(64, CodeRange.count(words, 0, 64));
        assertEquals(3, CodeRange.count(words, 64, 128));
        assertEquals(2, CodeRange.count(words, 65, 70));
        assertEquals(1, CodeRange.count(words, 250, 256));
        assertEquals(0, CodeRange.count(words, 128, 255));
    }

    @Test
    void aDecodedArrayDeclines() {
        long[] values = new long[2048];
        for (int i = 0; i < values.length; i++) {
            values[i] = i % 16;
        }
        Array a = BitPackedEncodingTest.node(PType.I32, false, 4, 0, 2048, values).decode(new BitPackedEncoding());
        long[] out = new long[32];
        FilterKernel kernel = (FilterKernel) a;
        Keys keys = new Keys(new KeyRange(3, 4, false), PType.I32);
        assertTrue(kernel.match(keys, out));
        assertEquals(0, keys.evaluated, "compared codes, built no table");
        assertEquals(8, Long.bitCount(out[0]));
        a.toCanonical();
        assertFalse(((PackedArray) a).matchKeys(new KeyRange(3, 4, false), null, out));
    }
}
