package dev.quire.encodings.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.quire.layout.array.Array;
import dev.quire.layout.array.Scalar;
import java.util.ArrayList;
import java.util.List;

/** Asserts that an encoder's array, written and read back through the decoders ({@link RoundTrip}), keeps its values. */
public final class EncodedRoundTrip {
    private EncodedRoundTrip() {}

    /** Serializes {@code encoded}, decodes it and asserts the values are those of {@code expected}, bit for bit. */
    public static void assertRoundTrip(Array expected, Array encoded, String context) {
        assertFalse(encoded.isCanonical(), context + ": the encoder made an encoded array");
        Expected.assertValues(values(expected), RoundTrip.of(encoded), context);
    }

    /** The values of {@code array} as {@link Expected#assertValues} takes them (null for a null). */
    public static List<Object> values(Array array) {
        List<Object> out = new ArrayList<>();
        for (long i = 0; i < array.length(); i++) {
            Scalar s = array.scalarAt(i);
            out.add(s.isNull() ? null : s.value());
        }
        return out;
    }
}
