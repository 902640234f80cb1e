package dev.quire.layout.expr;

import static dev.quire.layout.expr.Columns.batch;
import static dev.quire.layout.expr.Columns.of;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.expr.FilterKernel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link BytesPredicate#leadingLiteral()}: which string predicates offer their literal (prefix {@code like} and
 * {@code starts_with}, {@code like} without wildcards, {@code =}, {@code <>}, {@code in} of one value) and which do
 * not ({@code _}, {@code %} elsewhere, {@code ilike}, lists), and that an offered literal decides every value exactly
 * as {@link BytesPredicate#test} and the predicate itself do.
 */
class LeadingLiteralTest {
    private static final DType UTF8 = new DType.Utf8(true);

    /** A column whose kernel only records the predicate it was offered, and declines it. */
    static final class Capturing implements Array, FilterKernel {
        private final Array values;
        final List<ValuePredicate> offered = new ArrayList<>();

        Capturing(Array values) {
            this.values = values;
        }

        @Override
        public DType dtype() {
            return values.dtype();
        }

        @Override
        public long length() {
            return values.length();
        }

        @Override
        public String encodingId() {
            return "test.capturing";
        }

        @Override
        public boolean isValid(long index) {
            return values.isValid(index);
        }

        @Override
        public long nullCount() {
            return values.nullCount();
        }

        @Override
        public Array slice(long from, long to) {
            return values.slice(from, to);
        }

        @Override
        public Array toCanonical() {
            return values.toCanonical();
        }

        @Override
        public Scalar scalarAt(long index) {
            return values.scalarAt(index);
        }

        @Override
        public void validity(long[] out) {
            for (int i = 0; i < values.length(); i++) {
                if (values.isValid(i)) {
                    out[i >>> 6] |= 1L << i;
                }
            }
        }

        @Override
        public boolean match(ValuePredicate predicate, long[] out) {
            offered.add(predicate);
            return false;
        }
    }

    private static final List<String> VALUES = List.of("", "t", "th", "the", "the ", "thex", "%the", "the%",
            "_he", "a\\b", "é", "ée", "THE", "thethe", "x");

    private static BytesPredicate predicate(String filter) {
        Capturing s = new Capturing(of(UTF8, VALUES.toArray()));
        Expr.parse(filter).bind(batch("s", s).dtype()).evaluate(batch("s", s), true);
        assertEquals(1, s.offered.size(), filter + " offered once");
        return s.offered.getFirst().bytesPredicate().orElseThrow();
    }

    private static Optional<BytesPredicate.LeadingLiteral> literal(String filter) {
        return predicate(filter).leadingLiteral();
    }

    private static BytesPredicate.LeadingLiteral lit(String bytes, boolean negated) {
        return new BytesPredicate.LeadingLiteral(bytes.getBytes(StandardCharsets.UTF_8), negated);
    }

    @Test
    void prefixesAndEqualitiesOfferTheirLiteralAndOtherPatternsDoNot() {
        assertEquals(Optional.of(lit("the", false)), literal("s like 'the%'"));
        assertEquals(Optional.of(lit("the", false)), literal("starts_with(s, 'the')"));
        assertEquals(Optional.of(lit("the", false)), literal("s like 'the'"));
        assertEquals(Optional.of(lit("%th_", false)), literal("s like '\\%th\\_%'"));
        assertEquals(Optional.of(lit("a!b", false)), literal("s like 'a!!b%' escape '!'"));
        assertEquals(Optional.of(lit("", false)), literal("s like ''"));
        assertEquals(Optional.of(lit("é", false)), literal("s like 'é%'"));
        assertEquals(Optional.of(lit("the", false)), literal("s = 'the'"));
        assertEquals(Optional.of(lit("the", true)), literal("s <> 'the'"));
        assertEquals(Optional.of(lit("the", false)), literal("s in ('the')"));
        for (String other : List.of("s like '%'", "s like 't_e%'", "s like '%the'", "s like '%the%'",
                "s like 'th%e'", "s ilike 'the%'", "s in ('the', 'x')", "s like 'the%%x'")) {
            assertEquals(Optional.empty(), literal(other), other);
        }
    }

    /** Only a prefix {@code like} (or {@code starts_with}) decides values without their exact length. */
    @Test
    void prefixLiteralsAreThoseOfPrefixPatterns() {
        for (String prefix : List.of("s like 'the%'", "starts_with(s, 'the')", "s like 'a!%b%' escape '!'")) {
            assertTrue(predicate(prefix).literalIsPrefix(), prefix);
        }
        for (String other : List.of("s like 'the'", "s = 'the'", "s <> 'the'", "s in ('the')", "s like ''",
                "s like '%the'", "s in ('the', 'x')")) {
            assertFalse(predicate(other).literalIsPrefix(), other);
        }
    }

    @Test
    void anOfferedLiteralDecidesEveryValueAsTheTestAndThePredicateDo() {
        Random random = new Random(17);
        List<String> filters = new ArrayList<>(List.of("s like 'the%'", "s like 'the'", "s like ''", "s = ''",
                "s <> ''", "s <> 'the'", "s in ('é')", "s like '\\%the%'", "starts_with(s, 'thethe')",
                "s like 'thethethe%'"));
        for (int k = 0; k < 20; k++) {
            String v = VALUES.get(random.nextInt(VALUES.size()));
            String cut = v.substring(0, random.nextInt(v.length() + 1));
            if (cut.isEmpty()) {
                continue; // 's like '%'' matches everything and compares nothing
            }
            filters.add("s like '" + cut.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%'");
            filters.add("s = '" + cut + "'");
        }
        Array values = of(UTF8, VALUES.toArray());
        for (String filter : filters) {
            Capturing s = new Capturing(values);
            Expr.parse(filter).bind(batch("s", s).dtype()).evaluate(batch("s", s), true);
            ValuePredicate vp = s.offered.getFirst();
            BytesPredicate p = vp.bytesPredicate().orElseThrow();
            BytesPredicate.LeadingLiteral l = p.leadingLiteral().orElseThrow(() -> new AssertionError(filter));
            byte[] bytes = l.bytes();
            assertEquals(p.leadingBytes(), bytes.length, filter + ": the literal is the leading bytes' length");
            long[] expected = vp.matches(values);
            for (int i = 0; i < VALUES.size(); i++) {
                byte[] value = VALUES.get(i).getBytes(StandardCharsets.UTF_8);
                boolean matches = (expected[i >>> 6] >>> i & 1) == 1;
                int decided = p.byLength(value.length);
                if (decided != BytesPredicate.UNDECIDED) {
                    assertEquals(matches, decided == BytesPredicate.MATCH, filter + " on '" + VALUES.get(i) + "'");
                    continue;
                }
                assertTrue(value.length >= bytes.length, filter + ": undecided values are at least as long");
                boolean equal = Arrays.equals(value, 0, bytes.length, bytes, 0, bytes.length);
                assertEquals(matches, equal != l.negated(), filter + " on '" + VALUES.get(i) + "'");
                assertEquals(matches, p.test(value, 0, value.length), filter + " test on '" + VALUES.get(i) + "'");
            }
            if (p.literalIsPrefix()) {
                for (int len = 0; len < bytes.length + 20; len++) {
                    int shorter = l.negated() ? BytesPredicate.MATCH : BytesPredicate.NO_MATCH;
                    assertEquals(len < bytes.length ? shorter : BytesPredicate.UNDECIDED, p.byLength(len),
                            filter + ": a prefix literal rules out only values shorter than it, length " + len);
                }
            }
        }
    }

    @Test
    void theLiteralKeepsItsOwnBytes() {
        byte[] b = {1, 2, 3};
        BytesPredicate.LeadingLiteral l = new BytesPredicate.LeadingLiteral(b, false);
        b[0] = 9;
        assertArrayEquals(new byte[] {1, 2, 3}, l.bytes());
        l.bytes()[1] = 9;
        assertArrayEquals(new byte[] {1, 2, 3}, l.bytes());
        assertEquals(3, l.length());
        assertEquals(new BytesPredicate.LeadingLiteral(new byte[] {1, 2, 3}, false), l);
        assertNotEquals(new BytesPredicate.LeadingLiteral(new byte[] {1, 2, 3}, true), l);
    }
}
