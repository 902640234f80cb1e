package dev.quire.io.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.ErrorCode;
import dev.quire.errors.InvalidArgumentException;
import org.junit.jupiter.api.Test;

class ByteRangeTest {
    @Test
    void endIsOffsetPlusLength() {
        ByteRange range = new ByteRange(10, 5);
        assertEquals(15, range.end());
        assertEquals("[10, 15)", range.toString());
    }

    @Test
    void emptyRangesAreAllowed() {
        assertEquals(0, new ByteRange(0, 0).end());
        assertEquals(Long.MAX_VALUE, new ByteRange(Long.MAX_VALUE, 0).end());
    }

    @Test
    void negativeOffsetOrLengthIsRejected() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> new ByteRange(-1, 4));
        assertEquals(ErrorCode.INVALID_ARGUMENT, e.code());
        assertTrue(e.getMessage().contains("offset -1"), e.getMessage());
        assertThrows(InvalidArgumentException.class, () -> new ByteRange(4, -1));
    }

    @Test
    void anEndPastLongMaxIsRejected() {
        assertThrows(InvalidArgumentException.class, () -> new ByteRange(Long.MAX_VALUE, 1));
        assertThrows(InvalidArgumentException.class, () -> new ByteRange(Long.MAX_VALUE - 10, 11));
        assertEquals(Long.MAX_VALUE, new ByteRange(Long.MAX_VALUE - 10, 10).end());
    }

    @Test
    void totalLengthCountsEveryRange() {
        assertEquals(0, ByteRange.totalLength(java.util.List.of()));
        assertEquals(30, ByteRange.totalLength(java.util.List.of(new ByteRange(0, 10), new ByteRange(5, 10),
                new ByteRange(100, 10))));
    }
}
