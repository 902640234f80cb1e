package dev.quire.io.posix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import org.junit.jupiter.api.Test;

class SettingsTest {
    @Test
    void wholeNumbersWithinTheRangeParseAndUnsetGivesTheDefault() {
        assertEquals(7, Settings.wholeNumber("p", null, 1, 10, 7));
        assertEquals(7, Settings.wholeNumber("p", "  ", 1, 10, 7));
        assertEquals(10, Settings.wholeNumber("p", " 10 ", 1, 10, 7));
        assertEquals(0, Settings.wholeNumber("p", "0", 0, Long.MAX_VALUE, 5));
        assertEquals(4, ReadPool.threads("4"));
    }

    @Test
    void badValuesFailNamingThePropertyTheValueAndTheRange() {
        for (String bad : new String[] {"0", "11", "-1", "x", "1.5"}) {
            var e = assertThrows(InvalidArgumentException.class, () -> Settings.wholeNumber("p.q", bad, 1, 10, 7));
            assertTrue(e.getMessage().contains("p.q") && e.getMessage().contains("`" + bad + "`")
                    && e.getMessage().contains("from 1 to 10"), e.getMessage());
        }
        var e = assertThrows(InvalidArgumentException.class,
                () -> Settings.wholeNumber("p.q", "-1", 0, Long.MAX_VALUE, 5));
        assertTrue(e.getMessage().contains("0 or more"), e.getMessage());
        var threads = assertThrows(InvalidArgumentException.class, () -> ReadPool.threads("0"));
        assertTrue(threads.getMessage().contains(ReadPool.THREADS_PROPERTY), threads.getMessage());
    }
}
