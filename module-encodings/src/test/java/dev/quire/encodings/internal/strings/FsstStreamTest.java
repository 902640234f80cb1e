package dev.quire.encodings.internal.strings;

import static dev.quire.encodings.internal.Expected.assertMalformed;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.Node;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.io.ByteArrayOutputStream;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The stream decoder on code streams no compressor would write, against a decoder written for the test (one code at a
 * time): escapes at every place in a word of eight codes, runs of them, escaped {@code 0xFF} bytes (which look like
 * escapes themselves), full tables of eight-byte symbols ending right at the output's end, a code that names no
 * symbol in the same word as an escape, and the codes ending on an escape. The values are cut from the stream at
 * random code boundaries (empty values and nulls included), so windows and takes are checked too.
 */
class FsstStreamTest {
    private static final DType BINARY = new DType.Binary(true);

    /** A table of {@code count} random symbols; every one eight bytes long when {@code longSymbols}. */
    private static FsstEncodingTest.Table table(Random random, int count, boolean longSymbols) {
        List<byte[]> symbols = new ArrayList<>();
        for (int s = 0; s < count; s++) {
            byte[] sym = new byte[longSymbols ? 8 : 1 + random.nextInt(8)];
            random.nextBytes(sym);
            symbols.add(sym);
        }
        return new FsstEncodingTest.Table(symbols);
    }

    /** A random stream of well-formed codes: symbols, and escapes (in runs at times) of any byte, 0xFF often. */
    private static byte[] stream(Random random, int count, int codes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int escapeOneIn = 1 + random.nextInt(count == 0 ? 1 : 12);
        while (out.size() < codes) {
            if (count == 0 || random.nextInt(escapeOneIn) == 0) {
                int run = random.nextInt(4) == 0 ? 1 + random.nextInt(6) : 1;
                for (int r = 0; r < run; r++) {
                    out.write(FsstSymbols.ESCAPE);
                    out.write(random.nextInt(3) == 0 ? 0xFF : random.nextInt(256));
                }
            } else {
                out.write(random.nextInt(count));
            }
        }
        return out.toByteArray();
    }

    /**
     * The test's decoder: the bytes {@code codes} stand for, and in {@code cuts} the code positions a value may end at
     * (after a symbol, or after an escape and its byte) with the decoded length there, as pairs.
     */
    private static byte[] decode(FsstEncodingTest.Table table, byte[] codes, List<int[]> cuts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int i = 0;
        cuts.add(new int[] {0, 0});
        while (i < codes.length) {
            int code = codes[i++] & 0xFF;
            if (code == FsstSymbols.ESCAPE) {
                out.write(codes[i++]);
            } else {
                out.writeBytes(table.symbols().get(code));
            }
            cuts.add(new int[] {i, out.size()});
        }
        return out.toByteArray();
    }

    /** The stream cut into values at random code boundaries, some of them null (no codes, no bytes). */
    private static Node node(FsstEncodingTest.Table table, byte[] codes, byte[] decoded, List<int[]> cuts,
            Random random, List<byte[]> values) {
        List<Long> lengths = new ArrayList<>();
        List<Long> offsets = new ArrayList<>();
        List<Boolean> valid = new ArrayList<>();
        offsets.add(0L);
        int at = 0;
        while (at < cuts.size() - 1 || valid.isEmpty()) {
            if (random.nextInt(8) == 0) {
                values.add(null);
                valid.add(false);
                lengths.add(0L);
                offsets.add((long) cuts.get(at)[0]);
                continue;
            }
            int next = Math.min(cuts.size() - 1, at + random.nextInt(random.nextInt(3) == 0 ? 40 : 6));
            int from = cuts.get(at)[1];
            int to = cuts.get(next)[1];
            values.add(java.util.Arrays.copyOfRange(decoded, from, to));
            valid.add(true);
            lengths.add((long) (to - from));
            offsets.add((long) cuts.get(next)[0]);
            at = next;
        }
        boolean[] validity = new boolean[valid.size()];
        for (int k = 0; k < validity.length; k++) {
            validity[k] = valid.get(k);
        }
        return Node.of(FsstEncoding.ID, FsstEncodingTest.meta(PType.U32, PType.U32),
                List.of(table.symbolBuffer(), table.lengthBuffer(), MemorySegment.ofArray(codes)),
                List.of(Node.primitive(PType.U32, lengths.stream().mapToLong(Long::longValue).toArray()),
                        Node.primitive(PType.U32, offsets.stream().mapToLong(Long::longValue).toArray())))
                .withValidity(validity);
    }

    @Test
    void randomStreamsDecodeAsOneCodeAtATimeDoes() {
        Random random = new Random(808);
        int escapes = 0;
        for (int round = 0; round < 300; round++) {
            int count = switch (round % 5) {
                case 0 -> 255;
                case 1 -> 0;
                default -> 1 + random.nextInt(255);
            };
            FsstEncodingTest.Table table = table(random, count, round % 3 == 0);
            byte[] codes = stream(random, count, random.nextInt(4) == 0 ? random.nextInt(20) : random.nextInt(3000));
            List<int[]> cuts = new ArrayList<>();
            byte[] decoded = decode(table, codes, cuts);
            for (byte c : codes) {
                escapes += (c & 0xFF) == FsstSymbols.ESCAPE ? 1 : 0;
            }
            List<byte[]> values = new ArrayList<>();
            Node node = node(table, codes, decoded, cuts, random, values);
            FsstDecodeTest.check(values, FsstDecodeTest.lazy(node, values.size()), random,
                    "round " + round + ", " + count + " symbols, " + codes.length + " code bytes");
        }
        assertTrue(escapes > 10_000, "the streams escape often: " + escapes);
    }

    @Test
    void aCodeThatNamesNoSymbolBesideEscapesIsReported() {
        Random random = new Random(809);
        for (int round = 0; round < 200; round++) {
            int count = 1 + random.nextInt(254);
            FsstEncodingTest.Table table = table(random, count, random.nextBoolean());
            byte[] good = stream(random, count, 1 + random.nextInt(400));
            // a code past the table put anywhere, in a word that may also hold escapes
            int at = random.nextInt(good.length + 1);
            while (at > 0 && at < good.length && (good[at - 1] & 0xFF) == FsstSymbols.ESCAPE) {
                at--;
            }
            int bad = count + random.nextInt(FsstSymbols.ESCAPE - count);
            byte[] codes = new byte[good.length + 1];
            System.arraycopy(good, 0, codes, 0, at);
            codes[at] = (byte) bad;
            System.arraycopy(good, at, codes, at + 1, good.length - at);
            List<int[]> cuts = new ArrayList<>();
            byte[] decoded = decode(table, good, cuts);
            assertMalformed(oneValue(table, codes, decoded.length), BINARY, 1,
                    "code " + bad + " at codes byte " + at + " names no symbol");
        }
    }

    @Test
    void codesEndingOnAnEscapeAreReported() {
        Random random = new Random(810);
        for (int round = 0; round < 100; round++) {
            int count = random.nextInt(256);
            FsstEncodingTest.Table table = table(random, Math.min(count, 255), false);
            byte[] good = stream(random, Math.min(count, 255), random.nextInt(100));
            List<int[]> cuts = new ArrayList<>();
            byte[] decoded = decode(table, good, cuts);
            byte[] codes = java.util.Arrays.copyOf(good, good.length + 1);
            codes[good.length] = (byte) FsstSymbols.ESCAPE;
            assertMalformed(oneValue(table, codes, decoded.length), BINARY, 1,
                    "end with an escape and no byte after it (codes byte " + good.length + ")");
        }
    }

    /** One valid value of {@code length} bytes whose codes are all of {@code codes}. */
    private static Node oneValue(FsstEncodingTest.Table table, byte[] codes, int length) {
        return Node.of(FsstEncoding.ID, FsstEncodingTest.meta(PType.U32, PType.U32),
                List.of(table.symbolBuffer(), table.lengthBuffer(), MemorySegment.ofArray(codes)),
                List.of(Node.primitive(PType.U32, length), Node.primitive(PType.U32, 0, codes.length)))
                .withValidity(new boolean[] {true});
    }
}
