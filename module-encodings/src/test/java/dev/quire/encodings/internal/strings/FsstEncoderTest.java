package dev.quire.encodings.internal.strings;

import static dev.quire.encodings.internal.EncodedRoundTrip.assertRoundTrip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FsstEncoderTest {

    static VarBinViewArray strings(int n, double nullFraction, Random r, IntFunction<String> value) {
        VarBinViewBuilder b = (VarBinViewBuilder) ArrayBuilder.forType(new DType.Utf8(nullFraction > 0));
        for (int i = 0; i < n; i++) {
            if (nullFraction > 0 && r.nextDouble() < nullFraction) {
                b.appendNull();
            } else {
                b.appendString(value.apply(i));
            }
        }
        return b.finish();
    }

    static String randomLetters(Random r, int min, int max) {
        int len = min + r.nextInt(max - min + 1);
        StringBuilder s = new StringBuilder(len);
        for (int i = 0; i < len; i++) {
            s.append((char) ('a' + r.nextInt(26)));
        }
        return s.toString();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 10, 1000, 30_000})
    void repetitiveStringsCompressWell(int n) {
        Random r = new Random(n);
        VarBinViewArray values = strings(n, 0, r, i -> "this is a fairly long string value number " + r.nextInt(50));
        FsstArray fsst = FsstEncoder.encode(values);
        assertRoundTrip(values, fsst, "long strings " + n);
        if (n >= 1000) {
            long raw = 0;
            for (int i = 0; i < n; i++) {
                raw += values.byteLength(i);
            }
            // symbols of up to 8 bytes: well under a third of the bytes (two-byte symbols alone reach about half)
            assertTrue(fsst.codesByteSize() * 100 < raw * 30, "codes " + fsst.codesByteSize() + " of " + raw + " bytes");
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, 0.1, 0.9})
    void shapesFromTheFixturesRoundTrip(double nulls) {
        Random r = new Random(42);
        int n = 20_000;
        String[] low = new String[10];
        for (int i = 0; i < low.length; i++) {
            low[i] = "category_" + (char) ('A' + i);
        }
        check(strings(n, nulls, r, i -> low[r.nextInt(10)]), "low with nulls " + nulls);
        check(strings(n, nulls, r, i -> "name" + (i % 100)), "name100 with nulls " + nulls);
        check(strings(n, nulls, r, i -> randomLetters(r, 16, 16)), "high with nulls " + nulls);
        check(strings(n, nulls, r, i -> randomLetters(r, 1, 12)), "short with nulls " + nulls);
        check(strings(n, nulls, r, i -> {
            StringBuilder s = new StringBuilder();
            int len = 1 + r.nextInt(20);
            for (int k = 0; k < len; k++) {
                s.append((char) (0x4E00 + r.nextInt(0x9FFF - 0x4E00)));
            }
            return s.toString();
        }), "cjk with nulls " + nulls);
    }

    private static void check(VarBinViewArray values, String what) {
        FsstArray fsst = FsstEncoder.encode(values);
        assertTrue(fsst.symbolCount() <= FsstEncoder.MAX_SYMBOLS);
        assertTableOrder(fsst.symbolLengths(), what);
        assertAdmissible(fsst, what);
        assertRoundTrip(values, fsst, what);
    }

    /**
     * The rules that make fsst-rs's lookup find the symbols this encoder chose: no zero byte in a symbol of 2 or more
     * bytes, no 2-byte symbol sharing its bytes with the start of a longer one, one longer symbol per hash slot.
     */
    static void assertAdmissible(FsstArray fsst, String what) {
        byte[] lengths = fsst.symbolLengths();
        long[] symbols = new long[lengths.length];
        MemorySegment.copy(fsst.symbolBytes(), LittleEndian.LONG, 0, symbols, 0, symbols.length);
        boolean[] pairs = new boolean[1 << 16];
        boolean[] longer = new boolean[1 << 16];
        boolean[] slots = new boolean[FsstEncoder.HASH_SLOTS];
        for (int c = 0; c < symbols.length; c++) {
            assertTrue(FsstEncoder.admissible(symbols[c], lengths[c], pairs, longer, slots),
                    what + ": symbol " + c + " of length " + lengths[c] + " clashes with an earlier one");
            if (lengths[c] == 2) {
                pairs[(int) (symbols[c] & 0xFFFF)] = true;
            } else if (lengths[c] > 2) {
                longer[(int) (symbols[c] & 0xFFFF)] = true;
                slots[FsstEncoder.slot(symbols[c])] = true;
            }
        }
    }

    /** The order Vortex checks: multi-byte symbols by ascending length, then every one-byte symbol. */
    static void assertTableOrder(byte[] lengths, String what) {
        int previous = 2;
        boolean ones = false;
        for (int i = 0; i < lengths.length; i++) {
            int len = lengths[i];
            assertTrue(len >= 1 && len <= 8, what + ": symbol " + i + " has length " + len);
            if (len == 1) {
                ones = true;
            } else {
                assertTrue(!ones && len >= previous, what + ": symbol " + i + " of length " + len + " out of order");
                previous = len;
            }
        }
    }

    @Test
    void emptyLongAndAllNullValuesRoundTrip() {
        Random r = new Random(1);
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 5000; i++) {
            big.append("segment ").append(i % 17).append(' ');
        }
        String longValue = big.toString();
        VarBinViewArray values = strings(300, 0.2, r, i -> i % 3 == 0 ? "" : i % 7 == 0 ? longValue : "x" + i);
        assertRoundTrip(values, FsstEncoder.encode(values), "empty and long");
        VarBinViewArray allNull = strings(40, 1.0, r, i -> "never");
        FsstArray fsst = FsstEncoder.encode(allNull);
        assertEquals(0, fsst.codesByteSize());
        assertRoundTrip(allNull, fsst, "all null");
    }

    @Test
    void binaryWithEveryByteValueRoundTrips() {
        Random r = new Random(9);
        VarBinViewBuilder b = (VarBinViewBuilder) ArrayBuilder.forType(new DType.Binary(false));
        for (int i = 0; i < 2000; i++) {
            byte[] v = new byte[r.nextInt(40)];
            r.nextBytes(v);
            if (i % 5 == 0) {
                v = ("prefix-" + i).getBytes(StandardCharsets.UTF_8);
            }
            b.appendBytes(v);
        }
        VarBinViewArray values = b.finish();
        assertRoundTrip(values, FsstEncoder.encode(values), "binary");
    }

    @Test
    void trainingIsDeterministic() {
        Random r = new Random(3);
        VarBinViewArray values = strings(50_000, 0, r, i -> randomLetters(r, 5, 30) + " suffix");
        FsstArray a = FsstEncoder.encode(values);
        FsstArray b = FsstEncoder.encode(values);
        assertEquals(a.codesByteSize(), b.codesByteSize());
        assertEquals(a.symbolCount(), b.symbolCount());
    }

    /**
     * The compressor codes the first and the second half of the rows as two streams at once and joins them: its codes
     * and offsets must be those of one stream coded value by value with the table's plain lookup ({@code match}),
     * whatever the halves hold: no rows, one, empty values and nulls at either end of either half, or all the long
     * values in one half; and with no symbols at all, where the codes take twice the bytes of the text.
     */
    @Test
    void twoStreamsGiveTheCodesOfOne() {
        Random r = new Random(31);
        for (int round = 0; round < 60; round++) {
            int n = round < 6 ? round : 1 + r.nextInt(round % 3 == 0 ? 5000 : 200);
            double nulls = round % 4 == 0 ? 0 : 0.2;
            int skew = round % 5;
            VarBinViewArray values = strings(n, nulls, r, i -> switch (skew) {
                case 0 -> r.nextInt(4) == 0 ? "" : randomLetters(r, 0, 40);
                case 1 -> i < n / 2 ? "" : randomLetters(r, 1, 60);
                case 2 -> i < n / 2 ? randomLetters(r, 20, 90) : (r.nextBoolean() ? "" : "x");
                case 3 -> "\u00e9t\u00e9 " + randomLetters(r, 0, 12) + " \u2603";
                default -> randomLetters(r, 0, 3);
            });
            FsstEncoder.Strings strings = FsstEncoder.Strings.of(values);
            // every seventh round with no symbols: every byte escaped, two code bytes a byte, so the streams' arrays grow
            FsstEncoder.SymbolTable table = round % 7 == 6 ? new FsstEncoder.SymbolTable(new long[0], new int[0])
                    : FsstEncoder.train(strings);
            FsstArray fsst = FsstEncoder.compress(values, strings, table);
            String what = "round " + round + ", " + n + " rows";
            java.io.ByteArrayOutputStream want = new java.io.ByteArrayOutputStream();
            long[] wantOffsets = new long[n + 1];
            for (int i = 0; i < n; i++) {
                int pos = strings.starts()[i];
                int end = pos + strings.lengths()[i];
                while (pos < end) {
                    int code = table.match(strings.data(), pos, end - pos);
                    if (code < 256) {
                        want.write(code);
                    } else {
                        want.write(FsstSymbols.ESCAPE);
                        want.write(code - 256);
                    }
                    pos += table.length(code);
                }
                wantOffsets[i + 1] = want.size();
            }
            org.junit.jupiter.api.Assertions.assertArrayEquals(want.toByteArray(),
                    fsst.codes().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE), what + ": codes");
            dev.quire.layout.array.PrimitiveArray offsets =
                    (dev.quire.layout.array.PrimitiveArray) fsst.children().get(1).toCanonical();
            for (int i = 0; i <= n; i++) {
                assertEquals(wantOffsets[i], dev.quire.encodings.internal.TestArrays.raw(offsets, i),
                        what + ": offset " + i);
            }
        }
    }

    /** The lookup without branches gives the plain lookup's code at every place of every value, near its end too. */
    @Test
    void theLookupWithoutBranchesAgreesWithThePlainOne() {
        Random r = new Random(32);
        for (int round = 0; round < 20; round++) {
            VarBinViewArray values = strings(2000, 0, r, i -> randomLetters(r, 0, 3 + r.nextInt(30))
                    + (r.nextInt(8) == 0 ? "\u00ff\u0000" : ""));
            FsstEncoder.Strings strings = FsstEncoder.Strings.of(values);
            FsstEncoder.SymbolTable table = FsstEncoder.train(strings);
            int checked = 0;
            for (int i = 0; i < 2000; i++) {
                int start = strings.starts()[i];
                int end = start + strings.lengths()[i];
                for (int pos = start; pos < end; pos++) {
                    assertEquals(table.match(strings.data(), pos, end - pos),
                            table.matchWithoutBranches(strings.data(), pos, end - pos),
                            "round " + round + ", value " + i + " at " + (pos - start));
                    checked++;
                }
            }
            assertTrue(checked > 10_000, "places checked: " + checked);
        }
    }
}
