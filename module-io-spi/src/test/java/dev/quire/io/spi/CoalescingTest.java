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
    void fifoMergesInArrivalOrderWithNoGap() {
        Coalescing fifo = Coalescing.fifo();
        assertEquals(new Coalescing(0, 1024 * 1024, Coalescing.Order.ARRIVAL, 256), fifo);
        assertTrue(fifo.enabled());
        assertEquals(Coalescing.Order.OFFSET, Coalescing.defaults().order());
        assertEquals(0, Coalescing.defaults().lookahead());
        assertEquals(new Coalescing(0, 1024 * 1024), fifo.inOffsetOrder());
        assertEquals(new Coalescing(7, 1024 * 1024, Coalescing.Order.ARRIVAL, 256), fifo.withMaxGap(7));
        assertEquals(3, fifo.inArrivalOrder(3).lookahead());
    }

    @Test
    void settingsNameTheTwoOrders() {
        assertEquals(Coalescing.defaults(), Coalescing.named("offset"));
        assertEquals(Coalescing.fifo(), Coalescing.named(" FIFO "));
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> Coalescing.named("lifo"));
        assertTrue(e.getMessage().contains("lifo"), e.getMessage());
    }

    @Test
    void theLookaheadMustFitTheOrder() {
        InvalidArgumentException none = assertThrows(InvalidArgumentException.class,
                () -> Coalescing.defaults().inArrivalOrder(0));
        assertTrue(none.getMessage().contains("lookahead"), none.getMessage());
        assertThrows(InvalidArgumentException.class, () -> new Coalescing(0, 10, Coalescing.Order.OFFSET, 4));
        assertThrows(InvalidArgumentException.class, () -> new Coalescing(0, 10, null, 0));
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
