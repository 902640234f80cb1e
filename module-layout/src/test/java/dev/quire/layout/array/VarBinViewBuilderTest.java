package dev.quire.layout.array;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.quire.layout.dtype.DType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Appending ranges of a canonical varbinview array copies views in bulk and fixes them up; the arrays built must be
 * the ones appending value by value builds: same views (padding zeroed, long values pointing into the one data
 * buffer), same data, same validity, whatever junk the source's padding and null views hold.
 */
class VarBinViewBuilderTest {

    /** A source with junk padding, long values spread over two buffers, and nulls whose views point nowhere. */
    static VarBinViewArray source(List<byte[]> values, boolean nullable, Random r) {
        MemorySegment views = MemorySegment.ofArray(new byte[16 * values.size()]);
        byte[][] buffers = {new byte[1 << 14], new byte[1 << 14]};
        int[] at = {5, 0};
        byte[] bits = new byte[(values.size() + 7) / 8];
        for (int i = 0; i < values.size(); i++) {
            byte[] value = values.get(i);
            long view = 16L * i;
            if (value == null) {
                views.set(LittleEndian.INT, view, 99);
                views.set(LittleEndian.INT, view + 8, 5);
                views.set(LittleEndian.INT, view + 12, -1);
                continue;
            }
            bits[i >>> 3] |= (byte) (1 << (i & 7));
            views.set(LittleEndian.INT, view, value.length);
            if (value.length <= 12) {
                for (int k = 0; k < 12; k++) {
                    views.set(ValueLayout.JAVA_BYTE, view + 4 + k, k < value.length ? value[k] : (byte) 0x5A);
                }
            } else {
                int b = r.nextInt(2);
                System.arraycopy(value, 0, buffers[b], at[b], value.length);
                MemorySegment.copy(value, 0, views, ValueLayout.JAVA_BYTE, view + 4, 4);
                views.set(LittleEndian.INT, view + 8, b);
                views.set(LittleEndian.INT, view + 12, at[b]);
                at[b] += value.length;
            }
        }
        Validity validity = nullable ? new Validity.Mask(BitBuffer.ofBytes(bits, values.size()))
                : Validity.NON_NULLABLE;
        return new VarBinViewArray(nullable ? new DType.Utf8(true) : new DType.Utf8(false), views,
                List.of(MemorySegment.ofArray(buffers[0]), MemorySegment.ofArray(buffers[1])), validity);
    }

    @Test
    void bulkAppendBuildsWhatAppendingValueByValueBuilds() {
        Random r = new Random(3);
        for (int round = 0; round < 100; round++) {
            boolean nullable = r.nextBoolean();
            boolean anyNull = nullable && r.nextBoolean();
            int n = 1 + r.nextInt(40);
            List<byte[]> values = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (anyNull && r.nextInt(4) == 0) {
                    values.add(null);
                    continue;
                }
                byte[] v = new byte[new int[] {0, 1, 3, 4, 5, 11, 12, 13, 30}[r.nextInt(9)]];
                r.nextBytes(v);
                values.add(v);
            }
            VarBinViewArray src = source(values, nullable, r);
            int from = r.nextInt(n);
            int to = from + r.nextInt(n - from + 1);
            VarBinViewBuilder bulk = (VarBinViewBuilder) ArrayBuilder.forType(src.dtype());
            VarBinViewBuilder one = (VarBinViewBuilder) ArrayBuilder.forType(src.dtype());
            bulk.appendString("before, long enough to use the data buffer");
            one.appendString("before, long enough to use the data buffer");
            bulk.append(src, from, to);
            for (int i = from; i < to; i++) {
                if (values.get(i) == null) {
                    one.appendNull();
                } else {
                    one.appendBytes(values.get(i));
                }
            }
            VarBinViewArray got = bulk.finish();
            VarBinViewArray want = one.finish();
            String what = "round " + round + " [" + from + ", " + to + ")";
            assertArrayEquals(want.views().toArray(ValueLayout.JAVA_BYTE), got.views().toArray(ValueLayout.JAVA_BYTE),
                    what);
            assertEquals(want.buffers().size(), got.buffers().size(), what);
            for (int b = 0; b < want.buffers().size(); b++) {
                assertArrayEquals(want.buffers().get(b).toArray(ValueLayout.JAVA_BYTE),
                        got.buffers().get(b).toArray(ValueLayout.JAVA_BYTE), what);
            }
            assertEquals(want.validity().getClass(), got.validity().getClass(), what);
            for (long i = 0; i < want.length(); i++) {
                assertEquals(want.isValid(i), got.isValid(i), what);
            }
        }
    }

    @Test
    void aMaskWithoutNullsStaysNoMask() {
        List<byte[]> values = List.of(new byte[] {1}, new byte[20]);
        VarBinViewArray src = source(values, true, new Random(1));
        assertInstanceOf(Validity.Mask.class, src.validity());
        VarBinViewBuilder b = (VarBinViewBuilder) ArrayBuilder.forType(src.dtype());
        b.append(src, 0, 2);
        assertInstanceOf(Validity.AllValid.class, b.finish().validity());
    }
}
