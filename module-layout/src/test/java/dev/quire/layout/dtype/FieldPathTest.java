package dev.quire.layout.dtype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.quire.errors.InvalidArgumentException;
import java.util.List;
import org.junit.jupiter.api.Test;

class FieldPathTest {
    @Test
    void parsesDottedAndQuotedParts() {
        assertEquals(List.of("a"), FieldPath.parse("a").parts());
        assertEquals(List.of("a", "b", "c"), FieldPath.parse("a.b.c").parts());
        assertEquals(List.of("a.b", "c"), FieldPath.parse("`a.b`.c").parts());
        assertEquals(List.of("we`ird"), FieldPath.parse("`we``ird`").parts());
    }

    @Test
    void printsWhatItParses() {
        for (String s : new String[] {"a", "a.b", "`a.b`.c", "`we``ird`"}) {
            assertEquals(s, FieldPath.parse(s).toString());
        }
    }

    @Test
    void rejectsMalformedPaths() {
        for (String s : new String[] {"", ".a", "a.", "a..b", "`open", "`x`y"}) {
            assertThrows(InvalidArgumentException.class, () -> FieldPath.parse(s), s);
        }
    }
}
