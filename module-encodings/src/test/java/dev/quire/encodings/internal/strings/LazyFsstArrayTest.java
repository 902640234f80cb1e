package dev.quire.encodings.internal.strings;

import static dev.quire.encodings.internal.Expected.assertValues;
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
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.Field;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.expr.BoundExpr;
import dev.quire.layout.expr.Expr;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * FSST arrays kept compressed: filters answered on the codes, takes of single values and windows decoded on their own
 * all agree exactly with the same operation over the values decoded whole, for random tables and values (nulls,
 * empty strings, escaped bytes, multi-byte UTF-8, {@code %} and {@code _} in the data) and for literals and patterns
 * cut from the values (prefixes longer than values, literals spanning symbols).
 */
class LazyFsstArrayTest {
    private static final DType UTF8 = new DType.Utf8(true);

    /** Words that make good symbols, multi-byte characters, and bytes the tables leave to escapes. */
    private static final String[] PIECES = {"the", " ", "quick", "fox", "ünï", "€", "😀", "carefully", "deposits",
        "%", "_", "\\", "'", "#", "furiously regular", "a", "e", "th", "z"};

    static List<String> values(Random random, int n) {
        List<String> values = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int kind = random.nextInt(12);
            if (kind == 0) {
                values.add(null);
            } else if (kind == 1) {
                values.add("");
            } else {
                StringBuilder sb = new StringBuilder();
                int pieces = 1 + random.nextInt(kind == 2 ? 2 : 9);
                for (int k = 0; k < pieces; k++) {
                    sb.append(PIECES[random.nextInt(PIECES.length)]);
                }
                values.add(sb.toString());
            }
        }
        return values;
    }

    /** Compressed values and a table fitted to them, as the file would hold them. */
    private static Node node(Random random, List<String> values) {
        FsstEncodingTest.Table table = FsstEncodingTest.Table.sample(random, values, 1 + random.nextInt(120));
        return FsstEncodingTest.fsst(table, values, PType.U16, PType.I32);
    }

    private static LazyFsstArray lazy(Node node, int n) {
        return assertInstanceOf(LazyFsstArray.class, InMemoryParts.decode(node, UTF8, n));
    }

    private static StructArray batch(Array column) {
        return new StructArray(new DType.Struct(List.of(new Field("s", column.dtype())), false), List.of(column),
                column.length(), Validity.NON_NULLABLE);
    }

    private static String quoted(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    /** {@code s} as a like pattern that matches it literally. */
    private static String literalPattern(String s) {
        return s.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    /** Filters on literals and patterns cut from the values, plus fixed ones, each kind of shape. */
    private static List<String> filters(Random random, List<String> values) {
        List<String> nonNull = values.stream().filter(v -> v != null).toList();
        List<String> out = new ArrayList<>(List.of("s like 'the%'", "s = ''", "s <> ''", "s like ''", "s like '%'",
                "s like '%fox%'", "s like '%ü'", "s like '_he%'", "s ilike 'THE%'", "starts_with(s, 'qu')",
                "s not like 'th%'", "s in ('', 'fox', 'the quick')", "s in ('fox', null)", "s < 'm'",
                "s like '\\%%'", "s like '%\\_'", "s like '€%'", "s like '😀%'", "s = 'the'",
                "s like 'thethethethethethethethethethethethethe%'"));
        for (int k = 0; k < 25 && !nonNull.isEmpty(); k++) {
            String v = nonNull.get(random.nextInt(nonNull.size()));
            int cut = v.isEmpty() ? 0 : v.offsetByCodePoints(0, random.nextInt(v.codePointCount(0, v.length()) + 1));
            String prefix = v.substring(0, cut);
            out.add("s like " + quoted(literalPattern(prefix) + "%"));
            out.add("s like " + quoted(literalPattern(v + "x") + "%"));
            out.add("s = " + quoted(v));
            out.add("s <> " + quoted(v));
            out.add("s like " + quoted(literalPattern(v)));
            out.add("s in (" + quoted(v) + ", " + quoted(prefix) + ")");
            out.add("s like " + quoted("%" + literalPattern(v.substring(cut))));
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 64, 65, 1000, 5000})
    void filtersOnTheCodesMatchFiltersOnTheDecodedValues(int n) {
        Random random = new Random(n);
        List<String> values = values(random, n);
        Node onHeap = node(random, values);
        VarBinViewArray decoded = lazy(onHeap, n).toCanonical();
        assertValues(values, decoded, "decoded whole");
        int answered = 0;
        // codes read in place from a heap buffer, and copied from one off the heap
        Node offHeap = FsstEncodingTest.offHeapCodes(onHeap);
        for (String text : filters(random, values)) {
            for (Node node : List.of(onHeap, offHeap)) {
                BoundExpr e = Expr.parse(text).bind(batch(decoded).dtype());
                long[] expected = e.evaluate(batch(decoded), false).toRows();
                LazyFsstArray column = lazy(node, n);
                assertArrayEquals(expected, e.evaluate(batch(column), true).toRows(), text);
                answered += column.isDecoded() ? 0 : 1;
                // windows of the chunk, answered on their own codes
                int from = random.nextInt(n);
                int to = from + random.nextInt(n - from + 1);
                Array window = lazy(node, n).slice(from, to);
                long[] expectedWindow = e.evaluate(batch(decoded.slice(from, to)), false).toRows();
                assertArrayEquals(expectedWindow, e.evaluate(batch(window), true).toRows(),
                        text + " on [" + from + ", " + to + ")");
            }
        }
        assertTrue(answered > 0, "some filters were answered without decoding the values");
    }

    @Test
    void predicatesThatDescribeThemselvesAreAnsweredWithoutDecodingAndOrderingsAreNot() {
        Random random = new Random(42);
        List<String> values = values(random, 300);
        Node node = node(random, values);
        for (String text : List.of("s like 'the%'", "s = 'fox'", "s <> 'fox'", "s in ('a', 'the')", "s like '%ox'",
                "s ilike '%OX%'", "s like 'a_c'")) {
            LazyFsstArray column = lazy(node, 300);
            Expr.parse(text).bind(batch(column).dtype()).evaluate(batch(column), true);
            assertFalse(column.isDecoded(), text + " left the values compressed");
        }
        LazyFsstArray ordered = lazy(node, 300);
        Expr.parse("s < 'm'").bind(batch(ordered).dtype()).evaluate(batch(ordered), true);
        assertTrue(ordered.isDecoded(), "an ordering is evaluated on the decoded values");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 10, 100, 4000})
    void takesDecodeOnlyTheRowsTakenAndAgreeWithTheDecodedValues(int n) {
        Random random = new Random(n * 31L);
        List<String> values = values(random, n);
        Node node = node(random, values);
        VarBinViewArray decoded = lazy(node, n).toCanonical();
        for (int round = 0; round < 20; round++) {
            int from = random.nextInt(n - 1);
            int to = from + 2 + random.nextInt(n - from - 1);
            LazyFsstArray chunk = lazy(node, n);
            Array window = chunk.slice(from, to);
            TreeSet<Long> picked = new TreeSet<>();
            int count = 1 + random.nextInt((to - from) / LazyFsstArray.TAKE_ONE_IN);
            while (picked.size() < count) {
                picked.add((long) random.nextInt(to - from));
            }
            long[] rows = picked.stream().mapToLong(Long::longValue).toArray();
            Optional<Array> taken = ((LazyFsstArray) window).take(rows);
            assertTrue(taken.isPresent(), "a take of " + rows.length + " of " + (to - from) + " rows");
            List<String> expected = new ArrayList<>();
            for (long r : rows) {
                expected.add(values.get(from + (int) r));
            }
            assertValues(expected, taken.get(), "take " + Arrays.toString(rows) + " of [" + from + ", " + to + ")");
            assertFalse(chunk.isDecoded(), "the chunk was not decoded for the take");
            assertValues(values.subList(from, to), window.toCanonical(), "window [" + from + ", " + to + ")");
        }
        // too many rows for value-by-value decoding: declined, and declined once decoded
        LazyFsstArray chunk = lazy(node, n);
        long[] all = new long[n];
        Arrays.setAll(all, i -> i);
        assertTrue(chunk.take(all).isEmpty(), "a take of every row is declined");
        chunk.toCanonical();
        assertTrue(chunk.take(new long[] {0}).isEmpty(), "a decoded array declines takes");
        assertTrue(chunk.slice(0, n).isCanonical(), "a decoded array slices its decoded values");
    }

    @Test
    void validityOfAWindowMatchesTheNulls() {
        Random random = new Random(9);
        List<String> values = values(random, 200);
        LazyFsstArray chunk = lazy(node(random, values), 200);
        LazyFsstArray window = (LazyFsstArray) chunk.slice(37, 170);
        long[] bits = new long[3];
        Arrays.fill(bits, -1L);
        window.validity(bits);
        for (int i = 0; i < 133; i++) {
            assertEquals(values.get(37 + i) != null, (bits[i >>> 6] >>> i & 1) == 1, "row " + i);
        }
        assertEquals(0, bits[2] >>> (133 - 128), "no bits past the window");
        assertEquals(values.subList(37, 170).stream().filter(v -> v == null).count(), window.nullCount());
    }

    @Test
    void aValueWhoseCodesDisagreeWithItsLengthIsReportedWhenDecodedOnItsOwn() {
        List<String> values = List.of("hello world", "hello there", "general kenobi");
        FsstEncodingTest.Table table = new FsstEncodingTest.Table(List.of(
                "hello".getBytes(StandardCharsets.UTF_8), " ".getBytes(StandardCharsets.UTF_8)));
        Node good = FsstEncodingTest.fsst(table, values, PType.I32, PType.I32);
        // lengths that add up to the same total but cut the values elsewhere: the stream decodes, a value does not
        Node shifted = new Node(good.encoding(), good.metadata(), good.buffers(),
                List.of(Node.primitive(PType.I32, 12, 10, 14), good.children().get(1)));
        LazyFsstArray lazy = assertInstanceOf(LazyFsstArray.class, InMemoryParts.decode(shifted, UTF8, 3));
        MalformedFileException e = assertThrows(MalformedFileException.class, () -> lazy.take(new long[] {1}));
        assertTrue(e.getMessage().contains("do not decode to the value's 10 bytes"), e.getMessage());
        // offsets that go backwards are rejected when read: by a take, which reads every value's; decoding needs
        // only the first and the last
        Node backwards = new Node(good.encoding(), good.metadata(), good.buffers(),
                List.of(good.children().get(0), Node.primitive(PType.I32, 2, 9, 5, 20)));
        LazyFsstArray read = assertInstanceOf(LazyFsstArray.class, InMemoryParts.decode(backwards, UTF8, 3));
        MalformedFileException b = assertThrows(MalformedFileException.class, () -> read.take(new long[] {1}));
        assertTrue(b.getMessage().contains("codes offset 2 is 5, below the one before it, 9"), b.getMessage());
    }
}
