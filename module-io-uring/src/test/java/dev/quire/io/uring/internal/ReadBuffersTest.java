package dev.quire.io.uring.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ReadBuffersTest {
    @Test
    void carvedBuffersAreAlignedZeroedAndNeverOverlap() {
        SplittableRandom random = new SplittableRandom(1);
        List<MemorySegment> all = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            long alignment = 1L << random.nextInt(13);
            long length = 1 + random.nextLong(ReadBuffers.MAX_CARVED + 1000);
            MemorySegment b = ReadBuffers.allocate(length, alignment);
            assertEquals(length, b.byteSize());
            assertEquals(0, b.address() % alignment, "aligned to " + alignment);
            assertEquals(0, b.get(ValueLayout.JAVA_BYTE, length - 1));
            b.fill((byte) i);
            all.add(b);
        }
        // Every buffer still holds what was written into it: none shares bytes with another.
        for (int i = 0; i < all.size(); i++) {
            MemorySegment b = all.get(i);
            assertEquals((byte) i, b.get(ValueLayout.JAVA_BYTE, 0));
            assertEquals((byte) i, b.get(ValueLayout.JAVA_BYTE, b.byteSize() - 1));
        }
    }

    @Test
    void virtualThreadsGetBuffersOfTheirOwn() throws Exception {
        MemorySegment[] out = new MemorySegment[1];
        Thread.ofVirtual().start(() -> out[0] = ReadBuffers.allocate(100, 64)).join();
        assertEquals(100, out[0].byteSize());
        assertTrue(out[0].address() % 64 == 0);
    }
}
