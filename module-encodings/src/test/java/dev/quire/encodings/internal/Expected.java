package dev.quire.encodings.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.quire.errors.MalformedFileException;
import dev.quire.layout.array.Array;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import java.util.List;

/** Assertions on decoded arrays against brute-force expectations. */
public final class Expected {
    private Expected() {}

    /**
     * Asserts that {@code actual} is canonical and holds {@code expected} (null for a null value), comparing floats
     * by their bits and binaries by content.
     */
    public static void assertValues(List<?> expected, Array actual, String context) {
        assertTrue(actual.isCanonical(), context + ": decodes to a canonical array, got " + actual.encodingId());
        assertEquals(expected.size(), actual.length(), context + ": length");
        long nulls = 0;
        for (int i = 0; i < expected.size(); i++) {
            Object e = expected.get(i);
            Scalar s = actual.scalarAt(i);
            String at = context + ", value " + i;
            if (e == null) {
                nulls++;
                assertNull(s.value(), at + " is null");
                assertTrue(!actual.isValid(i), at + " is not valid");
                continue;
            }
            assertTrue(actual.isValid(i), at + " is valid");
            Object a = s.value();
            if (e instanceof byte[] b) {
                assertArrayEquals(b, (byte[]) a, at);
            } else if (e instanceof Double d) {
                assertEquals(Double.doubleToRawLongBits(d), Double.doubleToRawLongBits((Double) a),
                        at + ": expected " + d + ", got " + a);
            } else if (e instanceof Float f) {
                assertEquals(Float.floatToRawIntBits(f), Float.floatToRawIntBits((Float) a),
                        at + ": expected " + f + ", got " + a);
            } else {
                assertEquals(e, a, at);
            }
        }
        assertEquals(nulls, actual.nullCount(), context + ": null count");
    }

    /** Decodes {@code node} and asserts that it is rejected as malformed, with {@code part} in the message. */
    public static MalformedFileException assertMalformed(Node node, DType dtype, long length, String part) {
        MalformedFileException e = assertThrows(MalformedFileException.class,
                () -> InMemoryParts.decode(node, dtype, length).toCanonical());
        if (!e.getMessage().contains(part)) {
            fail("the error should mention `" + part + "`: " + e.getMessage());
        }
        return e;
    }
}
