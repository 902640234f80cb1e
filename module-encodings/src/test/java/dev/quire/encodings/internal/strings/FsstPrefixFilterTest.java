package dev.quire.encodings.internal.strings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.InMemoryParts;
import dev.quire.encodings.internal.Node;
import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.StructArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.BoundExpr;
import dev.quire.layout.expr.BytesPredicate;
import dev.quire.layout.expr.Expr;
import dev.quire.layout.expr.ValuePredicate;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Prefix filters on FSST arrays decided on the codes alone, without the lengths child: values shorter than, as long
 * as and longer than the literal, empty values, nulls, escaped bytes and slices, plain and negated, against the values
 * compared as strings; the lengths child is not decoded for them (one that fails when decoded does not fail the
 * filter), and is for equality, for decoding and for takes.
 */
class FsstPrefixFilterTest {
    private static final DType UTF8 = new DType.Utf8(true);
    /** "é", "!" and "z" are not in the table, so they come as escapes; "the" also comes split as "th" + "e". */
    private static final FsstEncodingTest.Table TABLE = new FsstEncodingTest.Table(List.of(b("the"), b("th"), b("e"),
            b("quick "), b("t"), b("thequick"), b("h")));
    private static final List<String> VALUES = Arrays.asList("", null, "t", "th", "the", "thé", "the quick", "thx",
            "xthe", "é", "éthe", "the!", "thequick z", "h", "", "th", null, "thethe", "e", "the");
    private static final List<String> LITERALS = List.of("", "t", "th", "the", "thé", "the ", "thequick", "é",
            "thethe!", "x", "the!");

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static Node good(boolean offHeap) {
        Node node = FsstEncodingTest.fsst(TABLE, VALUES, PType.U32, PType.U32);
        return offHeap ? FsstEncodingTest.offHeapCodes(node) : node;
    }

    /** {@link #good} with a lengths child that fails when it is decoded: a primitive of one value too few. */
    private static Node brokenLengths(boolean offHeap) {
        Node node = good(offHeap);
        List<Node> children = new ArrayList<>(node.children());
        children.set(0, Node.primitive(PType.U32, new long[VALUES.size() - 1]));
        return new Node(node.encoding(), node.metadata(), node.buffers(), children);
    }

    private static LazyFsstArray lazy(Node node) {
        return assertInstanceOf(LazyFsstArray.class, InMemoryParts.decode(node, UTF8, VALUES.size()));
    }

    /** A prefix predicate, negated or not: what the kernel sees for {@code like 'lit%'} (or its negation). */
    private record Prefix(byte[] literal, boolean negated) implements BytesPredicate, ValuePredicate {
        @Override
        public int leadingBytes() {
            return literal.length;
        }

        @Override
        public int byLength(int length) {
            return length >= literal.length ? UNDECIDED : negated ? MATCH : NO_MATCH;
        }

        @Override
        public boolean test(byte[] bytes, int offset, int length) {
            return Arrays.equals(bytes, offset, offset + literal.length, literal, 0, literal.length) != negated;
        }

        @Override
        public Optional<LeadingLiteral> leadingLiteral() {
            return Optional.of(new LeadingLiteral(literal, negated));
        }

        @Override
        public boolean literalIsPrefix() {
            return true;
        }

        @Override
        public Optional<BytesPredicate> bytesPredicate() {
            return Optional.of(this);
        }

        @Override
        public long[] matches(Array values) {
            throw new AssertionError("the kernel decides on the codes");
        }
    }

    /** Whether each valid row of {@code [from, to)} is as the strings say, through the kernel of {@code column}. */
    private static void assertPrefix(LazyFsstArray column, String literal, boolean negated, int from, int to) {
        Array window = column.slice(from, to);
        long[] out = new long[(to - from + 63) >>> 6];
        LazyFsstArray kernel = window instanceof LazyFsstArray l ? l : column;
        assertTrue(kernel == window || from == 0 && to == VALUES.size(), "a slice stays compressed");
        assertTrue(kernel.match(new Prefix(b(literal), negated), out), "answered");
        for (int k = 0; k < to - from; k++) {
            String v = VALUES.get(from + k);
            boolean got = (out[k >>> 6] >>> k & 1) == 1;
            if (v != null) {
                assertEquals(v.startsWith(literal) != negated, got,
                        (negated ? "not " : "") + "'" + literal + "%' on '" + v + "' (row " + (from + k) + ")");
            }
        }
        assertFalse(column.isDecoded(), "decided on the codes");
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void prefixFiltersNeedNoLengths(boolean offHeap) {
        for (Node node : List.of(good(offHeap), brokenLengths(offHeap))) {
            LazyFsstArray column = lazy(node);
            for (String literal : LITERALS) {
                for (boolean negated : new boolean[] {false, true}) {
                    assertPrefix(column, literal, negated, 0, VALUES.size());
                    assertPrefix(column, literal, negated, 3, 11);
                    assertPrefix(column, literal, negated, 13, 20);
                    assertPrefix(column, literal, negated, 5, 5);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void likeAndStartsWithNeedNoLengthsButEqualityAndReadingDo(boolean offHeap) {
        Node good = good(offHeap);
        Array decoded = lazy(good).toCanonical();
        // (an empty literal makes `like '%'`, which matches everything and is not a prefix filter)
        for (String literal : LITERALS.subList(1, LITERALS.size())) {
            for (String text : List.of("s like '" + literal + "%'", "starts_with(s, '" + literal + "')",
                    "s not like '" + literal + "%'")) {
                BoundExpr e = Expr.parse(text).bind(batch(decoded).dtype());
                LazyFsstArray broken = lazy(brokenLengths(offHeap));
                assertArrayEquals(e.evaluate(batch(decoded), false).toRows(), e.evaluate(batch(broken), true).toRows(),
                        text);
                assertFalse(broken.isDecoded(), text);
            }
        }
        LazyFsstArray broken = lazy(brokenLengths(offHeap));
        for (String text : List.of("s = 'the'", "s <> 'the'", "s like 'the'", "s in ('the', 'th')",
                "s like '%the%'")) {
            BoundExpr e = Expr.parse(text).bind(batch(decoded).dtype());
            assertThrows(MalformedFileException.class, () -> e.evaluate(batch(broken), true), text);
        }
        assertThrows(MalformedFileException.class, broken::toCanonical);
        assertThrows(MalformedFileException.class, () -> broken.take(new long[] {4}));
        assertThrows(MalformedFileException.class, () -> broken.bytesBlocks().orElseThrow());
        // the good lengths are read once and shared by slices
        LazyFsstArray column = lazy(good);
        assertEquals(decoded.slice(3, 11).toCanonical().toString(), column.slice(3, 11).toCanonical().toString());
    }

    private static StructArray batch(Array column) {
        return new StructArray(new DType.Struct(List.of(new Field("s", column.dtype())), false), List.of(column),
                column.length(), Validity.NON_NULLABLE);
    }
}
