package dev.quire.dictionary.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Dictionaries read from a file check their codes as the codes are first read (gathered, decoded, picked), not when
 * the array is built: they decode exactly as arrays checked at once do, and a valid code out of range fails whichever
 * way the codes are read, with the error the constructor gives, built by the reader's function and naming the row of
 * the array that was read (also from slices and picked rows).
 */
class DeferredCheckTest {
    private static final Function<String, MalformedFileException> CONTEXT =
            m -> new MalformedFileException("malformed test array: " + m);

    /** The array as a file reader builds it: codes unchecked, errors through {@link #CONTEXT}. */
    static DictArray deferred(DType t, Array codes, Array values) {
        return new DictArray(t, DictArray.readCodes(codes), new DictValues(values), false, CONTEXT);
    }

    @Test
    void deferredArraysDecodeAsCheckedOnesForEveryCodeTypeAndWidth() {
        Random random = new Random(21);
        int cases = 0;
        for (DType t : GatherTest.VALUE_TYPES) {
            for (PType codeType : GatherTest.CODE_TYPES) {
                for (int nulls = 0; nulls < 4; nulls++) {
                    int most = codeType.byteWidth() == 1 ? 127 : 300;
                    int valueCount = random.nextBoolean() ? 1 + random.nextInt(7) : 1 + random.nextInt(most);
                    int n = random.nextInt(4) == 0 ? random.nextInt(40) : 1 + random.nextInt(5000);
                    GatherTest.Case checked = GatherTest.randomCase(random, t, codeType, valueCount, n,
                            (nulls & 1) != 0, (nulls & 2) != 0);
                    DictArray dict = deferred(t, checked.dict().codes(), checked.dict().values());
                    assertFalse(dict.codesChecked());
                    GatherTest.Case c = new GatherTest.Case(dict, checked.entries(), checked.codes(),
                            checked.valid());
                    String what = t + " codes " + codeType + " " + valueCount + " values nulls " + nulls;
                    int from = n == 0 ? 0 : random.nextInt(n);
                    int to = from + random.nextInt(n - from + 1);
                    GatherTest.assertDecoded(c, dict.slice(from, to).toCanonical(), from, to,
                            what + " slice " + from);
                    GatherTest.assertDecoded(c, dict.toCanonical(), 0, n, what);
                    boolean allNull = n > 0 && checked.dict().codes().nullCount() == n;
                    assertEquals(!allNull, dict.codesChecked(), what + ": a full gather checks the codes");
                    GatherTest.assertDecoded(c, dict.toCanonical(), 0, n, what + " again");
                    cases++;
                }
            }
        }
        assertEquals(GatherTest.VALUE_TYPES.size() * GatherTest.CODE_TYPES.size() * 4, cases);
    }

    @Test
    void validCodesOutOfRangeFailWhereverTheyAreRead() {
        Random random = new Random(22);
        DType t = new DType.Primitive(PType.I64, true);
        Array values = DictFiles.column(t, List.of(new Scalar(t, 5L), new Scalar(t, 6L), new Scalar(t, 7L)));
        for (PType codeType : GatherTest.CODE_TYPES) {
            List<Long> bad = List.of(3L, (1L << (codeType.byteWidth() * 8 - 1)) - 1, -1L, 1L << 31, 1L << 32);
            for (long code : bad) {
                if (codeType.byteWidth() < 8 && code >= 1L << (codeType.byteWidth() * 8)) {
                    continue;
                }
                int n = 2 + random.nextInt(4000);
                int at = 1 + random.nextInt(n - 1);
                long[] codes = new long[n];
                boolean[] valid = new boolean[n];
                for (int i = 0; i < n; i++) {
                    codes[i] = random.nextInt(3);
                    valid[i] = random.nextInt(6) != 0;
                }
                codes[at] = code;
                valid[at] = true;
                valid[0] = true;
                String what = codeType + " code " + code + " at " + at;
                for (boolean nullable : new boolean[] {false, true}) {
                    Validity validity = nullable ? DictReadTest.mask(valid) : Validity.NON_NULLABLE;
                    PrimitiveArray codeArray = new PrimitiveArray(new DType.Primitive(codeType, nullable),
                            GatherTest.codeSegment(codeType, codes), validity);
                    // The error the constructor gives, checking at once.
                    String expected = assertThrows(MalformedFileException.class,
                            () -> new DictArray(t, codeArray, values), what).getMessage();
                    assertEquals("malformed test array: " + expected, assertThrows(MalformedFileException.class,
                            () -> deferred(t, codeArray, values).toCanonical(), what).getMessage(), what);
                    assertEquals("malformed test array: " + expected, assertThrows(MalformedFileException.class,
                            () -> deferred(t, codeArray, values).codes(), what).getMessage(), what);
                    assertEquals("malformed test array: " + expected, assertThrows(MalformedFileException.class,
                            () -> deferred(t, codeArray, values).scalarAt(0), what).getMessage(), what);
                    // A slice holding the row names it as a row of the array that was read; one without it decodes.
                    DictArray dict = deferred(t, codeArray, values);
                    DictArray slice = dict.slice(at - 1, n).slice(1, n - at + 1);
                    assertEquals("malformed test array: " + expected, assertThrows(MalformedFileException.class,
                            slice::toCanonical, what + " slice").getMessage(), what + " slice");
                    Array before = dict.slice(0, at).toCanonical();
                    assertEquals(at, before.length());
                    assertFalse(dict.codesChecked(), what);
                    // Picked rows: only the picked codes are checked, and a bad one is named by its row.
                    DictArray picking = deferred(t, codeArray, values);
                    long[] others = random.longs(1 + random.nextInt(20), 0, n).filter(r -> r != at).sorted()
                            .distinct().toArray();
                    Array picked = picking.take(others).orElseThrow();
                    for (int k = 0; k < others.length; k++) {
                        int r = (int) others[k];
                        assertEquals(!nullable || valid[r], picked.isValid(k), what + " picked row " + r);
                        if (!nullable || valid[r]) {
                            assertEquals(5L + codes[r], ((PrimitiveArray) picked).getLong(k), what + " row " + r);
                        }
                    }
                    assertFalse(picking.codesChecked(), what);
                    long[] withBad = java.util.stream.LongStream.concat(java.util.Arrays.stream(others),
                            java.util.stream.LongStream.of(at)).sorted().toArray();
                    assertEquals("malformed test array: " + expected, assertThrows(MalformedFileException.class,
                            () -> picking.take(withBad), what).getMessage(), what);
                }
                // In a null row the same code is accepted and decodes to null.
                valid[at] = false;
                DictArray ok = deferred(t, new PrimitiveArray(new DType.Primitive(codeType, true),
                        GatherTest.codeSegment(codeType, codes), DictReadTest.mask(valid)), values);
                Array decoded = ok.toCanonical();
                for (int i = 0; i < n; i++) {
                    assertEquals(valid[i], decoded.isValid(i), what + " row " + i);
                    assertEquals(valid[i] ? 5L + codes[i] : 0L, ((PrimitiveArray) decoded).getLong(i), what);
                }
            }
        }
    }

    @Test
    void packedCodesOutOfRangeFailInTheGatherWithoutBeingDecoded() {
        Random random = new Random(23);
        DType t = new DType.Utf8(true);
        Array values = DictFiles.column(t, List.of(new Scalar(t, "a"), new Scalar(t, "a long value past twelve"),
                new Scalar(t, "c")));
        for (int round = 0; round < 40; round++) {
            int n = 2 + random.nextInt(5000);
            int at = random.nextInt(n);
            long[] codes = new long[n];
            boolean[] valid = new boolean[n];
            for (int i = 0; i < n; i++) {
                codes[i] = random.nextInt(3);
                valid[i] = random.nextInt(5) != 0;
            }
            boolean nullable = random.nextBoolean();
            // Null rows hold codes past the values too: only the valid one fails.
            for (int i = 0; i < n; i++) {
                if (nullable && !valid[i]) {
                    codes[i] = 3;
                }
            }
            codes[at] = 3;
            valid[at] = true;
            PrimitiveArray canonical = new PrimitiveArray(new DType.Primitive(PType.U16, nullable),
                    GatherTest.codeSegment(PType.U16, codes),
                    nullable ? DictReadTest.mask(valid) : Validity.NON_NULLABLE);
            AtomicInteger decodes = new AtomicInteger();
            int phase = random.nextInt(1024);
            PackedCodesTest.BlockCodes packed = new PackedCodesTest.BlockCodes(canonical, 4, phase, decodes);
            DictArray dict = deferred(t, packed, values);
            MalformedFileException e = assertThrows(MalformedFileException.class, dict::toCanonical);
            assertEquals("malformed test array: dictionary code 3 at row " + at + " is outside the 3 values",
                    e.getMessage());
            int from = random.nextInt(at + 1);
            e = assertThrows(MalformedFileException.class, () -> dict.slice(from, n).toCanonical());
            assertEquals("malformed test array: dictionary code 3 at row " + at + " is outside the 3 values",
                    e.getMessage(), "slice from " + from);
            assertEquals(0, decodes.get(), "the gather checked the packed codes without decoding them");
            // Without the bad row the codes decode, null rows (holding 3) included.
            valid[at] = !nullable;
            codes[at] = nullable ? 3 : 1;
            PrimitiveArray fixed = new PrimitiveArray(new DType.Primitive(PType.U16, nullable),
                    GatherTest.codeSegment(PType.U16, codes),
                    nullable ? DictReadTest.mask(valid) : Validity.NON_NULLABLE);
            DictArray good = deferred(t, new PackedCodesTest.BlockCodes(fixed, 4, phase, decodes), values);
            Array decoded = good.toCanonical();
            assertTrue(good.codesChecked());
            for (int i = 0; i < n; i++) {
                boolean rowValid = !nullable || valid[i];
                assertEquals(rowValid, decoded.isValid(i), "row " + i);
                if (rowValid) {
                    assertEquals(values.scalarAt(codes[i]).value(), decoded.scalarAt(i).value(), "row " + i);
                }
            }
            assertEquals(0, decodes.get(), "the gather checked the packed codes without decoding them");
        }
    }

    /** Values too many for the heap table are gathered from their segment, checking the codes the same way. */
    @Test
    void dictionariesTooLargeForTheTableCheckTheirCodesToo() {
        DType t = new DType.Primitive(PType.I64, false);
        int valueCount = (int) (SlotTable.MAX_BYTES / 8) + 3;
        PrimitiveArray valueArray = new PrimitiveArray((DType.Primitive) t,
                java.lang.foreign.MemorySegment.ofArray(new long[valueCount]), Validity.NON_NULLABLE);
        long[] codes = {0, 5, valueCount - 1L, valueCount, 2};
        PrimitiveArray codeArray = new PrimitiveArray(new DType.Primitive(PType.U32, false),
                GatherTest.codeSegment(PType.U32, codes), Validity.NON_NULLABLE);
        MalformedFileException e = assertThrows(MalformedFileException.class,
                () -> deferred(t, codeArray, valueArray).toCanonical());
        assertEquals("malformed test array: dictionary code " + valueCount + " at row 3 is outside the "
                + valueCount + " values", e.getMessage());
        assertEquals(3, deferred(t, codeArray, valueArray).slice(0, 3).toCanonical().length());
    }
}
