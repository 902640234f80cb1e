package dev.quire.layout.internal.zones;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.DecimalArray;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The in-place paths of the zone accumulators against brute force: string min and max decided by view prefixes
 * (values sharing prefixes, with zero bytes, of every length around 4 and 12, views whose padding is not zero, nulls
 * whose views point nowhere), and decimal sums that leave the long range.
 */
class ZoneAccumulatorTest {

    /** Views built by hand: short values padded with junk, long values in two buffers, nulls with junk views. */
    static VarBinViewArray views(List<byte[]> values, Random r) {
        long[] words = new long[2 * values.size()];
        MemorySegment v = MemorySegment.ofArray(words);
        byte[] b0 = new byte[1 << 16];
        byte[] b1 = new byte[1 << 16];
        int at0 = 3;
        int at1 = 0;
        byte[] validBits = new byte[(values.size() + 7) / 8];
        for (int i = 0; i < values.size(); i++) {
            byte[] value = values.get(i);
            long view = 16L * i;
            if (value == null) {
                v.set(LittleEndian.INT, view, 1000 + r.nextInt(50));
                v.set(LittleEndian.INT, view + 8, 7);
                continue;
            }
            validBits[i >>> 3] |= (byte) (1 << (i & 7));
            v.set(LittleEndian.INT, view, value.length);
            if (value.length <= 12) {
                for (int k = 0; k < 12; k++) {
                    v.set(java.lang.foreign.ValueLayout.JAVA_BYTE, view + 4 + k,
                            k < value.length ? value[k] : (byte) (1 + r.nextInt(255)));
                }
            } else {
                boolean first = r.nextBoolean();
                int at = first ? at0 : at1;
                System.arraycopy(value, 0, first ? b0 : b1, at, value.length);
                v.set(java.lang.foreign.ValueLayout.JAVA_BYTE, view + 4, value[0]);
                v.set(java.lang.foreign.ValueLayout.JAVA_BYTE, view + 5, value[1]);
                v.set(java.lang.foreign.ValueLayout.JAVA_BYTE, view + 6, value[2]);
                v.set(java.lang.foreign.ValueLayout.JAVA_BYTE, view + 7, value[3]);
                v.set(LittleEndian.INT, view + 8, first ? 0 : 1);
                v.set(LittleEndian.INT, view + 12, at);
                if (first) {
                    at0 += value.length;
                } else {
                    at1 += value.length;
                }
            }
        }
        return new VarBinViewArray(new DType.Binary(true), v,
                List.of(MemorySegment.ofArray(b0), MemorySegment.ofArray(b1)),
                new Validity.Mask(BitBuffer.ofBytes(validBits, values.size())));
    }

    static byte[] randomValue(Random r) {
        byte[] alphabet = {0, 1, 0x7f, (byte) 0x80, (byte) 0xff};
        int length = new int[] {0, 1, 2, 3, 4, 5, 11, 12, 13, 14, 20}[r.nextInt(11)];
        byte[] v = new byte[length];
        for (int k = 0; k < length; k++) {
            v[k] = alphabet[r.nextInt(alphabet.length)];
        }
        return v;
    }

    @Test
    void stringBoundsMatchBruteForce() {
        Random r = new Random(42);
        for (int round = 0; round < 300; round++) {
            int n = 1 + r.nextInt(60);
            List<byte[]> values = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                values.add(r.nextInt(8) == 0 ? null : randomValue(r));
            }
            VarBinViewArray array = views(values, r);
            ZoneAccumulator.Bytes acc = new ZoneAccumulator.Bytes(array.dtype());
            int cut = r.nextInt(n + 1);
            acc.add(array, 0, cut);
            acc.add(array, cut, n);
            ZoneAccumulator.Values got = acc.finishZone();
            List<byte[]> valid = values.stream().filter(v -> v != null).toList();
            String what = "round " + round + ": " + values.stream()
                    .map(v -> v == null ? "null" : HexFormat.of().formatHex(v)).toList();
            if (valid.isEmpty()) {
                assertNull(got.minBytes(), what);
                assertNull(got.maxBytes(), what);
            } else {
                assertArrayEquals(valid.stream().min(Arrays::compareUnsigned).orElseThrow(), got.minBytes(), what);
                assertArrayEquals(valid.stream().max(Arrays::compareUnsigned).orElseThrow(), got.maxBytes(), what);
            }
            assertEquals(n - valid.size(), got.nullCount(), what);
        }
    }

    static DecimalArray decimals(DType.Decimal dtype, int width, BigInteger... values) {
        byte[] bytes = new byte[width * values.length];
        for (int i = 0; i < values.length; i++) {
            byte[] be = values[i].toByteArray();
            for (int k = 0; k < width; k++) {
                int from = be.length - 1 - k;
                bytes[i * width + k] = from >= 0 ? be[from] : (byte) (values[i].signum() < 0 ? -1 : 0);
            }
        }
        return new DecimalArray(dtype, MemorySegment.ofArray(bytes), width, Validity.NON_NULLABLE);
    }

    @Test
    void decimalSumsLeaveTheLongRangeExactly() {
        DType.Decimal dtype = new DType.Decimal(18, 0, false);
        BigInteger big = BigInteger.TEN.pow(18).subtract(BigInteger.ONE);
        BigInteger[] values = new BigInteger[25];
        Arrays.fill(values, big);
        values[3] = big.negate();
        values[7] = BigInteger.valueOf(-5);
        ZoneAccumulator.Decimals acc = new ZoneAccumulator.Decimals(dtype);
        acc.add(decimals(dtype, 8, values), 0, values.length);
        ZoneAccumulator.Values got = acc.finishZone();
        BigInteger sum = Arrays.stream(values).reduce(BigInteger.ZERO, BigInteger::add);
        assertEquals(new BigDecimal(sum, 0), got.sum().value());
        assertEquals(new BigDecimal(big.negate(), 0), got.min().value());
        assertEquals(new BigDecimal(big, 0), got.max().value());

        // A zone that sees narrow values, then wide ones (of the same dtype), then narrow again.
        acc.add(decimals(dtype, 8, BigInteger.valueOf(4), BigInteger.valueOf(-9)), 0, 2);
        acc.add(decimals(dtype, 16, BigInteger.valueOf(100), BigInteger.valueOf(-20)), 0, 2);
        acc.add(decimals(dtype, 4, BigInteger.valueOf(7)), 0, 1);
        got = acc.finishZone();
        assertEquals(new BigDecimal(BigInteger.valueOf(82), 0), got.sum().value());
        assertEquals(new BigDecimal(BigInteger.valueOf(-20), 0), got.min().value());
        assertEquals(new BigDecimal(BigInteger.valueOf(100), 0), got.max().value());

        // The next zone starts afresh in longs.
        acc.add(decimals(dtype, 8, BigInteger.valueOf(1)), 0, 1);
        got = acc.finishZone();
        assertEquals(new BigDecimal(BigInteger.ONE, 0), got.sum().value());
    }
}
