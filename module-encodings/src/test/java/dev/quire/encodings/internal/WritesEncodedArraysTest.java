package dev.quire.encodings.internal;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.encodings.internal.alp.AlpEncoding;
import dev.quire.encodings.internal.alp.AlpRdEncoding;
import dev.quire.encodings.internal.fastlanes.BitPackedEncoding;
import dev.quire.encodings.internal.fastlanes.FrameOfReferenceEncoding;
import dev.quire.encodings.internal.logical.DateTimePartsEncoding;
import dev.quire.encodings.internal.logical.DecimalBytePartsEncoding;
import dev.quire.encodings.internal.logical.MaskedEncoding;
import dev.quire.encodings.internal.runs.RunEndEncoding;
import dev.quire.encodings.internal.runs.SequenceEncoding;
import dev.quire.encodings.internal.runs.SparseEncoding;
import dev.quire.encodings.internal.runs.ZigZagEncoding;
import dev.quire.encodings.internal.strings.FsstEncoding;
import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.Array;
import dev.quire.layout.dtype.PType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every writing encoding refuses, with a typed error, an array that is not one its encoders made. */
class WritesEncodedArraysTest {
    private static final List<WritesEncodedArrays> ENCODINGS = List.of(new AlpEncoding(), new AlpRdEncoding(),
            new BitPackedEncoding(), new FrameOfReferenceEncoding(), new DateTimePartsEncoding(),
            new DecimalBytePartsEncoding(), new MaskedEncoding(), new RunEndEncoding(), new SequenceEncoding(),
            new SparseEncoding(), new ZigZagEncoding(), new FsstEncoding());

    @Test
    void aCanonicalArrayIsRefusedNamingTheEncodingAndTheClass() {
        Array canonical = TestArrays.primitive(PType.I32, 1, 2, 3);
        for (WritesEncodedArrays encoding : ENCODINGS) {
            assertTrue(encoding.canEncode(), encoding.id());
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                    () -> encoding.encode(canonical, null), encoding.id());
            assertTrue(e.getMessage().contains("`" + encoding.id() + "`"), e.getMessage());
            assertTrue(e.getMessage().contains(canonical.getClass().getName()), e.getMessage());
        }
    }
}
