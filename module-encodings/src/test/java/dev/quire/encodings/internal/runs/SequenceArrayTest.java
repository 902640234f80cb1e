package dev.quire.encodings.internal.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import dev.quire.encodings.internal.TestArrays;
import dev.quire.encodings.internal.TestParts;
import dev.quire.encodings.internal.proto.SequenceMetadata;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.LongBlocks;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.KeyRange;
import dev.quire.layout.expr.ValuePredicate;
import dev.quire.layout.spi.ScalarValues;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Sequences kept as sequences ({@link SequenceArray}) against their written values: the block cursor, scalars,
 * slices (of slices), rows taken, validity, and key ranges answered by arithmetic, for rising, falling and flat
 * sequences of every integer type reaching the type's ends, at lengths around a block's; ranges at, between and
 * around values, empty, negated and at the ends of a {@code long}.
 */
class SequenceArrayTest {

    private static byte[] metadata(PType type, long base, long multiplier) {
        DType nn = new DType.Primitive(type, false);
        return SequenceMetadata.newBuilder()
                .setBase(ByteString.copyFrom(ScalarValues.encode(new Scalar(nn, base))))
                .setMultiplier(ByteString.copyFrom(ScalarValues.encode(new Scalar(nn, multiplier)))).build()
                .toByteArray();
    }

    /** The value's key: the integer the type reads ({@code u64}: its bits, as {@link KeyRange} takes them). */
    private static long key(long raw, PType type) {
        int bits = type.byteWidth() * 8;
        if (bits == 64) {
            return raw;
        }
        return type.isUnsigned() ? raw & ((1L << bits) - 1) : (raw << (64 - bits)) >> (64 - bits);
    }

    private static BigInteger min(PType type) {
        return type.isUnsigned() ? BigInteger.ZERO : BigInteger.ONE.shiftLeft(type.byteWidth() * 8 - 1).negate();
    }

    private static BigInteger max(PType type) {
        int bits = type.byteWidth() * 8;
        return BigInteger.ONE.shiftLeft(type.isUnsigned() ? bits : bits - 1).subtract(BigInteger.ONE);
    }

    private static BigInteger random(Random random, BigInteger lo, BigInteger hi) {
        BigInteger span = hi.subtract(lo).add(BigInteger.ONE);
        if (span.signum() <= 0) {
            throw new IllegalArgumentException("no integer in [" + lo + ", " + hi + "]");
        }
        BigInteger r;
        do {
            r = new BigInteger(span.bitLength(), random);
        } while (r.compareTo(span) >= 0);
        return lo.add(r);
    }

    /** A sequence as read, and the same parts read again, to be written as the oracle. */
    private record Seq(SequenceArray lazy, Array again) {}

    /** A sequence of {@code n} values of {@code type} that fits it, steps of the kind {@code kind} asks for. */
    private static Seq sequence(PType type, int n, int kind, Random random) {
        BigInteger lo = min(type);
        BigInteger hi = max(type);
        BigInteger steps = BigInteger.valueOf(Math.max(1, n - 1));
        // the reader checks that the last row's index, the step and their product fit the type
        BigInteger widest = hi.divide(steps);
        BigInteger m = switch (kind) {
            case 0 -> BigInteger.ZERO;
            case 1 -> BigInteger.ONE;
            case 2 -> BigInteger.valueOf(1 + random.nextInt(7)).min(widest);
            case 3 -> widest;
            default -> random(random, BigInteger.ONE, widest.max(BigInteger.ONE));
        };
        if (!type.isUnsigned() && random.nextBoolean()) {
            m = m.negate();
        }
        BigInteger span = m.multiply(BigInteger.valueOf(n - 1));
        BigInteger baseLo = lo.subtract(span.min(BigInteger.ZERO));
        BigInteger baseHi = hi.subtract(span.max(BigInteger.ZERO));
        BigInteger base = switch (random.nextInt(3)) {
            case 0 -> baseLo;
            case 1 -> baseHi;
            default -> random(random, baseLo, baseHi);
        };
        TestParts parts = new TestParts(new DType.Primitive(type, random.nextBoolean()), n,
                metadata(type, base.longValue(), m.longValue()));
        return new Seq(assertInstanceOf(SequenceArray.class, parts.decode(new SequenceEncoding())),
                parts.decode(new SequenceEncoding()));
    }

    /** The keys of every row, from the written values. */
    private static long[] keys(Array a, PType type) {
        PrimitiveArray c = (PrimitiveArray) a.toCanonical();
        long[] out = new long[(int) c.length()];
        for (int i = 0; i < out.length; i++) {
            out[i] = key(TestArrays.raw(c, i), type);
        }
        return out;
    }

    @ParameterizedTest
    @EnumSource(value = PType.class, names = {"U8", "U16", "U32", "U64", "I8", "I16", "I32", "I64"})
    void readsLikeItsWrittenValues(PType type) {
        Random random = new Random(type.ordinal() * 31L + 5);
        for (int n : new int[] {1, 2, 3, 100, 1023, 1024, 1025, 3000}) {
            if (BigInteger.valueOf(n - 1).compareTo(max(type)) > 0) {
                continue;
            }
            for (int kind = 0; kind < 5; kind++) {
                Seq seq = sequence(type, n, kind, random);
                check(seq.lazy(), keys(seq.again(), type), type, n, kind, random);
            }
        }
    }

    /** {@code copy}'s reads against {@code want}, the keys of the same sequence written. */
    private static void check(SequenceArray copy, long[] want, PType type, int n, int kind, Random random) {
        String context = type + " " + copy + " kind " + kind;
        assertEquals(n, want.length, context);
        assertCursor(copy, want, context);
        for (int i = 0; i < n; i += Math.max(1, n / 7)) {
            assertEquals(want[i], ((Number) copy.scalarAt(i).value()).longValue(), context + " scalar " + i);
            assertTrue(copy.isValid(i));
        }
        assertEquals(0, copy.nullCount());
        long[] validity = new long[RowBits.words(n)];
        Arrays.fill(validity, -1L);
        copy.validity(validity);
        for (int i = 0; i < validity.length * 64; i++) {
            assertEquals(i < n, (validity[i >>> 6] & (1L << i)) != 0, context + " validity bit " + i);
        }
        // slices, and slices of slices
        for (int k = 0; k < 4; k++) {
            int from = random.nextInt(n + 1);
            int to = from + random.nextInt(n - from + 1);
            Array slice = copy.slice(from, to);
            assertCursor(slice, Arrays.copyOfRange(want, from, to), context + " [" + from + ", " + to + ")");
            if (to - from > 2) {
                int f2 = random.nextInt(to - from);
                Array twice = slice.slice(f2, to - from);
                assertCursor(twice, Arrays.copyOfRange(want, from + f2, to), context + " twice");
            }
        }
        // rows taken
        long[] rows = random.longs(Math.min(n, 50), 0, n).sorted().toArray();
        Array taken = copy.take(rows).orElseThrow();
        for (int i = 0; i < rows.length; i++) {
            assertEquals(want[(int) rows[i]], key(TestArrays.raw((PrimitiveArray) taken, i), type),
                    context + " taken row " + rows[i]);
        }
        // key ranges
        for (KeyRange range : ranges(want, random)) {
            Keys keys = new Keys(range);
            long[] got = new long[RowBits.words(n)];
            Arrays.fill(got, 0x5A5A_5A5A_5A5A_5A5AL);
            boolean answered = copy.match(keys, got);
            boolean u64PastLong = type == PType.U64 && (want[0] < 0 || want[n - 1] < 0);
            assertEquals(!u64PastLong, answered, context + " answered " + range);
            if (answered) {
                for (int i = 0; i < n; i++) {
                    assertEquals(range.accepts(want[i]), (got[i >>> 6] & (1L << i)) != 0,
                            context + " row " + i + " key " + want[i] + " " + range);
                }
            }
        }
        assertFalse(copy.match(values -> new long[RowBits.words(values.length())], new long[RowBits.words(n)]),
                "a predicate that is no key range is declined");
        // written, it answers from its values
        copy.toCanonical();
        assertTrue(copy.longBlocks().isEmpty(), context + ": no cursor once written");
        assertTrue(copy.take(rows).isEmpty(), context + ": no take once written");
        assertFalse(copy.match(new Keys(new KeyRange(0, 0, false)), new long[RowBits.words(n)]), context);
    }

    private static void assertCursor(Array a, long[] want, String context) {
        LongBlocks.Cursor cursor = ((LongBlocks) a).longBlocks().orElseThrow();
        long[] block = new long[LongBlocks.BLOCK_ROWS];
        int at = 0;
        for (int n; (n = cursor.next(block)) > 0; at += n) {
            for (int i = 0; i < n; i++) {
                assertEquals(want[at + i], block[i], context + " row " + (at + i));
            }
        }
        assertEquals(want.length, at, context + " rows");
        assertEquals(0, cursor.next(block));
    }

    private static List<KeyRange> ranges(long[] keys, Random random) {
        List<KeyRange> out = new ArrayList<>();
        out.add(new KeyRange(Long.MIN_VALUE, Long.MAX_VALUE, false));
        out.add(new KeyRange(Long.MIN_VALUE, Long.MAX_VALUE, true));
        out.add(new KeyRange(1, 0, false));
        out.add(new KeyRange(1, 0, true));
        for (int k = 0; k < 12; k++) {
            long a = keys[random.nextInt(keys.length)] + random.nextInt(3) - 1;
            long b = keys[random.nextInt(keys.length)] + random.nextInt(3) - 1;
            out.add(new KeyRange(Math.min(a, b), Math.max(a, b), random.nextBoolean()));
        }
        long first = keys[0];
        out.add(new KeyRange(first, first, false));
        out.add(new KeyRange(Long.MIN_VALUE, first, false));
        out.add(new KeyRange(first, Long.MAX_VALUE, true));
        return out;
    }

    /** A key range as a predicate; evaluating it on values is not expected of a sequence. */
    private record Keys(KeyRange range) implements ValuePredicate {
        @Override
        public long[] matches(Array values) {
            throw new AssertionError("a sequence answers key ranges by arithmetic");
        }

        @Override
        public Optional<KeyRange> keyRange() {
            return Optional.of(range);
        }
    }

    @Test
    void aSequenceOfOneValueWithAStepPastTheTypeStillAnswers() {
        // one value: the step is never applied, whatever it is
        SequenceArray s = (SequenceArray) new TestParts(new DType.Primitive(PType.U64, false), 1,
                metadata(PType.U64, 7, -1L)).decode(new SequenceEncoding());
        long[] got = new long[1];
        assertTrue(s.match(new Keys(new KeyRange(7, 7, false)), got));
        assertEquals(1L, got[0]);
        assertTrue(s.match(new Keys(new KeyRange(8, 9, false)), got));
        assertEquals(0L, got[0]);
    }
}
