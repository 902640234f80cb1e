package dev.quire.bench.runner.engines;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.spi.ScanRequest;
import dev.quire.errors.InvalidArgumentException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Row selections are checked once, where they are made, for every engine. */
class ScanRequestTest {
    private static final ScanRequest ALL = ScanRequest.of(List.of("l_orderkey"));

    @Test
    void rowsMustAscendWithoutRepeatsAndLieInsideTheTable() {
        var e = assertThrows(InvalidArgumentException.class, () -> ALL.withRows(new long[] {3, 2}));
        assertTrue(e.getMessage().contains("ascend"), e.getMessage());
        assertThrows(InvalidArgumentException.class, () -> ALL.withRows(new long[] {4, 4}));
        e = assertThrows(InvalidArgumentException.class, () -> ALL.withRows(new long[] {-1, 2}));
        assertTrue(e.getMessage().contains("negative"), e.getMessage());
        ScanRequest r = ALL.withRows(new long[] {0, 5, 9});
        assertArrayEquals(new long[] {0, 5, 9}, r.rowIndicesWithin(10).orElseThrow());
        e = assertThrows(InvalidArgumentException.class, () -> r.rowIndicesWithin(9));
        assertTrue(e.getMessage().contains("9 is outside the file's 9 rows"), e.getMessage());
        assertTrue(ALL.rowIndicesWithin(0).isEmpty());
    }
}
