package dev.quire.encodings.internal.strings;

import static dev.quire.encodings.internal.Expected.assertMalformed;
import static dev.quire.encodings.internal.Expected.assertValues;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.InMemoryParts;
import dev.quire.encodings.internal.Node;
import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The FSST stream decoder and the views cut from it, against the values the test compressed: random symbol tables
 * (up to 255 symbols of 1 to 8 bytes, zero bytes inside symbols), binary values with bytes no symbol covers (escapes,
 * 0xFF itself included), empty and null values, values long enough for the eight-codes-a-word loop and its tail,
 * every integer width for the lengths and offsets children, whole arrays, windows (slices) and takes; and codes that
 * name no symbol anywhere in a long run are still reported.
 */
class FsstDecodeTest {
    private static final DType BINARY = new DType.Binary(true);
    private static final PType[] WIDE = {PType.U16, PType.U32, PType.I32, PType.I64, PType.U64};
    private static final PType[] NARROW = {PType.U8, PType.I8, PType.I16};
    /** Offsets wide enough for any test's codes (a few hundred KiB at most). */
    private static final PType[] OFFSETS = {PType.U32, PType.I32, PType.I64, PType.U64};

    /** Bytes the values are drawn from: a small alphabet makes long symbols match, the rest are escaped. */
    private static byte pick(Random random) {
        int r = random.nextInt(10);
        return r < 8 ? (byte) "abcd e\0x".charAt(r) : (byte) random.nextInt(256);
    }

    static FsstEncodingTest.Table table(Random random) {
        int count = random.nextInt(4) == 0 ? random.nextInt(5) : random.nextInt(256);
        List<byte[]> symbols = new ArrayList<>();
        for (int s = 0; s < Math.min(count, 255); s++) {
            byte[] sym = new byte[1 + random.nextInt(8)];
            for (int b = 0; b < sym.length; b++) {
                sym[b] = pick(random);
            }
            symbols.add(sym);
        }
        return new FsstEncodingTest.Table(symbols);
    }

    static List<byte[]> values(Random random, int n, int maxLength) {
        List<byte[]> values = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int kind = random.nextInt(10);
            if (kind == 0) {
                values.add(null);
                continue;
            }
            int len = kind == 1 ? 0 : kind <= 6 ? random.nextInt(Math.min(30, maxLength) + 1)
                    : random.nextInt(maxLength + 1);
            byte[] v = new byte[len];
            for (int b = 0; b < len; b++) {
                v[b] = pick(random);
            }
            values.add(v);
        }
        return values;
    }

    /** The values compressed with {@code table}, codes starting {@code lead} bytes into their buffer. */
    static Node node(FsstEncodingTest.Table table, List<byte[]> values, PType lengthsType, PType offsetsType,
            int lead) {
        ByteArrayOutputStream codes = new ByteArrayOutputStream();
        codes.writeBytes(new byte[lead]);
        long[] lengths = new long[values.size()];
        long[] offsets = new long[values.size() + 1];
        offsets[0] = lead;
        boolean[] valid = new boolean[values.size()];
        for (int i = 0; i < values.size(); i++) {
            byte[] v = values.get(i);
            if (v != null) {
                valid[i] = true;
                lengths[i] = v.length;
                codes.writeBytes(compress(table, v));
            }
            offsets[i + 1] = codes.size();
        }
        return Node.of(FsstEncoding.ID, FsstEncodingTest.meta(lengthsType, offsetsType),
                List.of(table.symbolBuffer(), table.lengthBuffer(), MemorySegment.ofArray(codes.toByteArray())),
                List.of(Node.primitive(lengthsType, lengths), Node.primitive(offsetsType, offsets)))
                .withValidity(valid);
    }

    /**
     * Greedy longest-match compression like {@link FsstEncodingTest.Table#compress}, with the symbols grouped by first
     * byte so that long values and big tables stay quick to compress.
     */
    static byte[] compress(FsstEncodingTest.Table table, byte[] value) {
        List<List<Integer>> byFirst = new ArrayList<>();
        for (int b = 0; b < 256; b++) {
            byFirst.add(new ArrayList<>());
        }
        List<byte[]> symbols = table.symbols();
        for (int s = 0; s < symbols.size(); s++) {
            byFirst.get(symbols.get(s)[0] & 0xFF).add(s);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int i = 0;
        while (i < value.length) {
            int best = -1;
            int bestLength = 0;
            for (int s : byFirst.get(value[i] & 0xFF)) {
                byte[] sym = symbols.get(s);
                if (sym.length > bestLength && i + sym.length <= value.length
                        && java.util.Arrays.equals(sym, 0, sym.length, value, i, i + sym.length)) {
                    best = s;
                    bestLength = sym.length;
                }
            }
            if (best < 0) {
                out.write(FsstSymbols.ESCAPE);
                out.write(value[i]);
                i++;
            } else {
                out.write(best);
                i += bestLength;
            }
        }
        return out.toByteArray();
    }

    static LazyFsstArray lazy(Node node, int n) {
        return assertInstanceOf(LazyFsstArray.class, InMemoryParts.decode(node, BINARY, n));
    }

    @Test
    void decodesWholeWindowsAndTakesForRandomTablesAndEveryWidth() {
        Random random = new Random(2026);
        int cases = 0;
        for (int round = 0; round < 30; round++) {
            for (PType lengthsType : concat(WIDE, NARROW)) {
                PType offsetsType = OFFSETS[random.nextInt(OFFSETS.length)];
                boolean narrow = List.of(NARROW).contains(lengthsType);
                // narrow lengths: values short enough to fit them
                int n = random.nextInt(4) == 0 ? random.nextInt(4) : random.nextInt(narrow ? 200 : 600);
                List<byte[]> values = values(random, n, narrow ? 100 : 400);
                FsstEncodingTest.Table table = table(random);
                Node node = node(table, values, lengthsType, offsetsType, random.nextInt(3));
                String context = "round " + round + ", lengths " + lengthsType + ", offsets " + offsetsType;
                check(values, lazy(node, n), random, context);
                cases++;
            }
        }
        // narrow offsets: a few short values, so the codes fit in a byte
        for (int round = 0; round < 200; round++) {
            PType offsetsType = round % 4 == 3 ? PType.U16 : NARROW[random.nextInt(NARROW.length)];
            int n = random.nextInt(8);
            List<byte[]> values = values(random, n, 6);
            FsstEncodingTest.Table table = table(random);
            Node node = node(table, values, PType.U8, offsetsType, random.nextInt(3));
            check(values, lazy(node, n), random, "round " + round + ", offsets " + offsetsType);
            cases++;
        }
        assertTrue(cases >= 440);
    }

    static void check(List<byte[]> values, LazyFsstArray array, Random random, String context) {
        int n = values.size();
        // windows first, so they are decoded from the codes, not sliced from a decoded array
        for (int w = 0; w < 4 && n > 0; w++) {
            int from = random.nextInt(n);
            int to = from + random.nextInt(n - from + 1);
            Array window = array.slice(from, to);
            if (to - from >= 4) {
                int a = 1 + random.nextInt(to - from - 2);
                int b = a + random.nextInt(to - from - a);
                assertValues(values.subList(from + a, from + b), window.slice(a, b).toCanonical(),
                        context + ", window [" + from + ", " + to + ") sliced [" + a + ", " + b + ")");
            }
            if (window instanceof LazyFsstArray lazyWindow && to > from) {
                long[] rows = rows(random, to - from);
                lazyWindow.take(rows).ifPresent(taken -> assertValues(pick(values.subList(from, to), rows),
                        taken, context + ", take from window [" + from + ", " + to + ")"));
            }
            assertValues(values.subList(from, to), window.toCanonical(),
                    context + ", window [" + from + ", " + to + ")");
        }
        if (n > 0) {
            long[] rows = rows(random, n);
            array.take(rows).ifPresent(taken -> assertValues(pick(values, rows), taken, context + ", take"));
        }
        assertValues(values, array.toCanonical(), context + ", whole");
    }

    /** A few rows, in any order, repeats allowed (few enough for the take to decode them one by one). */
    private static long[] rows(Random random, int n) {
        long[] rows = new long[random.nextInt(n / LazyFsstArray.TAKE_ONE_IN + 1)];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = random.nextInt(n);
        }
        return rows;
    }

    private static List<byte[]> pick(List<byte[]> values, long[] rows) {
        List<byte[]> out = new ArrayList<>();
        for (long r : rows) {
            out.add(values.get((int) r));
        }
        return out;
    }

    private static PType[] concat(PType[] a, PType[] b) {
        PType[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void aCodeThatNamesNoSymbolIsReportedWhereverItFallsInALongRun() {
        FsstEncodingTest.Table table = new FsstEncodingTest.Table(List.of("ab".getBytes(), "c".getBytes(),
                "defghijk".getBytes()));
        byte[] value = "abcdefghijk".repeat(40).getBytes();
        for (int at = 0; at < 40; at++) {
            Node good = node(table, List.of(value, value), PType.U32, PType.U32, 0);
            byte[] codes = good.buffers().get(2).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            assertEquals(240, codes.length, "three codes a repeat, two values");
            codes[at] = 3;
            List<MemorySegment> buffers = new ArrayList<>(good.buffers());
            buffers.set(2, MemorySegment.ofArray(codes));
            Node bad = new Node(good.encoding(), good.metadata(), buffers, good.children());
            assertMalformed(bad, BINARY, 2, "code 3 at codes byte " + at + " names no symbol");
        }
    }

    @Test
    void lengthsThatDisagreeWithTheCodesAreReportedWithNarrowAndWideWidths() {
        FsstEncodingTest.Table table = new FsstEncodingTest.Table(List.of("abc".getBytes()));
        List<byte[]> values = List.of("abcabc".getBytes(), "abc".getBytes());
        for (PType t : concat(WIDE, NARROW)) {
            Node good = node(table, values, t, t, 0);
            assertValues(values, InMemoryParts.decode(good, BINARY, 2).toCanonical(), "well-formed, " + t);
            Node shortLengths = new Node(good.encoding(), good.metadata(), good.buffers(),
                    List.of(Node.primitive(t, 6, 2), good.children().get(1)));
            assertMalformed(shortLengths, BINARY, 2, "the uncompressed lengths add up to 8");
            Node backwards = new Node(good.encoding(), good.metadata(), good.buffers(),
                    List.of(good.children().get(0), Node.primitive(t, 0, 3, 2)));
            // decoded whole, the codes run from the first offset to the last, which cuts them short
            assertMalformed(backwards, BINARY, 2, "the codes decode to 6 bytes, the uncompressed lengths add up to 9");
            // a take reads every value's offset
            MalformedFileException e = assertThrows(MalformedFileException.class,
                    () -> lazy(backwards, 2).take(new long[] {1}));
            assertTrue(e.getMessage().contains("codes offset 2 is 2, below the one before it, 3"), e.getMessage());
        }
        for (PType t : new PType[] {PType.I8, PType.I16, PType.I32, PType.I64}) {
            Node good = node(table, values, t, t, 0);
            Node negative = new Node(good.encoding(), good.metadata(), good.buffers(),
                    List.of(Node.primitive(t, 10, -1), good.children().get(1)));
            assertMalformed(negative, BINARY, 2, "uncompressed length of value 1 is -1");
        }
        Node good = node(table, values, PType.U64, PType.U64, 0);
        Node huge = new Node(good.encoding(), good.metadata(), good.buffers(),
                List.of(Node.primitive(PType.U64, 1L << 40, 3), good.children().get(1)));
        assertMalformed(huge, BINARY, 2, "uncompressed length of value 0 is " + (1L << 40));
        Node hugeU32 = node(table, values, PType.U32, PType.U32, 0);
        hugeU32 = new Node(hugeU32.encoding(), hugeU32.metadata(), hugeU32.buffers(),
                List.of(Node.primitive(PType.U32, 6, 0xFFFF_FFF0L), hugeU32.children().get(1)));
        assertMalformed(hugeU32, BINARY, 2, "uncompressed length of value 1 is " + 0xFFFF_FFF0L);
        // 64-bit offsets far apart, whose differences overflow, still have to increase (read for a take; the first
        // and the last, all that decoding the window needs, are sound)
        Node three = node(table, List.of(values.get(0), values.get(1), values.get(1)), PType.U64, PType.I64, 0);
        Node wild = new Node(three.encoding(), three.metadata(), three.buffers(), List.of(three.children().get(0),
                Node.primitive(PType.I64, 0, Long.MAX_VALUE, Long.MIN_VALUE + 1, 4)));
        assertValues(List.of(values.get(0), values.get(1), values.get(1)), lazy(wild, 3).toCanonical(), "wild");
        MalformedFileException e = assertThrows(MalformedFileException.class,
                () -> lazy(wild, 3).take(new long[] {0}));
        assertTrue(e.getMessage().contains("codes offset 2 is " + (Long.MIN_VALUE + 1) + ", below the one before it"),
                e.getMessage());
    }
}
