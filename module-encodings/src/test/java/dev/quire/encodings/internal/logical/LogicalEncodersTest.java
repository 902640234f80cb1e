package dev.quire.encodings.internal.logical;

import static dev.quire.encodings.internal.EncodedRoundTrip.assertRoundTrip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.RoundTrip;
import dev.quire.encodings.internal.TestArrays;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.ExtensionArray;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.dtype.Temporal;
import dev.quire.layout.dtype.TimeUnit;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class LogicalEncodersTest {

    /** Decimals of the given storage width holding {@code values} (sign-extended). */
    static DecimalArray decimals(int precision, int width, long[] values, boolean[] valid) {
        MemorySegment s = MemorySegment.ofArray(new byte[values.length * width]);
        for (int i = 0; i < values.length; i++) {
            long v = values[i];
            long at = (long) i * width;
            switch (width) {
                case 1 -> s.set(java.lang.foreign.ValueLayout.JAVA_BYTE, at, (byte) v);
                case 2 -> s.set(LittleEndian.SHORT, at, (short) v);
                case 4 -> s.set(LittleEndian.INT, at, (int) v);
                default -> {
                    s.set(LittleEndian.LONG, at, v);
                    for (long k = at + 8; k < at + width; k += 8) {
                        s.set(LittleEndian.LONG, k, v >> 63);
                    }
                }
            }
        }
        DType.Decimal dtype = new DType.Decimal(precision, 2, valid != null);
        return new DecimalArray(dtype, s, width, valid == null ? Validity.NON_NULLABLE : TestArrays.mask(valid));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8, 16, 32})
    void decimalsNarrowToTheSmallestSignedType(int width) {
        int precision = switch (width) {
            case 1 -> 2;
            case 2 -> 4;
            case 4 -> 9;
            case 8 -> 18;
            case 16 -> 38;
            default -> 76;
        };
        Random r = new Random(width);
        long[] small = new long[1000];
        boolean[] valid = new boolean[small.length];
        for (int i = 0; i < small.length; i++) {
            small[i] = r.nextInt(199) - 99;
            valid[i] = r.nextInt(10) != 0;
        }
        for (boolean[] v : new boolean[][] {null, valid}) {
            DecimalArray values = decimals(precision, width, small, v);
            DecimalBytePartsArray parts = DecimalBytePartsEncoder.encode(values).orElseThrow();
            assertEquals(PType.I8, ((DType.Primitive) parts.children().get(0).dtype()).ptype());
            assertRoundTrip(values, parts, "width " + width);
        }
        if (width >= 8) {
            long[] wide = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1};
            DecimalArray values = decimals(precision, width, wide, null);
            DecimalBytePartsArray parts = DecimalBytePartsEncoder.encode(values).orElseThrow();
            assertEquals(PType.I64, ((DType.Primitive) parts.children().get(0).dtype()).ptype());
            assertRoundTrip(values, parts, "i64 extremes in width " + width);
        }
    }

    @Test
    void decimalsBeyond64BitsAreNotEncoded() {
        MemorySegment s = MemorySegment.ofArray(new byte[32]);
        s.set(LittleEndian.LONG, 8, 1L); // value 0 is 2^64
        DecimalArray values = new DecimalArray(new DType.Decimal(38, 0, false), s, 16, Validity.NON_NULLABLE);
        assertTrue(DecimalBytePartsEncoder.encode(values).isEmpty());
    }

    static ExtensionArray timestamps(TimeUnit unit, long[] values, boolean[] valid) {
        DType.Extension dtype = Temporal.timestamp(unit, Optional.of("UTC"), valid != null);
        PrimitiveArray storage = new PrimitiveArray(new DType.Primitive(PType.I64, valid != null),
                MemorySegment.ofArray(values.clone()), valid == null ? Validity.NON_NULLABLE : TestArrays.mask(valid));
        return new ExtensionArray(dtype, storage);
    }

    @ParameterizedTest
    @EnumSource(value = TimeUnit.class, names = {"SECONDS", "MILLISECONDS", "MICROSECONDS", "NANOSECONDS"})
    void timestampsSplitIntoPartsInEveryUnit(TimeUnit unit) {
        Random r = new Random(unit.ordinal());
        int n = 3000;
        long[] v = new long[n];
        boolean[] valid = new boolean[n];
        for (int i = 0; i < n; i++) {
            // both sides of 1970, and whole days
            v[i] = i % 10 == 0 ? (i - 1500L) * 86_400L : r.nextLong() >> 8;
            valid[i] = r.nextInt(8) != 0;
        }
        v[1] = Long.MIN_VALUE;
        v[2] = Long.MAX_VALUE;
        for (boolean[] mask : new boolean[][] {null, valid}) {
            ExtensionArray values = timestamps(unit, v, mask);
            DateTimePartsArray parts = DateTimePartsEncoder.encode(values).orElseThrow();
            assertRoundTrip(values, parts, unit + (mask == null ? "" : " with nulls"));
        }
    }

    @Test
    void wholeDaysHaveNarrowParts() {
        long[] v = new long[100];
        for (int i = 0; i < v.length; i++) {
            v[i] = (19_000L + i) * 86_400_000L;
        }
        DateTimePartsArray parts = DateTimePartsEncoder.encode(timestamps(TimeUnit.MILLISECONDS, v, null))
                .orElseThrow();
        List<PType> types = parts.children().stream().map(c -> ((DType.Primitive) c.dtype()).ptype()).toList();
        assertEquals(List.of(PType.U16, PType.U8, PType.U8), types);
        assertEquals(List.of("vortex.datetimeparts", "vortex.primitive", "vortex.primitive", "vortex.primitive"),
                RoundTrip.encodings(parts));
    }

    @Test
    void datesAndTimesAreNotSplit() {
        DType.Extension date = Temporal.date(TimeUnit.DAYS, false);
        ExtensionArray dates = new ExtensionArray(date, TestArrays.primitive(PType.I32, 1, 2, 3));
        assertTrue(DateTimePartsEncoder.encode(dates).isEmpty());
        assertTrue(!DateTimePartsEncoder.encodable(date));
    }
}
