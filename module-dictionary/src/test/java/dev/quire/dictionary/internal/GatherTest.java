package dev.quire.dictionary.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Properties of the block-wise gather ({@link Gather}) and of the code check of the public {@link DictArray}
 * constructor: decoding equals looking each row's value up by its code, for every code type, every slot width (1 to
 * 32 bytes, string views), nulls in codes and in values, slices at unaligned offsets, dictionaries of one value and
 * dictionaries too large for the heap table; and every valid code out of range is rejected with the same error as
 * before.
 */
class GatherTest {
    static final List<PType> CODE_TYPES = List.of(PType.U8, PType.I8, PType.U16, PType.I16, PType.U32, PType.I32,
            PType.U64, PType.I64);

    static final List<DType> VALUE_TYPES = List.of(new DType.Primitive(PType.I8, true),
            new DType.Primitive(PType.U16, true), new DType.Primitive(PType.I32, true),
            new DType.Primitive(PType.F32, true), new DType.Primitive(PType.I64, true),
            new DType.Primitive(PType.F64, true), new DType.Decimal(9, 2, true), new DType.Decimal(30, 3, true),
            new DType.Decimal(60, 1, true), new DType.Utf8(true));

    /** A dictionary built in the test, with the codes and validity it was built from, to check against. */
    record Case(DictArray dict, List<Scalar> entries, long[] codes, boolean[] valid) {
        /** The value row {@code i} must decode to, or null. */
        Object expected(int i) {
            if (!valid[i]) {
                return null;
            }
            return entries.get((int) codes[i]).value();
        }
    }

    static Scalar randomValue(DType t, Random random, int v) {
        return new Scalar(t, switch (t) {
            case DType.Primitive p when p.ptype() == PType.I8 -> (long) (byte) random.nextInt();
            case DType.Primitive p when p.ptype() == PType.U16 -> (long) random.nextInt(1 << 16);
            case DType.Primitive p when p.ptype() == PType.I32 -> (long) random.nextInt();
            case DType.Primitive p when p.ptype() == PType.F32 -> random.nextFloat();
            case DType.Primitive p when p.ptype() == PType.F64 -> random.nextDouble();
            case DType.Primitive p -> random.nextLong();
            case DType.Decimal d -> new BigDecimal(new BigInteger(Math.min(d.precision() * 3, 120), random)
                    .multiply(BigInteger.valueOf(random.nextBoolean() ? 1 : -1)), d.scale());
            // Short strings are inline in their views, longer ones point into the data buffers.
            default -> "v" + v + "-".repeat(random.nextInt(24));
        });
    }

    static MemorySegment codeSegment(PType codeType, long[] codes) {
        int n = codes.length;
        MemorySegment seg = MemorySegment.ofArray(new byte[n * codeType.byteWidth()]);
        for (int i = 0; i < n; i++) {
            long c = codes[i];
            switch (codeType.byteWidth()) {
                case 1 -> seg.set(ValueLayout.JAVA_BYTE, i, (byte) c);
                case 2 -> seg.setAtIndex(LittleEndian.SHORT, i, (short) c);
                case 4 -> seg.setAtIndex(LittleEndian.INT, i, (int) c);
                default -> seg.setAtIndex(LittleEndian.LONG, i, c);
            }
        }
        return seg;
    }

    static Case randomCase(Random random, DType t, PType codeType, int valueCount, int n, boolean nullCodes,
            boolean nullValues) {
        List<Scalar> entries = new ArrayList<>();
        int nullEntry = nullValues ? random.nextInt(valueCount) : -1;
        for (int v = 0; v < valueCount; v++) {
            entries.add(v == nullEntry ? Scalar.nullOf(t) : randomValue(t, random, v));
        }
        Array values = DictFiles.column(t, entries);
        long[] codes = new long[n];
        boolean[] codeValid = new boolean[n];
        boolean[] valid = new boolean[n];
        int codeMax = 1 << Math.min(codeType.byteWidth() * 8 - 1, 20);
        for (int i = 0; i < n; i++) {
            codeValid[i] = !nullCodes || random.nextInt(5) != 0;
            // A null row may hold any code, in range or not, negative for a signed type.
            codes[i] = codeValid[i] ? random.nextInt(valueCount)
                    : random.nextBoolean() ? random.nextInt(codeMax) : -1 - random.nextInt(codeMax);
            if (!codeType.isSigned() && codes[i] < 0 && codeType.byteWidth() < 8) {
                codes[i] &= (1L << (codeType.byteWidth() * 8)) - 1;
            }
            valid[i] = codeValid[i] && codes[i] != nullEntry;
        }
        Validity validity = nullCodes ? DictReadTest.mask(codeValid) : Validity.NON_NULLABLE;
        PrimitiveArray codeArray = new PrimitiveArray(new DType.Primitive(codeType, nullCodes),
                codeSegment(codeType, codes), validity);
        return new Case(new DictArray(t, codeArray, values), entries, codes, valid);
    }

    /** Row {@code i} of {@code decoded} holds the expected value, and a null row has a zeroed slot. */
    static void assertDecoded(Case c, Array decoded, int from, int to, String what) {
        assertEquals(to - from, decoded.length(), what);
        assertTrue(decoded.isCanonical(), what);
        if (to == from) {
            return;
        }
        MemorySegment slots = switch (decoded) {
            case PrimitiveArray p -> p.values();
            case DecimalArray d -> d.values();
            case VarBinViewArray v -> v.views();
            default -> throw new AssertionError(what + ": " + decoded);
        };
        long width = slots.byteSize() / decoded.length();
        for (int i = from; i < to; i++) {
            Object expected = c.expected(i);
            int row = i - from;
            assertEquals(expected != null, decoded.isValid(row), what + " row " + i);
            if (expected != null) {
                assertEquals(expected, decoded.scalarAt(row).value(), what + " row " + i);
            } else {
                MemorySegment slot = slots.asSlice(row * width, width);
                assertEquals(-1L, slot.mismatch(MemorySegment.ofArray(new byte[(int) width])),
                        what + " null row " + i + " has a zeroed slot");
            }
        }
    }

    @Test
    void decodingEqualsEachRowsValueForEveryCodeTypeAndWidth() {
        Random random = new Random(8);
        int cases = 0;
        for (DType t : VALUE_TYPES) {
            for (PType codeType : CODE_TYPES) {
                for (int nulls = 0; nulls < 4; nulls++) {
                    boolean nullCodes = (nulls & 1) != 0;
                    boolean nullValues = (nulls & 2) != 0;
                    int valueCount = switch (random.nextInt(3)) {
                        case 0 -> 1;
                        case 1 -> 2 + random.nextInt(6);
                        default -> 1 + random.nextInt(127);
                    };
                    int n = random.nextInt(4) == 0 ? random.nextInt(40) : 1 + random.nextInt(5000);
                    Case c = randomCase(random, t, codeType, valueCount, n, nullCodes, nullValues);
                    String what = t + " codes " + codeType + " " + valueCount + " values nulls " + nulls;
                    assertDecoded(c, c.dict().toCanonical(), 0, n, what);
                    // Slices at unaligned offsets, across block boundaries.
                    int from = n == 0 ? 0 : random.nextInt(n);
                    int to = from + random.nextInt(n - from + 1);
                    assertDecoded(c, c.dict().slice(from, to).toCanonical(), from, to, what + " slice " + from);
                    long[] rows = random.longs(n / 7 + 1, 0, Math.max(1, n)).distinct().sorted()
                            .filter(r -> r < n).toArray();
                    Array taken = c.dict().take(rows).orElseThrow();
                    for (int k = 0; k < rows.length; k++) {
                        Object expected = c.expected((int) rows[k]);
                        assertEquals(expected, taken.isValid(k) ? taken.scalarAt(k).value() : null,
                                what + " taken row " + rows[k]);
                    }
                    cases++;
                }
            }
        }
        assertEquals(VALUE_TYPES.size() * CODE_TYPES.size() * 4, cases);
    }

    /** A dictionary of one value, which decodes by repeating it, with and without null rows. */
    @Test
    void oneValueDictionaries() {
        Random random = new Random(1);
        for (DType t : VALUE_TYPES) {
            for (boolean nullCodes : new boolean[] {false, true}) {
                int n = 1 + random.nextInt(3000);
                Case c = randomCase(random, t, PType.U8, 1, n, nullCodes, false);
                assertDecoded(c, c.dict().toCanonical(), 0, n, t + " nulls " + nullCodes);
                assertDecoded(c, c.dict().slice(1, n).toCanonical(), 1, n, t + " slice");
            }
        }
    }

    /** Values beyond the heap table's size are gathered from their segment, with the same results. */
    @Test
    void dictionariesTooLargeForTheTable() {
        Random random = new Random(3);
        DType t = new DType.Primitive(PType.I64, true);
        int valueCount = (int) (SlotTable.MAX_BYTES / 8) + 3;
        long[] values = new long[valueCount];
        for (int v = 0; v < valueCount; v++) {
            values[v] = v * 31L - 7;
        }
        PrimitiveArray valueArray = new PrimitiveArray((DType.Primitive) t, MemorySegment.ofArray(values),
                Validity.ALL_VALID);
        int n = 2500;
        long[] codes = new long[n];
        boolean[] valid = new boolean[n];
        for (int i = 0; i < n; i++) {
            valid[i] = random.nextInt(4) != 0;
            codes[i] = valid[i] ? random.nextInt(valueCount) : Integer.MAX_VALUE;
        }
        DictArray dict = new DictArray(t, new PrimitiveArray(new DType.Primitive(PType.U32, true),
                codeSegment(PType.U32, codes), DictReadTest.mask(valid)), valueArray);
        assertEquals(null, dict.valuesHandle().slotTable(valueArray.values(), 8));
        PrimitiveArray decoded = (PrimitiveArray) dict.slice(3, n).toCanonical();
        for (int i = 3; i < n; i++) {
            assertEquals(valid[i], decoded.isValid(i - 3), "row " + i);
            assertEquals(valid[i] ? values[(int) codes[i]] : 0L, decoded.getLong(i - 3), "row " + i);
        }
    }

    /** Every valid code out of range fails with the row and code named; null rows may hold any code. */
    @Test
    void validCodesOutOfRangeAreRejectedForEveryCodeType() {
        Random random = new Random(5);
        DType t = new DType.Primitive(PType.I64, true);
        Array values = DictFiles.column(t, List.of(new Scalar(t, 5L), new Scalar(t, 6L), new Scalar(t, 7L)));
        for (PType codeType : CODE_TYPES) {
            // Just past the values, the largest positive code, and all ones (negative for a signed type).
            List<Long> bad = List.of(3L, (1L << (codeType.byteWidth() * 8 - 1)) - 1, -1L);
            for (long code : bad) {
                int n = 1 + random.nextInt(3000);
                int at = random.nextInt(n);
                long[] codes = new long[n];
                boolean[] valid = new boolean[n];
                for (int i = 0; i < n; i++) {
                    codes[i] = random.nextInt(3);
                    valid[i] = true;
                }
                codes[at] = code;
                String shown = codeType == PType.U64 ? Long.toUnsignedString(code)
                        : Long.toString(codeType.isSigned() ? code : code & ((1L << (codeType.byteWidth() * 8)) - 1));
                for (boolean nullable : new boolean[] {false, true}) {
                    Validity validity = nullable ? DictReadTest.mask(valid) : Validity.NON_NULLABLE;
                    PrimitiveArray codeArray = new PrimitiveArray(new DType.Primitive(codeType, nullable),
                            codeSegment(codeType, codes), validity);
                    MalformedFileException e = assertThrows(MalformedFileException.class,
                            () -> new DictArray(t, codeArray, values), codeType + " code " + code);
                    assertEquals("dictionary code " + shown + " at row " + at + " is outside the 3 values",
                            e.getMessage(), codeType + " code " + code);
                }
                // The same code in a null row is accepted and decodes to null.
                valid[at] = false;
                DictArray ok = new DictArray(t, new PrimitiveArray(new DType.Primitive(codeType, true),
                        codeSegment(codeType, codes), DictReadTest.mask(valid)), values);
                Array decoded = ok.toCanonical();
                assertEquals(false, decoded.isValid(at), codeType + " null row");
                for (int i = 0; i < n; i++) {
                    if (i != at) {
                        assertEquals(5L + codes[i], decoded.scalarAt(i).value(), codeType + " row " + i);
                    }
                }
            }
        }
    }
}
