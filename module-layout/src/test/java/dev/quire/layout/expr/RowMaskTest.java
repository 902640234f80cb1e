package dev.quire.layout.expr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.BitBuffer;
import dev.quire.layout.array.BoolArray;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

class RowMaskTest {

    private static BitSet randomBits(Random r, int n) {
        BitSet b = new BitSet(n);
        int density = r.nextInt(4);
        for (int i = 0; i < n; i++) {
            boolean set = switch (density) {
                case 0 -> r.nextInt(50) == 0;
                case 1 -> r.nextInt(50) != 0;
                default -> r.nextBoolean();
            };
            b.set(i, set);
        }
        return b;
    }

    private static RowMask mask(BitSet b, int n) {
        return RowMask.of(n, b.stream().asLongStream().toArray());
    }

    private static void assertSame(BitSet expected, int n, RowMask m, String what) {
        assertEquals(n, m.length(), what);
        assertEquals(expected.cardinality(), m.countOnes(), what);
        for (int i = 0; i < n; i++) {
            assertEquals(expected.get(i), m.get(i), what + " row " + i);
        }
        assertEquals(expected.isEmpty(), m.isAllFalse(), what);
        assertEquals(expected.cardinality() == n, m.isAllTrue(), what);
        assertArrayEquals(expected.stream().asLongStream().toArray(), m.toRows(), what);
    }

    @Test
    void setOperationsAgreeWithBitSet() {
        Random r = new Random(7);
        for (int n : new int[] {0, 1, 63, 64, 65, 127, 128, 129, 1000}) {
            for (int k = 0; k < 10; k++) {
                BitSet a = randomBits(r, n);
                BitSet b = randomBits(r, n);
                RowMask ma = mask(a, n);
                RowMask mb = mask(b, n);
                assertSame(a, n, ma, "a");
                BitSet and = (BitSet) a.clone();
                and.and(b);
                assertSame(and, n, ma.and(mb), "and");
                BitSet or = (BitSet) a.clone();
                or.or(b);
                assertSame(or, n, ma.or(mb), "or");
                BitSet andNot = (BitSet) a.clone();
                andNot.andNot(b);
                assertSame(andNot, n, ma.andNot(mb), "andNot");
                BitSet not = (BitSet) a.clone();
                not.flip(0, n);
                assertSame(not, n, ma.not(), "not");
                assertEquals(ma, ma.not().not());
                for (int from = 0; from <= n; from += 1 + r.nextInt(40)) {
                    long next = a.nextSetBit(from);
                    assertEquals(next >= n || next < 0 ? -1 : next, ma.nextSetBit(from), "nextSetBit " + from);
                    long clear = a.nextClearBit(from);
                    assertEquals(clear >= n ? -1 : clear, ma.nextClearBit(from), "nextClearBit " + from);
                }
                for (int at = -1; at <= n + 64; at += 1 + r.nextInt(40)) {
                    long previous = at < 0 ? -1 : a.previousSetBit(Math.min(at, n - 1));
                    assertEquals(previous, ma.previousSetBit(at), "previousSetBit " + at);
                }
            }
        }
    }

    @Test
    void slicesAndConcatenationsKeepEveryBit() {
        Random r = new Random(11);
        int n = 700;
        BitSet a = randomBits(r, n);
        RowMask m = mask(a, n);
        List<RowMask> parts = new ArrayList<>();
        int from = 0;
        while (from < n) {
            int to = Math.min(n, from + r.nextInt(130));
            RowMask s = m.slice(from, to);
            assertSame(a.get(from, to), to - from, s, "slice " + from + ".." + to);
            parts.add(s);
            from = to;
        }
        assertEquals(m, RowMask.concat(parts));
        assertEquals(RowMask.none(0), RowMask.concat(List.of()));
    }

    @Test
    void factoriesAndConversions() {
        assertEquals(List.of(3L, 4L, 5L), Columns.rows(RowMask.range(10, 3, 6)));
        assertTrue(RowMask.range(130, 0, 130).isAllTrue());
        assertEquals(RowMask.all(130), RowMask.range(130, 0, 130));
        assertTrue(RowMask.none(130).isAllFalse());
        assertTrue(RowMask.all(0).isAllTrue());
        assertTrue(RowMask.all(0).isAllFalse());
        RowMask m = RowMask.of(70, 0, 69, 5, 5);
        assertEquals(3, m.countOnes());
        BitBuffer bits = m.toBitBuffer();
        assertEquals(70, bits.length());
        assertTrue(bits.get(0) && bits.get(5) && bits.get(69) && !bits.get(1));
        assertEquals(m, RowMask.of(bits));
        BitBuffer offset = BoolArray.of(true, false, true, true, false, true, true, true, true, false).bits()
                .slice(3, 10);
        assertEquals(List.of(0L, 2L, 3L, 4L, 5L), Columns.rows(RowMask.of(offset)));
        long[] words = m.toWords();
        words[0] = 0;
        assertEquals(3, m.countOnes(), "toWords is a copy");
        assertEquals(m, RowMask.fromWords(m.toWords(), 70));
        assertEquals(RowMask.all(3), RowMask.fromWords(new long[] {-1L}, 3));
        List<Long> seen = new ArrayList<>();
        m.forEachSetBit(seen::add);
        assertEquals(List.of(0L, 5L, 69L), seen);
        assertEquals("RowMask[3 of 70: 0, 5, 69]", m.toString());
        assertEquals(m.hashCode(), RowMask.of(70, 69, 0, 5).hashCode());
        assertNotEquals(m, RowMask.of(71, 0, 5, 69));
    }

    @Test
    void masksOfEveryRowAreSharedAndAndingWithThemCopiesNothing() {
        RowMask all = RowMask.all(65_536);
        Assertions.assertSame(all, RowMask.all(65_536), "immutable, so shared between chunks of one length");
        assertTrue(all.isAllTrue());
        assertEquals(65_536, all.countOnes());
        RowMask some = RowMask.of(65_536, 1, 64, 65_535);
        Assertions.assertSame(some, all.and(some));
        Assertions.assertSame(some, some.and(all));
        assertEquals(some, RowMask.fromWords(all.toWords(), 65_536).and(some));
        // Another length replaces the kept one; each is still every row of its length.
        RowMask other = RowMask.all(1000);
        assertEquals(1000, other.countOnes());
        assertEquals(RowMask.range(1000, 0, 1000), other);
        assertEquals(RowMask.range(65_536, 0, 65_536), RowMask.all(65_536));
        assertThrows(InvalidArgumentException.class, () -> all.and(other));
    }

    @Test
    void misuseIsAnInvalidArgument() {
        assertThrows(InvalidArgumentException.class, () -> RowMask.none(-1));
        assertThrows(InvalidArgumentException.class, () -> RowMask.of(5, 5));
        assertThrows(InvalidArgumentException.class, () -> RowMask.range(5, 3, 2));
        assertThrows(InvalidArgumentException.class, () -> RowMask.all(5).and(RowMask.all(6)));
        assertThrows(InvalidArgumentException.class, () -> RowMask.all(5).get(5));
        assertThrows(InvalidArgumentException.class, () -> RowMask.all(5).slice(2, 6));
        assertThrows(InvalidArgumentException.class, () -> RowMask.fromWords(new long[1], 65));
        assertThrows(InvalidArgumentException.class, () -> RowMask.all(5).nextSetBit(-1));
        assertFalse(RowMask.all(5).equals(RowMask.none(5)));
    }
}
