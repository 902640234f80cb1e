package dev.quire.splits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SplitRangeTest {
    @Test
    void childRangesAreClippedAndShifted() {
        SplitRange range = new SplitRange(1000, 150, 420);
        assertEquals(new SplitRange(1100, 50, 100), range.child(100, 100));
        assertEquals(new SplitRange(1200, 0, 100), range.child(200, 100));
        assertEquals(new SplitRange(1400, 0, 20), range.child(400, 100));
        assertEquals(0, range.child(500, 100).length(), "a child past the range gets nothing");
        assertEquals(0, range.child(0, 100).length(), "a child before the range gets nothing");
        assertEquals(1150, range.rootFrom());
        assertEquals(1420, range.rootTo());
        assertTrue(range.overlaps(400, 500));
        assertFalse(range.overlaps(420, 500));
        assertFalse(range.overlaps(0, 150));
    }

    @Test
    void rejectsInvalidRanges() {
        assertThrows(InvalidArgumentException.class, () -> new SplitRange(0, 5, 4));
        assertThrows(InvalidArgumentException.class, () -> new SplitRange(-1, 0, 4));
        assertThrows(InvalidArgumentException.class, () -> new SplitRange(Long.MAX_VALUE, 0, 4));
    }

    @Test
    void fieldMasksSelectNestedFields() {
        FieldMask inner = FieldMask.of(Map.of("city", FieldMask.all()));
        FieldMask mask = FieldMask.of(Map.of("id", FieldMask.all(), "address", inner));
        assertTrue(mask.selects("id"));
        assertFalse(mask.selects("name"));
        assertEquals(inner, mask.field("address"));
        assertTrue(mask.field("address").selects("city"));
        assertFalse(mask.field("address").selects("zip"));
        assertTrue(FieldMask.all().field("anything").isAll());
        assertFalse(FieldMask.none().selects("id"));
        assertEquals(FieldMask.none(), FieldMask.of(Map.of()));
        assertThrows(InvalidArgumentException.class, () -> mask.field("name"));
    }
}
