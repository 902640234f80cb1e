package dev.quire.encodings.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.PrimitiveArray;

/** Assertions shared by the encoding tests. */
public final class Expect {
    private Expect() {}

    /** {@code decode} fails with a {@link MalformedFileException} whose message contains {@code fragment}. */
    public static void malformed(String fragment, Runnable decode) {
        MalformedFileException e = assertThrows(MalformedFileException.class, decode::run);
        assertTrue(e.getMessage().contains(fragment), () -> "message '" + e.getMessage() + "' lacks '" + fragment
                + "'");
    }

    /**
     * {@code actual} is a primitive array of {@code expected.length} values equal (as raw bits, see
     * {@link TestArrays#raw}) to {@code expected}, truncated to the type's width, wherever {@code valid} (null: all
     * valid) says so, and with exactly that validity, once canonical (decoders may return lazy arrays, whose own
     * validity must agree).
     */
    public static void primitive(long[] expected, boolean[] valid, Array actual) {
        PrimitiveArray a = (PrimitiveArray) actual.toCanonical();
        assertEquals(a.dtype(), actual.dtype(), "dtype");
        for (int i = 0; i < expected.length; i++) {
            assertEquals(a.isValid(i), actual.isValid(i), "validity of the lazy array at " + i);
        }
        assertEquals(expected.length, a.length(), "length");
        PrimitiveArray want = TestArrays.primitive(a.ptype(), expected);
        for (int i = 0; i < expected.length; i++) {
            boolean v = valid == null || valid[i];
            assertEquals(v, a.isValid(i), "validity of " + i);
            if (v) {
                assertEquals(TestArrays.raw(want, i), TestArrays.raw(a, i), "value " + i);
            }
        }
    }
}
