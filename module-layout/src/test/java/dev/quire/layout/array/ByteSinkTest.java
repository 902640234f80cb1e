package dev.quire.layout.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/**
 * {@link ByteSink#take}: the bytes handed over are exactly those written; the sink's own array goes with them when it
 * has little room to spare, else an exact copy; and a sink filled again to about the same size starts with room for it
 * instead of growing from nothing (each doubling copies what was written).
 */
class ByteSinkTest {
    private static byte[] filled(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 31 + seed);
        }
        return b;
    }

    private static int backingLength(MemorySegment s) {
        return ((byte[]) s.heapBase().orElseThrow()).length;
    }

    @Test
    void aRefilledSinkStartsWithRoomForWhatItHeldAndHandsItsArrayOver() {
        ByteSink sink = new ByteSink(1024);
        byte[] first = filled(100_000, 1);
        for (int i = 0; i < first.length; i += 1000) {
            sink.write(first, i, 1000);
        }
        MemorySegment a = sink.take();
        assertArrayEquals(first, a.toArray(ValueLayout.JAVA_BYTE));
        // grown by doubling from 1024 to 131,072: more than a quarter to spare, so an exact copy
        assertEquals(100_000, backingLength(a));

        byte[] second = filled(104_000, 2);
        for (int i = 0; i < second.length; i += 1000) {
            sink.write(second, i, 1000);
        }
        MemorySegment b = sink.take();
        assertArrayEquals(second, b.toArray(ValueLayout.JAVA_BYTE));
        // started at 100,000 + 1/8 + 16 and never grew: that array, handed over as it is
        assertEquals(100_000 + 12_500 + 16, backingLength(b));
        assertEquals(0, b.address());

        // a much smaller fill hands over an exact copy, not the larger array
        sink.write(filled(10, 3), 0, 10);
        MemorySegment c = sink.take();
        assertArrayEquals(filled(10, 3), c.toArray(ValueLayout.JAVA_BYTE));
        assertEquals(10, backingLength(c));
        assertEquals(0, sink.size());

        // the bytes handed over are not touched by later writes
        sink.writeLong(-1L);
        assertArrayEquals(second, b.toArray(ValueLayout.JAVA_BYTE));
    }
}
