package dev.quire.testplugin.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Scalar;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import dev.quire.layout.spi.EncodedArray;
import dev.quire.layout.spi.ScalarValues;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The plugin encoding on its own: encode, canonicalise, slice, and what it hands the writer. */
class FrameOfReferenceTest {
    private static final DType.Primitive I64 = new DType.Primitive(PType.I64, false);

    @Test
    void encodesAroundTheSmallestValueAndDecodesExactly() {
        PrimitiveArray values = PrimitiveArray.ofLongs(-7, 100, Integer.MAX_VALUE - 7L, 0);
        FrameOfReferenceArray encoded = FrameOfReferenceArray.encode(values);
        assertEquals(-7, encoded.reference());
        assertEquals(PType.I32, encoded.deltas().ptype());
        assertArrayEquals(new int[] {0, 107, Integer.MAX_VALUE, 7}, encoded.deltas().values().toArray(
                ValueLayout.JAVA_INT_UNALIGNED));
        assertEquals(I64, encoded.dtype());
        assertEquals(FrameOfReferenceArray.ID, encoded.encodingId());
        assertFalse(encoded.isCanonical());
        PrimitiveArray decoded = encoded.toCanonical();
        assertArrayEquals(new long[] {-7, 100, Integer.MAX_VALUE - 7L, 0},
                decoded.values().toArray(ValueLayout.JAVA_LONG_UNALIGNED));
        assertEquals(new Scalar(I64, 100L), encoded.scalarAt(1));
    }

    @Test
    void slicesKeepTheReference() {
        FrameOfReferenceArray encoded = FrameOfReferenceArray.encode(PluginFiles.ids(0, 100));
        FrameOfReferenceArray slice = encoded.slice(40, 50);
        assertEquals(10, slice.length());
        assertEquals(encoded.reference(), slice.reference());
        assertEquals(PluginFiles.id(45), slice.toCanonical().getLong(5));
        assertThrows(InvalidArgumentException.class, () -> encoded.slice(90, 101));
    }

    @Test
    void nullsLiveInTheDeltas() {
        FrameOfReferenceArray encoded = FrameOfReferenceArray.encode(PluginFiles.maybes());
        assertTrue(encoded.dtype().nullable());
        assertTrue(encoded.deltas().dtype().nullable());
        for (int row = 0; row < 50; row++) {
            Long expected = PluginFiles.maybe(row);
            assertEquals(expected != null, encoded.isValid(row), "row " + row);
            Scalar s = encoded.scalarAt(row);
            assertEquals(expected, s.value(), "row " + row);
            if (expected != null) {
                assertEquals((long) expected, encoded.toCanonical().getLong(row));
            }
        }
        assertEquals((PluginFiles.ROWS + 6) / 7, encoded.nullCount());
    }

    @Test
    void valuesSpanningMoreThanAnIntAreRejected() {
        assertThrows(InvalidArgumentException.class,
                () -> FrameOfReferenceArray.encode(PrimitiveArray.ofLongs(0, Integer.MAX_VALUE + 1L)));
        assertThrows(InvalidArgumentException.class,
                () -> FrameOfReferenceArray.encode(PrimitiveArray.ofLongs(Long.MIN_VALUE, Long.MAX_VALUE)));
        assertThrows(InvalidArgumentException.class, () -> FrameOfReferenceArray.encode(PrimitiveArray.ofInts(1)));
    }

    @Test
    void decodingWrapsLikeTwosComplement() {
        FrameOfReferenceArray wrapped = new FrameOfReferenceArray(Long.MAX_VALUE, PrimitiveArray.ofInts(0, 1));
        assertArrayEquals(new long[] {Long.MAX_VALUE, Long.MIN_VALUE},
                wrapped.toCanonical().values().toArray(ValueLayout.JAVA_LONG_UNALIGNED));
    }

    @Test
    void theEncodingHandsTheWriterTheReferenceAndAnI32Child() {
        FrameOfReferenceArray encoded = FrameOfReferenceArray.encode(PrimitiveArray.ofLongs(500, 501, 503));
        EncodedArray node = new VortexFileBuilder().encode(encoded);
        assertEquals(FrameOfReferenceArray.ID, node.encodingId());
        assertEquals(0, node.buffers().size());
        assertEquals(1, node.children().size());
        assertEquals("vortex.primitive", node.children().getFirst().encodingId());
        assertEquals(new Scalar(I64, 500L), ScalarValues.decode(ByteBuffer.wrap(node.metadata()), I64));
    }
}
