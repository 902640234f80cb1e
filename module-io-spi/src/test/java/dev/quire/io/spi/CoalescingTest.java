package dev.quire.io.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import org.junit.jupiter.api.Test;

class CoalescingTest {
    @Test
    void defaultsAreTheNamedConstants() {
        assertEquals(new Coalescing(Coalescing.DEFAULT_MAX_GAP, Coalescing.DEFAULT_MAX_MERGED_SIZE),
                Coalescing.defaults());
        assertTrue(Coalescing.defaults().enabled());
        assertTrue(Coalescing.DEFAULT_MAX_GAP < Coalescing.DEFAULT_MAX_MERGED_SIZE);
    }

    @Test
    void noneNeverMerges() {
        assertFalse(Coalescing.none().enabled());
        assertEquals(0, Coalescing.none().maxMergedSize());
    }

    @Test
    void withersReturnNewRecords() {
        Coalescing c = Coalescing.defaults().withMaxGap(1).withMaxMergedSize(2);
        assertEquals(new Coalescing(1, 2), c);
        assertEquals(Coalescing.DEFAULT_MAX_GAP, Coalescing.defaults().maxGap());
    }

    @Test
    void negativeValuesAreRefused() {
        InvalidArgumentException gap = assertThrows(InvalidArgumentException.class, () -> new Coalescing(-1, 10));
        assertTrue(gap.getMessage().contains("gap"), gap.getMessage());
        InvalidArgumentException max = assertThrows(InvalidArgumentException.class, () -> new Coalescing(0, -5));
        assertTrue(max.getMessage().contains("-5"), max.getMessage());
    }

    @Test
    void readersPreferTheDefaultsUnlessTheySayOtherwise() {
        try (InMemoryReadAt in = InMemoryReadAt.of(new byte[4])) {
            assertEquals(Coalescing.defaults(), in.coalescing());
            assertEquals(ReadAt.DEFAULT_CONCURRENCY, in.preferredConcurrency());
        }
    }
}
