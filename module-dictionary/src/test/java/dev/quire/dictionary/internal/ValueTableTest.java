package dev.quire.dictionary.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.quire.layout.array.ArrayBuilder;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.PrimitiveArray;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.array.VarBinViewBuilder;
import dev.quire.layout.dtype.DType;
import dev.quire.layout.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The dictionary's value table keys strings by their views and bytes in place: equal values (whatever junk their
 * views' padding holds, whichever buffer holds them) get one code, different ones (sharing lengths and prefixes,
 * around the 12-byte inline limit) different codes, through growth, reordering and truncation; its values array is
 * the one a builder makes of the values in code order.
 */
class ValueTableTest {
    private static final DType UTF8 = new DType.Utf8(false);

    /** The values as views with junk padding, long ones spread over two data buffers. */
    static VarBinViewArray chunk(List<byte[]> values, Random r) {
        MemorySegment views = MemorySegment.ofArray(new long[2 * values.size()]);
        byte[][] buffers = {new byte[1 << 16], new byte[1 << 16]};
        int[] at = {1, 0};
        for (int i = 0; i < values.size(); i++) {
            byte[] value = values.get(i);
            long view = 16L * i;
            views.set(LittleEndian.INT, view, value.length);
            if (value.length <= 12) {
                for (int k = 0; k < 12; k++) {
                    views.set(ValueLayout.JAVA_BYTE, view + 4 + k, k < value.length ? value[k] : (byte) r.nextInt());
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
        return new VarBinViewArray(UTF8, views,
                List.of(MemorySegment.ofArray(buffers[0]), MemorySegment.ofArray(buffers[1])), Validity.NON_NULLABLE);
    }

    static List<byte[]> values(Random r, int n, int distinct) {
        List<byte[]> pool = new ArrayList<>();
        for (int i = 0; i < distinct; i++) {
            byte[] v = new byte[new int[] {0, 1, 4, 5, 11, 12, 13, 16, 40}[r.nextInt(9)]];
            for (int k = 0; k < v.length; k++) {
                v[k] = (byte) "ab\0".charAt(r.nextInt(3)); // few distinct bytes: many shared prefixes
            }
            pool.add(v);
        }
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(pool.get(r.nextInt(pool.size())));
        }
        return out;
    }

    @Test
    void equalStringsShareACodeAndTheValuesArrayIsTheBuildersOne() {
        Random r = new Random(11);
        for (int round = 0; round < 30; round++) {
            ValueTable table = ValueTable.forType(UTF8);
            Map<String, Integer> expected = new HashMap<>();
            List<String> byCode = new ArrayList<>();
            for (int piece = 0; piece < 4; piece++) {
                List<byte[]> values = values(r, 500, 1 + r.nextInt(300));
                table.bind(chunk(values, r));
                int base = table.size();
                for (int row = 0; row < values.size(); row++) {
                    String key = HexFormat.of().formatHex(values.get(row));
                    int code = table.find(row);
                    if (code < 0) {
                        assertEquals(null, expected.get(key), "round " + round + ": " + key + " not found");
                        code = table.add(row);
                        assertEquals(byCode.size(), code);
                        expected.put(key, code);
                        byCode.add(key);
                    }
                    assertEquals(expected.get(key), code, "round " + round + ": " + key);
                }
                if (piece == 1 || piece == 2) {
                    // The codes added by this piece in reverse (as the encoder orders them, before judging a piece).
                    int added = table.size() - base;
                    int[] order = new int[added];
                    for (int k = 0; k < added; k++) {
                        order[k] = table.size() - 1 - k;
                    }
                    table.reorder(base, order);
                    List<String> moved = new ArrayList<>(byCode.subList(base, byCode.size())).reversed();
                    for (int k = 0; k < added; k++) {
                        byCode.set(base + k, moved.get(k));
                        expected.put(moved.get(k), base + k);
                    }
                }
                if (piece == 2) {
                    // Undone, as a piece that does not pay is; the next piece's values are added after it.
                    table.truncate(base);
                    for (String dropped : byCode.subList(base, byCode.size())) {
                        expected.remove(dropped);
                    }
                    byCode.subList(base, byCode.size()).clear();
                }
            }
            // After reordering and truncation, every value still finds its code.
            List<byte[]> again = new ArrayList<>();
            for (String key : byCode) {
                again.add(HexFormat.of().parseHex(key));
            }
            table.bind(chunk(again, r));
            for (int row = 0; row < again.size(); row++) {
                assertEquals(row, table.find(row));
            }
            assertEquals(byCode.size(), table.size());
            VarBinViewBuilder builder = (VarBinViewBuilder) ArrayBuilder.forType(UTF8);
            long bytes = 0;
            for (String key : byCode) {
                byte[] v = HexFormat.of().parseHex(key);
                builder.appendBytes(v);
                bytes += 16 + (v.length > 12 ? v.length : 0);
            }
            assertEquals(bytes, table.valueBytes());
            VarBinViewArray want = builder.finish();
            VarBinViewArray got = (VarBinViewArray) table.toArray(UTF8);
            assertArrayEquals(want.views().toArray(ValueLayout.JAVA_BYTE), got.views().toArray(ValueLayout.JAVA_BYTE));
            assertEquals(want.buffers().size(), got.buffers().size());
            if (!want.buffers().isEmpty()) {
                assertArrayEquals(want.buffers().getFirst().toArray(ValueLayout.JAVA_BYTE),
                        got.buffers().getFirst().toArray(ValueLayout.JAVA_BYTE));
            }
        }
    }

    @Test
    void primitivesAreKeyedByTheirBits() {
        ValueTable table = ValueTable.forType(new DType.Primitive(PType.F64, false));
        double[] values = {0.0, -0.0, Double.NaN, Double.longBitsToDouble(0x7ff8_0000_0000_0001L), 1.5, 0.0, -0.0};
        MemorySegment seg = MemorySegment.ofArray(values);
        table.bind(new PrimitiveArray(new DType.Primitive(PType.F64, false), seg, Validity.NON_NULLABLE));
        List<Integer> codes = new ArrayList<>();
        for (int row = 0; row < values.length; row++) {
            int code = table.find(row);
            codes.add(code >= 0 ? code : table.add(row));
        }
        assertEquals(List.of(0, 1, 2, 3, 4, 0, 1), codes);
        assertNotEquals(table.find(2), table.find(3));
    }
}
