package dev.quire.bench.runner.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.quire.bench.runner.spi.StringBlock;
import dev.quire.layout.array.LittleEndian;
import dev.quire.layout.array.Validity;
import dev.quire.layout.array.VarBinViewArray;
import dev.quire.layout.dtype.DType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The runner's string column reads every byte of every value, wherever the array keeps them. */
class Utf8ColumnTest {

    /** Values laid out as views over the given data buffers: {@code placement[i]} is value i's buffer, -1 inline. */
    private static VarBinViewArray views(List<String> values, List<MemorySegment> buffers, int[] placement) {
        MemorySegment views = MemorySegment.ofArray(new long[values.size() * 2]);
        long[] used = new long[buffers.size()];
        for (int i = 0; i < values.size(); i++) {
            byte[] b = values.get(i).getBytes(StandardCharsets.UTF_8);
            long v = (long) i * VarBinViewArray.VIEW_SIZE;
            views.set(LittleEndian.INT, v, b.length);
            if (placement[i] < 0) {
                MemorySegment.copy(b, 0, views, ValueLayout.JAVA_BYTE, v + 4, b.length);
            } else {
                int buffer = placement[i];
                long at = used[buffer];
                MemorySegment.copy(b, 0, buffers.get(buffer), ValueLayout.JAVA_BYTE, at, b.length);
                used[buffer] += b.length;
                MemorySegment.copy(b, 0, views, ValueLayout.JAVA_BYTE, v + 4, 4);
                views.set(LittleEndian.INT, v + 8, buffer);
                views.set(LittleEndian.INT, v + 12, (int) at);
            }
        }
        return new VarBinViewArray(new DType.Utf8(false), views, buffers, Validity.NON_NULLABLE);
    }

    private static String read(Utf8Column column, int row) {
        byte[] b = new byte[column.length(row)];
        for (int k = 0; k < b.length; k++) {
            b[k] = column.byteAt(row, k);
        }
        return new String(b, StandardCharsets.UTF_8);
    }

    @Test
    void readsInlineHeapAndOffHeapValuesByteByByte() {
        Arena arena = Arena.ofAuto();
        List<MemorySegment> buffers = List.of(
                MemorySegment.ofArray(new byte[256]),
                arena.allocate(256),
                arena.allocate(Utf8Column.MAX_COPIED_BUFFER + 1));
        List<String> values = new ArrayList<>(List.of("", "short", "exactly12byt", "on the heap, past twelve bytes",
                "in a small native buffer, copied once", "in a large native buffer, copied per value",
                "ünïcödé on the heap too", "another one in the large buffer", "and one more in the small one"));
        int[] placement = {-1, -1, -1, 0, 1, 2, 0, 2, 1};
        Utf8Column column = new Utf8Column(views(values, buffers, placement));
        // twice, in an order that moves between buffers, so nothing cached from one value leaks into another
        for (int round = 0; round < 2; round++) {
            for (int row : new int[] {5, 4, 7, 3, 0, 8, 1, 6, 2, 5}) {
                assertEquals(values.get(row), read(column, row), "row " + row);
                assertEquals(values.get(row), column.get(row), "row " + row + " as a string");
            }
        }
        assertTrue(column.equalsBytes(7, values.get(7).getBytes(StandardCharsets.UTF_8)));
        assertFalse(column.equalsBytes(7, values.get(5).getBytes(StandardCharsets.UTF_8)));
        assertThrows(IndexOutOfBoundsException.class, () -> column.byteAt(1, 5), "past the value's end");
        assertThrows(IndexOutOfBoundsException.class, () -> column.byteAt(3, -1), "before its start");
        assertThrows(IndexOutOfBoundsException.class, () -> column.byteAt(9, 0), "past the last row");
    }

    @Test
    void readsBlocksOfInlineHeapAndOffHeapValuesEndToEnd() {
        Arena arena = Arena.ofAuto();
        // the heap buffer is exactly as long as its values, so the last one cannot be copied a whole word at a time
        List<String> values = new ArrayList<>();
        List<Integer> place = new ArrayList<>();
        java.util.Random random = new java.util.Random(11);
        long[] used = new long[3];
        for (int i = 0; i < 700; i++) {
            int length = random.nextInt(i % 5 == 0 ? 70 : 20);
            StringBuilder b = new StringBuilder();
            for (int k = 0; k < length; k++) {
                b.append((char) ('A' + random.nextInt(50)));
            }
            String v = b.toString();
            int buffer = v.length() <= VarBinViewArray.MAX_INLINED ? -1 : random.nextInt(3);
            values.add(v);
            place.add(buffer);
            if (buffer >= 0) {
                used[buffer] += v.length();
            }
        }
        List<MemorySegment> buffers = List.of(
                MemorySegment.ofArray(new byte[(int) used[0]]),
                arena.allocate(Math.max(1, used[1])),
                arena.allocate(Math.max(Utf8Column.MAX_COPIED_BUFFER + 1, used[2])));
        Utf8Column column = new Utf8Column(views(values, buffers, place.stream().mapToInt(i -> i).toArray()));
        StringBlock block = new StringBlock(256);
        for (int[] range : new int[][] {{0, 256}, {1, 255}, {300, 100}, {444, 256}, {699, 1}, {5, 0}}) {
            int from = range[0];
            int n = range[1];
            column.read(from, n, block);
            for (int i = 0; i < n; i++) {
                byte[] array = block.array(block.source()[i]);
                int start = block.start()[i];
                int length = block.length()[i];
                assertTrue(start + length + StringBlock.WORD <= array.length, "a word readable past row " + i);
                String got = new String(array, start, length, StandardCharsets.ISO_8859_1);
                assertEquals(values.get(from + i), got, "row " + (from + i) + " read from " + from);
                int row = from + i;
                if (place.get(row) == 0 || place.get(row) == 1) {
                    // small buffers, on the heap without room after them or off it: read in a padded copy
                    assertTrue(block.source()[i] != 0, "row " + row + " in place");
                }
            }
        }
        assertThrows(IndexOutOfBoundsException.class, () -> column.read(600, 101, new StringBlock(200)),
                "past the last row");
        assertThrows(IndexOutOfBoundsException.class, () -> column.read(0, 257, block), "more than the block holds");
    }

    @Test
    void aLargeHeapBufferWithoutRoomAfterItsLastValueHasThatValueCopied() {
        int count = (int) (Utf8Column.MAX_COPIED_BUFFER / 30) + 10;
        List<String> values = new ArrayList<>();
        long used = 0;
        for (int i = 0; i < count; i++) {
            String v = String.format("value %05d of a buffer past the copy limit", i).substring(0, 30 + i % 11);
            values.add(v);
            used += v.length();
        }
        assertTrue(used > Utf8Column.MAX_COPIED_BUFFER);
        int[] placement = new int[count];
        Utf8Column column = new Utf8Column(views(values, List.of(MemorySegment.ofArray(new byte[(int) used])),
                placement));
        StringBlock block = new StringBlock(1024);
        int from = count - 1000;
        column.read(from, 1000, block);
        for (int i = 0; i < 1000; i++) {
            String got = new String(block.array(block.source()[i]), block.start()[i], block.length()[i],
                    StandardCharsets.ISO_8859_1);
            assertEquals(values.get(from + i), got, "row " + (from + i));
            assertEquals(i == 999 ? 0 : 1, block.source()[i], "row " + (from + i) + "'s source");
        }
    }
}
