package dev.quire.encodings.internal.strings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Prefix and equality filters decided on FSST codes ({@link FsstLiteralMatcher}) against the same filters over the
 * values decoded whole, for random symbol tables over a small alphabet (so symbols often share bytes with the
 * literal, run past it, or stop inside it) and values encoded by a random choice of symbols and escapes at every
 * step (not the longest match, so the same bytes come as many code sequences). Literals are cut from the values, a
 * byte longer than them, taken from the symbols, longer than every value, and empty.
 */
class FsstLiteralMatcherTest {
    private static final DType UTF8 = new DType.Utf8(true);
    /** Characters of the values: a few ASCII letters, like's special characters, and a two-byte one. */
    private static final String[] ALPHABET = {"t", "h", "e", " ", "x", "%", "_", "\\", "é", "'"};

    private static String randomString(Random random, int maxChars) {
        StringBuilder sb = new StringBuilder();
        int n = random.nextInt(maxChars + 1);
        for (int k = 0; k < n; k++) {
            // "the" often, so prefixes of the literal recur
            sb.append(random.nextInt(4) == 0 ? "the" : ALPHABET[random.nextInt(ALPHABET.length)]);
        }
        return sb.toString();
    }

    /** Up to {@code count} symbols: byte runs cut from the values (one to eight bytes) and random strings. */
    private static List<byte[]> symbols(Random random, List<String> values, int count) {
        Set<String> seen = new LinkedHashSet<>();
        List<byte[]> symbols = new ArrayList<>();
        List<byte[]> sources = values.stream().filter(v -> v != null && !v.isEmpty())
                .map(v -> v.getBytes(StandardCharsets.UTF_8)).toList();
        int tries = 0;
        while (symbols.size() < count && tries++ < count * 20) {
            byte[] sym;
            if (random.nextInt(4) == 0 || sources.isEmpty()) {
                byte[] s = randomString(random, 4).getBytes(StandardCharsets.UTF_8);
                sym = Arrays.copyOf(s, Math.min(s.length, 8));
            } else {
                byte[] s = sources.get(random.nextInt(sources.size()));
                int len = 1 + random.nextInt(Math.min(8, s.length));
                int from = random.nextInt(s.length - len + 1);
                sym = Arrays.copyOfRange(s, from, from + len);
            }
            if (sym.length > 0 && seen.add(Arrays.toString(sym))) {
                symbols.add(sym);
            }
        }
        return symbols;
    }

    /** {@code value} as codes: at each byte a random symbol that fits there, or an escape (always when none does). */
    private static byte[] encode(Random random, List<byte[]> symbols, byte[] value, int escapeOneIn) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int i = 0;
        List<Integer> fits = new ArrayList<>();
        while (i < value.length) {
            fits.clear();
            for (int s = 0; s < symbols.size(); s++) {
                byte[] sym = symbols.get(s);
                if (i + sym.length <= value.length && Arrays.equals(sym, 0, sym.length, value, i, i + sym.length)) {
                    fits.add(s);
                }
            }
            if (fits.isEmpty() || random.nextInt(escapeOneIn) == 0) {
                out.write(FsstSymbols.ESCAPE);
                out.write(value[i++]);
            } else {
                int s = fits.get(random.nextInt(fits.size()));
                out.write(s);
                i += symbols.get(s).length;
            }
        }
        return out.toByteArray();
    }

    private static Node node(List<byte[]> symbols, List<byte[]> codesOfValues, List<String> values) {
        FsstEncodingTest.Table table = new FsstEncodingTest.Table(symbols);
        ByteArrayOutputStream codes = new ByteArrayOutputStream();
        long[] lengths = new long[values.size()];
        long[] offsets = new long[values.size() + 1];
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) != null) {
                lengths[i] = values.get(i).getBytes(StandardCharsets.UTF_8).length;
                codes.writeBytes(codesOfValues.get(i));
            }
            offsets[i + 1] = codes.size();
        }
        boolean[] valid = new boolean[values.size()];
        for (int i = 0; i < valid.length; i++) {
            valid[i] = values.get(i) != null;
        }
        return Node.of(FsstEncoding.ID, FsstEncodingTest.meta(PType.U32, PType.U32),
                List.of(table.symbolBuffer(), table.lengthBuffer(), MemorySegment.ofArray(codes.toByteArray())),
                List.of(Node.primitive(PType.U32, lengths), Node.primitive(PType.U32, offsets)))
                .withValidity(valid);
    }

    private static StructArray batch(Array column) {
        return new StructArray(new DType.Struct(List.of(new Field("s", column.dtype())), false), List.of(column),
                column.length(), Validity.NON_NULLABLE);
    }

    private static String quoted(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    /** {@code s} as a like pattern that matches it literally (escape character backslash). */
    private static String literalPattern(String s) {
        return s.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    /** Literals to test: cut from values at every kind of place, symbols, one past every value, and empty. */
    private static List<String> literals(Random random, List<String> values, List<byte[]> symbols) {
        List<String> nonNull = values.stream().filter(v -> v != null).toList();
        Set<String> out = new LinkedHashSet<>(List.of("", "t", "th", "the", "the ", "thethe", "é", "%", "x"));
        String longest = nonNull.stream().reduce("", (a, b) -> a.length() >= b.length() ? a : b);
        out.add(longest + "t");
        out.add("the".repeat(longest.length() / 3 + 2));
        for (int k = 0; k < 12 && !nonNull.isEmpty(); k++) {
            String v = nonNull.get(random.nextInt(nonNull.size()));
            int points = v.codePointCount(0, v.length());
            out.add(v.substring(0, v.offsetByCodePoints(0, random.nextInt(points + 1))));
            out.add(v);
            out.add(v + ALPHABET[random.nextInt(ALPHABET.length)]);
        }
        for (byte[] sym : symbols) {
            String s = new String(sym, StandardCharsets.UTF_8);
            if (Arrays.equals(s.getBytes(StandardCharsets.UTF_8), sym) && random.nextInt(4) == 0) {
                out.add(s);
            }
        }
        return List.copyOf(out);
    }

    private static List<String> filters(String literal) {
        String q = quoted(literal);
        return List.of("s like " + quoted(literalPattern(literal) + "%") + " escape '\\'",
                "s like " + quoted(literalPattern(literal)) + " escape '\\'", "s = " + q, "s <> " + q,
                "s in (" + q + ")", "starts_with(s, " + q + ")", "s not like " + quoted(literalPattern(literal) + "%")
                        + " escape '\\'");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 50, 700, 3000})
    void decisionsOnTheCodesEqualDecodeThenCompare(int n) {
        int matched = 0;
        for (int round = 0; round < 6; round++) {
            Random random = new Random(n * 100L + round);
            List<String> values = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                values.add(random.nextInt(10) == 0 ? null : randomString(random, 1 + random.nextInt(12)));
            }
            int count = switch (round) {
                case 0 -> 0;
                case 1 -> 255;
                default -> 1 + random.nextInt(254);
            };
            List<byte[]> symbols = symbols(random, values, count);
            int escapeOneIn = 2 + random.nextInt(20);
            List<byte[]> codes = new ArrayList<>();
            for (String v : values) {
                codes.add(v == null ? new byte[0]
                        : encode(random, symbols, v.getBytes(StandardCharsets.UTF_8), escapeOneIn));
            }
            // codes read in place from a heap buffer, and copied from one off the heap
            Node node = round % 2 == 0 ? node(symbols, codes, values)
                    : FsstEncodingTest.offHeapCodes(node(symbols, codes, values));
            VarBinViewArray decoded = lazy(node, n).toCanonical();
            for (String literal : literals(random, values, symbols)) {
                for (String text : filters(literal)) {
                    BoundExpr e = Expr.parse(text).bind(batch(decoded).dtype());
                    long[] expected = e.evaluate(batch(decoded), false).toRows();
                    LazyFsstArray column = lazy(node, n);
                    String context = text + ", round " + round + ", " + symbols.size() + " symbols";
                    assertArrayEquals(expected, e.evaluate(batch(column), true).toRows(), context);
                    assertFalse(column.isDecoded(), context + ": answered on the codes");
                    matched += expected.length;
                    int from = random.nextInt(n);
                    int to = from + random.nextInt(n - from + 1);
                    assertArrayEquals(e.evaluate(batch(decoded.slice(from, to)), false).toRows(),
                            e.evaluate(batch(lazy(node, n).slice(from, to)), true).toRows(),
                            context + " on [" + from + ", " + to + ")");
                }
            }
        }
        assertTrue(matched > 0, "some filters match some rows");
    }

    @Test
    void everyCodeOfAValueIsFollowedUntilTheLiteralIsCovered() {
        // "thethe" as six one-byte symbols, as escapes, and as "the" + "th" + "e": each decided only at its end
        List<byte[]> symbols = List.of(b("t"), b("h"), b("e"), b("the"), b("th"), b("thethex!"));
        List<String> values = List.of("thethe", "thethe", "thethe", "thethx", "thethex!", "thet");
        List<byte[]> codes = List.of(new byte[] {0, 1, 2, 0, 1, 2},
                new byte[] {-1, 't', -1, 'h', -1, 'e', -1, 't', -1, 'h', -1, 'e'}, new byte[] {3, 4, 2},
                new byte[] {3, 4, -1, 'x'}, new byte[] {5}, new byte[] {3, 0});
        Node node = node(symbols, codes, values);
        for (String literal : List.of("thethe", "thet", "theth", "thethex", "thethex!", "thethex!!", "thx", "")) {
            for (String text : filters(literal)) {
                BoundExpr e = Expr.parse(text).bind(batch(lazy(node, 6)).dtype());
                long[] expected = e.evaluate(batch(lazy(node, 6).toCanonical()), false).toRows();
                LazyFsstArray column = lazy(node, 6);
                assertArrayEquals(expected, e.evaluate(batch(column), true).toRows(), text);
                assertFalse(column.isDecoded(), text);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void codesThatEndBeforeTheLiteralIsCoveredAreMalformedWhereTheLengthIsKnown(boolean offHeap) {
        List<byte[]> symbols = List.of(b("the"), b("x"));
        List<String> values = List.of("theeee", "xxxxxx");
        // the value claims 6 bytes, its codes give "the" only; a value decided by its first code is not looked at
        Node shortCodes = codesWhere(offHeap, symbols, List.of(new byte[] {0}, new byte[] {1}), values);
        LazyFsstArray a = lazy(shortCodes, 2);
        BoundExpr equal = Expr.parse("s = 'theeee'").bind(batch(a).dtype());
        MalformedFileException e = assertThrows(MalformedFileException.class, () -> equal.evaluate(batch(a), true));
        assertTrue(e.getMessage().contains("the codes at bytes [0, 1) decode to 3 bytes, fewer than their value's "
                + "length"), e.getMessage());
        // a prefix filter reads no lengths (as the reference does not): codes that end first are a shorter value
        BoundExpr prefix = Expr.parse("s like 'thee%'").bind(batch(a).dtype());
        assertArrayEquals(new long[0], prefix.evaluate(batch(lazy(shortCodes, 2)), true).toRows());
        // a code past the table on the way, and an escape with no byte after it
        Node badCode = codesWhere(offHeap, symbols, List.of(new byte[] {0, 7}, new byte[] {1}), values);
        MalformedFileException bad = assertThrows(MalformedFileException.class,
                () -> prefix.evaluate(batch(lazy(badCode, 2)), true));
        assertTrue(bad.getMessage().contains("code 7 at codes byte 1 names no symbol"), bad.getMessage());
        Node lastEscape = codesWhere(offHeap, symbols, List.of(new byte[] {0, -1}, new byte[] {1}), values);
        MalformedFileException esc = assertThrows(MalformedFileException.class,
                () -> prefix.evaluate(batch(lazy(lastEscape, 2)), true));
        assertTrue(esc.getMessage().contains("end with an escape and no byte after it (codes byte 1)"),
                esc.getMessage());
        // in a window that starts past the first value, messages still name bytes of the codes buffer
        Node later = codesWhere(offHeap, symbols, List.of(new byte[] {1}, new byte[] {1}, new byte[] {0, 7}),
                List.of("xxxxxx", "xxxxxx", "theeee"));
        MalformedFileException window = assertThrows(MalformedFileException.class,
                () -> prefix.evaluate(batch(lazy(later, 3).slice(1, 3)), true));
        assertTrue(window.getMessage().contains("code 7 at codes byte 3 names no symbol"), window.getMessage());
    }

    /** The node of {@link #node}, its codes on the heap or off it. */
    private static Node codesWhere(boolean offHeap, List<byte[]> symbols, List<byte[]> codes, List<String> values) {
        Node node = node(symbols, codes, values);
        return offHeap ? FsstEncodingTest.offHeapCodes(node) : node;
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static LazyFsstArray lazy(Node node, int n) {
        return assertInstanceOf(LazyFsstArray.class, InMemoryParts.decode(node, UTF8, n));
    }
}
