package dev.quire.encodings.internal.strings;

import static dev.quire.encodings.internal.Expected.assertMalformed;
import static dev.quire.encodings.internal.Expected.assertValues;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.InMemoryParts;
import dev.quire.encodings.internal.Node;
import dev.quire.encodings.internal.proto.FsstMetadata;
import dev.quire.encodings.internal.proto.VarBinMetadata;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FsstEncodingTest {

    /** A symbol table: multi-byte symbols cut from sample text, then a few one-byte symbols. */
    record Table(List<byte[]> symbols) {
        static Table sample(Random random, List<String> text, int count) {
            List<byte[]> symbols = new ArrayList<>();
            List<String> nonEmpty = text.stream().filter(s -> s != null && s.length() >= 8).toList();
            while (symbols.size() < count - 6 && !nonEmpty.isEmpty()) {
                byte[] s = nonEmpty.get(random.nextInt(nonEmpty.size())).getBytes(StandardCharsets.UTF_8);
                int len = 2 + random.nextInt(7);
                int from = random.nextInt(s.length - len + 1);
                symbols.add(java.util.Arrays.copyOfRange(s, from, from + len));
            }
            for (char c : "aeiou ".toCharArray()) {
                symbols.add(new byte[] {(byte) c});
            }
            return new Table(symbols);
        }

        /** Greedy longest-match compression, escaping bytes no symbol covers: an encoder written for the test. */
        byte[] compress(byte[] value) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int i = 0;
            while (i < value.length) {
                int best = -1;
                int bestLength = 0;
                for (int s = 0; s < symbols.size(); s++) {
                    byte[] sym = symbols.get(s);
                    if (sym.length > bestLength && i + sym.length <= value.length
                            && java.util.Arrays.equals(sym, 0, sym.length, value, i, i + sym.length)) {
                        best = s;
                        bestLength = sym.length;
                    }
                }
                if (best < 0) {
                    out.write(255);
                    out.write(value[i]);
                    i++;
                } else {
                    out.write(best);
                    i += bestLength;
                }
            }
            return out.toByteArray();
        }

        MemorySegment symbolBuffer() {
            byte[] b = new byte[symbols.size() * 8];
            for (int s = 0; s < symbols.size(); s++) {
                System.arraycopy(symbols.get(s), 0, b, s * 8, symbols.get(s).length);
            }
            return MemorySegment.ofArray(b);
        }

        MemorySegment lengthBuffer() {
            byte[] b = new byte[symbols.size()];
            for (int s = 0; s < symbols.size(); s++) {
                b[s] = (byte) symbols.get(s).length;
            }
            return MemorySegment.ofArray(b);
        }
    }

    static FsstMetadata meta(PType lengths, PType offsets) {
        return FsstMetadata.newBuilder().setUncompressedLengthsPtype(lengths.code())
                .setCodesOffsetsPtype(offsets.code()).build();
    }

    /** The current form: three buffers, children lengths, offsets and validity. */
    static Node fsst(Table table, List<String> values, PType lengthsType, PType offsetsType) {
        ByteArrayOutputStream codes = new ByteArrayOutputStream();
        codes.writeBytes(new byte[] {9, 9}); // bytes before the first offset are not part of the array
        long[] lengths = new long[values.size()];
        long[] offsets = new long[values.size() + 1];
        offsets[0] = codes.size();
        for (int i = 0; i < values.size(); i++) {
            String v = values.get(i);
            if (v != null) {
                byte[] raw = v.getBytes(StandardCharsets.UTF_8);
                lengths[i] = raw.length;
                codes.writeBytes(table.compress(raw));
            }
            offsets[i + 1] = codes.size();
        }
        return Node.of(FsstEncoding.ID, meta(lengthsType, offsetsType),
                List.of(table.symbolBuffer(), table.lengthBuffer(), MemorySegment.ofArray(codes.toByteArray())),
                List.of(Node.primitive(lengthsType, lengths), Node.primitive(offsetsType, offsets)))
                .withValidity(VarBinEncodingTest.valid(values));
    }

    /**
     * {@code node} (a {@code vortex.fsst} one) with its codes buffer moved off the heap, as a mapped file gives it:
     * readers that use a heap buffer in place copy these.
     */
    static Node offHeapCodes(Node node) {
        List<MemorySegment> buffers = new ArrayList<>(node.buffers());
        MemorySegment heap = buffers.get(2);
        MemorySegment native_ = Arena.ofAuto().allocate(Math.max(1, heap.byteSize()));
        MemorySegment.copy(heap, 0, native_, 0, heap.byteSize());
        buffers.set(2, native_.asSlice(0, heap.byteSize()).asReadOnly());
        return new Node(node.encoding(), node.metadata(), buffers, node.children());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 100, 5000})
    void decodesStringsWithAndWithoutNulls(int n) {
        for (boolean nullable : new boolean[] {false, true}) {
            Random random = new Random(n * 2L + (nullable ? 1 : 0));
            List<String> values = VarBinEncodingTest.strings(random, n, nullable);
            Table table = Table.sample(random, values, 1 + random.nextInt(254));
            Node node = fsst(table, values, PType.I32, nullable ? PType.U32 : PType.I64);
            assertValues(values, InMemoryParts.decode(node, new DType.Utf8(nullable), n).toCanonical(), "fsst n=" + n);
        }
    }

    @Test
    void escapesEveryByteWithAnEmptyTable() {
        List<String> values = List.of("", "plain", "ünïcödé and more than twelve bytes");
        Node node = fsst(new Table(List.of()), values, PType.U16, PType.U8);
        assertValues(values, InMemoryParts.decode(node, new DType.Utf8(false), 3).toCanonical(), "escapes only");
    }

    @Test
    void lengthsMayArriveConstant() {
        List<String> values = List.of("category_A", "category_B", "category_C");
        Random random = new Random(3);
        Table table = Table.sample(random, values, 20);
        Node node = fsst(table, values, PType.I32, PType.I32);
        Node constantLengths = Node.constant(new Scalar(new DType.Primitive(PType.I32, false), 10L));
        node = new Node(node.encoding(), node.metadata(), node.buffers(), List.of(constantLengths,
                node.children().get(1)));
        assertValues(values, InMemoryParts.decode(node, new DType.Utf8(false), 3).toCanonical(), "constant lengths");
    }

    @Test
    void readsTheOlderFormWithAVarBinCodesChild() {
        Random random = new Random(11);
        List<String> values = VarBinEncodingTest.strings(random, 200, true);
        Table table = Table.sample(random, values, 100);
        ByteArrayOutputStream codes = new ByteArrayOutputStream();
        long[] lengths = new long[values.size()];
        long[] offsets = new long[values.size() + 1];
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) != null) {
                byte[] raw = values.get(i).getBytes(StandardCharsets.UTF_8);
                lengths[i] = raw.length;
                codes.writeBytes(table.compress(raw));
            }
            offsets[i + 1] = codes.size();
        }
        Node codesChild = Node.of(VarBinEncoding.ID,
                VarBinMetadata.newBuilder().setOffsetsPtype(PType.I32.code()).build(),
                List.of(MemorySegment.ofArray(codes.toByteArray())), List.of(Node.primitive(PType.I32, offsets)))
                .withValidity(VarBinEncodingTest.valid(values));
        Node node = Node.of(FsstEncoding.ID, meta(PType.I32, PType.I32),
                List.of(table.symbolBuffer(), table.lengthBuffer()),
                List.of(codesChild, Node.primitive(PType.I32, lengths)));
        assertValues(values, InMemoryParts.decode(node, new DType.Utf8(true), values.size()).toCanonical(),
                "legacy fsst");
    }

    @Test
    void olderFormIgnoresTheViewLengthsOfNullCodes() {
        // a varbinview codes child whose null slots hold garbage views: negative lengths (the declared lengths add up
        // to a negative total) and one pointing past the data
        List<String> values = new ArrayList<>(List.of("hello world", "x", "hello there", "y", "general kenobi", "z"));
        values.set(1, null);
        values.set(3, null);
        values.set(5, null);
        Table table = Table.sample(new Random(17), values.stream().filter(v -> v != null).toList(), 30);
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        java.nio.ByteBuffer views = java.nio.ByteBuffer.allocate(16 * values.size())
                .order(java.nio.ByteOrder.LITTLE_ENDIAN);
        long[] lengths = new long[values.size()];
        for (int i = 0; i < values.size(); i++) {
            int v = 16 * i;
            if (values.get(i) == null) {
                views.putInt(v, i == 1 ? Integer.MIN_VALUE : i == 3 ? -1 : 1000);
                views.putInt(v + 8, i == 5 ? 0 : -1);
                views.putInt(v + 12, i == 5 ? 7 : -1);
                continue;
            }
            byte[] raw = values.get(i).getBytes(StandardCharsets.UTF_8);
            byte[] code = table.compress(raw);
            lengths[i] = raw.length;
            views.putInt(v, code.length);
            if (code.length <= 12) {
                views.put(v + 4, code);
            } else {
                views.put(v + 4, code, 0, 4);
                views.putInt(v + 8, 0);
                views.putInt(v + 12, data.size());
                data.writeBytes(code);
            }
        }
        boolean[] valid = new boolean[values.size()];
        for (int i = 0; i < valid.length; i++) {
            valid[i] = values.get(i) != null;
        }
        Node codesChild = Node.of(dev.quire.layout.array.VarBinViewArray.ID,
                List.of(MemorySegment.ofArray(data.toByteArray()), MemorySegment.ofArray(views.array())), List.of())
                .withValidity(valid);
        Node node = Node.of(FsstEncoding.ID, meta(PType.I32, PType.I32),
                List.of(table.symbolBuffer(), table.lengthBuffer()),
                List.of(codesChild, Node.primitive(PType.I32, lengths)));
        assertValues(values, InMemoryParts.decode(node, new DType.Utf8(true), values.size()).toCanonical(),
                "legacy fsst with garbage null views");
    }

    @Test
    void rejectsMalformedParts() {
        List<String> values = List.of("hello world", "hello there", "general kenobi");
        DType utf8 = new DType.Utf8(false);
        Table table = Table.sample(new Random(5), values, 30);
        Node good = fsst(table, values, PType.I32, PType.I32);
        assertValues(values, InMemoryParts.decode(good, utf8, 3).toCanonical(), "well-formed");
        List<MemorySegment> buffers = good.buffers();

        // a code past the table
        byte[] codes = buffers.get(2).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        codes[2] = (byte) 254;
        assertMalformed(withBuffer(good, 2, codes), utf8, 3, "code 254 at codes byte 2 names no symbol");
        // an escape with nothing after it
        byte[] trailing = buffers.get(2).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        trailing[trailing.length - 1] = (byte) 255;
        assertMalformed(withBuffer(good, 2, trailing), utf8, 3, "the codes end with an escape");
        // symbol lengths outside 1..8
        byte[] lengths = buffers.get(1).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        lengths[0] = 9;
        assertMalformed(withBuffer(good, 1, lengths), utf8, 3, "symbol 0 has length 9");
        lengths[0] = 0;
        assertMalformed(withBuffer(good, 1, lengths), utf8, 3, "symbol 0 has length 0");
        // symbols and lengths disagree
        assertMalformed(withBuffer(good, 0, new byte[8]), utf8, 3, "symbols buffer has 8 bytes");
        assertMalformed(withBuffer(withBuffer(good, 0, new byte[256 * 8]), 1, new byte[256]), utf8, 3,
                "at most 255");
        // lengths that do not add up to what the codes decode to
        Node wrongLengths = new Node(good.encoding(), good.metadata(), good.buffers(),
                List.of(Node.primitive(PType.I32, 11, 11, 15), good.children().get(1)));
        assertMalformed(wrongLengths, utf8, 3, "the uncompressed lengths add up to 37");
        Node negative = new Node(good.encoding(), good.metadata(), good.buffers(),
                List.of(Node.primitive(PType.I32, 11, -1, 14), good.children().get(1)));
        assertMalformed(negative, utf8, 3, "uncompressed length of value 1 is -1");
        Node huge = new Node(good.encoding(), good.metadata(), good.buffers(),
                List.of(Node.primitive(PType.I32, 11, Integer.MAX_VALUE, 14), good.children().get(1)));
        assertMalformed(huge, utf8, 3, "more than");
        // offsets outside the codes
        Node badOffsets = new Node(good.encoding(), good.metadata(), good.buffers(),
                List.of(good.children().get(0), Node.primitive(PType.I32, 2, 3, 4, 9999)));
        assertMalformed(badOffsets, utf8, 3, "codes offsets span [2, 9999)");
        // counts
        assertMalformed(new Node(good.encoding(), good.metadata(), buffers.subList(0, 1), good.children()), utf8, 3,
                "expected 3 buffers");
        assertMalformed(new Node(good.encoding(), good.metadata(), buffers, good.children().subList(0, 1)), utf8, 3,
                "expected 2 to 3 children");
        assertMalformed(new Node(good.encoding(), meta(PType.F64, PType.I32).toByteArray(), buffers,
                good.children()), utf8, 3, "uncompressed lengths type must be an integer type");
        assertMalformed(good, new DType.Bool(false), 3, "cannot hold values of dtype bool");
    }

    private static Node withBuffer(Node node, int index, byte[] bytes) {
        List<MemorySegment> buffers = new ArrayList<>(node.buffers());
        buffers.set(index, MemorySegment.ofArray(bytes));
        return new Node(node.encoding(), node.metadata(), buffers, node.children());
    }

    @Test
    void tableSampleCoversMultiByteSymbols() {
        Table table = Table.sample(new Random(1), List.of("abcdefghijklmnop"), 40);
        assertTrue(table.symbols().stream().anyMatch(s -> s.length > 1), "the test table has long symbols");
    }
}
