package dev.quire.layout.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.errors.InvalidArgumentException;
import dev.quire.layout.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link VarBinViewArray#gathered}: an array over views copied from a checked array's valid values (and zero views
 * for nulls) reads the copied values from the source's own buffers, and only its shape is checked.
 */
class VarBinViewGatheredTest {
    private static final DType UTF8 = new DType.Utf8(true);

    @Test
    void copiedViewsReadTheSourcesValues() {
        Random random = new Random(7);
        VarBinViewBuilder builder = (VarBinViewBuilder) ArrayBuilder.forType(UTF8);
        int count = 40;
        for (int v = 0; v < count; v++) {
            builder.appendBytes(("v" + v + "-".repeat(random.nextInt(30))).getBytes());
        }
        VarBinViewArray source = (VarBinViewArray) builder.finish();
        int n = 3000;
        int[] picks = new int[n];
        MemorySegment views = MemorySegment.ofArray(new long[2 * n]);
        byte[] bits = new byte[(n + 7) / 8];
        for (int i = 0; i < n; i++) {
            picks[i] = random.nextInt(count + 1);
            if (picks[i] < count) {
                MemorySegment.copy(source.views(), (long) picks[i] * 16, views, (long) i * 16, 16);
                bits[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        Validity validity = new Validity.Mask(BitBuffer.ofBytes(bits, n));
        VarBinViewArray gathered = VarBinViewArray.gathered(UTF8, source, views, validity);
        assertEquals(n, gathered.length());
        assertSame(views, gathered.views());
        assertEquals(source.buffers(), gathered.buffers());
        for (int i = 0; i < n; i++) {
            assertEquals(picks[i] < count, gathered.isValid(i), "row " + i);
            byte[] expected = picks[i] < count ? source.getBytes(picks[i]) : new byte[0];
            assertArrayEquals(expected, gathered.getBytes(i), "row " + i);
        }
        VarBinViewArray slice = gathered.slice(17, 2000);
        assertArrayEquals(gathered.getBytes(17), slice.getBytes(0));
    }

    @Test
    void onlyTheShapeIsChecked() {
        VarBinViewArray source = (VarBinViewArray) ArrayBuilder.forType(UTF8).finish();
        MemorySegment views = MemorySegment.ofArray(new long[4]);
        assertThrows(InvalidArgumentException.class, () -> VarBinViewArray.gathered(
                new DType.Primitive(dev.quire.layout.dtype.PType.I32, false), source, views, Validity.ALL_VALID));
        assertThrows(InvalidArgumentException.class, () -> VarBinViewArray.gathered(UTF8, source,
                MemorySegment.ofArray(new byte[24]), Validity.ALL_VALID));
        assertThrows(InvalidArgumentException.class, () -> VarBinViewArray.gathered(UTF8, source, views,
                Validity.NON_NULLABLE));
        assertThrows(InvalidArgumentException.class, () -> VarBinViewArray.gathered(UTF8, source, views,
                new Validity.Mask(BitBuffer.ofBytes(new byte[1], 3))));
        VarBinViewArray ok = VarBinViewArray.gathered(new DType.Binary(false), source, views,
                Validity.NON_NULLABLE);
        assertEquals(2, ok.length());
        assertTrue(ok.isCanonical());
        assertEquals(List.of(), ok.buffers());
        assertArrayEquals(new byte[0], ok.getBytes(1));
    }
}
